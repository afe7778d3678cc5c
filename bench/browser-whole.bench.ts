// Browser bench of a whole network read (issue 15: "cold whole read of 100 000 edges to the browser's model"): the built
// app in Chromium opens a seeded project below the by-area threshold through the real server (PostgreSQL with
// BENCH_WHOLE_DATABASE_URL, else PGlite in memory), its whole network read cold each time (the server's caches
// cleared, nothing stored), as JSON, as Arrow with the model's index computed on the main thread, and as Arrow with the
// index from the Web Worker (src/api/network-index.ts), then that again in a fresh server process whose columns of the
// version are stored in the database (server/network/scan-stored.ts), then in a fresh server process that finds the
// answer's gzip stored (answer-stored.ts) — rows made as the body arrives (engine/network-arrow-stream.ts) and, side by
// side, after the whole body (`netplan.networkStream = off`), and with the planning plug-ins (live validation, capex)
// built before the network is first drawn, as until the twelfth stop (`netplan.pluginsAfterDraw = off`) — in one run. Times: open
// (navigation start, the page's clock) to the first map frame that drew the network and to the live validation's
// first results, the whole
// read's HTTP (request to first and to last byte, as the browser saw it), request to the model ready (the page's
// clock), the main thread's rows (made while the body arrived, and after), wait for the worker and assembly; heap after
// a full GC. An unmeasured open comes first (the server's whole-network validators, where the step posts them, run then
// and their results are kept), so the passes meet an idle server. BENCH_WHOLE_EDGES (default 100000), BENCH_WHOLE_RUNS
// (3), BENCH_WHOLE_PASSES (indexes of the passes to run, e.g. 4,5; a stored-columns or stored-answer pass whose store no
// pass before it made gets it made first by an unmeasured open), BENCH_WHOLE_LINK_MBIT (a download link of that many
// Mbit/s, Chromium's network emulation; results then in browser-whole-<db>-link<N>.json), BENCH_WHOLE_PROFILE (a path
// prefix: each measured open's main-thread CPU profile, open to drawn, written as <prefix>-<pass>-<run>.cpuprofile).
// Run: npx vite build first.
import { chromium, type Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { existsSync, writeFileSync } from 'node:fs';
import { row, stats, table, writeResults, type BenchRow } from './lib';
import { BENCH_GL, benchLaunch, rendererOf } from './browser/launch';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { seedProject } from '../server/projects/seed-project';
import { clearNetworkCache } from '../server/network/cache';
import { clearScanStores } from '../server/network/read-arrow';
import { storedWrites } from '../server/network/scan-stored';
import { forgetStoredAnswers } from '../server/network/answer-stored';

const EDGES = Number(process.env.BENCH_WHOLE_EDGES ?? 100_000);
const RUNS = Number(process.env.BENCH_WHOLE_RUNS ?? 3);
const DB = process.env.BENCH_WHOLE_DATABASE_URL ?? '';
/** A link of this many Mbit/s down (Chromium's network emulation; default none: loopback). */
const LINK_MBIT = Number(process.env.BENCH_WHOLE_LINK_MBIT ?? 0);
/** The passes to run (indexes into PASSES; default all). */
const ONLY = process.env.BENCH_WHOLE_PASSES?.split(',').map(Number);
const PROFILE = process.env.BENCH_WHOLE_PROFILE;
type Whole = { how: string; rowsMs: number; waitMs: number; assembleMs: number; readyAt: number; workerRead?: { handedAt: number; headAt: number; endAt: number } };
type W = { __map?: { state(): unknown; counts(): { edges: number }; wholeModel(): Whole; drawnAt?(): number; validation?(): { status: string } | null }; gc?: () => void };
const FORMATS = [
  { name: 'JSON', format: 'json', worker: 'on' },
  { name: 'Arrow, index on the main thread', format: 'arrow', worker: 'off' },
  { name: 'Arrow, index in the worker', format: 'arrow', worker: 'on' },
  { name: 'Arrow, index in the worker, columns stored in the database', format: 'arrow', worker: 'on', stored: 'columns' },
  { name: 'Arrow, index in the worker, answer stored in the database', format: 'arrow', worker: 'on', stored: 'answer' },
  { name: 'Arrow, index in the worker, answer stored, body read whole before the rows', format: 'arrow', worker: 'on', stored: 'answer', stream: 'off' },
  { name: 'Arrow, index in the worker, answer stored, planning plug-ins built before the network is drawn', format: 'arrow', worker: 'on', stored: 'answer', planning: 'off' },
  { name: 'Arrow, index in the worker, answer stored, body read by the main thread', format: 'arrow', worker: 'on', stored: 'answer', body: 'main' },
] as const;
const PASSES = ONLY ? FORMATS.filter((_, k) => ONLY.includes(k)) : FORMATS;

const DIST = resolve(process.env.BENCH_WHOLE_DIST ?? 'dist');
if (!existsSync(resolve(DIST, 'index.html'))) { console.log(`skipped: no built app in ${DIST} (npx vite build)`); process.exit(0); }
const config = { ...configFromEnv({ ...process.env, DATABASE_URL: DB }), port: 0, host: '127.0.0.1', distDir: DIST, demoSeed: true, demoProject: false };
const server = await startServer(config, DB ? { schema: `bench_${Date.now().toString(36)}` } : { memory: true });
const dbName = DB ? 'PostgreSQL' : 'PGlite';
const t0 = performance.now();
const { projectId: pid } = await seedProject(server.db, { edges: EDGES, name: `Scale test ${EDGES} edges`, organisation: 'demo' });
console.log(`${dbName}: seeded ${EDGES} edges in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const login = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'engineer@demo.example', password: createHash('sha512').update(config.demoPassword).digest('hex'), language: 'en' }) });
const token = ((await login.json()) as { sessionId: string }).sessionId;
const browser = await chromium.launch(benchLaunch());
let renderer = '';

/** Opens the project in a fresh tab; resolves when the network is drawn. */
async function open(format: string, worker: string, stream = 'on', planning = 'on', profileTo?: string, body = 'worker') {
  const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
  await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
  await ctx.addInitScript(([id, f, w, st, pl, b]) => {
    localStorage.setItem('sessionId', id); localStorage.setItem('netplan.networkFormat', f); localStorage.setItem('netplan.networkWorker', w); localStorage.setItem('netplan.networkStream', st);
    localStorage.setItem('netplan.pluginsAfterDraw', pl); localStorage.setItem('netplan.networkBodyIn', b);
  }, [token, format, worker, stream, planning, body]);
  const page: Page = await ctx.newPage();
  renderer ||= await rendererOf(page);
  if (LINK_MBIT > 0) {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 2, downloadThroughput: (LINK_MBIT * 1e6) / 8, uploadThroughput: (LINK_MBIT * 1e6) / 8 });
  }
  await page.route('**/service.pdok.nl/**', (r) => r.abort());
  const profile = profileTo ? await ctx.newCDPSession(page) : null;
  if (profile) { await profile.send('Profiler.enable'); await profile.send('Profiler.setSamplingInterval', { interval: 200 }); await profile.send('Profiler.start'); }
  let httpMs = NaN, firstByteMs = NaN;
  page.on('requestfinished', (r) => { if (r.url().includes('/network_object/all')) { const t = r.timing(); httpMs = t.responseEnd; firstByteMs = t.responseStart; } });
  // the step's validations, if it posts them (a whole-loaded network is validated live in the tab)
  const validated = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/validations') && r.request().method() === 'POST', { timeout: 30_000 }).catch(() => null);
  const start = Date.now();
  await page.goto(`${server.url}/workflow/${pid}/fttx/2`);
  await page.waitForFunction(() => { const m = (window as unknown as W).__map; return !!m && m.state() !== null && m.counts().edges > 0; }, undefined, { timeout: 600_000, polling: 20 });
  const builtMs = Date.now() - start;
  // the first map frame that drew the network (page clock from navigation start; builds without the hook: chunks built)
  const drawn = await page.waitForFunction(() => { const m = (window as unknown as W).__map!; return m.drawnAt ? m.drawnAt() || false : -1; }, undefined, { timeout: 600_000, polling: 20 });
  const drawnAt = Number(await drawn.jsonValue());
  const openMs = drawnAt > 0 ? drawnAt : builtMs;
  // the live validation's first results there (a whole-loaded network; 'area' projects wait for the server's)
  const checked = await page.waitForFunction(() => { const v = (window as unknown as W).__map!.validation?.(); return v === undefined ? -1 : v && v.status !== 'PENDING' ? performance.now() : false; }, undefined, { timeout: 600_000, polling: 20 });
  const validatedMs = Number(await checked.jsonValue());
  if (profile) await profile.send('Profiler.stop').then((p) => writeFileSync(`${profileTo}.cpuprofile`, JSON.stringify(p.profile)), (e: unknown) => console.log(`no profile: ${String(e)}`));
  const whole = await page.evaluate(() => (window as unknown as W).__map!.wholeModel());
  // the whole read's request (resource timing, the page's clock) to its model ready
  // (a read the worker fetched is not among the page's resources: from its hand-over to the worker, which includes the
  // worker's start)
  const startedAt = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => e.name.includes('/network_object/all'))?.startTime ?? NaN);
  if (Number.isNaN(startedAt) && whole.workerRead?.handedAt) return { ctx, page, openMs, validatedMs, httpMs, firstByteMs, toModelMs: whole.readyAt - whole.workerRead.handedAt, whole, validated };
  return { ctx, page, openMs, validatedMs, httpMs, firstByteMs, toModelMs: whole.readyAt - startedAt, whole, validated };
}

/** Whether the project's whole-read columns or answer are stored in the database. */
async function storedFor(what: 'columns' | 'answer'): Promise<boolean> {
  const r = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${what === 'columns' ? 'network_columns' : 'network_answer'} WHERE project_id = $1`, [pid]);
  return (r.rows[0]?.n ?? 0) > 0;
}

