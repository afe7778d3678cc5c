// Reading the binary columnar form of a network read (issue 15; layout: network-arrow-schema.ts). `networkColumns`
// takes the concatenated Arrow IPC streams apart into plain typed arrays (zero-copy views of the received bytes, no
// per-row objects) that can be posted between threads; `wireFromColumns` builds the wire objects (engine/types.ts) of
// the JSON read from them — the same objects, instances, values, relations and path edges.
import { RecordBatchReader, type Data } from 'apache-arrow';
import { ARROW_TABLE_ORDER, META_OBJECTS, META_PROJECT, META_TABLE, type ArrowTableName } from './network-arrow-schema';
import type { AttributeValue, NetworkObject, ObjectInstance, PathEdge, Relation } from './types';
import type { InstanceRow, ModelInput, PathEdgeRow } from './model';

/** A utf8 column as bytes + offsets (strings made on demand). */
export interface Utf8Column { offsets: Int32Array; bytes: Uint8Array; valid: Uint8Array | null }
/** A dictionary column: codes into `dict`. */
export interface DictColumn { codes: Int32Array; dict: string[] }

/** The answer as columns (every array a view of the received bytes, or small). */
export interface NetworkColumns {
  projectId: number;
  /** ids[0 .. objects) are the answer's objects, in order. */
  objects: number;
  ids: Utf8Column;
  nodes: { id: Int32Array; scenario: Int32Array; scenarioValid: Uint8Array | null; xy: Float64Array };
  edges: {
    id: Int32Array; scenario: Int32Array; scenarioValid: Uint8Array | null; from: Int32Array; to: Int32Array;
    twoWay: Uint8Array; length: Float64Array; lengthValid: Uint8Array | null; vertexOffsets: Int32Array; xy: Float64Array;
  };
  paths: { id: Int32Array; scenario: Int32Array; scenarioValid: Uint8Array | null };
  pathEdges: { id: Int32Array; path: Int32Array; edge: Int32Array; startNode: Int32Array; position: Float64Array };
  instances: { id: Int32Array; object: Int32Array; objectTypeId: Int32Array };
  values: { instance: Int32Array; name: DictColumn; value: Utf8Column };
  relations: { from: Int32Array; to: Int32Array; type: DictColumn };
}

const bit = (bits: Uint8Array | null, i: number) => !bits || (bits[i >> 3] & (1 << (i & 7))) !== 0;
const EMPTY_I32 = new Int32Array(0), EMPTY_F64 = new Float64Array(0);

/** The values of a column, cut to its length (buffers are padded to 8 bytes; no copy). Bit-packed booleans whole. */
function values<T extends Int32Array | Float64Array | Uint8Array>(d: Data | undefined, empty: T): T {
  if (!d || d.length === 0) return empty;
  const v = d.values as T;
  return (v instanceof Uint8Array ? v : v.subarray(0, d.length)) as T;
}
const validity = (d: Data | undefined): Uint8Array | null => (d && d.nullCount > 0 ? (d.nullBitmap as Uint8Array) : null);

function utf8Of(d: Data | undefined): Utf8Column {
  if (!d || d.length === 0) return { offsets: new Int32Array(1), bytes: new Uint8Array(0), valid: null };
  return { offsets: (d.valueOffsets as Int32Array).subarray(0, d.length + 1), bytes: d.values as Uint8Array, valid: validity(d) };
}

/** Strings of a utf8 column, each one a flat string of its own (one byte a character where it fits Latin-1), decoded
 *  here from the UTF-8 bytes. Decoding the column with TextDecoder and slicing kept every tile's decoded column alive
 *  as long as one value of it was held (two bytes a character once any is outside Latin-1), and one TextDecoder call
 *  per value made each value an external string (≈ 31 000, 5.4 MB after five tiles of a 10⁶-edge project: issue 15).
 *  Long values and bytes that are not UTF-8 go through TextDecoder (its replacement characters). */
