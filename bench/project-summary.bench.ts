// Project list summaries (issue 16: dashboard rows with size, extent thumbnail and last save; management list): the
// cost of projectSummaries for one page of projects against the plain list query (the baseline: GET /api/project/all
// before summaries), by network size of the page's projects, on PGlite in memory. Nodes are inserted directly as rows
// (kind 'node', a point box) — the summary reads only project_id, scenario_id and bbox.
import { openDb } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { listProjects } from '../server/projects/store';
import { forgetNetworkParts, projectSummaries } from '../server/projects/summary';
import { row, stats, writeResults, memMB, type BenchRow } from './lib';

const SIZES = [1_000, 10_000, 100_000].filter((n) => n <= Number(process.env.BENCH_MAX_SIZE ?? Infinity));
const PROJECTS = 5; // projects on the page, each with the size's object count
const RUNS = 15;

async function timeAsync(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function main() {
  const rows: BenchRow[] = [];
  for (const size of SIZES) {
    const db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    const ids: number[] = [];
    for (let p = 0; p < PROJECTS; p++) {
      const id = (await db.query<{ id: number }>(`INSERT INTO project (organisation_id, name, project_type_id, created_by) VALUES (1, $1, 10, NULL) RETURNING id`, [`P${p}`])).rows[0].id;
      ids.push(id);
      for (let off = 0; off < size; off += 20_000) {
        const n = Math.min(20_000, size - off);
        const xs = Array.from({ length: n }, (_, i) => 570_000 + ((off + i) % 1000) * 2);
        const ys = Array.from({ length: n }, (_, i) => 6_817_000 + Math.floor((off + i) / 1000) * 2);
        await db.query(
          `INSERT INTO network_object (project_id, id, kind, bbox)
           SELECT $1, 'n' || t.i, 'node', box(point(t.x, t.y), point(t.x, t.y)) FROM unnest($2::int[], $3::float8[], $4::float8[]) AS t(i, x, y)`,
          [id, Array.from({ length: n }, (_, i) => off + i), xs, ys]);
      }
      await db.query(`INSERT INTO event_log (project_id, user_id, type) VALUES ($1, NULL, 'PROJECT_SAVED')`, [id]);
    }
    const base = stats(await timeAsync(RUNS, () => listProjects(db, 1, 0, 50, {})));
    const before = memMB();
    const cold = stats(await timeAsync(Math.min(RUNS, size >= 100_000 ? 5 : RUNS), () => { forgetNetworkParts(db); return projectSummaries(db, ids); }));
    const warm = stats(await timeAsync(RUNS, () => projectSummaries(db, ids)));
    // One project's network changed (its version bumped): only that one is scanned again.
    const one = stats(await timeAsync(Math.min(RUNS, size >= 100_000 ? 5 : RUNS), async () => {
      await db.query('UPDATE project SET network_version = network_version + 1 WHERE id = $1', [ids[0]]);
      return projectSummaries(db, ids);
    }));
    const mem = memMB() - before;
    const c = `summaries of a page of ${PROJECTS} projects`;
    rows.push(row(`${c}, cold`, size, 'p50', 'ms', cold.p50, base.p50));
    rows.push(row(`${c}, cold`, size, 'p99', 'ms', cold.p99, base.p99));
    rows.push(row(`${c}, kept (no network change)`, size, 'p50', 'ms', warm.p50, base.p50));
    rows.push(row(`${c}, kept (no network change)`, size, 'p99', 'ms', warm.p99, base.p99));
    rows.push(row(`${c}, one project changed`, size, 'p50', 'ms', one.p50, base.p50));
    rows.push(row(c, size, 'heap delta', 'MB', mem));
    await db.close();
  }
  writeResults('project-summary', rows, { note: 'baseline = the plain project list query of the same page (no summaries); size = network objects per project' });
}

void main();
