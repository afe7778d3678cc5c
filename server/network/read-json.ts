// JSON assembly of network reads in the wire shape (engine/types.ts), shared by the in-memory read (read.ts) and the
// paged whole-project stream (read-stream.ts): row types, grouping of rows by owner, and the writer of a run of
// objects with their instances, values, relations and path edges (compact: null/false/empty fields left out).

export interface ObjRow { id: string; kind: string; scenario_id: number | null; c: string | null; from_node_id: string | null; to_node_id: string | null; two_way: boolean | null; length: number | null }
export interface InstRow { id: string; network_object_id: string; object_type_id: number }
export interface PeRow { id: string; path_id: string; edge_id: string; start_node_id: string; seq: number }
export interface AvRow { object_instance_id: string; attribute_type_name: string; value: string | null }
export interface RelRow { from_id: string; to_id: string; relation_type_name: string }

export const OBJ_COLS = `id, kind, scenario_id, (geometry->'coordinates')::text AS c, from_node_id, to_node_id, two_way, length`;
/** JSON string literal: plain strings (ids, names, most values) are quoted directly; strings with quotes, backslashes,
 *  control characters or surrogates (JSON.stringify escapes lone ones) go through JSON.stringify. */
const UNSAFE = /["\\\u0000-\u001f\ud800-\udfff]/;
const s = (x: unknown): string => (typeof x === 'string' && !UNSAFE.test(x) ? `"${x}"` : JSON.stringify(x));

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
export class Out {
  chunks: Buffer[] = [];
  cur = '';
  add(t: string): void {
    this.cur += t;
    if (this.cur.length > 1 << 20) { this.chunks.push(Buffer.from(this.cur)); this.cur = ''; }
  }
  done(): Buffer { this.chunks.push(Buffer.from(this.cur)); return Buffer.concat(this.chunks); }
  /** Takes the text collected so far as buffers (for streaming). */
  take(): Buffer[] {
    if (this.cur) { this.chunks.push(Buffer.from(this.cur)); this.cur = ''; }
    const c = this.chunks;
    this.chunks = [];
    return c;
  }
}

/** What one run of objects needs: its objects in output order, the instances sent per object, path edges (of kept
 *  paths), attribute values and relations (of sent instances), and the set of sent instance ids. Each relation is
 *  written once: with its source instance when that is sent, else with its target. */
export interface RowSet {
  objects: Iterable<ObjRow>; byObj: Map<string, InstRow[]>; pes: PeRow[]; avs: AvRow[]; rels: RelRow[];
  sent: Set<string>; keepPath: (id: string) => boolean;
  /** When given, each object's JSON goes here (no separating comma) instead of to `out` (snapshot fragments). */
  onObject?: (id: string, json: string) => void;
}

/** Appends the objects of `r` to `out` (comma-separated; `first` says whether one was written before). Returns the
 *  new `first`. */
export function writeObjects(out: Out, projectId: number, r: RowSet, first: boolean): boolean {
  const { byObj, pes, avs, rels, sent: instSet } = r;
  const vals = groupBy(avs, (v) => v.object_instance_id, (id) => instSet.has(id));
  // Each relation once: with its source instance when that is sent, else with its target.
  const src = groupBy(rels, (r) => r.from_id, (id) => instSet.has(id));
  const tgt = groupBy(rels, (r) => (instSet.has(r.from_id) ? '' : r.to_id), (id) => id !== '' && instSet.has(id));
  const steps = groupBy(pes, (p) => p.path_id, r.keepPath);
  const each = (g: { order: Int32Array; range: Map<string, number> }, id: string, fn: (i: number) => string): string | undefined => {
    const x = g.range.get(id);
    if (x === undefined) return undefined;
    const a = Math.floor(x / 2 ** 21), n = x % 2 ** 21;
    let t = '';
    for (let k = 0; k < n; k++) t += (k ? ',' : '') + fn(g.order[a + k]);
    return t;
  };
  const value = (i: number) => { const v = avs[i]; return `{"objectInstanceId":${s(v.object_instance_id)},"attributeTypeName":${s(v.attribute_type_name)},"value":${v.value === null ? 'null' : s(v.value)}}`; };
  const rel = (i: number) => { const x = rels[i]; return `{"fromId":${s(x.from_id)},"toId":${s(x.to_id)},"objectRelationTypeName":${s(x.relation_type_name)}}`; };
  const step = (i: number) => { const p = pes[i]; return `{"id":${s(p.id)},"pathId":${s(p.path_id)},"edgeId":${s(p.edge_id)},"startNodeId":${s(p.start_node_id)},"position":${Number(p.seq)}}`; };
  for (const o of r.objects) {
    let j = `${first || r.onObject ? '' : ','}{"id":${s(o.id)},"projectId":${projectId}`;
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
    if (r.onObject) r.onObject(o.id, j + '}'); else out.add(j + '}');
  }
  return first;
}