export function strings(c: Utf8Column): (string | null)[] {
  const n = c.offsets.length - 1, out = new Array<string | null>(n);
  for (let i = 0; i < n; i++) out[i] = bit(c.valid, i) ? utf8String(c.bytes, c.offsets[i], c.offsets[i + 1]) : null;
  return out;
}

/** Slots of internedStrings' table at most (16 MB while it runs). */
export const INTERN_SLOTS = 1 << 22;

/** Strings of a utf8 column where equal values share one string (attribute values repeat: 176 000 distinct of
 *  951 000 in a generated 100 000-edge street network): each value's bytes are hashed and compared with the earlier
 *  values in its slot, and only a value not seen before is decoded — fewer strings to make and to hold. */
export function internedStrings(c: Utf8Column, maxSlots = INTERN_SLOTS): (string | null)[] {
  const { offsets, bytes, valid } = c, n = offsets.length - 1, out = new Array<string | null>(n);
  // at most `maxSlots` slots; once 3/4 are taken, values not seen yet are decoded without being kept
  let cap = 16;
  while (cap < 2 * n && cap < maxSlots) cap *= 2;
  const slots = new Int32Array(cap).fill(-1), mask = cap - 1, full = (cap >> 2) * 3;
  let used = 0;
  for (let i = 0; i < n; i++) {
    if (!bit(valid, i)) { out[i] = null; continue; }
    const s = offsets[i], e = offsets[i + 1], len = e - s;
    let h = 0x811c9dc5 | 0;
    for (let k = s; k < e; k++) h = Math.imul(h ^ bytes[k], 16777619);
    for (let p = (h ^ (h >>> 15)) & mask; ; p = (p + 1) & mask) {
      const j = slots[p];
      if (j < 0) { if (used < full) { slots[p] = i; used++; } out[i] = utf8String(bytes, s, e); break; }
      const t = offsets[j];
      if (offsets[j + 1] - t !== len) continue;
      let k = 0;
      while (k < len && bytes[s + k] === bytes[t + k]) k++;
      if (k === len) { out[i] = out[j]; break; }
    }
  }
  return out;
}

const LONG = 2048;
const units = new Uint16Array(LONG);
let decoder: TextDecoder | null = null;
const fromUnits = (u: ArrayLike<number>): string => String.fromCharCode.apply(null, u as number[]);
const cont = (b: number) => (b & 0xc0) === 0x80;

const fcc = String.fromCharCode;
/** The text of 36 ASCII bytes at s (a UUID's length: most ids), one call with the codes as arguments (≈ 2.5× faster
 *  than apply over a typed array); undefined when some byte is not ASCII. */
function ascii36(x: Uint8Array, s: number): string | undefined {
  let or = 0;
  for (let i = s; i < s + 36; i++) or |= x[i];
  if (or & 0x80) return undefined;
  return fcc(x[s], x[s + 1], x[s + 2], x[s + 3], x[s + 4], x[s + 5], x[s + 6], x[s + 7], x[s + 8], x[s + 9], x[s + 10], x[s + 11],
    x[s + 12], x[s + 13], x[s + 14], x[s + 15], x[s + 16], x[s + 17], x[s + 18], x[s + 19], x[s + 20], x[s + 21], x[s + 22], x[s + 23],
    x[s + 24], x[s + 25], x[s + 26], x[s + 27], x[s + 28], x[s + 29], x[s + 30], x[s + 31], x[s + 32], x[s + 33], x[s + 34], x[s + 35]);
}

