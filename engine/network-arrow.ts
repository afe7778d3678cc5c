// Reading the binary columnar form of a network read (issue 15; layout: network-arrow-schema.ts). `networkColumns`
// takes the concatenated Arrow IPC streams apart into plain typed arrays (zero-copy views of the received bytes, no
// per-row objects) that can be posted between threads; `wireFromColumns` builds the wire objects (engine/types.ts) of
// the JSON read from them — the same objects, instances, values, relations and path edges.
import { RecordBatchReader, type Data } from 'apache-arrow';
import { ARROW_TABLE_ORDER, META_OBJECTS, META_PROJECT, META_TABLE, type ArrowTableName } from './network-arrow-schema';
import type { AttributeValue, NetworkObject, ObjectInstance, PathEdge, Relation } from './types';
import type { InstanceRow, ModelInput, PathEdgeRow } from './model';
import { bit, idStrings, internedStrings, strings, type UuidColumn, type Utf8Column } from './utf8-column';
import { rowAt } from './lazy-rows';

/** Id i's text from the model's ids (made now where the ids are made when first read: lazy-column-rows.ts). */
export const idAt = rowAt as (ids: readonly string[], i: number) => string;

export { INTERN_SLOTS, idStrings, internedStrings, strings, utf8String, uuidString, type UuidColumn, type Utf8Column } from './utf8-column';

/** A dictionary column: codes into `dict`. */
export interface DictColumn { codes: Int32Array; dict: string[] }

/** The answer as columns (every array a view of the received bytes, or small). */
export interface NetworkColumns {
  projectId: number;
  /** ids[0 .. objects) are the answer's objects, in order. */
  objects: number;
  /** The ids as text (null where `uuids` holds the id), and as 16 bytes where they are UUIDs (null: none are). */
  ids: Utf8Column;
  uuids: UuidColumn | null;
  nodes: { id: Int32Array; scenario: Int32Array; scenarioValid: Uint8Array | null; xy: Float64Array };
  edges: {
    id: Int32Array; scenario: Int32Array; scenarioValid: Uint8Array | null; from: Int32Array; to: Int32Array;
    twoWay: Uint8Array; length: Float64Array; lengthValid: Uint8Array | null; vertexOffsets: Int32Array; xy: Float64Array;
  };
  paths: { id: Int32Array; scenario: Int32Array; scenarioValid: Uint8Array | null };
  pathEdges: { id: Int32Array; path: Int32Array; edge: Int32Array; startNode: Int32Array; position: Float64Array };
  instances: { id: Int32Array; object: Int32Array; objectTypeId: Int32Array };
  /** `value`: each row's text; where `codes` is set (network/3), the dictionary's words, row k's value being
   *  `value[codes.codes[k]]` (null where its bit in `codes.valid` is clear). */
  values: { instance: Int32Array; name: DictColumn; value: Utf8Column; codes: { codes: Int32Array; valid: Uint8Array | null } | null };
  relations: { from: Int32Array; to: Int32Array; type: DictColumn };
}

const EMPTY_I32 = new Int32Array(0), EMPTY_F64 = new Float64Array(0);

/** The values of a column, cut to its length (buffers are padded to 8 bytes; no copy). Bit-packed booleans whole. */
function values<T extends Int32Array | Float64Array | Uint8Array>(d: Data | undefined, empty: T): T {
  if (!d || d.length === 0) return empty;
  const v = d.values as T;
  return (v instanceof Uint8Array ? v : v.subarray(0, d.length)) as T;
}
const validity = (d: Data | undefined): Uint8Array | null => (d && d.nullCount > 0 ? (d.nullBitmap as Uint8Array) : null);

function uuidOf(d: Data | undefined): UuidColumn | null {
  return d && d.length ? { bytes: (d.values as Uint8Array).subarray(0, 16 * d.length), valid: validity(d) } : null;
}

function utf8Of(d: Data | undefined): Utf8Column {
  if (!d || d.length === 0) return { offsets: new Int32Array(1), bytes: new Uint8Array(0), valid: null };
  return { offsets: (d.valueOffsets as Int32Array).subarray(0, d.length + 1), bytes: d.values as Uint8Array, valid: validity(d) };
}

