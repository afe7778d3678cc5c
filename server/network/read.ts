// Reading network objects in the wire shape (engine/types.ts) with their object instances, attribute values,
// relations and (for paths) ordered path edges. PostgreSQL builds the JSON text itself, so a 100k-edge project is
// sent without parsing and re-serialising it in Node.
import type { Queryable } from '../db/db';

export interface NetworkFilter {
  objectTypeIds?: number[];
  scenarioId?: number;
  includeWithoutObjectInstances?: boolean;
  /** [minX, minY, maxX, maxY] in map units: objects whose bounding box meets it (paths: whose edges do). */
  bbox?: [number, number, number, number];
  ids?: string[];
  /** Keyset paging: objects with id > after (in id order), at most limit of them. */
  after?: string;
  limit?: number;
}

/** SQL text of a JSON array of the matching network objects; $1 is the project id. */
function networkJsonSql(f: NetworkFilter, params: unknown[]): string {
  const where: string[] = ['n.project_id = $1'];
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  if (f.ids) where.push(`n.id = ANY(${add(f.ids)}::text[])`);
  else if (f.scenarioId !== undefined) where.push(`(n.scenario_id IS NULL OR n.scenario_id = ${add(f.scenarioId)})`);
  else where.push('n.scenario_id IS NULL');
  if (f.bbox) {
    const b = add(`(${f.bbox[2]},${f.bbox[3]}),(${f.bbox[0]},${f.bbox[1]})`);
    // Index-friendly: objects whose box meets the window (GiST), plus paths over edges that do.
    where.push(`n.id IN (SELECT b.id FROM network_object b WHERE b.project_id = $1 AND b.bbox && ${b}::box
      UNION SELECT pe.path_id FROM path_edge pe JOIN network_object e ON e.project_id = pe.project_id AND e.id = pe.edge_id
      WHERE pe.project_id = $1 AND e.bbox && ${b}::box)`);
  }
  const types = f.objectTypeIds?.length ? add(f.objectTypeIds) : undefined;
  const hasInst = types
    ? `EXISTS (SELECT 1 FROM object_instance i WHERE i.project_id = n.project_id AND i.network_object_id = n.id AND i.object_type_id = ANY(${types}::int[]))`
    : 'EXISTS (SELECT 1 FROM object_instance i WHERE i.project_id = n.project_id AND i.network_object_id = n.id)';
  const noInst = 'NOT EXISTS (SELECT 1 FROM object_instance i WHERE i.project_id = n.project_id AND i.network_object_id = n.id)';
  if (!f.ids && (types || !f.includeWithoutObjectInstances)) where.push(f.includeWithoutObjectInstances ? `(${hasInst} OR ${noInst})` : hasInst);
  // Selective reads (ids, bbox) aggregate only the instances of the matching objects; a whole-project read
  // aggregates the project's rows by hash (no sorts, no per-object subqueries), which is what keeps it fast.
  const selective = !!(f.ids || f.bbox || types || f.limit);
  const page = f.limit ? `${f.after !== undefined ? ` AND n.id > ${add(f.after)}` : ''} ORDER BY n.id LIMIT ${add(f.limit)}` : '';
  const inst = selective
    ? 'SELECT i.* FROM object_instance i JOIN n ON i.project_id = n.project_id AND i.network_object_id = n.id'
    : 'SELECT i.* FROM object_instance i WHERE i.project_id = $1';
  const own = (t: string, col: string) => (selective ? `JOIN inst ON ${t}.project_id = inst.project_id AND ${t}.${col} = inst.id` : '');
  return `
    WITH n AS ${selective ? 'MATERIALIZED' : ''} (SELECT * FROM network_object n WHERE ${where.join(' AND ')}${page}),
    inst AS (${inst}),
    av AS (SELECT a.object_instance_id, json_agg(json_build_object('objectInstanceId', a.object_instance_id,
             'attributeTypeName', a.attribute_type_name, 'value', a.value)) AS j
           FROM attribute_value a ${own('a', 'object_instance_id')} WHERE a.project_id = $1 GROUP BY a.object_instance_id),
    rs AS (SELECT r.from_id, json_agg(json_build_object('fromId', r.from_id, 'toId', r.to_id, 'objectRelationTypeName', r.relation_type_name)) AS j
           FROM relation r ${own('r', 'from_id')} WHERE r.project_id = $1 GROUP BY r.from_id),
    rt AS (SELECT r.to_id, json_agg(json_build_object('fromId', r.from_id, 'toId', r.to_id, 'objectRelationTypeName', r.relation_type_name)) AS j
           FROM relation r ${own('r', 'to_id')} WHERE r.project_id = $1 GROUP BY r.to_id),
    oi AS (SELECT inst.network_object_id, json_agg(json_build_object('id', inst.id, 'objectTypeId', inst.object_type_id,
             'networkObjectId', inst.network_object_id, 'attributeValues', coalesce(av.j, '[]'::json),
             'relationSources', coalesce(rs.j, '[]'::json), 'relationTargets', coalesce(rt.j, '[]'::json))) AS j
           FROM inst LEFT JOIN av ON av.object_instance_id = inst.id LEFT JOIN rs ON rs.from_id = inst.id LEFT JOIN rt ON rt.to_id = inst.id
           GROUP BY inst.network_object_id),
    pe AS (SELECT p.path_id, json_agg(json_build_object('id', p.id, 'pathId', p.path_id, 'edgeId', p.edge_id, 'startNodeId', p.start_node_id)
             ORDER BY p.seq) AS j
           FROM path_edge p WHERE p.project_id = $1 ${selective ? 'AND p.path_id IN (SELECT id FROM n)' : ''} GROUP BY p.path_id)
    SELECT coalesce(json_agg(CASE n.kind
      WHEN 'node' THEN json_build_object('id', n.id, 'projectId', n.project_id, 'scenarioId', n.scenario_id,
        'node', json_build_object('geometry', n.geometry), 'objectInstances', coalesce(oi.j, '[]'::json))
      WHEN 'edge' THEN json_build_object('id', n.id, 'projectId', n.project_id, 'scenarioId', n.scenario_id,
        'edge', json_build_object('geometry', n.geometry, 'fromNodeId', n.from_node_id, 'toNodeId', n.to_node_id,
          'twoWay', n.two_way, 'length', n.length), 'objectInstances', coalesce(oi.j, '[]'::json))
      ELSE json_build_object('id', n.id, 'projectId', n.project_id, 'scenarioId', n.scenario_id,
        'pathEdges', coalesce(pe.j, '[]'::json), 'objectInstances', coalesce(oi.j, '[]'::json)) END), '[]'::json)::text AS data,
      max(n.id) AS last, count(*) AS n
    FROM n LEFT JOIN oi ON oi.network_object_id = n.id LEFT JOIN pe ON pe.path_id = n.id`;
}

