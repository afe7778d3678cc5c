// Whole-network validation on the server (POST /validations with the set an area-loaded session runs at open:
// graph_integrity, required_attributes, relation_multiplicity) and what it does to the rest of the server meanwhile.
// Per size, the baseline (NETWORK_THREAD=inline: the model built and checked in the server's own thread, as before)
// beside the validation worker thread, in one run: the cold call, the event loop's largest delay during it, tile reads
// (AREA_TILE squares, Arrow — what a panning tab asks for) issued every 250 ms during it, and the same call again at
// the same network version (kept results). Seeds "Scale test N edges" projects (BENCH_SIZES, default 10000,100000) on
// PGlite or BENCH_DATABASE_URL; or, with BENCH_VALIDATION_DATABASE_URL, uses the largest project already stored there
// (e.g. the 10⁶-edge database of bench:browser-area). Run with a large heap: node --max-old-space-size=12000.
// Route determination (POST /route) the same way: the first query (graph built) with the event loop's delay and tile
// reads during it, and a second query at the same version (graph kept); and a full clash run (POST clashes/run).
import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { seedProject } from '../server/projects/seed-project';
import { clearNetworkCache } from '../server/network/cache';
import { clearScanStores } from '../server/network/read-arrow';
import { clearNetworkValidations } from '../server/validation/network-validation';
import { dropRouteGraph } from '../server/routing/route-job';
import { ARROW_MEDIA_TYPE } from '../engine/network-arrow-schema';
import { AREA_TILE } from '../src/map/area-loader';
import { row, stats, table, writeResults, type BenchRow } from './lib';

const STORED = process.env.BENCH_VALIDATION_DATABASE_URL;
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const env = { ...process.env, DATABASE_URL: STORED ?? process.env.BENCH_DATABASE_URL ?? '' };
const config = { ...configFromEnv(env), port: 0, host: '127.0.0.1', demoSeed: true, demoProject: false };
const server = await startServer(config, STORED ? {} : config.databaseUrl ? { schema: process.env.BENCH_SCHEMA ?? `bench_${Date.now().toString(36)}` } : { memory: true });
const dbName = config.databaseUrl ? 'PostgreSQL' : 'PGlite';
const sha = (s: string) => createHash('sha512').update(s).digest('hex');
const login = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'engineer@demo.example', password: sha(config.demoPassword), language: 'en' }) });
const auth = { authorization: `Bearer ${((await login.json()) as { sessionId: string }).sessionId}` };
const AREA_SET = [{ name: 'graph_integrity' }, { name: 'required_attributes' }, { name: 'relation_multiplicity' }];

async function validate(pid: number): Promise<number> {
  const t = performance.now();
  const r = await fetch(`${server.url}/api/project/${pid}/validations`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(AREA_SET) });
  if (!r.ok) throw new Error(`validations: ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
  return performance.now() - t;
}

async function tileRead(pid: number, x: number, y: number): Promise<number> {
  const t = performance.now();
  const r = await fetch(`${server.url}/api/project/${pid}/network_object/all?includeWithoutObjectInstances=false&bbox=${x},${y},${x + AREA_TILE},${y + AREA_TILE}`, { headers: { ...auth, accept: ARROW_MEDIA_TYPE } });
  await r.arrayBuffer();
  return performance.now() - t;
}

async function route(pid: number, from: number[], to: number[]): Promise<number> {
  const t = performance.now();
  const r = await fetch(`${server.url}/api/project/${pid}/route`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ from, to, strategy: 'minimal_cost' }) });
  if (!r.ok) throw new Error(`route: ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
  return performance.now() - t;
}