/** A text column as plain utf8 (rows' text, codes null) or as a dictionary (its words, the rows' codes). */
function textOf(d: Data | undefined): { value: Utf8Column; codes: { codes: Int32Array; valid: Uint8Array | null } | null } {
  if (!d || !d.dictionary) return { value: utf8Of(d), codes: null };
  const words = d.dictionary.data;
  if (words.length !== 1) throw new Error('network arrow: a value dictionary in more than one batch');
  return { value: utf8Of(words[0] as Data), codes: { codes: (d.values as Int32Array).subarray(0, d.length), valid: validity(d) } };
}

function dictOf(d: Data | undefined): DictColumn {
  if (!d || d.length === 0) return { codes: EMPTY_I32, dict: [] };
  return { codes: (d.values as Int32Array).subarray(0, d.length), dict: d.dictionary ? (d.dictionary.toArray() as string[]) : [] };
}

/** The tables of an answer read so far: each table's columns by name (one record batch each). */
export type ArrowTables = Map<ArrowTableName, Map<string, Data | undefined>>;
/** What the schema of a table's stream says: its table, the project and the number of objects of the answer. */
interface TableHead { name: ArrowTableName; projectId: number; objects: number }

/** The head of a table's stream (throws on an unknown table). */
export function tableHead(schema: { metadata: Map<string, string> }): TableHead {
  const name = schema.metadata.get(META_TABLE) as ArrowTableName;
  if (!ARROW_TABLE_ORDER.includes(name)) throw new Error(`network arrow: unknown table ${String(name)}`);
  return { name, projectId: Number(schema.metadata.get(META_PROJECT)), objects: Number(schema.metadata.get(META_OBJECTS)) };
}

/** Takes a table's record batch into `cols` (throws on a second batch). */
export function takeBatch(name: ArrowTableName, cols: Map<string, Data | undefined>, fields: readonly { name: string }[], batch: { getChild(n: string): { data: readonly Data[] } | null }, n: number): void {
  if (n) throw new Error(`network arrow: table ${name} has more than one record batch`);
  for (const f of fields) cols.set(f.name, batch.getChild(f.name)?.data[0]);
}

/** Splits the concatenated IPC streams into typed columns. Throws on an unknown or missing table. */
export function networkColumns(bytes: Uint8Array): NetworkColumns {
  const t: ArrowTables = new Map();
  let projectId = 0, objects = 0;
  for (const reader of RecordBatchReader.readAll(bytes)) {
    const head = tableHead(reader.schema);
    ({ projectId, objects } = head);
    const cols = new Map<string, Data | undefined>(reader.schema.fields.map((f) => [f.name, undefined]));
    let n = 0;
    for (const batch of reader) takeBatch(head.name, cols, reader.schema.fields, batch, n++);
    t.set(head.name, cols);
  }
  return columnsOfTables(t, projectId, objects);
}

/** The columns of the tables read (`partial`: tables not read yet are empty; else a missing table throws). */
export function columnsOfTables(t: ArrowTables, projectId: number, objects: number, partial = false): NetworkColumns {
  if (!partial) for (const name of ARROW_TABLE_ORDER) if (!t.has(name)) throw new Error(`network arrow: table ${name} missing`);
  const c = (table: ArrowTableName, col: string) => t.get(table)?.get(col);
  const i32 = (table: ArrowTableName, col: string) => values(c(table, col), EMPTY_I32);
  const line = c('edges', 'geometry');
  const xyOf = (d: Data | undefined) => (d && d.length ? values(d.children[0], EMPTY_F64) : EMPTY_F64);
  return {
    projectId, objects, ids: utf8Of(c('ids', 'id')), uuids: uuidOf(c('ids', 'uuid')),
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
    values: { instance: i32('values', 'instance'), name: dictOf(c('values', 'name')), ...textOf(c('values', 'value')) },
    relations: { from: i32('relations', 'from'), to: i32('relations', 'to'), type: dictOf(c('relations', 'type')) },
  };
}

/** The network-object rows of the answer (no embedded lists), each handed to `put` with its id number. */
export function objectRows(c: NetworkColumns, ids: string[], put: (i: number, o: NetworkObject) => void): void {
  for (const kind of OBJECT_TABLES) objectRowsOf(kind, c, ids, put);
}

/** The tables of network objects. */
export const OBJECT_TABLES = ['nodes', 'edges', 'paths'] as const;

/** The network-object rows of one of the object tables. */
export function objectRowsOf(kind: (typeof OBJECT_TABLES)[number], c: NetworkColumns, ids: string[], put: (i: number, o: NetworkObject) => void): void {
  // Every object is made whole in one literal (as JSON.parse makes it): a property added afterwards goes to a
  // separate property store, and the edge objects are what the model keeps (≈ 18 000 of them after five 10⁶-edge tiles).
  const projectId = c.projectId;
  if (kind === 'nodes') nodeRows(c, ids, put, projectId);
  else if (kind === 'edges') edgeRows(c, ids, put, projectId);
  else pathRows(c, ids, put, projectId);
}

