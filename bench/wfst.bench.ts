// WFS-T benchmark (npm run bench:wfst; issue 12): one Transaction of 10 000 line inserts (4 vertices, EPSG:3857, type,
// name and a properties JSON text — the document GDAL writes) POSTed through real HTTP to
// /api/project/{id}/geoserver/fttx/ows, on PGlite (in memory) and on PostgreSQL (BENCH_DATABASE_URL / DATABASE_URL, else
// a private cluster started like .ci/run; skipped with a note when impossible). Per case: p50/p99 of BENCH_WFST_RUNS
// (default 5) end-to-end times and the CPU time of this process (server and client) per transaction — the ratios use
// CPU time, which unlike wall time holds on a machine shared with other work —, the CPU of parsing alone (XML check +
// parse + GML → geometries), the peak RSS of this process and its heap after the runs. Baselines: `ogr2ogr -f PostgreSQL` of the same
// features as GeoJSON into the same PostgreSQL (GDAL's own bulk import; wall and CPU via /usr/bin/time), and GDAL itself as
// the WFS-T client (`ogr2ogr -f WFS -update -append` of that GeoJSON through our endpoint).
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash, randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { transactionActions } from '../server/geoserver/wfst-parse';
import { parseXml } from '../server/geoserver/wfst-xml';
import { heapMB, now, row, stats, writeResults, type BenchRow } from './lib';

const N = Number(process.env.BENCH_WFST_FEATURES ?? 10_000);
const RUNS = Number(process.env.BENCH_WFST_RUNS ?? 5);
const loadAtStart = loadavg()[0];
const dir = mkdtempSync(join(tmpdir(), 'wfst-bench-'));
const rows: BenchRow[] = [];
const notes: string[] = [];

interface Line { uuid: string; name: string; coords: number[][] }

function lines(n: number): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < n; i++) {
    const x = 560000 + (i % 100) * 40, y = 6816000 + Math.floor(i / 100) * 40;
    out.push({ uuid: randomUUID(), name: `line ${i}`, coords: [[x, y], [x + 10, y + 5], [x + 20, y + 3], [x + 30, y + 12]] });
  }
  return out;
}

/** The Transaction as GDAL's WFS driver writes it (one wfs:Insert, GML 3 posList). */
function transactionXml(ls: Line[]): string {
  const f = ls.map((l) => `<feature:fttx_feature xmlns:feature="urn:netplan:geoserver:fttx"><feature:geometry><gml:LineString srsName="urn:ogc:def:crs:EPSG::3857"><gml:posList>${l.coords.flat().join(' ')}</gml:posList></gml:LineString></feature:geometry><feature:uuid>${l.uuid}</feature:uuid><feature:type>route</feature:type><feature:name>${l.name}</feature:name><feature:properties>{&quot;cost_type&quot;:&quot;bench&quot;,&quot;width&quot;:0.6}</feature:properties></feature:fttx_feature>`);
  return `<?xml version="1.0"?>\n<wfs:Transaction xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" service="WFS" version="1.1.0"><wfs:Insert>\n${f.join('\n')}\n</wfs:Insert></wfs:Transaction>`;
}

function geojson(ls: Line[]): string {
  return JSON.stringify({
    type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
    features: ls.map((l) => ({ type: 'Feature', properties: { type: 'route', name: l.name, properties: '{"cost_type":"bench","width":0.6}' }, geometry: { type: 'LineString', coordinates: l.coords } })),
  });
}

interface Pg { url: string; conn: string; stop(): void }

