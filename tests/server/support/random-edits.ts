// Random network edits for the read tests (snapshot patching, Arrow column store patching): SQL writes in their own
// transactions with the version bump, as the list calls make them, from a deterministic PRNG (replayable).
import type { Db, Queryable } from '../../../server/db/db';
import { bumpNetworkVersion } from '../../../server/network/cache';

/** A small deterministic PRNG (mulberry32), so a failing run can be replayed. */
export function rng(seed: number) {
  return () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t ^= t + Math.imul(t ^ (t >>> 7), 61 | t); return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32; };
}

let made = 0;
/** One random edit of project `pid` in its own transaction, as the list calls make them (writes, then the version
 *  bump): instances added, deleted and retyped, values changed, relations added and removed, paths and path edges
 *  deleted, objects added (also in scenario 7) and moved (a node's geometry alone; a node or edge with its box, to where
 *  another one lies: its spatial cell changes, migration 064), instances and relation ends moved to another object or
 *  instance, edges deleted. Returns its kind. */
export async function randomNetworkEdit(db: Db, pid: number, rand: () => number): Promise<string> {
  const pick = async <T>(q: Queryable, sql: string): Promise<T | undefined> => {
    const n = Number((await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, [pid])).rows[0].n);
    return n ? (await q.query<T>(`${sql} ORDER BY 1 LIMIT 1 OFFSET ${Math.floor(rand() * n)}`, [pid])).rows[0] : undefined;
  };
  const kinds = ['delete instance', 'add instance', 'retype instance', 'change value', 'add relation', 'delete relation',
    'delete path', 'delete path edge', 'new edge', 'move node', 'scenario edge', 'delete edge',
    'move object', 'reattach instance', 'reattach relation'];
  const kind = kinds[Math.floor(rand() * kinds.length)];
  await db.tx(async (q) => {
    await edit(q);
    await bumpNetworkVersion(q, pid);
  });
  return kind;
  async function edit(q: Queryable): Promise<void> {
    const P = (sql: string) => sql.replace(/\$P/g, '$$1');
    const types = [101, 103, 105, 112];
    const ty = types[Math.floor(rand() * types.length)];
    if (kind === 'delete instance') {
      const i = await pick<{ id: string }>(q, P('SELECT id FROM object_instance WHERE project_id = $P'));
      if (i) await q.query('DELETE FROM object_instance WHERE project_id = $1 AND id = $2', [pid, i.id]);
    } else if (kind === 'add instance') {
      const o = await pick<{ id: string }>(q, P(`SELECT id FROM network_object WHERE project_id = $P AND kind <> 'path'`));
      if (o) await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, `x-i${++made}`, ty, o.id]);
    } else if (kind === 'retype instance') {
      const i = await pick<{ id: string }>(q, P('SELECT id FROM object_instance WHERE project_id = $P'));
      if (i) await q.query('UPDATE object_instance SET object_type_id = $3 WHERE project_id = $1 AND id = $2', [pid, i.id, ty]);
    } else if (kind === 'change value') {
      const v = await pick<{ object_instance_id: string; attribute_type_name: string }>(q, P('SELECT object_instance_id, attribute_type_name FROM attribute_value WHERE project_id = $P'));
      if (v) await q.query('UPDATE attribute_value SET value = $4 WHERE project_id = $1 AND object_instance_id = $2 AND attribute_type_name = $3', [pid, v.object_instance_id, v.attribute_type_name, `v${++made}`]);
    } else if (kind === 'add relation') {
      const a = await pick<{ id: string }>(q, P('SELECT id FROM object_instance WHERE project_id = $P'));
      const b = await pick<{ id: string }>(q, P('SELECT id FROM object_instance WHERE project_id = $P'));
      if (a && b && a.id !== b.id) await q.query('INSERT INTO relation (project_id, from_id, to_id, relation_type_name) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [pid, a.id, b.id, 'duct_contains_cable']);
    } else if (kind === 'delete relation') {
      const r = await pick<{ from_id: string; to_id: string }>(q, P('SELECT from_id, to_id FROM relation WHERE project_id = $P'));
      if (r) await q.query('DELETE FROM relation WHERE project_id = $1 AND from_id = $2 AND to_id = $3', [pid, r.from_id, r.to_id]);
    } else if (kind === 'delete path') {
      const p = await pick<{ id: string }>(q, P(`SELECT id FROM network_object WHERE project_id = $P AND kind = 'path'`));
      if (p) await q.query('DELETE FROM network_object WHERE project_id = $1 AND id = $2', [pid, p.id]);
    } else if (kind === 'delete path edge') {
      const p = await pick<{ id: string }>(q, P('SELECT id FROM path_edge WHERE project_id = $P'));
      if (p) await q.query('DELETE FROM path_edge WHERE project_id = $1 AND id = $2', [pid, p.id]);
    } else if (kind === 'new edge' || kind === 'scenario edge') {
      const n = await pick<{ id: string }>(q, P(`SELECT id FROM network_object WHERE project_id = $P AND kind = 'node' AND scenario_id IS NULL`));
      if (!n) return;
      const scen = kind === 'scenario edge' ? 7 : null;
      const id = ++made;
      await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, bbox) VALUES ($1, $2, $3, 'node', '{"type":"Point","coordinates":[1,2]}', '(1,2),(1,2)')`, [pid, `x-n${id}`, scen]);
      await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
        VALUES ($1, $2, $3, 'edge', '{"type":"LineString","coordinates":[[1,2],[3,4]]}', $4, $5, false, 2.8, '(3,4),(1,2)')`, [pid, `x-e${id}`, scen, `x-n${id}`, n.id]);
      if (rand() < 0.7) await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, `x-i${id}`, ty, `x-e${id}`]);
    } else if (kind === 'move node') {
      const n = await pick<{ id: string }>(q, P(`SELECT id FROM network_object WHERE project_id = $P AND kind = 'node'`));
      if (n) await q.query(`UPDATE network_object SET geometry = $3::jsonb WHERE project_id = $1 AND id = $2`, [pid, n.id, JSON.stringify({ type: 'Point', coordinates: [rand(), rand()] })]);
    } else if (kind === 'move object') {
      // onto another object of its kind: geometry and box (so its cell) as that one's, a little off for a node
      const a = await pick<{ id: string; kind: string }>(q, P(`SELECT id, kind FROM network_object WHERE project_id = $P AND kind <> 'path'`));
      const b = a && await pick<{ g: string; bb: string; x: number; y: number }>(q, P(`SELECT geometry::text AS g, bbox::text AS bb, (center(bbox))[0] AS x,
        (center(bbox))[1] AS y FROM network_object WHERE project_id = $P AND kind = '${a.kind}'`));
      if (a && b && a.kind === 'node') {
        const [x, y] = [Number(b.x) + rand() * 40, Number(b.y) + rand() * 40];
        await q.query('UPDATE network_object SET geometry = $3::jsonb, bbox = $4::box WHERE project_id = $1 AND id = $2',
          [pid, a.id, JSON.stringify({ type: 'Point', coordinates: [x, y] }), `(${x},${y}),(${x},${y})`]);
      } else if (a && b) {
        await q.query('UPDATE network_object SET geometry = $3::jsonb, bbox = $4::box WHERE project_id = $1 AND id = $2', [pid, a.id, b.g, b.bb]);
      }
    } else if (kind === 'reattach instance') {
      const i = await pick<{ id: string }>(q, P('SELECT id FROM object_instance WHERE project_id = $P'));
      const o = await pick<{ id: string }>(q, P(`SELECT id FROM network_object WHERE project_id = $P AND kind <> 'path'`));
      if (i && o) await q.query('UPDATE object_instance SET network_object_id = $3 WHERE project_id = $1 AND id = $2', [pid, i.id, o.id]);
    } else if (kind === 'reattach relation') {
      const r = await pick<{ from_id: string; to_id: string; t: string }>(q, P('SELECT from_id, to_id, relation_type_name AS t FROM relation WHERE project_id = $P'));
      const i = await pick<{ id: string }>(q, P('SELECT id FROM object_instance WHERE project_id = $P'));
      if (r && i && i.id !== r.from_id) {
        await q.query(`UPDATE relation SET to_id = $5 WHERE project_id = $1 AND from_id = $2 AND to_id = $3 AND relation_type_name = $4
          AND NOT EXISTS (SELECT 1 FROM relation x WHERE x.project_id = $1 AND x.from_id = $2 AND x.to_id = $5 AND x.relation_type_name = $4)`, [pid, r.from_id, r.to_id, r.t, i.id]);
      }
    } else if (kind === 'delete edge') {
      // An edge no path uses (with its instances, values and relations).
      const e = await pick<{ id: string }>(q, P(`SELECT id FROM network_object o WHERE project_id = $P AND kind = 'edge'
        AND NOT EXISTS (SELECT 1 FROM path_edge pe WHERE pe.project_id = o.project_id AND pe.edge_id = o.id)`));
      if (e) await q.query('DELETE FROM network_object WHERE project_id = $1 AND id = $2', [pid, e.id]);
    }
  }
}