function nodeRows(c: NetworkColumns, ids: string[], put: (i: number, o: NetworkObject) => void, projectId: number): void {
  const n = c.nodes;
  for (let k = 0; k < n.id.length; k++) {
    const id = idAt(ids, n.id[k]), node = { geometry: { type: 'Point' as const, coordinates: [n.xy[2 * k], n.xy[2 * k + 1]] as [number, number] } };
    put(n.id[k], bit(n.scenarioValid, k) ? { id, projectId, scenarioId: n.scenario[k], node } : { id, projectId, node });
  }
}

function edgeRows(c: NetworkColumns, ids: string[], put: (i: number, o: NetworkObject) => void, projectId: number): void {
  const e = c.edges;
  for (let k = 0; k < e.id.length; k++) {
    const coords = new Array<[number, number]>(e.vertexOffsets[k + 1] - e.vertexOffsets[k]);
    for (let v = e.vertexOffsets[k], j = 0; v < e.vertexOffsets[k + 1]; v++, j++) coords[j] = [e.xy[2 * v], e.xy[2 * v + 1]];
    const geometry = { type: 'LineString' as const, coordinates: coords }, fromNodeId = idAt(ids, e.from[k]), toNodeId = idAt(ids, e.to[k]);
    const twoWay = bit(e.twoWay, k), length = e.length[k];
    const edge = bit(e.lengthValid, k)
      ? (twoWay ? { geometry, fromNodeId, toNodeId, twoWay, length } : { geometry, fromNodeId, toNodeId, length })
      : (twoWay ? { geometry, fromNodeId, toNodeId, twoWay } : { geometry, fromNodeId, toNodeId });
    const id = idAt(ids, e.id[k]);
    put(e.id[k], bit(e.scenarioValid, k) ? { id, projectId, scenarioId: e.scenario[k], edge } : { id, projectId, edge });
  }
}

function pathRows(c: NetworkColumns, ids: string[], put: (i: number, o: NetworkObject) => void, projectId: number): void {
  const p = c.paths;
  for (let k = 0; k < p.id.length; k++) {
    const id = idAt(ids, p.id[k]);
    put(p.id[k], bit(p.scenarioValid, k) ? { id, projectId, scenarioId: p.scenario[k] } : { id, projectId });
  }
}

/** Instance row k, reading the instances' columns only. */
export const instanceRow = (ins: NetworkColumns['instances'], ids: readonly string[], k: number): InstanceRow =>
  ({ id: idAt(ids, ins.id[k]), objectTypeId: ins.objectTypeId[k], networkObjectId: idAt(ids, ins.object[k]) });
/** Path edge row k (with its order key), reading the path edges' columns only. */
export const pathEdgeRow = (pe: NetworkColumns['pathEdges'], ids: readonly string[], k: number): PathEdge & { position: number } => {
  return { id: idAt(ids, pe.id[k]), pathId: idAt(ids, pe.path[k]), edgeId: idAt(ids, pe.edge[k]), startNodeId: idAt(ids, pe.startNode[k]), position: pe.position[k] };
};
/** Value row k (its text decoded by the caller) and relation row k, each reading its own table's columns only. */
export const valueRow = (v: NetworkColumns['values'], ids: readonly string[], k: number, text: string | null): AttributeValue =>
  ({ objectInstanceId: idAt(ids, v.instance[k]), attributeTypeName: v.name.dict[v.name.codes[k]], value: text });
export const relationRow = (r: NetworkColumns['relations'], ids: readonly string[], k: number): Relation =>
  ({ fromId: idAt(ids, r.from[k]), toId: idAt(ids, r.to[k]), objectRelationTypeName: r.type.dict[r.type.codes[k]] });

