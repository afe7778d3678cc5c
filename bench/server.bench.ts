// Server benchmark (npx tsx bench/server.bench.ts): starts the real server on loopback (PGlite in memory, or
// BENCH_DATABASE_URL / DATABASE_URL), seeds projects of N edges with the scale seed (`npm run seed`: tiled FTTH
// network, one access point per ≈ 8k edges), then measures with autocannon/fetch: login; seeding (time, peak RSS);
// GET network_object/all (cold = fresh process cache, full build; warm = per-process cache or stream, gzip, 304 on an
// unchanged ETag; the read after a small write, patched from the change log or in a fresh process; time, bytes, peak
// RSS of the process); a 1 km² viewport (bbox) read; POST a 10k-object batch;
// 50 concurrent editors saving small batches (p50/p99, throughput, errors). Sizes 10k and 100k, and 1M on
// PostgreSQL; honours BENCH_MAX_SIZE. BENCH_SCHEMA (PostgreSQL) names a schema to keep between runs: projects
// "Scale test N edges" found there (e.g. made by `npm run seed`) are reused instead of seeded.
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { STREET_BLOCK as BLOCK, UTRECHT, gridFor } from '../engine/generate';
import { seedProject } from '../server/projects/seed-project';
import { clearNetworkCache } from '../server/network/cache';
import { row, sizes, writeResults, type BenchRow } from './lib';

const rows: BenchRow[] = [];
const env = { ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '' };
const config = { ...configFromEnv(env), port: 0, host: '127.0.0.1', demoSeed: true, demoProject: false };
const server = await startServer(config, config.databaseUrl ? { schema: process.env.BENCH_SCHEMA ?? `bench_${Date.now().toString(36)}` } : { memory: true });
const url = server.url;
const sha = (s: string) => createHash('sha512').update(s).digest('hex');
const loginBody = JSON.stringify({ email: 'engineer@demo.example', password: sha(config.demoPassword), language: 'en' });
const token = (await (await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody })).json()).sessionId as string;
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const org = (await server.db.query<{ id: number }>(`SELECT id FROM organisations WHERE name = 'demo'`)).rows[0].id;

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((res, rej) => { autocannon(opts, (err, r) => (err ? rej(err) : res(r))); });
}
const errorsOf = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;

