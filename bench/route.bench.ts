// Route determination bench (issue 14): street graphs of 10⁵ and 10⁶ edges from engine/generate.ts ('light'): graph
// build time (wire network → CSR, and the CSR step alone), memory, then query p50/p99 per strategy for random vertex
// pairs over the whole grid, with plain A* and with ALT landmarks (BENCH_ROUTE_LANDMARKS, default 8), beside
// pgRouting's pgr_dijkstra on the same graph and the same costs (length × unit cost) in PostgreSQL, whose answers are
// checked against ours. PostgreSQL: BENCH_DATABASE_URL (pgrouting installed there), else a private cluster started here
// (initdb/pg_ctl as .ci/run does) when the pgrouting extension is installed locally; BENCH_PGROUTING_INSTALL=1 installs
// Debian postgresql-15-pgrouting with apt first (root); BENCH_PGROUTING=0 skips the baseline. Run: npm run bench:route
// (honours BENCH_MAX_SIZE; BENCH_ROUTE_QUERIES).
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { generateNetwork } from '../engine/generate';
import { seededRandom } from '../engine/generate-catalogue';
import { groundLength } from '../engine/mercator';
import { graphFromNetwork, RouteGraph, Router, ROUTE_STRATEGIES, type RouteGraphData } from '../engine/route/index';
import { now, row, sizes, stats, timeOnce, writeResults, type BenchRow } from './lib';

const rows: BenchRow[] = [];
const notes: string[] = [];
const QUERIES = Number(process.env.BENCH_ROUTE_QUERIES ?? 0);
const LANDMARKS = Number(process.env.BENCH_ROUTE_LANDMARKS ?? 8);