/** The wire objects of the answer (as the JSON read sends them), in the answer's order. */
export function wireFromColumns(c: NetworkColumns): NetworkObject[] {
  const ids = idStrings(c.ids, c.uuids);
  const objs = new Array<NetworkObject>(c.objects);
  objectRows(c, ids, (i, o) => { objs[i] = o; });
  for (let k = 0; k < c.paths.id.length; k++) objs[c.paths.id[k]].pathEdges = [];
  for (let k = 0; k < c.pathEdges.id.length; k++) objs[c.pathEdges.path[k]].pathEdges!.push(pathEdgeRow(c.pathEdges, ids, k));
  const inst = new Map<number, ObjectInstance>();
  const ins = c.instances;
  for (let k = 0; k < ins.id.length; k++) {
    const o = objs[ins.object[k]];
    const i: ObjectInstance = { id: ids[ins.id[k]], objectTypeId: ins.objectTypeId[k], networkObjectId: o.id };
    (o.objectInstances ??= []).push(i);
    inst.set(ins.id[k], i);
  }
  const vals = valueStrings(c.values);
  for (let k = 0; k < c.values.instance.length; k++) { const i = inst.get(c.values.instance[k])!; (i.attributeValues ??= []).push(valueRow(c.values, ids, k, vals[k])); }
  // each relation once: with its source instance when that is in the answer, else with its target
  for (let k = 0; k < c.relations.from.length; k++) {
    const rel = relationRow(c.relations, ids, k), src = inst.get(c.relations.from[k]);
    if (src) (src.relationSources ??= []).push(rel);
    else (inst.get(c.relations.to[k])!.relationTargets ??= []).push(rel);
  }
  return objs;
}

/** The answer's rows other than its objects — instances, path edges (with their order key), values (repeated values
 *  sharing one string) and relations — in column order; `ids`: the answer's ids as text. */
export function flatRows(c: NetworkColumns, ids: readonly string[]): { objectInstances: InstanceRow[]; pathEdges: PathEdgeRow[]; attributeValues: AttributeValue[]; relations: Relation[] } {
  return { objectInstances: instanceRows(c, ids), pathEdges: pathEdgeRows(c, ids), attributeValues: valueRows(c, ids), relations: relationRows(c, ids) };
}

/** Instance rows in column order. */
export function instanceRows(c: NetworkColumns, ids: readonly string[]): InstanceRow[] {
  const ins = c.instances, out = new Array<InstanceRow>(ins.id.length);
  for (let k = 0; k < ins.id.length; k++) out[k] = instanceRow(ins, ids, k);
  return out;
}

/** Path edge rows (with their order key) in column order. */
export function pathEdgeRows(c: NetworkColumns, ids: readonly string[]): PathEdgeRow[] {
  const out = new Array<PathEdgeRow>(c.pathEdges.id.length);
  for (let k = 0; k < out.length; k++) out[k] = pathEdgeRow(c.pathEdges, ids, k);
  return out;
}

/** Attribute value rows in column order (repeated values sharing one string). */
export function valueRows(c: NetworkColumns, ids: readonly string[]): AttributeValue[] {
  const vals = valueStrings(c.values), out = new Array<AttributeValue>(c.values.instance.length);
  for (let k = 0; k < out.length; k++) out[k] = valueRow(c.values, ids, k, vals[k]);
  return out;
}


/** The rows' attribute values as strings, equal values sharing one: a dictionary's words decoded once each, or a
 *  plain column's text interned (before network/3). */
export function valueStrings(v: NetworkColumns['values']): (string | null)[] {
  if (!v.codes) return internedStrings(v.value);
  const words = strings(v.value), { codes, valid } = v.codes, out = new Array<string | null>(codes.length);
  for (let k = 0; k < codes.length; k++) out[k] = bit(valid, k) ? words[codes[k]] ?? null : null;
  return out;
}

/** Relation rows in column order. */
export function relationRows(c: NetworkColumns, ids: readonly string[]): Relation[] {
  const out = new Array<Relation>(c.relations.from.length);
  for (let k = 0; k < out.length; k++) out[k] = relationRow(c.relations, ids, k);
  return out;
}

/** The answer as the engine's flat model input (no nested lists, nothing to strip again): network-object rows in table
 *  order and the rows of `flatRows` — what createModel takes fastest. */
export function modelInputFromColumns(c: NetworkColumns): Required<Pick<ModelInput, 'networkObjects' | 'objectInstances' | 'attributeValues' | 'relations'>> & { pathEdges: PathEdgeRow[] } {
  const ids = idStrings(c.ids, c.uuids);
  const networkObjects: NetworkObject[] = [];
  objectRows(c, ids, (_i, o) => { networkObjects.push(o); });
  return { networkObjects, ...flatRows(c, ids) };
}

/** The wire objects of an Arrow answer. */
export const networkFromArrow = (bytes: Uint8Array): NetworkObject[] => wireFromColumns(networkColumns(bytes));
