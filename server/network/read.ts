// Reading network objects in the wire shape (engine/types.ts) with their object instances, attribute values,
// relations and (for paths) ordered path edges. Rows are fetched as plain columns (five flat queries in one
// snapshot) and the JSON is assembled here in one pass — no per-row JSON building in SQL. The answer is compact:
// null/false/empty fields are left out and each relation is sent once (see server/README.md, "Reads").
import type { Queryable } from '../db/db';
import { OBJ_COLS, Out, writeObjects, type AvRow, type InstRow, type ObjRow, type PeRow, type RelRow } from './read-json';
import { anyOf } from './scan-read';

export interface NetworkFilter {
  objectTypeIds?: number[];
  scenarioId?: number;
  includeWithoutObjectInstances?: boolean;
  /** [minX, minY, maxX, maxY] in map units: objects whose bounding box meets it (paths: whose edges do). */
  bbox?: [number, number, number, number];
  /** Exactly these objects (no filter, no closure). */
  ids?: string[];
}

/** A read's id array for `= ANY(…)`: behind a sub-select in a window read (scan-read.ts anyOf), as it is otherwise. */
const listOf = (f: NetworkFilter, array: string) => (f.bbox ? anyOf(array) : array);

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}

async function objectRows(q: Queryable, projectId: number, f: NetworkFilter, ids?: string[]): Promise<ObjRow[]> {
  const params: unknown[] = [projectId];
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  const where = ['project_id = $1'];
  if (ids) where.push(`id = ANY(${listOf(f, `${add(ids)}::text[]`)})`);
  else {
    where.push(f.scenarioId !== undefined ? `(scenario_id IS NULL OR scenario_id = ${add(f.scenarioId)})` : 'scenario_id IS NULL');
    if (f.bbox) {
      // Two index-driven steps (a single statement was planned as a hash join over all path edges of the project):
      // the objects whose box meets the window (GiST), then the paths over the edges among them (path_edge_edge_idx).
      where.push(`bbox && ${add(`(${f.bbox[2]},${f.bbox[3]}),(${f.bbox[0]},${f.bbox[1]})`)}::box`);
      const inWindow = (await q.query<ObjRow>(`SELECT ${OBJ_COLS} FROM network_object WHERE ${where.join(' AND ')}`, params)).rows;
      const edges = inWindow.filter((o) => o.kind === 'edge').map((o) => o.id);
      if (!edges.length) return inWindow;
      const p2: unknown[] = [projectId, edges];
      const scen = f.scenarioId !== undefined ? `(scenario_id IS NULL OR scenario_id = $${p2.push(f.scenarioId)})` : 'scenario_id IS NULL';
      const paths = (await q.query<ObjRow>(`SELECT ${OBJ_COLS} FROM network_object WHERE project_id = $1 AND ${scen} AND id = ANY(ARRAY(
        SELECT DISTINCT pe.path_id FROM path_edge pe WHERE pe.project_id = $1 AND pe.edge_id = ANY(${anyOf('$2::text[]')})))`, p2)).rows;
      const seen = new Set(inWindow.map((o) => o.id));
      return inWindow.concat(paths.filter((o) => !seen.has(o.id)));
    }
  }
  return (await q.query<ObjRow>(`SELECT ${OBJ_COLS} FROM network_object WHERE ${where.join(' AND ')}`, params)).rows;
}

/** Rows of the objects the filter selects, with their instances, path edges, values and relations; also every object
 *  the query looked at (`objs`), which of them the filter keeps by their own instances (`matched`) and whether the
 *  closure reached objects outside that set (`outside`: another scenario) — what a snapshot (snapshot.ts) needs. */
