// Browser bench of a large project opened through the real server (issue 6: "a 10⁶-edge project opens and is
// editable"): the built app in Chromium, signed in as the demo engineer, opens the largest project of the demo
// organisation (made by `npm run seed -- --edges N`) and loads it by area. Times: extent call, open to the first
// tiles merged and drawn, a pan to unloaded tiles, a split edit (JS: engine + chunk rebuild + deck.gl update), heap —
// with network reads as JSON and as Arrow (issue 15) side by side (Arrow rows carry the ratio to JSON), both after a
// warm-up read of the tiles the run visits. BENCH_AREA_VALIDATION=kept: the open's whole-network validators ran before
// (default cold: each pass pays their background job). BENCH_AREA_TILES=kept: the server keeps the tiles it answered
// (server/network/tile-cache.ts); =stored: a fresh process with the tiles stored in the database (tile-stored.ts);
// default: neither (cleared before each pass). BENCH_AREA_DIST: another build (e.g. unminified).
// Before each pan the view rests BENCH_AREA_DWELL ms (default 3000: a user looks at the map before moving it), while
// the app reads the tiles around the view ahead (src/map/read-ahead.ts); BENCH_AREA_READ_AHEAD=off: it does not.
// Run: npx vite build && BENCH_AREA_DATABASE_URL=postgres://… npx tsx bench/browser-area.bench.ts
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { row, stats, writeResults, type BenchRow } from './lib';
import { BENCH_GL, benchLaunch, rendererOf } from './browser/launch';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { clearNetworkCache } from '../server/network/cache';
import { storedWrites } from '../server/network/scan-stored';
import { clearNetworkValidations } from '../server/validation/network-validation';
import { clearStoredExtents } from '../server/network/extent';
import { AREA_TILE } from '../src/map/area-loader';
import { ARROW_MEDIA_TYPE } from '../engine/network-arrow-schema';

const DB = process.env.BENCH_AREA_DATABASE_URL;
const EDITS = 7;
const DWELL = Number(process.env.BENCH_AREA_DWELL ?? 3000);
const READ_AHEAD = process.env.BENCH_AREA_READ_AHEAD === 'off' ? 'off' : 'on';
const NAME_SHIM = 'window.__name = (f) => f;';
type Area = { loading: number; loaded: number; tiles: string[]; objects: number; timings: { read: number[]; merge: number[] }; ahead: { read: number; taken: number; held: string[] } };
type W = { __map: { nextDraw(): Promise<number>; area(): Area | null; stopReadAhead(): void; counts(): { edges: number; nodes: number }; setView(z: number, x: number, y: number): void; edgesAt(x: number, y: number, t: number): string[]; coords(id: string): number[][]; controller: Record<string, unknown> } };

async function api<T>(base: string, token: string, path: string): Promise<T> {
  const r = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return (await r.json()) as T;
}

const settled = (page: Page, minTiles: number) => page.waitForFunction((n) => {
  const a = (window as unknown as W).__map?.area();
  return !!a && a.loading === 0 && a.loaded >= n;
}, minTiles, { timeout: 300_000, polling: 20 });

