// Browser bench (issue 6): in Chromium, generated networks of 10⁴, 10⁵ (10⁶ when BENCH_MAX_SIZE allows) edges opened
// in the built app through the `window.__map` hook, against the same data and edit in editable-layers'
// EditableGeoJsonLayer on the same MapLibre + interleaved deck.gl overlay. JavaScript costs (model/index, chunk
// buffers, deck.gl layer update incl. buffer upload calls) are timed apart from the next frame (raster).
// Run: npx vite build && npx tsx bench/browser.bench.ts   (BENCH_MAX_SIZE, default 100000 here)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BENCH_CHROMIUM_ARGS, serveStatic } from './browser/static-server';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { row, sizes, stats, writeResults, type BenchRow } from './lib';
import { GENERATE_JS, OBJECT_TYPES } from './browser/generate-source';
import { chromium } from 'playwright-core';
// @ts-expect-error plain ESM script without types
import { ensureChromium } from '../scripts/chromium.mjs';
import { alias } from '../vite.config';

const MAX = Number(process.env.BENCH_MAX_SIZE ?? 100_000);
/** BENCH_SIZES (e.g. 1000000) runs only those sizes; rows of other sizes already in the results file are kept. */
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : sizes([10_000, 100_000, 1_000_000]).filter((n) => n <= MAX);
/** Fewer samples at 10⁶ (the baseline needs about a minute per edit there). */
const EDITS_AT = (n: number) => (n >= 1_000_000 ? 2 : 5), PAN_AT = (n: number) => (n >= 1_000_000 ? 2 : 5);
/** The baseline gets this long per size (BENCH_BASELINE_TIMEOUT_S, default 900 s); past it its rows stay empty. */
const BASELINE_TIMEOUT_MS = Number(process.env.BENCH_BASELINE_TIMEOUT_S ?? 900) * 1000;
/** tsx keeps function names with a `__name` helper that page.evaluate callbacks carry into the page. */
const NAME_SHIM = 'window.__name = (f) => f;';
const DIST = resolve('dist'), BASE_OUT = resolve('node_modules/.cache/bench-browser');

async function buildBaseline(): Promise<void> {
  await build({ configFile: false, root: resolve('bench/browser'), base: '/baseline/', logLevel: 'warn', resolve: { alias },
    build: { outDir: BASE_OUT, emptyOutDir: true, rollupOptions: { input: resolve('bench/browser/baseline.html') } } });
}

function serve() {
  return serveStatic([['/baseline/', BASE_OUT, 'baseline.html'], ['/', DIST, 'index.html']]);
}

interface Ours { model: number; chunks: number; layers: number; update: number; frame: number; heapMB: number }
interface Edit { engine?: number; layers?: number; js: number; update: number; frame: number }

/** In the app page: load through the hook, then time the deck.gl layer build and update and the next frame. */
async function oursLoad(page: Page, n: number): Promise<Ours> {
  return page.evaluate(async ([src, types, n]) => {
    const w = window as unknown as { __map: { load(o: unknown[], t: unknown[]): { model: number; chunks: number }; setView(z: number, x: number, y: number): void; controller: { renderNow(): void; overlay: { _deck: { layerManager: { updateLayers(): void } } }; map: { once(e: string, f: () => void): void } } } };
    const objs = (new Function(`return ${src}`)() as (n: number) => { edge?: { geometry: { coordinates: number[][] } } }[])(n as number);
    const c = w.__map.controller;
    const rendered = () => new Promise<number>((r) => c.map.once('render', () => r(performance.now())));
    const first = objs.find((o) => o.edge)!.edge!.geometry.coordinates[0];
    w.__map.setView(17, first[0], first[1]);
    await rendered();
    const { model, chunks } = w.__map.load(objs, types as unknown[]);
    w.__map.setView(17, first[0], first[1]);
    const t0 = performance.now();
    c.renderNow();
    const t1 = performance.now();
    const frame = rendered();
    c.overlay._deck.layerManager.updateLayers();
    const t2 = performance.now();
    const tf = await frame;
    const heap = ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20;
    return { model, chunks, layers: t1 - t0, update: t2 - t1, frame: model + chunks + (tf - t0), heapMB: heap };
  }, [GENERATE_JS, OBJECT_TYPES, n] as const);
}

/** Splits edge e{k} at its middle through the session (one engine gesture), then layers, update, frame. */
async function oursEdit(page: Page, k: number): Promise<Edit> {
  return page.evaluate(async (k) => {
    type M = { controller: { session: { perform(i: unknown): unknown }; renderNow(): void; overlay: { _deck: { layerManager: { updateLayers(): void } } }; map: { once(e: string, f: () => void): void } } };
    const c = (window as unknown as { __map: M }).__map.controller;
    const id = `e${k}`;
    const rendered = () => new Promise<number>((r) => c.map.once('render', () => r(performance.now())));
    const [a, b] = (window as unknown as { __map: { coords(id: string): number[][] } }).__map.coords(id);
    const t0 = performance.now();
    c.session.perform({ type: 'splitEdge', id, at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] });
    const t1 = performance.now();
    c.renderNow();
    const t2 = performance.now();
    const frame = rendered();
    c.overlay._deck.layerManager.updateLayers();
    const t3 = performance.now();
    return { engine: t1 - t0, layers: t2 - t1, js: t2 - t0, update: t3 - t2, frame: (await frame) - t0 };
  }, k);
}

