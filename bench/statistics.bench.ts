// Statistics of a project (issue 16): GET /api/statistics/project/{id}'s work — aggregate SQL over the network tables
// (server/statistics: lengths, counts, capex groups, validation, step) and the capex rules applied to the groups —
// against the baseline of loading the whole network into JS and running the engine's capex index over it (what a
// statistics computation without SQL aggregates would do), by number of trench edges, on PGlite in memory.
import { openDb } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { networkJson } from '../server/network/read';
import { projectRows } from '../server/statistics/queries';
import { statisticsOf } from '../server/statistics/routes';
import { CapexIndex, createModel, trenchCostEntries } from '../engine/index';
import { groundLength } from '../engine/mercator';
import type { NetworkObject } from '../engine/types';
import { memMB, row, sampleAsync, stats, writeResults, type BenchRow } from './lib';

const SIZES = [1_000, 10_000, 100_000].filter((n) => n <= Number(process.env.BENCH_MAX_SIZE ?? 100_000));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function main() {
  const rows: BenchRow[] = [];
  for (const size of SIZES) {
    const db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    const pid = (await db.query<{ id: number }>(`INSERT INTO project (organisation_id, name, project_type_id) VALUES (1, 'bench', 10) RETURNING id`)).rows[0].id;
    // a grid of trench edges 10 m long, every 10th directional drilling (a trench cost entry)
    const idx = Array.from({ length: size }, (_, i) => i);
    const x = (i: number) => 570_000 + (i % 1000) * 10, y = (i: number) => 6_817_000 + Math.floor(i / 1000) * 10;
    await db.query(`INSERT INTO network_object (project_id, id, kind, geometry, bbox)
      SELECT $1, 'n' || i, 'node', json_build_object('type', 'Point', 'coordinates', json_build_array(x, y))::jsonb, box(point(x, y), point(x, y))
        FROM unnest($2::int[], $3::float8[], $4::float8[]) AS t(i, x, y)`, [pid, [...idx, ...idx.map((i) => i + size)], [...idx.map(x), ...idx.map(x)], [...idx.map(y), ...idx.map((i) => y(i) + 10)]]);
    await db.query(`INSERT INTO network_object (project_id, id, kind, geometry, from_node_id, to_node_id, length, bbox)
      SELECT $1, 'e' || i, 'edge', json_build_object('type', 'LineString', 'coordinates', json_build_array(json_build_array(x, y), json_build_array(x, y + 10)))::jsonb,
             'n' || i, 'n' || (i + $5), 10, box(point(x, y), point(x, y + 10))
        FROM unnest($2::int[], $3::float8[], $4::float8[]) AS t(i, x, y)`, [pid, idx, idx.map(x), idx.map(y), size]);
    await db.query(`INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) SELECT $1, 't' || i, 106, 'e' || i FROM unnest($2::int[]) AS t(i)`, [pid, idx]);
    await db.query(`INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value)
      SELECT $1, 't' || i, 'drilling_type', 'directional_drilling' FROM unnest($2::int[]) AS t(i) WHERE i % 10 = 0`, [pid, idx]);
    const types = (await db.query<{ id: number; name: string }>(`SELECT id, name FROM object_type WHERE family IN ('general', 'fttx')`)).rows;

    const before = memMB();
    const sql = stats(await sampleAsync(RUNS, async () => statisticsOf(db, await projectRows(db, { projectId: pid }))));
    const sqlMem = memMB() - before;
    const base = stats(await sampleAsync(Math.min(RUNS, 5), async () => {
      const [p] = await projectRows(db, { projectId: pid });
      const objs = JSON.parse(await networkJson(db, pid, { includeWithoutObjectInstances: true })) as NetworkObject[];
      const model = createModel({ networkObjects: objs, objectTypes: types.map((t) => ({ ...t, attributeTypes: [] })) });
      const capex = new CapexIndex(model, { trenchCosts: trenchCostEntries(p.settings ?? {}) ?? [], lengthOf: groundLength });
      return capex.total();
    }));
    const baseMem = memMB() - before;
    const c = 'project statistics';
    rows.push(row(`${c}, SQL aggregates`, size, 'p50', 'ms', sql.p50, base.p50));
    rows.push(row(`${c}, SQL aggregates`, size, 'p99', 'ms', sql.p99, base.p99));
    rows.push(row(`${c}, SQL aggregates`, size, 'heap delta', 'MB', sqlMem, baseMem));
    await db.close();
  }
  writeResults('statistics', rows, { note: 'baseline = whole network read into JS + engine capex index (no SQL aggregates); size = trench edges' });
}

void main();
