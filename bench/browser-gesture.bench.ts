// Gesture bench (issue 11): in Chromium, a generated network of 10⁴ / 10⁵ / 10⁶ edges opened in the built app through
// `window.__map`, unsaved edits kept in the app's real IndexedDB store, then a series of edge splits (one engine
// gesture each) with a node move after every tenth. Per gesture: gesture → layers updated (engine + chunk rebuild +
// deck.gl layer list + layer update, all JavaScript) and gesture → IndexedDB persisted (until the unsaved-edit writes
// resolve); unsaved actions and heap at the end. BENCH_LABEL names the code measured ('before' / 'after') and
// BENCH_DIST the built app to serve, so two builds land in one table (bench/results/browser-gesture.json).
// Hook used: load, setView, trackUnsaved, gesture, flushUnsaved, coords, controller (renderNow, overlay's deck,
// session.pending()).
// After:  npx vite build && BENCH_LABEL=after npx tsx bench/browser-gesture.bench.ts   (BENCH_SIZES=10000,100000,1000000)
// Before: (cd /tmp/before && npx vite build) && BENCH_LABEL=before BENCH_DIST=/tmp/before/dist npx tsx bench/browser-gesture.bench.ts
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { row, stats, writeResults, type BenchRow } from './lib';
import { GENERATE_JS, OBJECT_TYPES } from './browser/generate-source';
import { BENCH_CHROMIUM_ARGS, serveStatic } from './browser/static-server';
// @ts-expect-error plain ESM script without types
import { ensureChromium } from '../scripts/chromium.mjs';

const LABEL = process.env.BENCH_LABEL ?? 'after';
const DIST = resolve(process.env.BENCH_DIST ?? 'dist');
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
/** Gestures per size (after a few not counted): a working session's worth, far past the 20-item window. */
const GESTURES = Number(process.env.BENCH_GESTURES ?? 300);
const WARMUP = 5;
/** Besides the splits, a node move after every MOVE_EVERY-th split (timed on its own). */
const MOVE_EVERY = 10;
const NAME_SHIM = 'window.__name = (f) => f;';

interface Sample { layers: number; persisted: number }

async function open(page: Page, n: number): Promise<void> {
  await page.evaluate(async ([src, types, n]) => {
    const w = window as unknown as { __map: { load(o: unknown[], t: unknown[], p: number): unknown; setView(z: number, x: number, y: number): void; trackUnsaved(p: number): void } };
    const objs = (new Function(`return ${src}`)() as (n: number) => { edge?: { geometry: { coordinates: number[][] } } }[])(n as number);
    const first = objs.find((o) => o.edge)!.edge!.geometry.coordinates[0];
    w.__map.setView(17, first[0], first[1]);
    w.__map.load(objs, types as unknown[], 1);
    w.__map.trackUnsaved(1);
  }, [GENERATE_JS, OBJECT_TYPES, n] as const);
}

/** One gesture — split edge e{k} at its middle, or move node nd{k} by 3 map units — timed to layers updated and to
 *  unsaved edits persisted; null when the object does not exist. */