async function main() {
  if (!DB) { console.log('skipped: set BENCH_AREA_DATABASE_URL to a PostgreSQL database holding a project made by `npm run seed -- --edges N`'); return; }
  const server = await startServer({ ...configFromEnv({ ...process.env, DATABASE_URL: DB }), port: 0, host: '127.0.0.1', distDir: resolve(process.env.BENCH_AREA_DIST ?? 'dist'), demoSeed: true, demoProject: false });
  const base = server.url;
  // BENCH_AREA_SERVER_TRACE=1: every API request's time inside the server (arrival to last byte), with its path
  if (process.env.BENCH_AREA_SERVER_TRACE) server.app.server.on('request', (req, res) => { const t = performance.now();
    res.on('finish', () => console.log(`  server ${(performance.now() - t).toFixed(0).padStart(5)} ms ${req.method} ${(req.url ?? '').replace(/^\/api/, '').slice(0, 90)}`)); });
  const login = await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'engineer@demo.example', password: createHash('sha512').update(process.env.DEMO_PASSWORD ?? 'demo1234').digest('hex'), language: 'en' }) });
  const token = ((await login.json()) as { sessionId: string }).sessionId;
  const list = await api<{ data?: { id: number; name: string }[] } | { id: number; name: string }[]>(base, token, '/project/all?size=500');
  const projects = (Array.isArray(list) ? list : list.data ?? []).filter((p) => /^Scale test \d+ edges$/.test(p.name));
  const p = projects.sort((a, b) => Number(b.name.match(/\d+/)![0]) - Number(a.name.match(/\d+/)![0]))[0];
  if (!p) throw new Error('no "Scale test N edges" project in the demo organisation');
  const n = Number(p.name.match(/\d+/)![0]);
  await clearStoredExtents(server.db); // the first call scans
  const t0 = performance.now();
  const extent = await api<{ data: { count: number; bbox: number[] } }>(base, token, `/project/${p.id}/network_object/extent`);
  const extentMs = performance.now() - t0;
  const t1 = performance.now();
  await api(base, token, `/project/${p.id}/network_object/extent`);
  const extentKeptMs = performance.now() - t1;
  console.log(`project ${p.id} "${p.name}": ${extent.data.count} network objects; extent in ${extentMs.toFixed(0)} ms, again (kept per version) ${extentKeptMs.toFixed(0)} ms`);

  // Warm-up: the tiles the run visits (around the centre, where the app opens, and eastwards, where it pans) are read
  // once before anything is measured, so both formats meet the same warm database — without it the first format paid
  // every cold page read and the second read the same tiles warm. BENCH_AREA_WARM=0: no warm-up.
  if (process.env.BENCH_AREA_WARM !== '0') {
    const T = AREA_TILE, b = extent.data.bbox, tx = Math.floor((b[0] + b[2]) / 2 / T), ty = Math.floor((b[1] + b[3]) / 2 / T);
    const w0 = performance.now();
    for (let x = tx - 2; x <= tx + 5; x++) for (let y = ty - 1; y <= ty + 1; y++) {
      const r = await fetch(`${base}/api/project/${p.id}/network_object/all?includeWithoutObjectInstances=false&bbox=${x * T},${y * T},${(x + 1) * T},${(y + 1) * T}`,
        { headers: { authorization: `Bearer ${token}`, accept: ARROW_MEDIA_TYPE } });
      await r.arrayBuffer();
    }
    console.log(`warm-up: 24 tiles read in ${((performance.now() - w0) / 1000).toFixed(1)} s`);
  }

  const browser = await chromium.launch(benchLaunch());
  let renderer = '';
  const all: BenchRow[] = [row('extent call (server)', n, 'time', 'ms', extentMs), row('extent call again, same network version (kept)', n, 'time', 'ms', extentKeptMs)];
  try {
   // The open asks for the whole-network validators (a background job of tens of seconds at 10⁶ edges on the same two
   // cores as the tile reads). BENCH_AREA_VALIDATION=cold (default): every pass opens with no kept results, as after
   // an edit, and waits for them at its end (so no pass inherits the other's job); =kept: an unmeasured open runs them
   // first, so the passes see an idle server (a reopened, unchanged project).
   const keptValidation = process.env.BENCH_AREA_VALIDATION === 'kept';
   const newPage = async (format: string) => {
    const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
    await ctx.addInitScript({ content: NAME_SHIM });
    // 'arrow-first': Arrow, the plug-ins not waiting for the map's draw (src/map/draw-wait.ts), as until the twelfth stop
    const [f, first] = format === 'arrow-first' ? ['arrow', 'off'] : [format, 'on'];
    await ctx.addInitScript(([id, f, ra, pl]) => {
      localStorage.setItem('sessionId', id); localStorage.setItem('netplan.networkFormat', f); localStorage.setItem('netplan.areaReadAhead', ra); localStorage.setItem('netplan.pluginsAfterDraw', pl);
    }, [token, f, READ_AHEAD, first]);
    const page = await ctx.newPage();
    renderer ||= await rendererOf(page);
    await page.route('**/service.pdok.nl/**', (r) => r.abort());
    const open0 = Date.now();
    const validated = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/validations') && r.request().method() === 'POST', { timeout: 600_000 })
      .then(() => Date.now() - open0, () => NaN);
    return { ctx, page, open0, validated };
   };
   if (keptValidation) {
    const w = await newPage('arrow');
    await w.page.goto(`${base}/workflow/${p.id}/fttx/2`);
    console.log(`validation kept: the open's validators ran in ${((await w.validated) / 1000).toFixed(1)} s before the passes`);
    await w.ctx.close();
    // its reads still on their way (read-ahead) end before the passes clear the server's caches
    await new Promise((r) => setTimeout(r, 5000));
   }
   // the same steps with network reads as JSON, then as Arrow (issue 15), in one run on one server
   // BENCH_AREA_FORMATS=arrow runs one of them (arrow-first: Arrow with the plug-ins not waiting for the draw); BENCH_AREA_PROFILE=<file> writes a CPU profile of the pans (CDP)
   for (const format of (process.env.BENCH_AREA_FORMATS ?? 'json,arrow').split(',')) {
    const rows: BenchRow[] = [];
    // cold: as after an edit — no stored validation results, no stored extent; kept: a reopened, unchanged project
    if (!keptValidation) { await clearNetworkValidations(server.db); await clearStoredExtents(server.db); }
    // the extent and kept tiles too: every pass opens as the first open of a fresh process would, of tiles nobody read
    // before (none stored in the database either). BENCH_AREA_TILES=stored: a fresh process, the tiles stored by the one
    // before (server/network/tile-stored.ts: the warm-up's, a restart, another app process); =kept: the process keeps
    // what it answered before (the warm-up's tiles: a reopened project, a pan back, a colleague's area)
    const tiles = process.env.BENCH_AREA_TILES ?? 'cold';
    if (tiles !== 'kept') { await storedWrites(); clearNetworkCache(); }
    if (tiles === 'cold') await server.db.query('DELETE FROM network_tile');
    const { ctx, page, open0, validated } = await newPage(format);
    // BENCH_AREA_TRACE=1 prints every API request of the run: start after the open, time to answer, path
    if (process.env.BENCH_AREA_TRACE) page.on('request', (r) => { if (r.url().includes('/api/') && !r.url().includes('geoserver')) console.log(`  start ${Date.now() - open0} ms ${r.method()} ${r.url().replace(/^.*\/api/, '').slice(0, 80)}`); });
    if (process.env.BENCH_AREA_TRACE) page.on('requestfinished', (r) => { if (!r.url().includes('/api/')) return; const t = r.timing();
      console.log(`  ${(t.startTime - open0).toFixed(0).padStart(7)} ms +${t.responseEnd.toFixed(0).padStart(6)} ms (sent +${t.requestStart.toFixed(0)}, first byte +${t.responseStart.toFixed(0)}) ${r.method()} ${r.url().replace(/^.*\/api/, '').slice(0, 110)}`); });
    await page.goto(`${base}/workflow/${p.id}/fttx/2`);
    await settled(page, 1);
    const openMs = Date.now() - open0;
    // the next deck.gl draw of what was handed over after the tiles merged (test hook nextDraw): the tiles on screen
    await page.evaluate(() => (window as unknown as W).__map.nextDraw());
    const openDrawnMs = Date.now() - open0;
    const a1 = await page.evaluate(() => (window as unknown as W).__map.area()!);
    const c1 = await page.evaluate(() => (window as unknown as W).__map.counts());
    rows.push(row('open to first tiles merged and drawn (server + JS)', n, 'time', 'ms', openMs), row('open to first tiles drawn by deck.gl', n, 'time', 'ms', openDrawnMs),
      row('objects loaded at open', n, 'count', 'objects', a1.objects), row('tiles loaded at open', n, 'count', 'tiles', a1.loaded));
    console.log(`${format} open: ${openMs} ms (drawn ${openDrawnMs} ms), ${a1.loaded} tiles, ${a1.objects} objects, ${c1.edges} edges drawn`);

    // pans to unloaded tiles: one tile width east each time, view at zoom 17
    const pans: number[] = [], pansDrawn: number[] = [];
    const profile = process.env.BENCH_AREA_PROFILE ? await ctx.newCDPSession(page) : null;
    if (profile) { await profile.send('Profiler.enable'); await profile.send('Profiler.start'); }
    let taken = 0;
    const panJs: number[] = [];
    for (let i = 1; i <= 3; i++) {
      await new Promise((r) => setTimeout(r, DWELL));
      const was = await page.evaluate(() => (window as unknown as W).__map.area()!), before = was.loaded;
      const t = Date.now();
      await page.evaluate((i) => { const w = window as unknown as { location: Location }; const [z, x, y] = decodeURIComponent(w.location.hash.slice(1)).split(';').map(Number); (window as unknown as W).__map.setView(z, x + 2048, y); void i; }, i);
      await settled(page, before + 1);
      pans.push(Date.now() - t);
      await page.evaluate(() => (window as unknown as W).__map.nextDraw());
      pansDrawn.push(Date.now() - t);
      const now = (await page.evaluate(() => (window as unknown as W).__map.area()!)).ahead;
      taken += now.taken - was.ahead.taken;
      const after = await page.evaluate(() => (window as unknown as W).__map.area()!), k = was.timings.read.length;
      // the pan's own path without the software raster: the longest tile read it waited for, then its merges
      panJs.push(Math.max(0, ...after.timings.read.slice(k)) + after.timings.merge.slice(k).reduce((a, b) => a + b, 0));
      console.log(`${format} pan ${i}: ${pans[i - 1]} ms (drawn ${pansDrawn[i - 1]} ms), ${now.taken - was.ahead.taken} of ${after.loaded - was.loaded} tile(s) taken from read-ahead (${now.read} read ahead so far); read ${after.timings.read.slice(k).map((x) => x.toFixed(0))} ms, merge ${after.timings.merge.slice(k).map((x) => x.toFixed(0))} ms`);
    }
    if (profile) writeFileSync(`${process.env.BENCH_AREA_PROFILE}-${format}.cpuprofile`, JSON.stringify((await profile.send('Profiler.stop')).profile));
    const ps = stats(pans);
    rows.push(row('pan to unloaded tiles: read + merge + draw', n, 'time p50', 'ms', ps.p50), row('pan to unloaded tiles: read + merge + draw', n, 'time max', 'ms', Math.max(...pans)),
      row('pan to unloaded tiles drawn by deck.gl', n, 'time p50', 'ms', stats(pansDrawn).p50), row('pan to unloaded tiles drawn by deck.gl', n, 'time max', 'ms', Math.max(...pansDrawn)),
      row('pan: tile read waited for + merge + chunk redraw (JS, no raster)', n, 'time p50', 'ms', stats(panJs).p50),
      row('pan: tile read waited for + merge + chunk redraw (JS, no raster)', n, 'time max', 'ms', Math.max(...panJs)),
      row(`tiles the pans took from read-ahead (read-ahead ${READ_AHEAD}, ${DWELL} ms at rest before a pan)`, n, 'count', 'tiles', taken));

    // split edits on edges in view (zoom 19 for editing)
    const edits = await page.evaluate(async (k) => {
      const w = window as unknown as W;
      const [, x, y] = decodeURIComponent(location.hash.slice(1)).split(';').map(Number);
      w.__map.setView(19, x, y);
      await new Promise((r) => setTimeout(r, 500));
      const c = w.__map.controller as unknown as { session: { perform(i: unknown): unknown; index: { edgesNear(p: number[], t: number): { id: string }[] } }; renderNow(): void; overlay: { _deck: { layerManager: { updateLayers(): void } } } };
      // the first frame at zoom 19 builds that zoom's layers (labels): drawn before the edits are timed
      c.renderNow(); c.overlay._deck.layerManager.updateLayers();
      const ids = c.session.index.edgesNear([x, y], 400).map((h) => h.id).slice(0, k);
      const out: { engine: number; layers: number }[] = [];
      for (const id of ids) {
        const cs = w.__map.coords(id);
        if (!cs || cs.length < 2) continue;
        const [a, b] = cs;
        const t0 = performance.now();
        c.session.perform({ type: 'splitEdge', id, at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] });
        const t1 = performance.now();
        c.renderNow();
        c.overlay._deck.layerManager.updateLayers();
        out.push({ engine: t1 - t0, layers: performance.now() - t1 });
      }
      return out;
    }, EDITS);
    // after a full GC (--expose-gc): read without one, the figure swung by 2× between runs; with the answers read
    // ahead, then without them (the formats compared on the session alone: each pass read a different number ahead)
    const heapNow = () => page.evaluate(() => {
      const gc = (globalThis as unknown as { gc?: () => void }).gc;
      gc?.(); gc?.();
      return ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20;
    });
    const heapAhead = await heapNow(), held = (await page.evaluate(() => (window as unknown as W).__map.area()!)).ahead.held.length;
    await page.evaluate(() => (window as unknown as W).__map.stopReadAhead());
    await new Promise((r) => setTimeout(r, 3000)); // a read-ahead on its way arrives and leaves RTK Query's cache
    const heap = await heapNow();
    rows.push(row('heap with the tiles read ahead held (after a full GC)', n, 'memory', 'MB', heapAhead), row('tiles read ahead held at the end', n, 'count', 'tiles', held));
    // BENCH_AREA_HEAPSNAPSHOT=<file>: a heap snapshot here, per format (<file>-<format>.heapsnapshot)
    if (process.env.BENCH_AREA_HEAPSNAPSHOT) {
      const cdp = await ctx.newCDPSession(page);
      const parts: string[] = [];
      cdp.on('HeapProfiler.addHeapSnapshotChunk', (e: { chunk: string }) => { parts.push(e.chunk); });
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      writeFileSync(`${process.env.BENCH_AREA_HEAPSNAPSHOT}-${format}.heapsnapshot`, parts.join(''));
      await cdp.detach();
    }
    const a2 = await page.evaluate(() => (window as unknown as W).__map.area()!);
    const rs = stats(a2.timings.read), ms = stats(a2.timings.merge);
    rows.push(row('tile read (request to parsed answer)', n, 'time p50', 'ms', rs.p50), row('tile read (request to parsed answer)', n, 'time max', 'ms', rs.max),
      row('tile merge into the session + chunk redraw (JS)', n, 'time p50', 'ms', ms.p50), row('tile merge into the session + chunk redraw (JS)', n, 'time max', 'ms', ms.max));
    const es = stats(edits.map((e) => e.engine)), ls = stats(edits.map((e) => e.layers)), ts = stats(edits.map((e) => e.engine + e.layers));
    rows.push(
      row('edit split: engine + chunk rebuild (JS)', n, 'time p50', 'ms', es.p50), row('edit split: deck.gl layers + update (JS)', n, 'time p50', 'ms', ls.p50),
      row('edit split to layers updated (JS total)', n, 'time p50', 'ms', ts.p50), row('edit split to layers updated (JS total)', n, 'time p99', 'ms', ts.p99),
      row('heap after open, 3 pans and edits (after a full GC, read-ahead answers released)', n, 'memory', 'MB', heap), row('objects loaded after pans', n, 'count', 'objects', a2.objects),
    );
    console.log(`${format}: edits: ${edits.map((e) => `${e.engine.toFixed(0)}+${e.layers.toFixed(0)}`).join(" ")} ms; heap ${heap.toFixed(0)} MB; ${a2.objects} objects in ${a2.loaded} tiles`);
    const validatedMs = await validated;
    rows.push(row(`whole-network validators of the open, answered (${keptValidation ? 'kept results' : 'background job'})`, n, 'time', 'ms', validatedMs));
    console.log(`${format}: the open's validators answered after ${(validatedMs / 1000).toFixed(1)} s`);
    await ctx.close();
    for (const r of rows) {
      const json = all.find((x) => x.case === `${r.case} — JSON` && x.metric === r.metric);
      const name = format === 'arrow-first' ? 'Arrow, plug-ins before the draw (as until the twelfth stop)' : 'Arrow';
      all.push(format === 'json' ? { ...r, case: `${r.case} — JSON` } : row(`${r.case} — ${name}`, r.size, r.metric, r.unit, r.value, json?.value ?? null));
    }
   }
  } finally {
    await browser.close();
    await server.close();
  }
  writeResults(`browser-area${BENCH_GL === 'llvmpipe' ? '-llvmpipe' : ''}`, all, { renderer, note: 'A seeded project opened through the real server (PostgreSQL) by area in Chromium with software WebGL (BENCH_GL: ' + BENCH_GL + '); times include the server reads; read-ahead ' + READ_AHEAD + ', ' + DWELL + ' ms at rest before each pan. No baseline: editable-layers has no area loading (its whole-network load is in bench/results/browser.json).' });
}

await main();
