// Reading network objects in the wire shape (engine/types.ts) with their object instances, attribute values,
// relations and (for paths) ordered path edges. Rows are fetched as plain columns (five flat queries in one
// snapshot) and the JSON is assembled here in one pass — no per-row JSON building in SQL. The answer is compact:
// null/false/empty fields are left out and each relation is sent once (see server/README.md, "Reads").
import type { Queryable } from '../db/db';

export interface NetworkFilter {
  objectTypeIds?: number[];
  scenarioId?: number;
  includeWithoutObjectInstances?: boolean;
  /** [minX, minY, maxX, maxY] in map units: objects whose bounding box meets it (paths: whose edges do). */
  bbox?: [number, number, number, number];
  /** Exactly these objects (no filter, no closure). */
  ids?: string[];
}

interface ObjRow { id: string; kind: string; scenario_id: number | null; c: string | null; from_node_id: string | null; to_node_id: string | null; two_way: boolean | null; length: number | null }
interface InstRow { id: string; network_object_id: string; object_type_id: number }
interface PeRow { id: string; path_id: string; edge_id: string; start_node_id: string; seq: number }
interface AvRow { object_instance_id: string; attribute_type_name: string; value: string | null }
interface RelRow { from_id: string; to_id: string; relation_type_name: string }

const OBJ_COLS = `id, kind, scenario_id, (geometry->'coordinates')::text AS c, from_node_id, to_node_id, two_way, length`;
const s = JSON.stringify;

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}

async function objectRows(q: Queryable, projectId: number, f: NetworkFilter, ids?: string[]): Promise<ObjRow[]> {
  const params: unknown[] = [projectId];
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  const where = ['project_id = $1'];
  if (ids) where.push(`id = ANY(${add(ids)}::text[])`);
  else {
    where.push(f.scenarioId !== undefined ? `(scenario_id IS NULL OR scenario_id = ${add(f.scenarioId)})` : 'scenario_id IS NULL');
    if (f.bbox) {
      const b = add(`(${f.bbox[2]},${f.bbox[3]}),(${f.bbox[0]},${f.bbox[1]})`);
      // Index-friendly: objects whose box meets the window (GiST), plus paths over edges that do.
      where.push(`id IN (SELECT b.id FROM network_object b WHERE b.project_id = $1 AND b.bbox && ${b}::box
        UNION SELECT pe.path_id FROM path_edge pe JOIN network_object e ON e.project_id = pe.project_id AND e.id = pe.edge_id
        WHERE pe.project_id = $1 AND e.bbox && ${b}::box)`);
    }
  }
  return (await q.query<ObjRow>(`SELECT ${OBJ_COLS} FROM network_object WHERE ${where.join(' AND ')}`, params)).rows;
}

