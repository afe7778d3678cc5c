// Clash bench (issue 14): ClashIndex (engine/clash) on generated street grids at 10⁵ and 10⁶ edges against as many
// reference features (a third each: tree points, 10 m KLIC gas lines, 6 × 4 m BGT polygons of the six obstruction
// classes; seeded, uniform over the grid's extent) — full run and memory, then the per-edit recompute after draws
// with two splits, node moves, undo and redo through an Editor beside a full run (bench/incremental-index.ts). Then
// the full project run against PostGIS `ST_DWithin` on the same network (after the edits) and references, with each
// rule's buffer: counting the same (object, reference) pairs. PostGIS: BENCH_DATABASE_URL, else a private cluster
// started like .ci/run when PostGIS is installed (root: `BENCH_POSTGIS_INSTALL=1` installs Debian's
// postgresql-15-postgis-3 first); BENCH_POSTGIS=0 skips it. Run: npm run bench:clash (honours BENCH_MAX_SIZE).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  allObjects, ClashIndex, withBgtRule, type Clash, type ClashRule, type Model, type Position, type ReferenceFeature,
} from '../engine/index';
import { runIncrementalBench } from './incremental-index';
import { now, row, writeResults, type BenchRow } from './lib';

const RULES: ClashRule[] = withBgtRule([
  { name: 'gas_low_pressure', enabled: true, priority: 'medium', layer: 'gas_low_pressure', buffer: 1, resultAction: 'Unresolved' },
  { name: 'trees', enabled: true, priority: 'low', layer: 'trees', buffer: 1, resultAction: 'Warning' },
]);
const BUFFER: Record<string, number> = { gas_low_pressure: 1, trees: 1, bgt: 0 };
const CLASSES = ['water', 'closed_paving', 'open_paving', 'transition', 'vegetation', 'grass_clinkers'];

/** n reference features uniform over the box (seeded LCG). */
function references(n: number, [x1, y1, x2, y2]: number[]): ReferenceFeature[] {
  let s = 12345;
  const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const out: ReferenceFeature[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const x = x1 + rnd() * (x2 - x1), y = y1 + rnd() * (y2 - y1), id = `r${k}`;
    if (k % 3 === 0) out[k] = { id, layer: 'trees', geometry: { type: 'Point', coordinates: [x, y] } };
    else if (k % 3 === 1) out[k] = { id, layer: 'gas_low_pressure', geometry: { type: 'LineString', coordinates: [[x, y], [x + 8, y + 6]] } };
    else {
      const ring: Position[] = [[x, y], [x + 6, y], [x + 6, y + 4], [x, y + 4], [x, y]];
      out[k] = { id, layer: 'bgt', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { classification: CLASSES[k % 6] } };
    }
  }
  return out;
}

function extentOf(m: Model): number[] {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (const [, o] of allObjects(m)) {
    const p = o.node?.geometry.coordinates;
    if (!p) continue;
    if (p[0] < x1) x1 = p[0]; if (p[0] > x2) x2 = p[0]; if (p[1] < y1) y1 = p[1]; if (p[1] > y2) y2 = p[1];
  }
  return [x1, y1, x2, y2];
}

const pairKey = (c: Clash) => c.id;
let refs: ReferenceFeature[] = [];
let currentEdges = 0;
const finals: { edges: number; model: Model; refs: ReferenceFeature[]; clashes: number; fullMs: number }[] = [];

const { rows, loads } = runIncrementalBench<ClashIndex>({
  suite: 'clash',
  write: false,
  setup: (model, edges) => { currentEdges = edges; refs = references(edges, extentOf(model)); },
  build: (model) => new ClashIndex(model, refs, RULES),
  rebuild: (model, ix) => { ix.fullRun(model); },
  same: (model, ix) => {
    const t = now();
    const full = ix.fullRun(model);
    const fullMs = now() - t;
    finals.push({ edges: currentEdges, model, refs, clashes: full.length, fullMs });
    return ix.clashes().map(pairKey).sort().join('\n') === full.map(pairKey).sort().join('\n');
  },
});

// ---- PostGIS ST_DWithin baseline ----
const pgBin = () => { try { return execSync('ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1').toString().trim(); } catch { return ''; } };
const hasPostgis = () => { try { return execSync('ls /usr/share/postgresql/*/extension/postgis.control 2>/dev/null').toString().trim() !== ''; } catch { return false; } };

