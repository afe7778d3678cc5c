// Spatial cell keys (migration 064, issue 15): every instance, value and relation carries the cell of the network
// object it belongs to, so a tile's rows come from index range scans. The cells are set on insert (the bulk writer
// gives them itself), follow an object that moves to another cell and a row that moves to another parent, and the
// migration's backfill gives stored rows theirs (a path has no box: no cell).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { listMigrations, splitSql } from '../../server/db/migrate';

let s: TestServer;
let pid: number;
beforeAll(async () => {
  s = await startTestServer();
  pid = (await seedProject(s.db, { edges: 200, name: 'Cells', organisation: 'demo', tile: 5 })).projectId;
}, 120_000);
afterAll(async () => { await s?.close(); });

const mismatches = async () => Number((await s.db.query<{ n: string }>('SELECT network_cell_mismatches($1) AS n', [pid])).rows[0].n);
const cellOf = async (sql: string, params: unknown[]) => (await s.db.query<{ c: string | null }>(sql, params)).rows.map((r) => r.c);

describe('spatial cells of instances, values and relations', () => {
  it('the bulk writer gives every row its cell; a path has none', async () => {
    expect(await mismatches()).toBe(0);
    const none = await s.db.query<{ kind: string; n: number }>(`SELECT o.kind, count(*)::int AS n FROM object_instance i JOIN network_object o
      ON o.project_id = i.project_id AND o.id = i.network_object_id WHERE i.project_id = $1 AND i.cell IS NULL GROUP BY 1`, [pid]);
    expect(none.rows.map((r) => r.kind)).toEqual(['path']);
    const some = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM attribute_value WHERE project_id = $1 AND cell IS NOT NULL', [pid]);
    expect(some.rows[0].n).toBeGreaterThan(100);
  });

  it('an object moved to another cell carries its instances, their values and relations; a reattached row takes its new parent\'s', async () => {
    const i = (await s.db.query<{ id: string; o: string; cell: string }>(`SELECT i.id, i.network_object_id AS o, i.cell FROM object_instance i
      WHERE i.project_id = $1 AND i.cell IS NOT NULL AND EXISTS (SELECT 1 FROM attribute_value a WHERE a.project_id = i.project_id AND a.object_instance_id = i.id)
      AND EXISTS (SELECT 1 FROM relation r WHERE r.project_id = i.project_id AND (r.from_id = i.id OR r.to_id = i.id)) ORDER BY i.id LIMIT 1`, [pid])).rows[0];
    await s.db.tx(async (q) => {
      await q.query(`UPDATE network_object SET bbox = box(point((bbox[0])[0] + 5000, (bbox[0])[1]), point((bbox[1])[0] + 5000, (bbox[1])[1]))
        WHERE project_id = $1 AND id = $2`, [pid, i.o]);
    });
    const [moved] = await cellOf('SELECT cell::text AS c FROM object_instance WHERE project_id = $1 AND id = $2', [pid, i.id]);
    expect(moved).not.toBe(i.cell);
    expect(await cellOf('SELECT DISTINCT cell::text AS c FROM attribute_value WHERE project_id = $1 AND object_instance_id = $2', [pid, i.id])).toEqual([moved]);
    const rel = await cellOf(`SELECT DISTINCT CASE WHEN from_id = $2 THEN from_cell ELSE to_cell END::text AS c FROM relation
      WHERE project_id = $1 AND (from_id = $2 OR to_id = $2)`, [pid, i.id]);
    expect(rel).toEqual([moved]);
    // the instance onto another object; a value onto another instance
    const other = (await s.db.query<{ id: string; c: string }>(`SELECT id, network_cell(bbox)::text AS c FROM network_object WHERE project_id = $1 AND kind = 'node'
      AND network_cell(bbox) IS DISTINCT FROM $2::bigint ORDER BY id LIMIT 1`, [pid, moved])).rows[0];
    await s.db.query('UPDATE object_instance SET network_object_id = $3 WHERE project_id = $1 AND id = $2', [pid, i.id, other.id]);
    expect(await cellOf('SELECT DISTINCT cell::text AS c FROM attribute_value WHERE project_id = $1 AND object_instance_id = $2', [pid, i.id])).toEqual([other.c]);
    await s.db.query(`INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value) VALUES ($1, $2, 'cell_test', 'x')`, [pid, i.id]);
    expect(await cellOf(`SELECT cell::text AS c FROM attribute_value WHERE project_id = $1 AND attribute_type_name = 'cell_test'`, [pid])).toEqual([other.c]);
    expect(await mismatches()).toBe(0);
  });

  it('the migration\'s backfill gives rows stored before it their cells', async () => {
    // as before the migration: no cells (the log and cell triggers off, as the backfill itself has them)
    await s.db.tx(async (q) => {
      await q.query('SET LOCAL session_replication_role = replica');
      await q.query('UPDATE object_instance SET cell = NULL WHERE project_id = $1', [pid]);
      await q.query('UPDATE attribute_value SET cell = NULL WHERE project_id = $1', [pid]);
      await q.query('UPDATE relation SET from_cell = NULL, to_cell = NULL WHERE project_id = $1', [pid]);
    });
    expect(await mismatches()).toBeGreaterThan(100);
    const sql = listMigrations().find((m) => m.version === '064_network_cell')!.sql;
    const backfill = splitSql(sql).filter((st) => /^(UPDATE|ALTER TABLE \w+ (DISABLE|ENABLE) TRIGGER)/.test(st));
    expect(backfill.filter((st) => st.startsWith('UPDATE'))).toHaveLength(3);
    await s.db.tx(async (q) => { for (const st of backfill) await q.query(st); });
    expect(await mismatches()).toBe(0);
  });
});