async function gesture(page: Page, kind: 'split' | 'move', k: number): Promise<Sample | null> {
  return page.evaluate(async ([kind, k]) => {
    type H = {
      gesture(i: unknown): unknown; flushUnsaved(): Promise<void>; coords(id: string): number[][] | null;
      controller: { renderNow(): void; overlay: { _deck: { layerManager: { updateLayers(): void } } } };
    };
    const h = (window as unknown as { __map: H }).__map;
    const c = h.coords(kind === 'split' ? `e${k}` : `nd${k}`);
    if (!c) return null;
    const [a, b] = c;
    const intent = kind === 'split'
      ? { type: 'splitEdge', id: `e${k}`, at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] }
      : { type: 'moveNode', id: `nd${k}`, to: [a[0] + 3, a[1] + 3] };
    const t0 = performance.now();
    h.gesture(intent);
    h.controller.renderNow();
    h.controller.overlay._deck.layerManager.updateLayers();
    const t1 = performance.now();
    await h.flushUnsaved();
    const t2 = performance.now();
    return { layers: t1 - t0, persisted: t2 - t0 };
  }, [kind, k] as const);
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST}/index.html is missing: build the app first`);
  const { server, url } = await serveStatic([['/', DIST, 'index.html']]);
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: BENCH_CHROMIUM_ARGS });
  const rows: BenchRow[] = [];
  try {
    for (const n of SIZES) {
      const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
      await ctx.addInitScript({ content: NAME_SHIM });
      const page = await ctx.newPage();
      await page.route('**/service.pdok.nl/**', (r) => r.abort());
      await page.goto(`${url}/map`);
      await page.waitForFunction(() => document.body.dataset.mapLoaded === 'true' && !!(window as unknown as { __map?: unknown }).__map, undefined, { timeout: 120_000 });
      await open(page, n);
      const samples: Sample[] = [], moves: Sample[] = [];
      for (let i = 0; i < WARMUP + GESTURES; i++) {
        const split = await gesture(page, 'split', 100 + i * 7);
        if (!split) throw new Error(`edge e${100 + i * 7} missing at size ${n}`);
        samples.push(split);
        if (i >= WARMUP && i % MOVE_EVERY === 0) { const m = await gesture(page, 'move', 50 + i * 3); if (m) moves.push(m); }
      }
      samples.splice(0, WARMUP); // first-use costs (JIT, font atlas, opening the database) are not a gesture's
      const pending = await page.evaluate(() => (window as unknown as { __map: { controller: { session: { pending(): unknown[] } } } }).__map.controller.session.pending().length);
      const first = samples.slice(0, 20), last = samples.slice(-20);
      const heap = await page.evaluate(() => ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20);
      const s = (f: (x: Sample) => number, xs = samples) => stats(xs.map(f));
      rows.push(
        row(`${LABEL}: gesture → layers updated (JS)`, n, 'p50', 'ms', s((x) => x.layers).p50),
        row(`${LABEL}: gesture → layers updated (JS)`, n, 'p99', 'ms', s((x) => x.layers).p99),
        row(`${LABEL}: gesture → IndexedDB persisted`, n, 'p50', 'ms', s((x) => x.persisted).p50),
        row(`${LABEL}: gesture → IndexedDB persisted`, n, 'p99', 'ms', s((x) => x.persisted).p99),
        row(`${LABEL}: IndexedDB write after the layers (persisted − layers)`, n, 'p50', 'ms', s((x) => x.persisted - x.layers).p50),
        row(`${LABEL}: IndexedDB write after the layers (persisted − layers)`, n, 'p99', 'ms', s((x) => x.persisted - x.layers).p99),
        row(`${LABEL}: gesture → IndexedDB persisted, gestures 1–20`, n, 'mean', 'ms', s((x) => x.persisted, first).mean),
        row(`${LABEL}: gesture → IndexedDB persisted, gestures ${GESTURES - 19}–${GESTURES}`, n, 'mean', 'ms', s((x) => x.persisted, last).mean),
        row(`${LABEL}: node move → layers updated (JS)`, n, 'p50', 'ms', s((x) => x.layers, moves).p50),
        row(`${LABEL}: node move → layers updated (JS)`, n, 'p99', 'ms', s((x) => x.layers, moves).p99),
        row(`${LABEL}: node move → IndexedDB persisted`, n, 'p50', 'ms', s((x) => x.persisted, moves).p50),
        row(`${LABEL}: node move → IndexedDB persisted`, n, 'p99', 'ms', s((x) => x.persisted, moves).p99),
        row(`${LABEL}: unsaved actions at the end`, n, 'count', 'actions', pending),
        row(`${LABEL}: heap after ${GESTURES} gestures`, n, 'memory', 'MB', heap),
      );
      console.log(`${LABEL} size ${n} done`);
      await ctx.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  // one table for both builds: rows of the other label (and of sizes not run now) are kept
  try {
    const old = JSON.parse(readFileSync(resolve('bench/results/browser-gesture.json'), 'utf8')) as { rows: BenchRow[] };
    rows.push(...old.rows.filter((r) => !r.case.startsWith(`${LABEL}:`) || !SIZES.includes(r.size)));
  } catch { /* no earlier results */ }
  rows.sort((a, b) => a.size - b.size || a.case.localeCompare(b.case));
  writeResults('browser-gesture', rows, { note: `Chromium, software WebGL; ${WARMUP} + ${GESTURES} edge splits per size (the first ${WARMUP} not counted) and a node move after every ${MOVE_EVERY}th, unsaved edits kept in IndexedDB, no save in between. before = the code before issue 11 (bd8ef04), after = this code.` });
}

await main();