async function localCluster(): Promise<{ url: string; stop: () => void } | null> {
  if (!hasPostgis() && process.env.BENCH_POSTGIS_INSTALL === '1' && process.getuid?.() === 0) {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15-postgis-3', { stdio: 'inherit' });
  }
  const bin = pgBin();
  if (!bin || !hasPostgis() || !existsSync(join(bin, 'initdb'))) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const port = process.env.BENCH_PG_PORT ?? await new Promise<number>((ok) => { const srv = createServer().listen(0, '127.0.0.1', () => { const p = (srv.address() as { port: number }).port; srv.close(() => ok(p)); }); });
  const root = process.getuid?.() === 0;
  const as = (cmd: string) => (root ? execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', cmd]) : execSync(cmd));
  if (root) execFileSync('chown', ['postgres', dir]);
  as(`${bin}/initdb -D ${dir}/data -A trust -U postgres >/dev/null`);
  as(`${bin}/pg_ctl -D ${dir}/data -o '-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c shared_buffers=512MB -c work_mem=64MB' -l ${dir}/log -w start >/dev/null`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: () => { as(`${bin}/pg_ctl -D ${dir}/data -m fast stop >/dev/null`); rmSync(dir, { recursive: true, force: true }); } };
}

const wkt = (c: readonly Position[]) => c.map((p) => `${p[0]} ${p[1]}`).join(',');
function refWkt(f: ReferenceFeature): string {
  const g = f.geometry;
  if (g.type === 'Point') return `POINT(${g.coordinates[0]} ${g.coordinates[1]})`;
  if (g.type === 'LineString') return `LINESTRING(${wkt(g.coordinates)})`;
  if (g.type === 'Polygon') return `POLYGON(${g.coordinates.map((r) => `(${wkt(r)})`).join(',')})`;
  throw new Error(g.type);
}

async function insert(c: pg.Client, table: string, rowsOf: Iterable<[string, string, number, string]>): Promise<void> {
  let batch: [string, string, number, string][] = [];
  const flush = async () => {
    if (!batch.length) return;
    await c.query(`INSERT INTO ${table} (id, layer, buf, geom) SELECT i, l, b, ST_GeomFromText(g) FROM unnest($1::text[], $2::text[], $3::float8[], $4::text[]) AS t(i, l, b, g)`,
      [batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2]), batch.map((r) => r[3])]);
    batch = [];
  };
  for (const r of rowsOf) { batch.push(r); if (batch.length >= 50_000) await flush(); }
  await flush();
}

function* networkRows(m: Model): Generator<[string, string, number, string]> {
  for (const [id, o] of allObjects(m)) {
    if (o.edge) yield [id, 'edge', 0, `LINESTRING(${wkt(o.edge.geometry.coordinates)})`];
    else if (o.node) yield [id, 'node', 0, `POINT(${o.node.geometry.coordinates[0]} ${o.node.geometry.coordinates[1]})`];
  }
}

async function postgis(): Promise<void> {
  if (process.env.BENCH_POSTGIS === '0') { console.log('PostGIS baseline skipped (BENCH_POSTGIS=0)'); return; }
  const local = process.env.BENCH_DATABASE_URL ? null : await localCluster();
  const url = process.env.BENCH_DATABASE_URL ?? local?.url;
  if (!url) { console.log('PostGIS baseline skipped: no BENCH_DATABASE_URL and no local PostGIS'); return; }
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    await c.query('CREATE EXTENSION IF NOT EXISTS postgis');
    for (const f of finals) {
      const edges = f.edges;
      await c.query('DROP TABLE IF EXISTS bench_net, bench_ref');
      await c.query('CREATE UNLOGGED TABLE bench_net (id text, layer text, buf float8, geom geometry)');
      await c.query('CREATE UNLOGGED TABLE bench_ref (id text, layer text, buf float8, geom geometry)');
      const t0 = now();
      await insert(c, 'bench_net', networkRows(f.model));
      await insert(c, 'bench_ref', (function* () { for (const r of f.refs) yield [r.id, r.layer, BUFFER[r.layer], refWkt(r)] as [string, string, number, string]; })());
      await c.query('CREATE INDEX ON bench_net USING gist (geom)');
      await c.query('CREATE INDEX ON bench_ref USING gist (geom)');
      await c.query('ANALYZE bench_net'); await c.query('ANALYZE bench_ref');
      rows.push(row('PostGIS load + GiST index (not compared)', edges, 'time', 'ms', now() - t0));
      const q = `SELECT count(*)::int AS n FROM bench_net n JOIN bench_ref r ON ST_DWithin(n.geom, r.geom, r.buf)`;
      const times: number[] = [];
      let n = 0;
      for (let k = 0; k < 2; k++) { const t = now(); n = (await c.query<{ n: number }>(q)).rows[0].n; times.push(now() - t); }
      const pgMs = Math.min(...times);
      rows.push(row('full project run: engine ClashIndex.fullRun vs PostGIS ST_DWithin join', edges, 'time', 'ms', f.fullMs, pgMs));
      rows.push(row('clashes (engine; PostGIS pairs as baseline)', edges, 'count', 'pairs', f.clashes, n));
      if (n !== f.clashes) console.warn(`PostGIS found ${n} pairs, the engine ${f.clashes} clashes at ${edges} edges`);
    }
  } finally {
    await c.end();
    local?.stop();
  }
}

await postgis();
writeResults('clash', rows, { loadAverage: loads, references: 'as many as edges: 1/3 points, 1/3 lines, 1/3 BGT polygons' });