/** The text of UTF-8 bytes [s, e). */
export function utf8String(bytes: Uint8Array, s: number, e: number): string {
  const n = e - s;
  if (n === 0) return '';
  if (n === 36) { const t = ascii36(bytes, s); if (t !== undefined) return t; }
  if (n > LONG) return (decoder ??= new TextDecoder()).decode(bytes.subarray(s, e));
  let k = 0;
  for (let i = s; i < e;) {
    const x = bytes[i];
    if (x < 0x80) { units[k++] = x; i++; continue; }
    if (x >= 0xc2 && x < 0xe0 && i + 1 < e && cont(bytes[i + 1])) { units[k++] = ((x & 0x1f) << 6) | (bytes[i + 1] & 0x3f); i += 2; continue; }
    if (x >= 0xe0 && x < 0xf0 && i + 2 < e && cont(bytes[i + 1]) && cont(bytes[i + 2])) {
      const u = ((x & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
      if (u >= 0x800 && (u < 0xd800 || u > 0xdfff)) { units[k++] = u; i += 3; continue; }
    }
    if (x >= 0xf0 && x < 0xf5 && i + 3 < e && cont(bytes[i + 1]) && cont(bytes[i + 2]) && cont(bytes[i + 3])) {
      const cp = ((x & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
      if (cp >= 0x10000 && cp <= 0x10ffff) { units[k++] = 0xd800 + ((cp - 0x10000) >> 10); units[k++] = 0xdc00 + ((cp - 0x10000) & 0x3ff); i += 4; continue; }
    }
    return (decoder ??= new TextDecoder()).decode(bytes.subarray(s, e)); // not UTF-8: as TextDecoder reads it
  }
  return fromUnits(units.subarray(0, k));
}

function dictOf(d: Data | undefined): DictColumn {
  if (!d || d.length === 0) return { codes: EMPTY_I32, dict: [] };
  return { codes: (d.values as Int32Array).subarray(0, d.length), dict: d.dictionary ? (d.dictionary.toArray() as string[]) : [] };
}

/** Splits the concatenated IPC streams into typed columns. Throws on an unknown or missing table. */
export function networkColumns(bytes: Uint8Array): NetworkColumns {
  const t = new Map<ArrowTableName, Map<string, Data | undefined>>();
  let projectId = 0, objects = 0;
  for (const reader of RecordBatchReader.readAll(bytes)) {
    const name = reader.schema.metadata.get(META_TABLE) as ArrowTableName;
    if (!ARROW_TABLE_ORDER.includes(name)) throw new Error(`network arrow: unknown table ${String(name)}`);
    projectId = Number(reader.schema.metadata.get(META_PROJECT));
    objects = Number(reader.schema.metadata.get(META_OBJECTS));
    const cols = new Map<string, Data | undefined>(reader.schema.fields.map((f) => [f.name, undefined]));
    let n = 0;
    for (const batch of reader) {
      if (n++) throw new Error(`network arrow: table ${name} has more than one record batch`);
      for (const f of reader.schema.fields) cols.set(f.name, batch.getChild(f.name)?.data[0]);
    }
    t.set(name, cols);
  }
  for (const name of ARROW_TABLE_ORDER) if (!t.has(name)) throw new Error(`network arrow: table ${name} missing`);
  const c = (table: ArrowTableName, col: string) => t.get(table)!.get(col);
  const i32 = (table: ArrowTableName, col: string) => values(c(table, col), EMPTY_I32);
  const line = c('edges', 'geometry');
  const xyOf = (d: Data | undefined) => (d && d.length ? values(d.children[0], EMPTY_F64) : EMPTY_F64);
  return {
    projectId, objects, ids: utf8Of(c('ids', 'id')),
    nodes: { id: i32('nodes', 'id'), scenario: i32('nodes', 'scenario'), scenarioValid: validity(c('nodes', 'scenario')), xy: xyOf(c('nodes', 'geometry')) },
    edges: {
      id: i32('edges', 'id'), scenario: i32('edges', 'scenario'), scenarioValid: validity(c('edges', 'scenario')), from: i32('edges', 'from'), to: i32('edges', 'to'),
      twoWay: values(c('edges', 'twoWay'), new Uint8Array(0)), length: values(c('edges', 'length'), EMPTY_F64), lengthValid: validity(c('edges', 'length')),
      vertexOffsets: line && line.length ? (line.valueOffsets as Int32Array).subarray(0, line.length + 1) : new Int32Array(1),
      xy: line && line.length ? xyOf(line.children[0]) : EMPTY_F64,
    },
    paths: { id: i32('paths', 'id'), scenario: i32('paths', 'scenario'), scenarioValid: validity(c('paths', 'scenario')) },
    pathEdges: { id: i32('pathEdges', 'id'), path: i32('pathEdges', 'path'), edge: i32('pathEdges', 'edge'), startNode: i32('pathEdges', 'startNode'), position: values(c('pathEdges', 'position'), EMPTY_F64) },
    instances: { id: i32('instances', 'id'), object: i32('instances', 'object'), objectTypeId: i32('instances', 'objectTypeId') },
    values: { instance: i32('values', 'instance'), name: dictOf(c('values', 'name')), value: utf8Of(c('values', 'value')) },
    relations: { from: i32('relations', 'from'), to: i32('relations', 'to'), type: dictOf(c('relations', 'type')) },
  };
}

/** The network-object rows of the answer (no embedded lists), each handed to `put` with its id number. */
export function objectRows(c: NetworkColumns, ids: string[], put: (i: number, o: NetworkObject) => void): void {
  // Every object is made whole in one literal (as JSON.parse makes it): a property added afterwards goes to a
  // separate property store, and the edge objects are what the model keeps (≈ 18 000 of them after five 10⁶-edge tiles).
  const projectId = c.projectId;
  const n = c.nodes;
  for (let k = 0; k < n.id.length; k++) {
    const id = ids[n.id[k]], node = { geometry: { type: 'Point' as const, coordinates: [n.xy[2 * k], n.xy[2 * k + 1]] as [number, number] } };
    put(n.id[k], bit(n.scenarioValid, k) ? { id, projectId, scenarioId: n.scenario[k], node } : { id, projectId, node });
  }
  const e = c.edges;
  for (let k = 0; k < e.id.length; k++) {
    const coords = new Array<[number, number]>(e.vertexOffsets[k + 1] - e.vertexOffsets[k]);
    for (let v = e.vertexOffsets[k], j = 0; v < e.vertexOffsets[k + 1]; v++, j++) coords[j] = [e.xy[2 * v], e.xy[2 * v + 1]];
    const geometry = { type: 'LineString' as const, coordinates: coords }, fromNodeId = ids[e.from[k]], toNodeId = ids[e.to[k]];
    const twoWay = bit(e.twoWay, k), length = e.length[k];
    const edge = bit(e.lengthValid, k)
      ? (twoWay ? { geometry, fromNodeId, toNodeId, twoWay, length } : { geometry, fromNodeId, toNodeId, length })
      : (twoWay ? { geometry, fromNodeId, toNodeId, twoWay } : { geometry, fromNodeId, toNodeId });
    const id = ids[e.id[k]];
    put(e.id[k], bit(e.scenarioValid, k) ? { id, projectId, scenarioId: e.scenario[k], edge } : { id, projectId, edge });
  }
  const p = c.paths;
  for (let k = 0; k < p.id.length; k++) {
    const id = ids[p.id[k]];
    put(p.id[k], bit(p.scenarioValid, k) ? { id, projectId, scenarioId: p.scenario[k] } : { id, projectId });
  }
}

const pathEdge = (c: NetworkColumns, ids: string[], k: number): PathEdge & { position: number } => {
  const pe = c.pathEdges;
  return { id: ids[pe.id[k]], pathId: ids[pe.path[k]], edgeId: ids[pe.edge[k]], startNodeId: ids[pe.startNode[k]], position: pe.position[k] };
};
const value = (c: NetworkColumns, ids: string[], vals: (string | null)[], k: number): AttributeValue =>
  ({ objectInstanceId: ids[c.values.instance[k]], attributeTypeName: c.values.name.dict[c.values.name.codes[k]], value: vals[k] });
const relation = (c: NetworkColumns, ids: string[], k: number): Relation =>
  ({ fromId: ids[c.relations.from[k]], toId: ids[c.relations.to[k]], objectRelationTypeName: c.relations.type.dict[c.relations.type.codes[k]] });

/** The wire objects of the answer (as the JSON read sends them), in the answer's order. */
export function wireFromColumns(c: NetworkColumns): NetworkObject[] {
  const ids = strings(c.ids) as string[];
  const objs = new Array<NetworkObject>(c.objects);
  objectRows(c, ids, (i, o) => { objs[i] = o; });
  for (let k = 0; k < c.paths.id.length; k++) objs[c.paths.id[k]].pathEdges = [];
  for (let k = 0; k < c.pathEdges.id.length; k++) objs[c.pathEdges.path[k]].pathEdges!.push(pathEdge(c, ids, k));
  const inst = new Map<number, ObjectInstance>();
  const ins = c.instances;
  for (let k = 0; k < ins.id.length; k++) {
    const o = objs[ins.object[k]];
    const i: ObjectInstance = { id: ids[ins.id[k]], objectTypeId: ins.objectTypeId[k], networkObjectId: o.id };
    (o.objectInstances ??= []).push(i);
    inst.set(ins.id[k], i);
  }
  const vals = internedStrings(c.values.value);
  for (let k = 0; k < c.values.instance.length; k++) { const i = inst.get(c.values.instance[k])!; (i.attributeValues ??= []).push(value(c, ids, vals, k)); }
  // each relation once: with its source instance when that is in the answer, else with its target
  for (let k = 0; k < c.relations.from.length; k++) {
    const rel = relation(c, ids, k), src = inst.get(c.relations.from[k]);
    if (src) (src.relationSources ??= []).push(rel);
    else (inst.get(c.relations.to[k])!.relationTargets ??= []).push(rel);
  }
  return objs;
}

/** The answer's rows other than its objects — instances, path edges (with their order key), values (repeated values
 *  sharing one string) and relations — in column order; `ids`: the answer's ids as text. */
export function flatRows(c: NetworkColumns, ids: readonly string[]): { objectInstances: InstanceRow[]; pathEdges: PathEdgeRow[]; attributeValues: AttributeValue[]; relations: Relation[] } {
  const ins = c.instances, pe = c.pathEdges, av = c.values, rl = c.relations, vals = internedStrings(av.value);
  const objectInstances = new Array<InstanceRow>(ins.id.length);
  for (let k = 0; k < ins.id.length; k++) objectInstances[k] = { id: ids[ins.id[k]], objectTypeId: ins.objectTypeId[k], networkObjectId: ids[ins.object[k]] };
  const pathEdges = new Array<PathEdgeRow>(pe.id.length);
  for (let k = 0; k < pe.id.length; k++) pathEdges[k] = pathEdge(c, ids as string[], k);
  const attributeValues = new Array<AttributeValue>(av.instance.length);
  for (let k = 0; k < attributeValues.length; k++) attributeValues[k] = value(c, ids as string[], vals, k);
  const relations = new Array<Relation>(rl.from.length);
  for (let k = 0; k < relations.length; k++) relations[k] = relation(c, ids as string[], k);
  return { objectInstances, pathEdges, attributeValues, relations };
}

/** The answer as the engine's flat model input (no nested lists, nothing to strip again): network-object rows in table
 *  order and the rows of `flatRows` — what createModel takes fastest. */
export function modelInputFromColumns(c: NetworkColumns): Required<Pick<ModelInput, 'networkObjects' | 'objectInstances' | 'attributeValues' | 'relations'>> & { pathEdges: PathEdgeRow[] } {
  const ids = strings(c.ids) as string[];
  const networkObjects: NetworkObject[] = [];
  objectRows(c, ids, (_i, o) => { networkObjects.push(o); });
  return { networkObjects, ...flatRows(c, ids) };
}

/** The wire objects of an Arrow answer. */
export const networkFromArrow = (bytes: Uint8Array): NetworkObject[] => wireFromColumns(networkColumns(bytes));
