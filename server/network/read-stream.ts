// Whole-project network read as a stream of pages (large projects): network objects in id order, PAGE at a time, each
// page with its instances, closure decision, path edges, values and relations fetched by index and written as JSON
// before the next page is read — memory is bounded by a page, not by the project. Same answer (as a set) as
// readNetworkBody for whole-project reads: objects with (matching) instances plus the closure they need (end nodes of
// their edges; edges of their paths and those edges' end nodes), each relation once. Run inside one snapshot.
import type { Queryable } from '../db/db';
import type { NetworkFilter } from './read';
import { OBJ_COLS, Out, writeObjects, type AvRow, type InstRow, type ObjRow, type PeRow, type RelRow } from './read-json';

/** Network objects per page. */
const PAGE = Number(process.env.NETWORK_STREAM_PAGE ?? 20_000);

/** SQL pieces of a filter: scenario condition on an alias, and "object x is kept by its own instances". */
function filterSql(f: NetworkFilter, params: unknown[]) {
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  let sc: string | undefined, ty: string | undefined; // parameters are added on first use (an unused one has no type)
  const scen = (a: string) => (f.scenarioId !== undefined ? `(${a}.scenario_id IS NULL OR ${a}.scenario_id = ${(sc ??= add(f.scenarioId))})` : `${a}.scenario_id IS NULL`);
  const matchInst = (x: string) => `EXISTS (SELECT 1 FROM object_instance mi WHERE mi.project_id = $1 AND mi.network_object_id = ${x}${f.objectTypeIds?.length ? ` AND mi.object_type_id = ANY(${(ty ??= add(f.objectTypeIds))}::int[])` : ''})`;
  const anyInst = (x: string) => `EXISTS (SELECT 1 FROM object_instance ai WHERE ai.project_id = $1 AND ai.network_object_id = ${x})`;
  // kept by itself: a matching instance, or (includeWithoutObjectInstances) no instance at all.
  const keptSelf = (x: string) => (f.includeWithoutObjectInstances ? `(${matchInst(x)} OR NOT ${anyInst(x)})` : matchInst(x));
  const keptPath = (x: string) => `(${keptSelf(x)} AND EXISTS (SELECT 1 FROM network_object kp WHERE kp.project_id = $1 AND kp.id = ${x} AND ${scen('kp')}))`;
  return { scen, keptSelf, keptPath, types: f.objectTypeIds?.length ? new Set(f.objectTypeIds) : undefined };
}

/**
 * Streams `prefix` + JSON array + `suffix` of the project's network (whole-project filter: objectTypeIds, scenarioId,
 * includeWithoutObjectInstances) to `write`, which may return a promise to apply back-pressure.
 */
