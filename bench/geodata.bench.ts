// Reference-data benchmark (node scripts/bench.mjs geodata; issue 12): N trees_neo points (10k, 100k; BENCH_MAX_SIZE caps) on a
// 25 m grid stored as shared reference rows, then over real HTTP on loopback: GET /api/geodata GetFeature of a 1 km²
// bbox (≈ 1 600 features) and GET /api/geodata/wms/ GetMap 256×256 of the same window, p50/p99 of 30 sequential
// requests each. Baseline: the same N points stored as project features (table `feature`) read through the project
// WFS / WMS with the same window — the reference services share that code, so the ratio shows what the reference
// table and its organisation filter cost. PGlite in memory, or BENCH_DATABASE_URL (PostgreSQL).
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { insertReference } from '../server/geodata/reference-store';
import { insertFeatures } from '../server/geoserver/stored-features';
import { makeApi } from '../tests/server/support/server';
import { createHash } from 'node:crypto';
import { heapMB, row, sizes, stats, writeResults, type BenchRow } from './lib';

const RUNS = 30;
const STEP = 25;
const [OX, OY] = [560000, 6810000];
const rows: BenchRow[] = [];
const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

function grid(n: number): number[][] {
  const side = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) => [OX + (i % side) * STEP, OY + Math.floor(i / side) * STEP]);
}

async function timed(url: string, token: string): Promise<{ p50: number; p99: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const t = performance.now();
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const b = Buffer.from(await r.arrayBuffer());
    if (r.status !== 200) throw new Error(`${url} → ${r.status} ${b.toString('utf8').slice(0, 200)}`);
    if (i >= 3) times.push(performance.now() - t);
    bytes = b.length;
  }
  const s = stats(times);
  return { p50: s.p50, p99: s.p99, bytes };
}

for (const n of sizes([10_000, 100_000])) {
  const dbUrl = process.env.BENCH_DATABASE_URL || undefined;
  const config = { ...configFromEnv({ ...process.env, DATABASE_URL: dbUrl ?? '' }), port: 0, host: '127.0.0.1', demoSeed: true, demoProject: false };
  const server = await startServer(config, dbUrl ? { schema: `bench_geodata_${Date.now().toString(36)}` } : { memory: true });
  try {
    const login = await makeApi(server.url).post('/api/user/login', { email: 'engineer@demo.example', password: sha512(config.demoPassword) });
    const token = login.body.sessionId as string;
    const api = makeApi(server.url, token);
    const project = (await api.post('/api/project', { name: `Geodata bench ${n}`, projectTypeId: 10 })).body.id as number;
    const pts = grid(n);
    let t = performance.now();
    await server.db.tx((q) => insertReference(q, null, 'bench', pts.map((c, i) => ({ layer: 'trees_neo', name: `tree ${i}`, properties: { hoogte: i % 20 }, geometry: { type: 'Point', coordinates: c } }))));
    rows.push(row('insert reference rows', n, 'time', 'ms', performance.now() - t));
    t = performance.now();
    for (let k = 0; k < n; k += 5000) {
      await insertFeatures(server.db, project, pts.slice(k, k + 5000).map((c, i) => ({ table: 'fttx_feature', type: 'tree', name: `tree ${k + i}`, properties: { hoogte: i % 20 }, geometry: { type: 'Point', coordinates: c } })));
    }
    rows.push(row('insert project features (baseline)', n, 'time', 'ms', performance.now() - t));
    const win = [OX + 1000, OY + 1000, OX + 2000, OY + 2000].join(',');
    const wfsRef = await timed(`${server.url}/api/geodata?service=WFS&version=1.1.0&request=GetFeature&typename=trees_neo&outputFormat=application/json&srsName=EPSG:3857&bbox=${win},EPSG:3857`, token);
    const wfsPrj = await timed(`${server.url}/api/project/${project}/geoserver/fttx/ows?service=WFS&version=1.1.0&request=GetFeature&typename=fttx_feature&outputFormat=application/json&srsName=EPSG:3857&bbox=${win},EPSG:3857`, token);
    rows.push(row('GetFeature 1 km² bbox (reference vs project WFS)', n, 'p50', 'ms', wfsRef.p50, wfsPrj.p50));
    rows.push(row('GetFeature 1 km² bbox (reference vs project WFS)', n, 'p99', 'ms', wfsRef.p99, wfsPrj.p99));
    rows.push(row('GetFeature 1 km² bbox', n, 'answer', 'KB', wfsRef.bytes / 1024, wfsPrj.bytes / 1024));
    const map = (base: string, layer: string) => `${base}?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layer}&STYLES=&FORMAT=image/png&TRANSPARENT=TRUE&CRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX=${win}`;
    const wmsRef = await timed(map(`${server.url}/api/geodata/wms/`, 'trees_neo'), token);
    const wmsPrj = await timed(map(`${server.url}/api/project/${project}/geoserver/fttx/wms`, 'fttx_feature'), token);
    rows.push(row('GetMap 256² of 1 km² (reference vs project WMS)', n, 'p50', 'ms', wmsRef.p50, wmsPrj.p50));
    rows.push(row('GetMap 256² of 1 km² (reference vs project WMS)', n, 'p99', 'ms', wmsRef.p99, wmsPrj.p99));
    rows.push(row('server + client heap after the runs', n, 'heap', 'MB', heapMB()));
    rows.push(row('process peak', n, 'RSS', 'MB', process.resourceUsage().maxRSS / 1024));
  } finally {
    await server.close();
  }
}
writeResults('geodata', rows, { database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (memory)', runs: RUNS });