export async function fetchRows(q: Queryable, projectId: number, f: NetworkFilter) {
  const whole = !f.ids && !f.bbox;
  // A window read is a few index-driven queries; JIT compilation (chosen for the big row estimates) only adds time, and
  // so do the (parallel) sequential scans PostgreSQL picks for an id list of a few thousand: at 10⁶ edges the
  // relations of a tile take ≈ 165 ms by sequential scan and ≈ 85 ms by the two indexes (issue 15).
  if (f.bbox) { await q.query('SET LOCAL jit = off'); await q.query('SET LOCAL enable_seqscan = off'); }
  const objs = await objectRows(q, projectId, f, f.ids);
  const instOf = async (objIds: string[] | null) => (await q.query<InstRow>(
    `SELECT id, network_object_id, object_type_id FROM object_instance WHERE project_id = $1${objIds ? ` AND network_object_id = ANY(${listOf(f, '$2::text[]')})` : ''}`,
    objIds ? [projectId, objIds] : [projectId])).rows;
  let insts = await instOf(whole ? null : objs.map((o) => o.id));
  const byObj = new Map<string, InstRow[]>();
  for (const i of insts) push(byObj, i.network_object_id, i);
  const types = f.objectTypeIds?.length ? new Set(f.objectTypeIds) : undefined;
  const matches = (o: ObjRow): boolean => {
    if (f.ids) return true;
    const l = byObj.get(o.id);
    if (!l) return !!f.includeWithoutObjectInstances;
    return types ? l.some((i) => types.has(i.object_type_id)) : true;
  };
  const kept = new Map<string, ObjRow>();
  for (const o of objs) if (matches(o)) kept.set(o.id, o);
  const matched = new Set(kept.keys());
  let outside = false;
  const pathIds = [...kept.values()].filter((o) => o.kind === 'path').map((o) => o.id);
  const pes = pathIds.length ? (await q.query<PeRow>(
    `SELECT id, path_id, edge_id, start_node_id, seq FROM path_edge WHERE project_id = $1${whole ? '' : ` AND path_id = ANY(${listOf(f, '$2::text[]')})`} ORDER BY path_id, seq, id`,
    whole ? [projectId] : [projectId, pathIds])).rows : [];
  if (!f.ids) {
    // Closure: what the kept objects need to form a whole graph — the edges and nodes of kept paths, the end nodes of
    // kept edges — even when those carry no (matching) instances or lie outside the window.
    const all = new Map(objs.map((o) => [o.id, o]));
    const need = new Set<string>();
    const want = (id: string | null) => { if (id && !kept.has(id)) need.add(id); };
    for (const p of pes) if (kept.has(p.path_id)) { want(p.edge_id); want(p.start_node_id); }
    for (const id of [...need]) { const o = all.get(id); if (o?.kind === 'edge') { want(o.from_node_id); want(o.to_node_id); } }
    for (const o of kept.values()) if (o.kind === 'edge') { want(o.from_node_id); want(o.to_node_id); }
    const missing = [...need].filter((id) => !all.has(id));
    outside = missing.length > 0;
    for (const id of need) { const o = all.get(id); if (o) kept.set(id, o); }
    // With an object-type filter the objects added for the closure come bare (their instances are not asked for).
    if (types) for (const id of need) byObj.delete(id);
    if (missing.length) {
      const more = await objectRows(q, projectId, f, missing);
      for (const o of more) kept.set(o.id, o);
      const ends = more.filter((o) => o.kind === 'edge').flatMap((o) => [o.from_node_id!, o.to_node_id!]).filter((id) => !kept.has(id));
      if (ends.length) for (const o of await objectRows(q, projectId, f, [...new Set(ends)])) kept.set(o.id, o);
      if (!whole && !types) for (const i of await instOf(more.map((o) => o.id))) { insts.push(i); push(byObj, i.network_object_id, i); }
    }
  }
  insts = insts.filter((i) => kept.has(i.network_object_id) && byObj.has(i.network_object_id));
  const instIds = whole ? null : insts.map((i) => i.id);
  const avs = insts.length ? (await q.query<AvRow>(
    `SELECT object_instance_id, attribute_type_name, value FROM attribute_value WHERE project_id = $1${instIds ? ` AND object_instance_id = ANY(${listOf(f, '$2::text[]')})` : ''}`,
    instIds ? [projectId, instIds] : [projectId])).rows : [];
  const rels = insts.length ? (await q.query<RelRow>(
    `SELECT from_id, to_id, relation_type_name FROM relation WHERE project_id = $1${instIds ? ` AND (from_id = ANY(${listOf(f, '$2::text[]')}) OR to_id = ANY(${listOf(f, '$2::text[]')}))` : ''}`,
    instIds ? [projectId, instIds] : [projectId])).rows : [];
  return { kept, byObj, pes, avs, rels, insts, objs, matched, outside };
}

/** UTF-8 JSON (`prefix` + array + `suffix`) of the matching network objects. Run it in one snapshot (inSnapshot) so
 *  the queries agree. */
export async function readNetworkBody(q: Queryable, projectId: number, f: NetworkFilter, prefix = '', suffix = ''): Promise<Buffer> {
  const { kept, byObj, pes, avs, rels, insts } = await fetchRows(q, projectId, f);
  const out = new Out();
  out.add(prefix + '[');
  writeObjects(out, projectId, { objects: kept.values(), byObj, pes, avs, rels, sent: new Set(insts.map((i) => i.id)), keepPath: (id) => kept.has(id) }, true);
  out.add(']' + suffix);
  return out.done();
}

/** JSON text (array) of the matching network objects. */
export async function readNetwork(q: Queryable, projectId: number, f: NetworkFilter): Promise<string> {
  return (await readNetworkBody(q, projectId, f)).toString();
}

/** JSON text of the array of matching network objects. */
export const networkJson = readNetwork;

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
