// Upload import benchmark (npm run bench:upload; issue 12): builds a GeoPackage of 100 000 features (half lines, half
// polygons, EPSG:28992, a few attributes) with GDAL's ogr2ogr in a temp folder, then imports it through real HTTP —
// POST /api/upload/file (multipart) and POST /api/project/{id}/fttx/features {type: 'upload'} — on PGlite (data
// directory in the temp folder) and on PostgreSQL (DATABASE_URL / BENCH_DATABASE_URL, else a private cluster started like .ci/run; skipped with a
// note when that is impossible). Per run: end-to-end time, the phases (upload; read, parse, check, store from the
// import's Server-Timing header), the peak RSS of this process (server and client; PostgreSQL's own processes not
// counted) and CPU time — of this process, and of the PostgreSQL server where the bench started it (/proc) — which,
// unlike wall time, holds on a machine shared with other work. Baseline: `ogr2ogr -f PostgreSQL` of the same file into the same PostgreSQL (reprojected to EPSG:3857
// like the import), its time, peak RSS and CPU (/usr/bin/time) plus the PostgreSQL server's CPU. BENCH_UPLOAD_FEATURES (default 100000) and
// BENCH_UPLOAD_RUNS (default 3; p50 reported) change the size; BENCH_UPLOAD_PG=off / BENCH_UPLOAD_PGLITE=off
// leave one database out.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { heapMB, row, stats, writeResults, type BenchRow } from './lib';

const N = Number(process.env.BENCH_UPLOAD_FEATURES ?? 100_000);
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'upload-bench-'));
const rows: BenchRow[] = [];
const notes: string[] = [];

/** Lines (4 vertices) and rectangles around Utrecht in RD New, written as CSV with WKT and turned into one GeoPackage
 *  with two feature tables by ogr2ogr. */
function makeGeoPackage(n: number): string {
  const lines = ['WKT,name,kind,diameter'], polys = ['WKT,name,owner,area_m2'];
  for (let i = 0; i < n; i++) {
    const x = 130000 + (i % 400) * 25, y = 450000 + Math.floor(i / 400) * 25;
    if (i % 2 === 0) lines.push(`"LINESTRING (${x} ${y},${x + 10} ${y + 2},${x + 15} ${y + 9},${x + 20} ${y + 12})",line ${i},${i % 3 ? 'duct' : 'trench'},${40 + (i % 5) * 10}`);
    else polys.push(`"POLYGON ((${x} ${y},${x + 12} ${y},${x + 12} ${y + 8},${x} ${y + 8},${x} ${y}))",parcel ${i},owner ${i % 97},96`);
  }
  writeFileSync(join(dir, 'lines.csv'), lines.join('\n') + '\n');
  writeFileSync(join(dir, 'polygons.csv'), polys.join('\n') + '\n');
  const gpkg = join(dir, `bench-${n}.gpkg`);
  const oo = ['-oo', 'GEOM_POSSIBLE_NAMES=WKT', '-oo', 'KEEP_GEOM_COLUMNS=NO', '-oo', 'AUTODETECT_TYPE=YES', '-a_srs', 'EPSG:28992'];
  execFileSync('ogr2ogr', ['-f', 'GPKG', '-nln', 'lines', gpkg, join(dir, 'lines.csv'), ...oo]);
  execFileSync('ogr2ogr', ['-f', 'GPKG', '-update', '-nln', 'polygons', gpkg, join(dir, 'polygons.csv'), ...oo]);
  return gpkg;
}

/** Peak RSS (MB) of this process while fn runs (sampled every 20 ms). */
async function peakRss<T>(fn: () => Promise<T>): Promise<[T, number]> {
  let peak = process.memoryUsage().rss;
  const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  try { return [await fn(), Math.max(peak, process.memoryUsage().rss) / 2 ** 20]; } finally { clearInterval(t); }
}

interface Run { total: number; upload: number; phases: Record<string, number>; rss: number; cpu: number; dbCpu: number; count: number }