// Login: 4 connections for 5 s (scrypt makes each one deliberately expensive).
{
  const r = await cannon({ url: `${url}/api/user/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody, connections: 4, duration: 5 });
  rows.push(row('login', 0, 'p50', 'ms', r.latency.p50), row('login', 0, 'p99', 'ms', r.latency.p99),
    row('login', 0, 'throughput', 'req/s', r.requests.average), row('login', 0, 'errors', 'count', errorsOf(r)));
}

/** Peak RSS (MB) of this process (server and client) while fn runs. */
async function peakRss<T>(fn: () => Promise<T>): Promise<[T, number]> {
  let peak = process.memoryUsage().rss;
  const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 25);
  try { return [await fn(), Math.max(peak, process.memoryUsage().rss) / 2 ** 20]; } finally { clearInterval(t); }
}

/** GET and count the body bytes as sent (compressed when gzip was asked for) without keeping the body (1M-edge
 *  answers are gigabytes). */
function get(u: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; etag: string; text?: string }> {
  return new Promise((resolve, reject) => {
    http.get(u, { headers }, (res) => {
      let bytes = 0, text = '';
      res.on('data', (c: Buffer) => { bytes += c.length; if (text.length < 4096) text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, etag: String(res.headers.etag ?? ''), text }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const large = config.databaseUrl ? [1_000_000] : []; // 1M edges only on a PostgreSQL server
for (const n of sizes([10_000, 100_000, ...large])) {
  const name = `Scale test ${n} edges`;
  let p = (await server.db.query<{ id: number }>(`SELECT id FROM project WHERE organisation_id = $1 AND name = $2 AND NOT deleted ORDER BY id LIMIT 1`, [org, name])).rows[0]?.id;
  if (p === undefined) {
    const t0 = performance.now();
    const [r, rss] = await peakRss(() => seedProject(server.db, { edges: n, name, organisation: 'demo' }));
    p = r.projectId;
    rows.push(row('seed (npm run seed: tiles in one transaction)', n, 'time', 'ms', performance.now() - t0), row('seed (npm run seed: tiles in one transaction)', n, 'peak RSS', 'MB', rss));
  }
  const all = `${url}/api/project/${p}/network_object/all`;
  // A small write as the app saves one attribute edit (one instance's value), through the API.
  const av = (await server.db.query<{ i: string; a: string }>(`SELECT object_instance_id AS i, attribute_type_name AS a FROM attribute_value WHERE project_id = $1 AND value IN ('true', 'false') LIMIT 1`, [p])).rows[0];
  let edits = 0;
  const smallWrite = async () => { // toggles one boolean attribute
    const r = await fetch(`${url}/api/project/${p}/attribute_value`, { method: 'PATCH', headers: auth, body: JSON.stringify([{ objectInstanceId: av.i, attributeTypeName: av.a, value: String(++edits % 2 === 0) }]) });
    if (r.status !== 200) throw new Error(`write ${r.status} ${await r.text()}`);
  };
  let etag = '';
  const cases: [string, () => Promise<void>, boolean][] = [
    ['cold: fresh process, full build', async () => { clearNetworkCache(); }, false],
    ['warm', async () => {}, false],
    ['warm, gzip', async () => {}, true],
    ['unchanged (If-None-Match → 304)', async () => {}, false],
    ['after a small write, same process (patched)', smallWrite, false],
    ['after a small write, same process, gzip', smallWrite, true],
    ['after a small write, fresh process', async () => { await smallWrite(); clearNetworkCache(); }, false],
  ];
  for (const [kind, before, gz] of cases) {
    await before();
    const headers: Record<string, string> = { ...auth, 'accept-encoding': gz ? 'gzip' : 'identity' };
    if (kind.startsWith('unchanged')) headers['if-none-match'] = etag;
    const t = performance.now();
    const [res, rss] = await peakRss(() => get(all, headers));
    const ms = performance.now() - t;
    if (res.status !== (kind.startsWith('unchanged') ? 304 : 200)) throw new Error(`load ${res.status} ${res.text?.slice(0, 200)}`);
    etag = res.etag || etag;
    rows.push(row(`GET network_object/all (${kind})`, n, 'time', 'ms', ms));
    if (kind.startsWith('cold')) rows.push(row('GET network_object/all', n, 'bytes', 'MB', res.bytes / 2 ** 20), row('GET network_object/all (cold)', n, 'peak RSS', 'MB', rss));
    if (kind === 'warm, gzip') rows.push(row('GET network_object/all (gzip)', n, 'bytes', 'MB', res.bytes / 2 ** 20));
  }
  // A viewport of ≈ 1 km² (1 km on the ground ≈ 1 620 map units at 52° N) in the middle of the network, as the app
  // loads a huge project; and the 500×500 window of earlier runs.
  const mid = (gridFor(n) * BLOCK) / 2;
  for (const [label, side] of [['bbox 1 km² viewport', 1620], ['bbox 500×500', 500]] as const) {
    const [ox, oy] = [UTRECHT[0] + mid, UTRECHT[1] + mid];
    const b = [ox - side / 2, oy - side / 2, ox + side / 2, oy + side / 2].map((v) => v.toFixed(2)).join(',');
    const one = await get(`${all}?bbox=${b}`, { ...auth, 'accept-encoding': 'identity' });
    if (one.status !== 200) throw new Error(`bbox ${one.status} ${one.text}`);
    rows.push(row(label, n, 'bytes', 'MB', one.bytes / 2 ** 20));
    const bb = await cannon({ url: `${all}?bbox=${b}`, headers: { ...auth, 'accept-encoding': 'gzip' }, connections: 4, duration: 10 });
    rows.push(row(label, n, 'p50', 'ms', bb.latency.p50), row(label, n, 'p99', 'ms', bb.latency.p99), row(label, n, 'errors', 'count', errorsOf(bb)));
  }
}

// POST one 10k-object batch (5k nodes + 5k edges between them) into an empty project.
{
  const p = (await server.db.query<{ id: number }>(`INSERT INTO project (organisation_id, name, project_type_id) VALUES ($1, 'Batch', 10) RETURNING id`, [org])).rows[0].id;
  const objs: unknown[] = [];
  for (let i = 0; i < 5000; i++) objs.push({ id: `n${i}`, node: { geometry: { type: 'Point', coordinates: [i * 10, 0] } } });
  for (let i = 0; i < 5000; i++) objs.push({ id: `e${i}`, edge: { geometry: { type: 'LineString', coordinates: [[i * 10, 0], [((i + 1) % 5000) * 10, 0]] }, fromNodeId: `n${i}`, toNodeId: `n${(i + 1) % 5000}` } });
  process.env.LONG_OPERATION_ITEMS = '1000000';
  const t = performance.now();
  const r = await fetch(`${url}/api/project/${p}/network_object`, { method: 'POST', headers: auth, body: JSON.stringify(objs) });
  const ms = performance.now() - t;
  if (r.status !== 201) throw new Error(`batch ${r.status} ${await r.text()}`);
  rows.push(row('POST network_object batch', 10_000, 'time', 'ms', ms));

  // 50 concurrent editors, each request a small batch of 2 new nodes + 1 edge (unique ids per request).
  const body = JSON.stringify([
    { id: 'a-[<id>]', node: { geometry: { type: 'Point', coordinates: [1, 1] } } },
    { id: 'b-[<id>]', node: { geometry: { type: 'Point', coordinates: [2, 2] } } },
    { id: 'e-[<id>]', edge: { geometry: { type: 'LineString', coordinates: [[1, 1], [2, 2]] }, fromNodeId: 'a-[<id>]', toNodeId: 'b-[<id>]' } },
  ]);
  const ed = await cannon({ url: `${url}/api/project/${p}/network_object`, method: 'POST', headers: auth, body, idReplacement: true, connections: 50, duration: 10 });
  rows.push(row('50 editors saving small batches', 3, 'p50', 'ms', ed.latency.p50), row('50 editors saving small batches', 3, 'p99', 'ms', ed.latency.p99),
    row('50 editors saving small batches', 3, 'throughput', 'req/s', ed.requests.average), row('50 editors saving small batches', 3, 'errors', 'count', errorsOf(ed)));
}

writeResults('server', rows, { database: config.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)' });
await server.close();
process.exit(0);