async function pan(page: Page, fn: string, steps: number): Promise<number[]> {
  return page.evaluate(async ([fn, steps]) => {
    if (fn === 'baseline') return (window as unknown as { __baseline: { pan(n: number): Promise<number[]> } }).__baseline.pan(steps as number);
    const c = (window as unknown as { __map: { controller: { map: { once(e: string, f: () => void): void; panBy(o: number[], p: object): void } } } }).__map.controller;
    const out: number[] = [];
    for (let s = 0; s < (steps as number); s++) {
      const f = new Promise<number>((r) => c.map.once('render', () => r(performance.now())));
      const t0 = performance.now();
      c.map.panBy([40, 0], { duration: 0 });
      out.push((await f) - t0);
    }
    return out;
  }, [fn, steps] as const);
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  await buildBaseline();
  const { server, url } = await serve();
  // the e2e launch flags (tests/e2e/support/browser.ts) plus precise heap numbers
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: BENCH_CHROMIUM_ARGS });
  const rows: BenchRow[] = [];
  try {
    for (const n of SIZES) {
      // ---- ours: the built app on /map ----
      const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
      await ctx.addInitScript({ content: NAME_SHIM });
      const page = await ctx.newPage();
      await page.route('**/service.pdok.nl/**', (r) => r.abort());
      await page.goto(`${url}/map`);
      await page.waitForFunction(() => document.body.dataset.mapLoaded === 'true' && !!(window as unknown as { __map?: unknown }).__map, undefined, { timeout: 120_000 });
      const o = await oursLoad(page, n);
      const edits: Edit[] = [];
      for (let i = 0; i < EDITS_AT(n); i++) edits.push(await oursEdit(page, 100 + i * 7));
      const oursPan = await pan(page, 'ours', PAN_AT(n));
      await ctx.close();
      // ---- baseline: EditableGeoJsonLayer ----
      const bctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
      await bctx.addInitScript({ content: NAME_SHIM });
      const bpage = await bctx.newPage();
      await bpage.goto(`${url}/baseline/baseline.html`);
      await bpage.waitForFunction(() => !!(window as unknown as { __baseline?: { ready(): Promise<boolean> } }).__baseline, undefined, { timeout: 120_000 });
      await bpage.evaluate(() => (window as unknown as { __baseline: { ready(): Promise<boolean> } }).__baseline.ready());
      const baseline = async () => {
        const b = await bpage.evaluate((n) => (window as unknown as { __baseline: { load(n: number): Promise<{ js: number; update: number; frame: number; heapMB: number }> } }).__baseline.load(n), n);
        const bEdits: Edit[] = [];
        for (let i = 0; i < EDITS_AT(n); i++) bEdits.push(await bpage.evaluate((k) => (window as unknown as { __baseline: { edit(k: number): Promise<Edit> } }).__baseline.edit(k), 100 + i * 7));
        return { b, bEdits, basePan: await pan(bpage, 'baseline', PAN_AT(n)) };
      };
      const NONE = { b: { js: NaN, update: NaN, frame: NaN, heapMB: NaN }, bEdits: [{ js: NaN, update: NaN, frame: NaN }] as Edit[], basePan: [NaN] };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const { b, bEdits, basePan } = await Promise.race([baseline(), new Promise<typeof NONE>((r) => { timer = setTimeout(() => { console.log(`baseline at ${n}: no result in ${BASELINE_TIMEOUT_MS / 1000} s`); r(NONE); }, BASELINE_TIMEOUT_MS); })])
        .catch((e) => { console.log(`baseline at ${n} failed: ${e instanceof Error ? e.message : e}`); return NONE; });
      clearTimeout(timer);
      await bctx.close().catch(() => undefined);

      const med = (xs: number[]) => stats(xs).p50;
      const oursLoadJs = o.model + o.chunks + o.layers + o.update;
      rows.push(
        row('load: model + rbush index (JS)', n, 'time', 'ms', o.model),
        row('load: chunk buffers (JS)', n, 'time', 'ms', o.chunks),
        row('load: deck.gl layers + update (JS)', n, 'time', 'ms', o.layers + o.update, b.update),
        row('load to layers ready (JS total)', n, 'time', 'ms', oursLoadJs, b.js + b.update),
        row('load to first frame (incl. raster)', n, 'time', 'ms', o.frame, b.frame),
        row('heap after load', n, 'memory', 'MB', o.heapMB, b.heapMB),
        row('edit split: engine + chunk rebuild (JS)', n, 'time p50', 'ms', med(edits.map((e) => e.engine!))),
        row('edit split: deck.gl layers + update (JS)', n, 'time p50', 'ms', med(edits.map((e) => e.layers! + e.update)), med(bEdits.map((e) => e.update))),
        row('edit split to layers updated (JS total)', n, 'time p50', 'ms', med(edits.map((e) => e.js + e.update)), med(bEdits.map((e) => e.js + e.update))),
        row('edit split to next frame (incl. raster)', n, 'time p50', 'ms', med(edits.map((e) => e.frame)), med(bEdits.map((e) => e.frame))),
        row('pan frame (incl. raster)', n, 'time p50', 'ms', med(oursPan), med(basePan)),
      );
      console.log(`size ${n} done`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  // rows of sizes not run now are kept from the last results
  try {
    const old = JSON.parse(readFileSync(resolve('bench/results/browser.json'), 'utf8')) as { rows: BenchRow[] };
    rows.push(...old.rows.filter((r) => !SIZES.includes(r.size)));
    rows.sort((a, b) => a.size - b.size);
  } catch { /* no earlier results */ }
  writeResults('browser', rows, { note: 'Chromium with software WebGL (SwiftShader): raster-bound rows are not GPU numbers. baseline = EditableGeoJsonLayer (@deck.gl-community/editable-layers) with the same data and split; ratio = baseline/value.' });
}

await main();