/** Rows of the objects the filter selects, with their instances, path edges, values and relations. */
async function fetchRows(q: Queryable, projectId: number, f: NetworkFilter) {
  const whole = !f.ids && !f.bbox;
  const objs = await objectRows(q, projectId, f, f.ids);
  const instOf = async (objIds: string[] | null) => (await q.query<InstRow>(
    `SELECT id, network_object_id, object_type_id FROM object_instance WHERE project_id = $1${objIds ? ' AND network_object_id = ANY($2::text[])' : ''}`,
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
  const pathIds = [...kept.values()].filter((o) => o.kind === 'path').map((o) => o.id);
  const pes = pathIds.length ? (await q.query<PeRow>(
    `SELECT id, path_id, edge_id, start_node_id, seq FROM path_edge WHERE project_id = $1${whole ? '' : ' AND path_id = ANY($2::text[])'} ORDER BY path_id, seq, id`,
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
    `SELECT object_instance_id, attribute_type_name, value FROM attribute_value WHERE project_id = $1${instIds ? ' AND object_instance_id = ANY($2::text[])' : ''}`,
    instIds ? [projectId, instIds] : [projectId])).rows : [];
  const rels = insts.length ? (await q.query<RelRow>(
    `SELECT from_id, to_id, relation_type_name FROM relation WHERE project_id = $1${instIds ? ' AND (from_id = ANY($2::text[]) OR to_id = ANY($2::text[]))' : ''}`,
    instIds ? [projectId, instIds] : [projectId])).rows : [];
  return { kept, byObj, pes, avs, rels, insts };
}

/** Rows grouped by an owner id without a list per owner: owner → [start, end) in `order` (a counting sort). */
function groupBy<T>(rows: T[], owner: (r: T) => string, keep: (id: string) => boolean): { order: Int32Array; range: Map<string, number> } {
  const slot = new Map<string, number>();
  const counts: number[] = [];
  const rowSlot = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const id = owner(rows[i]);
    if (!keep(id)) { rowSlot[i] = -1; continue; }
    let k = slot.get(id);
    if (k === undefined) { k = counts.length; slot.set(id, k); counts.push(0); }
    counts[k]++;
    rowSlot[i] = k;
  }
  const start = new Int32Array(counts.length + 1);
  for (let k = 0; k < counts.length; k++) start[k + 1] = start[k] + counts[k];
  const fill = start.slice(0, counts.length);
  const order = new Int32Array(start[counts.length]);
  for (let i = 0; i < rows.length; i++) if (rowSlot[i] >= 0) order[fill[rowSlot[i]]++] = i;
  // range: start × 2²¹ + count (one number per owner)
  const range = new Map<string, number>();
  for (const [id, k] of slot) range.set(id, start[k] * 2 ** 21 + (start[k + 1] - start[k]));
  return { order, range };
}

/** Collects output text in chunks of ≈1 MB (no giant string to flatten). */
class Out {
  chunks: Buffer[] = [];
  cur = '';
  add(t: string): void {
    this.cur += t;
    if (this.cur.length > 1 << 20) { this.chunks.push(Buffer.from(this.cur)); this.cur = ''; }
  }
  done(): Buffer { this.chunks.push(Buffer.from(this.cur)); return Buffer.concat(this.chunks); }
}

/** UTF-8 JSON (`prefix` + array + `suffix`) of the matching network objects. Run it in one snapshot (inSnapshot) so
 *  the queries agree. */
export async function readNetworkBody(q: Queryable, projectId: number, f: NetworkFilter, prefix = '', suffix = ''): Promise<Buffer> {
  const { kept, byObj, pes, avs, rels, insts } = await fetchRows(q, projectId, f);
  const instSet = new Set(insts.map((i) => i.id));
  const vals = groupBy(avs, (v) => v.object_instance_id, (id) => instSet.has(id));
  // Each relation once: with its source instance when that is sent, else with its target.
  const src = groupBy(rels, (r) => r.from_id, (id) => instSet.has(id));
  const tgt = groupBy(rels, (r) => (instSet.has(r.from_id) ? '' : r.to_id), (id) => id !== '' && instSet.has(id));
  const steps = groupBy(pes, (p) => p.path_id, (id) => kept.has(id));
  const each = (g: { order: Int32Array; range: Map<string, number> }, id: string, fn: (i: number) => string): string | undefined => {
    const r = g.range.get(id);
    if (r === undefined) return undefined;
    const a = Math.floor(r / 2 ** 21), n = r % 2 ** 21;
    let t = '';
    for (let k = 0; k < n; k++) t += (k ? ',' : '') + fn(g.order[a + k]);
    return t;
  };
  const value = (i: number) => { const v = avs[i]; return `{"objectInstanceId":${s(v.object_instance_id)},"attributeTypeName":${s(v.attribute_type_name)},"value":${v.value === null ? 'null' : s(v.value)}}`; };
  const rel = (i: number) => { const r = rels[i]; return `{"fromId":${s(r.from_id)},"toId":${s(r.to_id)},"objectRelationTypeName":${s(r.relation_type_name)}}`; };
  const step = (i: number) => { const p = pes[i]; return `{"id":${s(p.id)},"pathId":${s(p.path_id)},"edgeId":${s(p.edge_id)},"startNodeId":${s(p.start_node_id)},"position":${Number(p.seq)}}`; };
  const out = new Out();
  out.add(prefix + '[');
  let first = true;
  for (const o of kept.values()) {
    let j = `${first ? '' : ','}{"id":${s(o.id)},"projectId":${projectId}`;
    first = false;
    if (o.scenario_id !== null) j += `,"scenarioId":${o.scenario_id}`;
    if (o.kind === 'node') j += `,"node":{"geometry":{"type":"Point","coordinates":${o.c!.replace(/ /g, '')}}}`;
    else if (o.kind === 'edge') {
      j += `,"edge":{"geometry":{"type":"LineString","coordinates":${o.c!.replace(/ /g, '')}},"fromNodeId":${s(o.from_node_id)},"toNodeId":${s(o.to_node_id)}`;
      if (o.two_way) j += ',"twoWay":true';
      if (o.length !== null) j += `,"length":${Number(o.length)}`;
      j += '}';
    } else j += `,"pathEdges":[${each(steps, o.id, step) ?? ''}]`;
    const il = byObj.get(o.id);
    if (il?.length) {
      j += ',"objectInstances":[';
      for (let k = 0; k < il.length; k++) {
        const i = il[k];
        j += `${k ? ',' : ''}{"id":${s(i.id)},"objectTypeId":${i.object_type_id},"networkObjectId":${s(i.network_object_id)}`;
        const v = each(vals, i.id, value), rs = each(src, i.id, rel), rt = each(tgt, i.id, rel);
        if (v !== undefined) j += `,"attributeValues":[${v}]`;
        if (rs !== undefined) j += `,"relationSources":[${rs}]`;
        if (rt !== undefined) j += `,"relationTargets":[${rt}]`;
        j += '}';
      }
      j += ']';
    }
    out.add(j + '}');
  }
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