/** Imports the file `runs` times (a new project each time) through one server; returns the runs. */
async function importRuns(label: string, databaseUrl: string | undefined, file: string, dbCpu: () => number = () => NaN): Promise<Run[]> {
  // PGlite as deployed: a data directory on disk (in memory, Emscripten's MEMFS copies growing files again and again).
  const dataDir = join(dir, `pglite-${label}`);
  const config = { ...configFromEnv({ ...process.env, DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir }), port: 0, host: '127.0.0.1', demoSeed: true, demoProject: false };
  const server = await startServer(config, databaseUrl ? { schema: `bench_upload_${Date.now().toString(36)}` } : {});
  const url = server.url;
  try {
    const sha = createHash('sha512').update(config.demoPassword).digest('hex');
    const login = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'engineer@demo.example', password: sha, language: 'en' }) });
    const token = ((await login.json()) as { sessionId: string }).sessionId;
    const auth = { authorization: `Bearer ${token}` };
    const bytes = readFileSync(file);
    const out: Run[] = [];
    for (let r = 0; r < RUNS; r++) {
      const project = await (await fetch(`${url}/api/project`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Upload bench ${r} ${Date.now()}`, projectTypeId: 10 }) })).json() as { id: number };
      heapMB(); // a full GC first, so every run starts from the same heap
      const t0 = performance.now(), c0 = process.cpuUsage(), d0 = dbCpu();
      let upload = 0;
      const [res, rss] = await peakRss(async () => {
        const form = new FormData();
        form.append('file', new Blob([bytes]), 'bench.gpkg');
        const up = await fetch(`${url}/api/upload/file`, { method: 'POST', headers: auth, body: form });
        const { uuid } = (await up.json()) as { uuid: string };
        if (up.status !== 201) throw new Error(`upload ${up.status}`);
        upload = performance.now() - t0;
        const imp = await fetch(`${url}/api/project/${project.id}/fttx/features`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'upload', fileId: uuid }) });
        const body = await imp.json() as { count?: number; message?: string };
        if (imp.status !== 201) throw new Error(`import ${imp.status} ${body.message}`);
        return { body, timing: imp.headers.get('server-timing') ?? '' };
      });
      const total = performance.now() - t0, c = process.cpuUsage(c0), cpu = (c.user + c.system) / 1000, db = dbCpu() - d0;
      const phases = Object.fromEntries([...res.timing.matchAll(/(\w+);dur=([\d.]+)/g)].map((m) => [m[1], Number(m[2])]));
      out.push({ total, upload, phases, rss, cpu, dbCpu: db, count: res.body.count ?? 0 });
      console.log(`${label} run ${r + 1}: ${Math.round(total)} ms (upload ${Math.round(upload)} ms, ${res.timing}), CPU ${Math.round(cpu)} ms node + ${Math.round(db)} ms database server, peak RSS ${Math.round(rss)} MB, ${res.body.count} features`);
    }
    return out;
  } finally { await server.close(); }
}

interface Baseline { ms: number; rss: number; cpu: number }

function report(label: string, runs: Run[], baseline?: Baseline): void {
  const p50 = (f: (r: Run) => number) => stats(runs.map(f)).p50;
  const c = `${label} (p50 of ${runs.length})`;
  rows.push(row(c, N, 'end to end', 'ms', p50((r) => r.total), baseline?.ms ?? null));
  rows.push(row(c, N, 'upload (POST /api/upload/file)', 'ms', p50((r) => r.upload)));
  for (const ph of ['read', 'parse', 'check', 'store']) rows.push(row(c, N, `import: ${ph}`, 'ms', p50((r) => r.phases[ph] ?? NaN)));
  const db = p50((r) => r.dbCpu);
  rows.push(row(c, N, Number.isNaN(db) ? 'CPU (node process)' : 'CPU (node process + PostgreSQL server)', 'ms', p50((r) => r.cpu + (Number.isNaN(r.dbCpu) ? 0 : r.dbCpu)), baseline?.cpu ?? null));
  rows.push(row(c, N, 'peak RSS (node process)', 'MB', p50((r) => r.rss), baseline?.rss ?? null));
}

/** DATABASE_URL, else a private PostgreSQL cluster on loopback (as .ci/run starts one); null when neither works. */
interface Pg { url: string; host: string; port: number; stop: () => void; cpu: () => number }

/** CPU milliseconds used so far by a PostgreSQL cluster: the postmaster with its reaped children, plus live backends. */
function clusterCpu(dataDir: string): number {
  const tick = 1000 / 100; // USER_HZ
  const stat = (pid: string) => { try { return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); } catch { return null; } };
  const master = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  const m = stat(master);
  if (!m) return NaN;
  let ticks = Number(m[11]) + Number(m[12]) + Number(m[13]) + Number(m[14]);
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const s = stat(pid);
    if (s && s[1] === master) ticks += Number(s[11]) + Number(s[12]);
  }
  return ticks * tick;
}

function postgres(): Pg | null {
  if (process.env.BENCH_UPLOAD_PG === 'off') { notes.push('PostgreSQL skipped (BENCH_UPLOAD_PG=off).'); return null; }
  const given = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) { const u = new URL(given); return { url: given, host: u.hostname, port: Number(u.port || 5432), stop: () => {}, cpu: () => NaN }; }
  const bin = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().map((v) => `/usr/lib/postgresql/${v}/bin`).pop() : undefined;
  if (!bin || !existsSync(`${bin}/initdb`)) { notes.push('PostgreSQL skipped: no DATABASE_URL and no PostgreSQL installed (apt-get install postgresql postgresql-15-postgis-3).'); return null; }
  const pgDir = mkdtempSync(join(tmpdir(), 'upload-bench-pg-'));
  const port = 55400 + Math.floor(Math.random() * 80);
  const root = process.getuid?.() === 0;
  const asPg = (cmd: string) => (root ? spawnSync('su', ['postgres', '-s', '/bin/bash', '-c', cmd], { encoding: 'utf8' }) : spawnSync('bash', ['-c', cmd], { encoding: 'utf8' }));
  if (root) { try { chownSync(pgDir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1); } catch { /* no postgres user */ } }
  const steps = [
    `${bin}/initdb -D ${pgDir}/data -A trust -U postgres`,
    `${bin}/pg_ctl -D ${pgDir}/data -o '-c listen_addresses=127.0.0.1 -p ${port} -k ${pgDir}' -l ${pgDir}/log -w start`,
    `${bin}/createdb -h 127.0.0.1 -p ${port} -U postgres netplan_bench`,
  ];
  for (const s of steps) {
    const r = asPg(s);
    if (r.status !== 0) { notes.push(`PostgreSQL skipped: '${s.split(' ')[0]}' failed: ${(r.stderr || r.stdout).trim().slice(0, 200)}`); return null; }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/netplan_bench`, host: '127.0.0.1', port, cpu: () => clusterCpu(join(pgDir, 'data')),
    stop: () => { asPg(`${bin}/pg_ctl -D ${pgDir}/data -m fast stop`); rmSync(pgDir, { recursive: true, force: true }); },
  };
}

/** ogr2ogr of the same file into a PostGIS database of the same server: time and peak RSS (KB from /usr/bin/time). */
function ogrBaseline(pg: Pg, file: string): Baseline | null {
  const db = 'ogr_bench';
  const psql = (sql: string, d = new URL(pg.url).pathname.slice(1)) => spawnSync('psql', ['-h', pg.host, '-p', String(pg.port), '-U', 'postgres', '-d', d, '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
  psql(`DROP DATABASE IF EXISTS ${db}`);
  let r = psql(`CREATE DATABASE ${db}`);
  if (r.status === 0) r = psql('CREATE EXTENSION IF NOT EXISTS postgis', db);
  if (r.status !== 0) { notes.push(`ogr2ogr baseline skipped: ${r.stderr.trim().slice(0, 200)} (PostGIS needed: postgresql-15-postgis-3)`); return null; }
  const runs: Baseline[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now(), d0 = pg.cpu();
    const o = spawnSync('/usr/bin/time', ['-f', '%M %U %S', 'ogr2ogr', '-f', 'PostgreSQL', `PG:host=${pg.host} port=${pg.port} user=postgres dbname=${db}`, file, '-t_srs', 'EPSG:3857', '-overwrite'], { encoding: 'utf8' });
    const ms = performance.now() - t0, serverCpu = pg.cpu() - d0;
    if (o.status !== 0) { notes.push(`ogr2ogr baseline failed: ${o.stderr.trim().slice(0, 300)}`); return null; }
    const [kb, user, sys] = o.stderr.trim().split('\n').pop()!.split(' ').map(Number);
    const cpu = (user + sys) * 1000 + (Number.isNaN(serverCpu) ? 0 : serverCpu);
    console.log(`ogr2ogr run ${i + 1}: ${Math.round(ms)} ms, CPU ${Math.round(cpu)} ms (with the database server), peak RSS ${Math.round(kb / 1024)} MB`);
    runs.push({ ms, rss: kb / 1024, cpu });
  }
  const count = psql('SELECT (SELECT count(*) FROM lines) + (SELECT count(*) FROM polygons)', db).stdout.match(/\d+/)?.[0];
  notes.push(`ogr2ogr stored ${count} features (-t_srs EPSG:3857, COPY, spatial index).`);
  const p50 = (f: (x: Baseline) => number) => stats(runs.map(f)).p50;
  const b = { ms: p50((x) => x.ms), rss: p50((x) => x.rss), cpu: p50((x) => x.cpu) };
  const c = `ogr2ogr -f PostgreSQL (p50 of ${runs.length})`;
  rows.push(row(c, N, 'end to end', 'ms', b.ms), row(c, N, 'CPU (ogr2ogr + PostgreSQL server)', 'ms', b.cpu), row(c, N, 'peak RSS (ogr2ogr process)', 'MB', b.rss));
  return b;
}

const file = makeGeoPackage(N);
const sizeMB = statSync(file).size / 2 ** 20;
notes.push(`GeoPackage of ${N} features (${N / 2} lines, ${N / 2} polygons, EPSG:28992): ${sizeMB.toFixed(1)} MB.`);
console.log(notes[notes.length - 1]);
try {
  const pglite = process.env.BENCH_UPLOAD_PGLITE === 'off' ? null : await importRuns('PGlite', undefined, file);
  const pg = postgres();
  if (pg) {
    try {
      const baseline = ogrBaseline(pg, file);
      if (pglite) report('import on PGlite (data dir on disk)', pglite, baseline ?? undefined);
      report('import on PostgreSQL', await importRuns('PostgreSQL', pg.url, file, pg.cpu), baseline ?? undefined);
      if (baseline) rows.push(...rows.splice(rows.findIndex((r) => r.case.startsWith('ogr2ogr')), 3));
    } finally { pg.stop(); }
  } else if (pglite) report('import on PGlite (data dir on disk)', pglite);
} finally { rmSync(dir, { recursive: true, force: true }); }
notes.push(`Load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores (wall times grow with the load; CPU times much less).`);
for (const n of notes) console.log(`note: ${n}`);
writeResults('upload', rows, { notes });