/** Runs `call` while tile reads go on every 250 ms; its time, the loop's largest delay and the tile read times. */
async function during(pid: number, dense: { tx: number; ty: number }[], call: () => Promise<number>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  let done = false, k = 0;
  const tiles: number[] = [];
  const probe = (async () => {
    while (!done) {
      const { tx, ty } = dense[k++ % dense.length];
      tiles.push(await tileRead(pid, tx * AREA_TILE, ty * AREA_TILE));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const cold = await call();
  done = true;
  await probe;
  h.disable();
  return { cold, lag: h.max / 1e6, tiles };
}

async function clashRun(pid: number): Promise<number> {
  const t = performance.now();
  const r = await fetch(`${server.url}/api/project/${pid}/clashes/run`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
  if (!r.ok) throw new Error(`clashes/run: ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
  return performance.now() - t;
}

const rows: BenchRow[] = [];
type Mode = 'inline' | 'thread';
const MODES: Mode[] = ['inline', 'thread'];
const LABEL: Record<Mode, string> = { inline: 'in the server thread (as before)', thread: 'worker thread' };

async function measure(pid: number, n: number) {
  const dense = (await server.db.query<{ tx: number; ty: number }>(`SELECT floor((center(bbox))[0] / $2)::int AS tx, floor((center(bbox))[1] / $2)::int AS ty, count(*) AS n
    FROM network_object WHERE project_id = $1 AND kind = 'node' GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 8`, [pid, AREA_TILE])).rows;
  const idle: number[] = [];
  for (const { tx, ty } of dense) idle.push(await tileRead(pid, tx * AREA_TILE, ty * AREA_TILE));
  const [a, b] = (await server.db.query<{ x: number; y: number }>(`SELECT (center(bbox))[0] AS x, (center(bbox))[1] AS y FROM network_object
    WHERE project_id = $1 AND kind = 'node' AND bbox && $2::box ORDER BY id LIMIT 2`, [pid, `(${(dense[0].tx + 1) * AREA_TILE},${(dense[0].ty + 1) * AREA_TILE}),(${dense[0].tx * AREA_TILE},${dense[0].ty * AREA_TILE})`])).rows;
  const out: Record<Mode, { cold: number; warm: number; lag: number; tiles: number[] }> = {} as never;
  const rt: Record<Mode, { cold: number; warm: number; lag: number; tiles: number[] }> = {} as never;
  const cl: Record<Mode, { cold: number; lag: number; tiles: number[] }> = {} as never;
  for (const mode of MODES) {
    process.env.NETWORK_THREAD = mode === 'inline' ? 'inline' : '';
    clearNetworkCache(); clearScanStores(); await clearNetworkValidations(server.db); dropRouteGraph();
    const v = await during(pid, dense, () => validate(pid));
    out[mode] = { ...v, warm: await validate(pid) };
    clearNetworkCache(); clearScanStores();
    const r = await during(pid, dense, () => route(pid, [a.x, a.y], [b.x, b.y]));
    rt[mode] = { ...r, warm: await route(pid, [b.x, b.y], [a.x, a.y]) };
    clearNetworkCache(); clearScanStores();
    cl[mode] = await during(pid, dense, () => clashRun(pid));
    console.log(`${n} ${mode} clash run: ${cl[mode].cold.toFixed(0)} ms, loop delay max ${cl[mode].lag.toFixed(0)} ms, tile max ${stats(cl[mode].tiles).max.toFixed(0)} ms`);
    for (const [what, x] of [['validations', out[mode]], ['route', rt[mode]]] as const) {
      console.log(`${n} ${mode} ${what}: cold ${x.cold.toFixed(0)} ms, warm ${x.warm.toFixed(0)} ms, loop delay max ${x.lag.toFixed(0)} ms, tiles ${x.tiles.length} p50 ${stats(x.tiles).p50.toFixed(0)} max ${stats(x.tiles).max.toFixed(0)}`);
    }
  }
  const add = (c: string, metric: string, unit: string, f: (m: Mode) => number) => {
    rows.push(row(`${c} — ${LABEL.inline}`, n, metric, unit, f('inline')));
    rows.push(row(`${c} — ${LABEL.thread}`, n, metric, unit, f('thread'), f('inline')));
  };
  add('POST validations (area set), cold', 'time', 'ms', (m) => out[m].cold);
  add('event loop delay during it', 'max', 'ms', (m) => out[m].lag);
  add('tile read during it', 'p50', 'ms', (m) => stats(out[m].tiles).p50);
  add('tile read during it', 'max', 'ms', (m) => stats(out[m].tiles).max);
  add('same call again, same network version', 'time', 'ms', (m) => out[m].warm);
  add('POST route (minimal_cost), first query: graph built', 'time', 'ms', (m) => rt[m].cold);
  add('event loop delay during it', 'max', 'ms', (m) => rt[m].lag);
  add('tile read during the route query', 'max', 'ms', (m) => stats(rt[m].tiles).max);
  add('next route query, same network version (graph kept)', 'time', 'ms', (m) => rt[m].warm);
  add('POST clashes/run (the project\'s stored references)', 'time', 'ms', (m) => cl[m].cold);
  add('event loop delay during the clash run', 'max', 'ms', (m) => cl[m].lag);
  add('tile read during the clash run', 'max', 'ms', (m) => stats(cl[m].tiles).max);
  rows.push(row('tile read, server idle', n, 'p50', 'ms', stats(idle).p50));
  console.log(table(rows.filter((r) => r.size === n)));
}

if (STORED) {
  const p = (await server.db.query<{ id: number; n: string }>(`SELECT project_id AS id, count(*) AS n FROM network_object WHERE kind = 'edge' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`)).rows[0];
  await measure(p.id, Number(p.n));
} else {
  for (const n of SIZES) {
    const { projectId } = await seedProject(server.db, { edges: n, name: `Scale test ${n} edges`, organisation: 'demo' });
    await measure(projectId, n);
  }
}
for (const r of rows) r.case = `${r.case} [${dbName}]`;
console.log(writeResults(`server-validation-${dbName.toLowerCase()}`, rows, { database: dbName }));
await server.close();
process.exit(0);