const rows: BenchRow[] = [];
try {
  // unmeasured: the open's whole-network validators run once and their results are kept for the passes
  const w = await open('arrow', 'on');
  await w.validated;
  await w.ctx.close();
  const res = new Map<string, { open: number[]; validated: number[]; http: number[]; first: number[]; toModel: number[]; rows: number[]; wait: number[]; assemble: number[]; main: number[]; heap: number[]; how: Set<string> }>();
  for (let k = 0; k < RUNS; k++) {
    for (const f of PASSES) {
      clearNetworkCache(); clearScanStores(); // a cold whole read: SQL, encoding, transfer
      // nothing stored, except in the pass that reads the columns the pass before it stored (server/network/scan-stored.ts)
      // and the one that reads the answer the pass before it stored (answer-stored.ts)
      await storedWrites();
      // a pass that reads stored columns or a stored answer no pass before it stored (passes chosen by
      // BENCH_WHOLE_PASSES): an unmeasured open stores them first, or the pass would measure a cold read
      if ('stored' in f && !(await storedFor(f.stored))) {
        const w = await open('arrow', 'on');
        await w.ctx.close();
        await storedWrites();
        clearNetworkCache(); clearScanStores();
        if (!(await storedFor(f.stored))) throw new Error(`the ${f.stored} of the project were not stored: the pass would read them cold`);
        console.log(`(${f.name}: the ${f.stored} stored first by an unmeasured open)`);
      }
      if (!('stored' in f)) await server.db.query('DELETE FROM network_columns');
      if (!('stored' in f) || f.stored === 'columns') { await server.db.query('DELETE FROM network_answer'); forgetStoredAnswers(); }
      const o = await open(f.format, f.worker, 'stream' in f ? f.stream : 'on', 'planning' in f ? f.planning : 'on', PROFILE ? `${PROFILE}-${FORMATS.indexOf(f)}-${k}` : undefined, 'body' in f ? f.body : 'worker');
      const heap = await o.page.evaluate(() => { (window as unknown as W).gc?.(); return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 2 ** 20; });
      await o.ctx.close();
      const r = res.get(f.name) ?? { open: [], validated: [], http: [], first: [], toModel: [], rows: [], wait: [], assemble: [], main: [], heap: [], how: new Set<string>() };
      r.open.push(o.openMs); r.validated.push(o.validatedMs); r.http.push(o.httpMs); r.first.push(o.firstByteMs); r.toModel.push(o.toModelMs); r.rows.push(o.whole.rowsMs); r.wait.push(o.whole.waitMs); r.assemble.push(o.whole.assembleMs);
      r.main.push(o.whole.rowsMs + o.whole.assembleMs); r.heap.push(heap); r.how.add(o.whole.how);
      res.set(f.name, r);
      console.log(`${f.name}: open ${o.openMs.toFixed(0)} ms (model ready at ${o.whole.readyAt.toFixed(0)}), validated ${o.validatedMs.toFixed(0)} ms, whole read ${o.httpMs.toFixed(0)} ms (first byte ${o.firstByteMs.toFixed(0)}), request → model ${o.toModelMs.toFixed(0)} ms, model ${o.whole.how} rows ${o.whole.rowsMs.toFixed(0)} wait ${o.whole.waitMs.toFixed(0)} assembly ${o.whole.assembleMs.toFixed(0)} ms, heap ${heap.toFixed(1)} MB${o.whole.workerRead?.handedAt ? `, worker read: head +${(o.whole.workerRead.headAt - o.whole.workerRead.handedAt).toFixed(0)} last batch +${(o.whole.workerRead.endAt - o.whole.workerRead.handedAt).toFixed(0)} ms` : ''}`);
    }
  }
  const json = res.get('JSON');
  for (const f of PASSES) {
    const r = res.get(f.name)!, base = f.name === 'JSON' ? undefined : json;
    const p50 = (x: number[]) => stats(x).p50;
    rows.push(row(`open to the network drawn (cold whole read) — ${f.name}`, EDGES, 'p50', 'ms', p50(r.open), base ? p50(base.open) : null));
    rows.push(row(`open to the live validation's first results — ${f.name}`, EDGES, 'p50', 'ms', p50(r.validated), base ? p50(base.validated) : null));
    rows.push(row(`whole read, request to last byte — ${f.name}`, EDGES, 'p50', 'ms', p50(r.http), base ? p50(base.http) : null));
    rows.push(row(`whole read, request to first byte — ${f.name}`, EDGES, 'p50', 'ms', p50(r.first), base ? p50(base.first) : null));
    rows.push(row(`whole read, request to the model ready — ${f.name}`, EDGES, 'p50', 'ms', p50(r.toModel), base ? p50(base.toModel) : null));
    if (f.name !== 'JSON') {
      rows.push(row(`main thread: answer → model (rows + wait for the index + assembly) — ${f.name} (${[...r.how].join(',')})`, EDGES, 'p50', 'ms',
        p50(r.rows) + p50(r.wait) + p50(r.assemble)));
      rows.push(row(`main thread busy on the model (rows + assembly) — ${f.name}`, EDGES, 'p50', 'ms', p50(r.main)));
    }
    rows.push(row(`JS heap after the open (full GC) — ${f.name}`, EDGES, 'p50', 'MB', p50(r.heap), base ? p50(base.heap) : null));
  }
  console.log(table(rows));
  console.log(writeResults(`browser-whole-${dbName.toLowerCase()}${LINK_MBIT ? `-link${LINK_MBIT}` : ''}${BENCH_GL === 'llvmpipe' ? '-llvmpipe' : ''}`, rows, { database: dbName, runs: RUNS, linkMbit: LINK_MBIT || null, renderer, note: `Chromium with software WebGL (BENCH_GL: ${BENCH_GL}) on the bench machine; the server and the browser share its cores.` }));
} finally {
  await browser.close();
  await server.close();
}
process.exit(0);