export async function streamNetwork(q: Queryable, projectId: number, f: NetworkFilter, write: (chunk: Buffer) => unknown,
  prefix = '', suffix = '', pageSize = PAGE): Promise<void> {
  const out = new Out();
  const flush = async () => { for (const c of out.take()) await write(c); };
  out.add(prefix + '[');
  let first = true;
  let last = '';
  for (;;) {
    const params: unknown[] = [projectId];
    const sql = filterSql(f, params);
    const scen = sql.scen('o');
    params.push(last, pageSize);
    const objs = (await q.query<ObjRow>(`SELECT ${OBJ_COLS} FROM network_object o WHERE o.project_id = $1 AND ${scen}
      AND o.id > $${params.length - 1} ORDER BY o.id LIMIT $${params.length}`, params)).rows;
    if (!objs.length) break;
    last = objs[objs.length - 1].id;
    const page = new Map(objs.map((o) => [o.id, o]));
    const insts = (await q.query<InstRow>(`SELECT id, network_object_id, object_type_id FROM object_instance
      WHERE project_id = $1 AND network_object_id >= $2 AND network_object_id <= $3`, [projectId, objs[0].id, last])).rows;
    const byObj = new Map<string, InstRow[]>();
    for (const i of insts) {
      if (!page.has(i.network_object_id)) continue;
      const l = byObj.get(i.network_object_id);
      if (l) l.push(i); else byObj.set(i.network_object_id, [i]);
    }
    // Kept by their own instances (all their instances are sent); the others only when the closure needs them.
    const kept = new Set<string>();
    for (const o of objs) {
      const l = byObj.get(o.id);
      if (l ? (!sql.types || l.some((i) => sql.types!.has(i.object_type_id))) : f.includeWithoutObjectInstances) kept.add(o.id);
    }
    for (const id of byObj.keys()) if (!kept.has(id)) byObj.delete(id);
    const candidates = objs.filter((o) => !kept.has(o.id) && o.kind !== 'path').map((o) => o.id);
    if (candidates.length) {
      // Needed: an edge of a kept path; a node at an end of a kept edge or of an edge of a kept path. (A path edge's
      // start node is an end of its edge — checked on every path-edge write — so the edge ends cover it.)
      const p2: unknown[] = [projectId];
      const s2 = filterSql(f, p2);
      p2.push(candidates);
      const inKeptPath = (e: string) => `EXISTS (SELECT 1 FROM path_edge pe WHERE pe.project_id = $1 AND pe.edge_id = ${e} AND ${s2.keptPath('pe.path_id')})`;
      const endOf = (col: string) => `EXISTS (SELECT 1 FROM network_object e WHERE e.project_id = $1 AND e.${col} = c.id AND e.kind = 'edge'
        AND ${s2.scen('e')} AND (${s2.keptSelf('e.id')} OR ${inKeptPath('e.id')}))`;
      const need = await q.query<{ id: string }>(`SELECT c.id FROM unnest($${p2.length}::text[]) AS c(id)
        WHERE ${inKeptPath('c.id')} OR ${endOf('from_node_id')} OR ${endOf('to_node_id')}`, p2);
      for (const r of need.rows) kept.add(r.id);
    }
    const sent = [...byObj.values()].flat().map((i) => i.id);
    const paths = objs.filter((o) => o.kind === 'path' && kept.has(o.id)).map((o) => o.id);
    const pes = paths.length ? (await q.query<PeRow>(`SELECT id, path_id, edge_id, start_node_id, seq FROM path_edge
      WHERE project_id = $1 AND path_id = ANY($2::text[]) ORDER BY path_id, seq, id`, [projectId, paths])).rows : [];
    let avs: AvRow[] = [], rels: RelRow[] = [];
    if (sent.length) {
      avs = (await q.query<AvRow>(`SELECT object_instance_id, attribute_type_name, value FROM attribute_value
        WHERE project_id = $1 AND object_instance_id = ANY($2::text[])`, [projectId, sent])).rows;
      // Relations from the page's instances, and those to them whose source is not sent anywhere in the answer.
      const p3: unknown[] = [projectId, sent];
      const s3 = filterSql(f, p3);
      rels = (await q.query<RelRow>(`SELECT from_id, to_id, relation_type_name FROM relation WHERE project_id = $1 AND from_id = ANY($2::text[])
        UNION ALL SELECT r.from_id, r.to_id, r.relation_type_name FROM relation r WHERE r.project_id = $1 AND r.to_id = ANY($2::text[])
          AND NOT EXISTS (SELECT 1 FROM object_instance si JOIN network_object so ON so.project_id = si.project_id AND so.id = si.network_object_id
            WHERE si.project_id = $1 AND si.id = r.from_id AND ${s3.scen('so')} AND ${s3.keptSelf('so.id')})`, p3)).rows;
    }
    first = writeObjects(out, projectId, {
      objects: objs.filter((o) => kept.has(o.id)), byObj, pes, avs, rels, sent: new Set(sent), keepPath: (id) => kept.has(id),
    }, first);
    await flush();
    if (objs.length < pageSize) break;
  }
  out.add(']' + suffix);
  await flush();
}