/** Pages of the matching network objects in id order: each the JSON text of an array of at most `size` objects. */
export async function* networkJsonPages(q: Queryable, projectId: number, f: NetworkFilter, size = 10_000): AsyncGenerator<string> {
  let after: string | undefined;
  for (;;) {
    const params: unknown[] = [projectId];
    const sql = networkJsonSql({ ...f, after, limit: size }, params);
    const r = await q.query<{ data: string; last: string | null; n: string | number }>(sql, params);
    const row = r.rows[0];
    if (!row || !row.last) return;
    yield row.data;
    if (Number(row.n) < size) return;
    after = row.last;
  }
}

/** JSON text of the array of matching network objects. */
export async function networkJson(q: Queryable, projectId: number, f: NetworkFilter): Promise<string> {
  const params: unknown[] = [projectId];
  const sql = networkJsonSql(f, params);
  const r = await q.query<{ data: string }>(sql, params);
  return r.rows[0]?.data ?? '[]';
}

/** The node at (x, y) within the 0.01 point tolerance of spec 3 §5, or undefined. */
export async function nodeAt(q: Queryable, projectId: number, x: number, y: number, scenarioId?: number): Promise<string | undefined> {
  const t = 0.01;
  const params: unknown[] = [projectId, `(${x + t},${y + t}),(${x - t},${y - t})`, x, y];
  const scen = scenarioId === undefined ? 'scenario_id IS NULL' : `(scenario_id IS NULL OR scenario_id = $5)`;
  if (scenarioId !== undefined) params.push(scenarioId);
  const r = await q.query<{ id: string }>(
    `SELECT id FROM network_object WHERE project_id = $1 AND kind = 'node' AND bbox && $2::box AND ${scen}
      ORDER BY center(bbox) <-> point($3, $4), id LIMIT 1`, params);
  return r.rows[0]?.id;
}
