// Server benchmark (npx tsx bench/server.bench.ts): starts the real server on loopback (PGlite in memory, or
// BENCH_DATABASE_URL / DATABASE_URL), seeds projects of N edges, then measures with autocannon/fetch: login; GET
// network_object/all (cold = first read after a write, warm = per-process cache, gzip, 304 on an unchanged ETag; time
// and bytes); POST a 10k-object batch; a bbox query; 50 concurrent editors saving small batches (p50/p99, throughput,
// errors). Honours BENCH_MAX_SIZE.
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { generateFtthNetwork, UTRECHT } from '../server/projects/generate';
import { insertNetwork } from '../server/projects/bulk-insert';
import { row, sizes, writeResults, type BenchRow } from './lib';

const rows: BenchRow[] = [];
const env = { ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '' };
const config = { ...configFromEnv(env), port: 0, host: '127.0.0.1', demoSeed: true, demoProject: false };
const server = await startServer(config, config.databaseUrl ? { schema: `bench_${Date.now().toString(36)}` } : { memory: true });
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

for (const n of sizes([10_000, 100_000])) {
  const p = (await server.db.query<{ id: number }>(`INSERT INTO project (organisation_id, name, project_type_id) VALUES ($1, $2, 10) RETURNING id`, [org, `Bench ${n}`])).rows[0].id;
  const t0 = performance.now();
  await insertNetwork(server.db, p, generateFtthNetwork({ maxEdges: n }));
  rows.push(row('seed (bulk insert)', n, 'time', 'ms', performance.now() - t0));
  const all = `${url}/api/project/${p}/network_object/all?includeWithoutObjectInstances=true`;
  let etag = '';
  for (const kind of ['cold', 'warm', 'warm, gzip', 'unchanged (If-None-Match → 304)']) {
    const headers: Record<string, string> = { ...auth, 'accept-encoding': kind === 'warm, gzip' ? 'gzip' : 'identity' };
    if (kind.startsWith('unchanged')) headers['if-none-match'] = etag;
    const t = performance.now();
    const res = await fetch(all, { headers });
    const buf = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t;
    if (res.status !== (kind.startsWith('unchanged') ? 304 : 200)) throw new Error(`load ${res.status} ${buf.toString().slice(0, 200)}`);
    etag = res.headers.get('etag') ?? etag;
    rows.push(row(`GET network_object/all (${kind})`, n, 'time', 'ms', ms));
    if (kind === 'cold') rows.push(row('GET network_object/all', n, 'bytes', 'MB', buf.length / 2 ** 20));
    if (kind === 'warm, gzip') rows.push(row('GET network_object/all (gzip)', n, 'bytes', 'MB', Number(res.headers.get('content-length') ?? 0) / 2 ** 20));
  }
  // bbox query: a 500×500 map-unit window in the middle of the network.
  const [ox, oy] = UTRECHT;
  const side = Math.sqrt(n / 14) * 130;
  const b = [ox + side / 2 - 250, oy + side / 2 - 250, ox + side / 2 + 250, oy + side / 2 + 250].join(',');
  const bb = await cannon({ url: `${all}&bbox=${b}`, headers: auth, connections: 4, duration: 5 });
  rows.push(row('bbox query 500×500', n, 'p50', 'ms', bb.latency.p50), row('bbox query 500×500', n, 'p99', 'ms', bb.latency.p99),
    row('bbox query 500×500', n, 'errors', 'count', errorsOf(bb)));
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