function pgBin(): string | null {
  const dirs = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  for (const v of dirs.reverse()) if (existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) return `/usr/lib/postgresql/${v}/bin`;
  return null;
}
const hasPgrouting = () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/share/postgresql/${v}/extension/pgrouting.control`));

/** A database with pgrouting, or null (with the reason in the notes). */
async function database(): Promise<{ url: string; stop: () => void } | null> {
  if (process.env.BENCH_PGROUTING === '0') { notes.push('pgRouting baseline skipped (BENCH_PGROUTING=0).'); return null; }
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  if (!hasPgrouting() && process.env.BENCH_PGROUTING_INSTALL === '1') {
    execSync('apt-get install -y -qq postgresql-15-pgrouting || (apt-get update -qq && apt-get install -y -qq postgresql-15-pgrouting)', { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  const bin = pgBin();
  if (!bin || !hasPgrouting()) { notes.push('pgRouting baseline not run: no BENCH_DATABASE_URL and no local postgresql-15-pgrouting (BENCH_PGROUTING_INSTALL=1 installs it).'); return null; }
  const dir = mkdtempSync(join(tmpdir(), 'route-bench-pg-'));
  const port = Number(process.env.BENCH_PG_PORT ?? 55439);
  const root = process.getuid?.() === 0;
  const as = (cmd: string) => execSync(root ? `su postgres -s /bin/bash -c "${cmd}"` : cmd, { stdio: 'pipe' });
  if (root) execSync(`chown postgres ${dir}`);
  as(`${bin}/initdb -D ${dir}/data -A trust -U postgres`);
  as(`${bin}/pg_ctl -D ${dir}/data -o '-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c shared_buffers=512MB -c work_mem=256MB' -l ${dir}/log -w start`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: () => {
    try { as(`${bin}/pg_ctl -D ${dir}/data -m fast stop`); } catch { /* already down */ }
    rmSync(dir, { recursive: true, force: true });
  } };
}

async function loadEdges(c: pg.Client, g: RouteGraph, costs: Float64Array): Promise<void> {
  await c.query('CREATE EXTENSION IF NOT EXISTS pgrouting CASCADE');
  await c.query('DROP TABLE IF EXISTS route_bench_edges');
  await c.query('CREATE UNLOGGED TABLE route_bench_edges (id bigint, source int, target int, cost float8, reverse_cost float8)');
  const B = 50_000;
  for (let s = 0; s < g.edgeCount; s += B) {
    const e = Math.min(g.edgeCount, s + B);
    const ids = Array.from({ length: e - s }, (_, i) => s + i);
    await c.query('INSERT INTO route_bench_edges SELECT id, source, target, cost, cost FROM unnest($1::bigint[], $2::int[], $3::int[], $4::float8[]) AS t(id, source, target, cost)',
      [ids, ids.map((i) => g.from[i] + 1), ids.map((i) => g.to[i] + 1), ids.map((i) => costs[i])]);
  }
  await c.query('ANALYZE route_bench_edges');
}

async function main() {
  const db = await database();
  const client = db ? new pg.Client({ connectionString: db.url }) : null;
  await client?.connect();
  try {
    for (const size of sizes([100_000, 1_000_000])) {
      const net = generateNetwork(size, { detail: 'light' });
      let g!: RouteGraph;
      rows.push(row('graph build (wire network → CSR)', size, 'time', 'ms', timeOnce(() => { g = graphFromNetwork(net, { lengthOf: groundLength }); })));
      const bytes = [g.xy, g.from, g.to, g.lengths, g.unitCosts, g.flags, g.offsets, g.targets, g.adjEdges, g.geomStart, g.geomXY].reduce((a, x) => a + (x?.byteLength ?? 0), 0);
      rows.push(row('graph typed arrays (without id lists)', size, 'memory', 'MB', bytes / 2 ** 20));
      const d: RouteGraphData = g.data();
      rows.push(row('CSR build alone (edge list → CSR)', size, 'time', 'ms', timeOnce(() => { RouteGraph.build({ ...d, geomStart: undefined, geomXY: undefined }); })));
      const rand = seededRandom(14);
      const n = QUERIES || (size >= 1_000_000 ? 60 : 200);
      const pairs: [number, number][] = [];
      while (pairs.length < n) {
        const a = Math.floor(rand() * g.vertexCount), b = Math.floor(rand() * g.vertexCount);
        if (a !== b && g.offsets[a + 1] > g.offsets[a] && g.offsets[b + 1] > g.offsets[b]) pairs.push([a, b]);
      }
      const at = (v: number): [number, number] => [g.xy[2 * v], g.xy[2 * v + 1]];
      const ours = new Map<number, number>();
      let router!: Router;
      for (const [label, landmarks] of [['A*', 0], [`A* + ALT ${LANDMARKS}`, LANDMARKS]] as const) {
        router = new Router(g, { landmarks });
        rows.push(row(`${label}: snap grid + cost weights (first query)`, size, 'time', 'ms', timeOnce(() => { router.route({ from: at(pairs[0][0]), to: at(pairs[0][1]), strategy: 'minimal_cost' }); })));
        for (const strategy of ROUTE_STRATEGIES) {
          const prep = timeOnce(() => { router.route({ from: at(pairs[0][0]), to: at(pairs[0][1]), strategy }); }); // weights (and landmarks) cached
          if (landmarks && strategy !== 'minimal_cost' && prep > 50) rows.push(row(`${label}: ${strategy} weights + landmarks (first query)`, size, 'time', 'ms', prep));
          const t: number[] = [];
          pairs.forEach(([a, b], i) => {
            const t0 = now();
            const r = router.route({ from: at(a), to: at(b), strategy });
            t.push(now() - t0);
            if (strategy === 'minimal_cost') {
              if (ours.has(i) && Math.abs(ours.get(i)! - r.cost) > 1e-6 * Math.max(1, r.cost)) throw new Error(`ALT changed the cost of pair ${i}`);
              ours.set(i, r.cost);
            }
          });
          const s = stats(t);
          rows.push(row(`${label}: ${strategy}`, size, 'p50', 'ms', s.p50), row(`${label}: ${strategy}`, size, 'p99', 'ms', s.p99));
          console.log(`${size} ${label} ${strategy}: p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms`);
        }
      }
      if (client) {
        const costs = Float64Array.from({ length: g.edgeCount }, (_, e) => g.lengths[e] * g.unitCosts[e]);
        rows.push(row('pgRouting: load edges (unnest insert)', size, 'time', 'ms', await (async () => { const t0 = now(); await loadEdges(client, g, costs); return now() - t0; })()));
        const m = Math.min(pairs.length, size >= 1_000_000 ? 10 : 40);
        const t: number[] = [];
        let mismatch = 0;
        for (let i = 0; i < m; i++) {
          // the vertices our query snapped to (several vertices may share a position)
          const a = router.snap(at(pairs[i][0])), b = router.snap(at(pairs[i][1]));
          const t0 = now();
          const r = await client.query<{ c: number }>("SELECT sum(cost)::float8 AS c FROM pgr_dijkstra('SELECT id, source, target, cost, reverse_cost FROM route_bench_edges', $1::bigint, $2::bigint, false)", [a + 1, b + 1]);
          t.push(now() - t0);
          const theirs = r.rows[0]?.c ?? 0; // null: no path (ours: found false, cost 0)
          if (!(Math.abs(theirs - ours.get(i)!) <= 1e-6 * Math.max(1, ours.get(i)!))) mismatch++;
        }
        const s = stats(t);
        for (const label of ['A*', `A* + ALT ${LANDMARKS}`]) {
          const v = (metric: string) => rows.find((r) => r.case === `${label}: minimal_cost` && r.size === size && r.metric === metric)!.value;
          rows.push(row(`${label}: minimal_cost vs pgr_dijkstra (same costs)`, size, 'p50', 'ms', v('p50'), s.p50), row(`${label}: minimal_cost vs pgr_dijkstra (same costs)`, size, 'p99', 'ms', v('p99'), s.p99));
        }
        notes.push(`${size}: pgr_dijkstra ${m} queries, ${mismatch} cost mismatches against minimal_cost.`);
        console.log(`${size} pgr_dijkstra: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, ${mismatch} mismatches`);
      }
    }
  } finally {
    await client?.end();
    db?.stop();
  }
  writeResults('route', rows, { notes });
  for (const n of notes) console.log(n);
}

void main();