/** PostgreSQL to run on: the given URL, or a private cluster on loopback (initdb/pg_ctl as the postgres user). */
function postgres(): Pg | null {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) { const u = new URL(given); return { url: given, conn: `host=${u.hostname} port=${u.port || 5432} user=${u.username || 'postgres'} dbname=${u.pathname.slice(1)}`, stop: () => {} }; }
  const bins = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const bin = bins.length ? `/usr/lib/postgresql/${bins[bins.length - 1]}/bin` : '';
  if (!bin || !existsSync(`${bin}/initdb`)) { notes.push('PostgreSQL cases skipped: no DATABASE_URL and no PostgreSQL installed.'); return null; }
  const data = mkdtempSync(join(tmpdir(), 'wfst-bench-pg-'));
  const port = 55480 + Math.floor(Math.random() * 15);
  const sh = (cmd: string) => (process.getuid?.() === 0 ? spawnSync('su', ['postgres', '-s', '/bin/bash', '-c', cmd], { encoding: 'utf8' }) : spawnSync('bash', ['-c', cmd], { encoding: 'utf8' }));
  if (process.getuid?.() === 0) chownSync(data, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), -1);
  for (const cmd of [`${bin}/initdb -D ${data}/db -A trust -U postgres`, `${bin}/pg_ctl -D ${data}/db -o '-c listen_addresses=127.0.0.1 -p ${port} -k ${data}' -l ${data}/log -w start`,
    `${bin}/createdb -h 127.0.0.1 -p ${port} -U postgres wfst_bench`]) {
    const r = sh(cmd);
    if (r.status !== 0) { notes.push(`PostgreSQL cases skipped: ${cmd.split(' ')[0]} failed (${(r.stderr || r.stdout).trim().slice(0, 160)})`); return null; }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/wfst_bench`, conn: `host=127.0.0.1 port=${port} user=postgres dbname=wfst_bench`,
    stop: () => { sh(`${bin}/pg_ctl -D ${data}/db -m fast stop`); rmSync(data, { recursive: true, force: true }); },
  };
}

async function peakRss<T>(fn: () => Promise<T>): Promise<[T, number]> {
  let peak = process.memoryUsage().rss;
  const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  try { return [await fn(), Math.max(peak, process.memoryUsage().rss) / 2 ** 20]; } finally { clearInterval(t); }
}

const HAS_OGR = spawnSync('ogr2ogr', ['--version']).status === 0;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

/** Runs the transaction RUNS times against a fresh server on `databaseUrl` (PGlite when undefined). */
async function wfstCase(name: string, databaseUrl: string | undefined, file: string): Promise<number> {
  const config = { ...configFromEnv({ ...process.env, DATABASE_URL: databaseUrl ?? '' }), port: 0, host: '127.0.0.1', demoSeed: true, demoProject: false };
  const server = await startServer(config, databaseUrl ? { schema: `wfst_${Date.now().toString(36)}` } : { memory: true });
  try {
    const sha = createHash('sha512').update(config.demoPassword).digest('hex');
    const token = (await (await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'engineer@demo.example', password: sha }) })).json()).sessionId as string;
    const auth = { authorization: `Bearer ${token}` };
    const times: number[] = [], cpu: number[] = [];
    const [, rss] = await peakRss(async () => {
      for (let i = 0; i <= RUNS; i++) {
        const pid = (await (await fetch(`${server.url}/api/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: `wfst ${i}`, projectTypeId: 10 }) })).json()).id as number;
        const body = transactionXml(lines(N)); // fresh client uuids per run
        const t0 = now(), c0 = process.cpuUsage();
        const r = await fetch(`${server.url}/api/project/${pid}/geoserver/fttx/ows?service=WFS&version=1.1.0&request=Transaction`,
          { method: 'POST', headers: { ...auth, 'content-type': 'text/xml', 'X-WFS-Transaction': 'true' }, body });
        const text = await r.text();
        if (r.status !== 200 || !text.includes(`<wfs:totalInserted>${N}<`)) throw new Error(`transaction failed: ${r.status} ${text.slice(0, 300)}`);
        if (i > 0) { times.push(now() - t0); cpu.push(cpuMs(process.cpuUsage(c0))); } // run 0 warms up
      }
    });
    const s = stats(times);
    rows.push(row(name, N, 'p50', 'ms', s.p50), row(name, N, 'p99', 'ms', s.p99), row(name, N, 'CPU p50 (this process)', 'ms', stats(cpu).p50),
      row(name, N, 'peak RSS', 'MB', rss), row(name, N, 'heap after', 'MB', heapMB()));
    if (HAS_OGR) {
      const pid = (await (await fetch(`${server.url}/api/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'wfst gdal', projectTypeId: 10 }) })).json()).id as number;
      const t0 = now();
      // asynchronously: the server answers from this process
      const o = await promisify(execFile)('ogr2ogr', ['-f', 'WFS', '-update', '-append', `WFS:${server.url}/api/project/${pid}/geoserver/fttx/ows?VERSION=1.1.0`, file, '-nln', 'fttx:fttx_feature',
        '--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${token}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
        .then((r) => ({ status: 0, stderr: r.stderr }), (e: { code?: number; stderr?: string }) => ({ status: e.code ?? 1, stderr: String(e.stderr ?? e) }));
      const ms = now() - t0;
      const n = Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feature WHERE project_id = $1', [pid])).rows[0].n);
      if (o.status === 0 && n === N) rows.push(row(`${name}: ogr2ogr -f WFS (GDAL as WFS-T client)`, N, 'time', 'ms', ms, s.p50));
      else notes.push(`ogr2ogr -f WFS on ${name}: status ${o.status}, ${n} stored (${o.stderr.trim().slice(0, 200)})`);
    }
    return stats(cpu).p50;
  } finally {
    await server.close();
  }
}

/** ogr2ogr -f PostgreSQL of the same GeoJSON (p50 of RUNS, -overwrite). */
function ogrBaseline(pg: Pg, file: string): { wall: number; cpu: number } | null {
  const times: number[] = [], cpu: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const t0 = now();
    const o = spawnSync('/usr/bin/time', ['-f', '%U %S', 'ogr2ogr', '-f', 'PostgreSQL', `PG:${pg.conn}`, file, '-nln', 'wfst_bench_lines', '-overwrite'], { encoding: 'utf8' });
    if (o.status !== 0) { notes.push(`ogr2ogr -f PostgreSQL failed: ${o.stderr.trim().slice(0, 200)}`); return null; }
    if (i > 0) {
      times.push(now() - t0);
      const [u, sy] = o.stderr.trim().split('\n').pop()!.split(' ').map(Number);
      cpu.push((u + sy) * 1000);
    }
  }
  return { wall: stats(times).p50, cpu: stats(cpu).p50 };
}

const xml = transactionXml(lines(N));
const file = join(dir, 'same.geojson');
writeFileSync(file, geojson(lines(N)));
{
  const parse = stats(Array.from({ length: RUNS }, () => { const c0 = process.cpuUsage(); transactionActions(parseXml(xml)); return cpuMs(process.cpuUsage(c0)); }));
  rows.push(row('parse only (XML check + parse + GML → geometries)', N, 'CPU p50', 'ms', parse.p50), row('request body', N, 'size', 'MB', xml.length / 2 ** 20));
}
const pg = postgres();
try {
  const base = pg && HAS_OGR ? ogrBaseline(pg, file) : null;
  if (!HAS_OGR) notes.push('ogr2ogr baselines skipped: GDAL (gdal-bin) not installed.');
  if (base) rows.push(row('baseline: ogr2ogr -f PostgreSQL same.geojson', N, 'p50', 'ms', base.wall), row('baseline: ogr2ogr -f PostgreSQL same.geojson', N, 'CPU p50 (ogr2ogr)', 'ms', base.cpu));
  // Ratios on CPU time (wall time is dominated by the other work of this shared machine); the PostgreSQL server's
  // own CPU is in neither the PostgreSQL case nor the baseline, PGlite's is in the PGlite case.
  const lite = await wfstCase('WFS-T Transaction, PGlite', undefined, file);
  rows.push(row('WFS-T Transaction, PGlite vs ogr2ogr -f PostgreSQL', N, 'CPU p50', 'ms', lite, base?.cpu ?? null));
  if (pg) {
    const real = await wfstCase('WFS-T Transaction, PostgreSQL', pg.url, file);
    rows.push(row('WFS-T Transaction, PostgreSQL vs ogr2ogr -f PostgreSQL', N, 'CPU p50', 'ms', real, base?.cpu ?? null));
  }
} finally {
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
}
notes.push(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min): times are wall-clock on a shared machine; compare the ratios`);
for (const n of notes) console.log(`note: ${n}`);
writeResults('wfst', rows, { notes, runs: RUNS, loadAtStart });
