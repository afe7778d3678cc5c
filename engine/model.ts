// Normalized network model (spec 1 §3, spec 3 §4 Graph integrity): plain-data tables of rows plus reverse indexes,
// each a PTable (base as loaded + small overlay), so a Redux slice can hold it and one edit costs O(change).
import type {
  AttributeValue, Id, NetworkObject, NetworkObjectKind, ObjectInstance, ObjectRelationType, ObjectType, PathEdge, Relation,
} from './types';
import { pget, pentries, ptable, type PTable } from './ptable';
import { HashColumn, TableBuilder, buildList, byString } from './build';
import { Scratch } from './scratch';
import { rowKey2, rowKey3 } from './id-table';
import { listRowNumbers, listRowWhere, listRows } from './list-rows';
import { rowAt, rowField } from './lazy-rows';

/** A network object as stored: the wire object without embedded instances and path edges. */
export type NetworkObjectRow = Omit<NetworkObject, 'pathEdges' | 'objectInstances'>;
/** An object instance as stored: without embedded attribute values and relations. */
export type InstanceRow = Omit<ObjectInstance, 'attributeValues' | 'relationSources' | 'relationTargets'>;
/** Path edge as stored: `position` orders the path edges of one path (ascending; ties by id). */
export type PathEdgeRow = PathEdge & { position: number };

export interface Schema {
  objectTypes: Record<string, ObjectType>;
  relationTypes: ObjectRelationType[];
}

export interface Model {
  networkObjects: PTable<NetworkObjectRow>;
  pathEdges: PTable<PathEdgeRow>;
  objectInstances: PTable<InstanceRow>;
  /** key: avKey(objectInstanceId, attributeTypeName) */
  attributeValues: PTable<AttributeValue>;
  /** key: relKey(relation) */
  relations: PTable<Relation>;
  // reverse indexes (sorted id lists; pathEdgesByPath in path order)
  edgesByNode: PTable<Id[]>;
  instancesByObject: PTable<Id[]>;
  pathEdgesByPath: PTable<Id[]>;
  pathEdgesByEdge: PTable<Id[]>;
  relationsBySource: PTable<string[]>;
  relationsByTarget: PTable<string[]>;
  valuesByInstance: PTable<string[]>;
  schema: Schema;
}

export const avKey = (objectInstanceId: Id, attributeTypeName: string): string => `${objectInstanceId}\u0001${attributeTypeName}`;
export const relKey = (r: Relation): string => `${r.fromId}\u0001${r.toId}\u0001${r.objectRelationTypeName}`;
/** The base tables' composite keys (same strings as avKey / relKey, hashed and compared without building them). */
export const AV_KEY = rowKey2('objectInstanceId', 'attributeTypeName');
export const REL_KEY = rowKey3('fromId', 'toId', 'objectRelationTypeName');

/** The nodes an edge row refers to (entries 2k and 2k + 1 of edgesByNode; a self-loop is listed once). */
const edgeFrom = (o: NetworkObjectRow): Id | undefined => o.edge?.fromNodeId;
const edgeTo = (o: NetworkObjectRow): Id | undefined => (o.edge && o.edge.toNodeId !== o.edge.fromNodeId ? o.edge.toNodeId : undefined);

export function kindOf(o: NetworkObjectRow): NetworkObjectKind {
  return o.node ? 'node' : o.edge ? 'edge' : 'path';
}

export interface ModelInput {
  networkObjects: NetworkObject[];
  objectInstances?: ObjectInstance[];
  pathEdges?: PathEdge[];
  attributeValues?: AttributeValue[];
  relations?: Relation[];
  objectTypes?: ObjectType[];
  relationTypes?: ObjectRelationType[];
}

function stripNetworkObject(o: NetworkObject): NetworkObjectRow {
  if (o.pathEdges === undefined && o.objectInstances === undefined) return o;
  const { pathEdges: _p, objectInstances: _i, ...row } = o;
  return row;
}

function stripInstance(i: ObjectInstance): InstanceRow {
  if (i.attributeValues === undefined && i.relationSources === undefined && i.relationTargets === undefined) return i;
  const { attributeValues: _a, relationSources: _s, relationTargets: _t, ...row } = i;
  return row;
}

/**
 * Builds the model from wire objects: network objects (with embedded objectInstances and pathEdges, as the server
 * sends them) and/or flat lists. Later duplicates overwrite earlier ones (relations: the first is kept);
 * `checkIntegrity` reports them. One pass collects the rows into dense tables (input rows are kept, not copied, unless
 * they carry embedded lists); the reverse indexes are then built in bulk as CSR arrays.
 */
export function createModel(input: ModelInput): Model {
  const nos = new TableBuilder<NetworkObjectRow>(input.networkObjects.length, { byId: true });
  const pes = new TableBuilder<PathEdgeRow>(input.pathEdges?.length ?? 0, { byId: true });
  const ois = new TableBuilder<InstanceRow>(input.objectInstances?.length ?? 0, { byId: true });
  const avs = new TableBuilder<AttributeValue>(input.attributeValues?.length ?? 0, { scheme: AV_KEY });
  const rels = new TableBuilder<Relation>(input.relations?.length ?? 0, { scheme: REL_KEY, firstWins: true });
  // hashes of each row's references, taken while the row is at hand (entry order = the reverse index's entries)
  const endH = new HashColumn(2 * input.networkObjects.length), objH = new HashColumn(input.objectInstances?.length ?? 0);
  const pathH = new HashColumn(input.pathEdges?.length ?? 0), edgeH = new HashColumn(input.pathEdges?.length ?? 0);
  const instH = new HashColumn(input.attributeValues?.length ?? 0);
  const fromH = new HashColumn(input.relations?.length ?? 0), toH = new HashColumn(input.relations?.length ?? 0);
  const pathCount = new Map<string, number>();

  const addPathEdge = (pe: PathEdge) => {
    const n = pathCount.get(pe.pathId) ?? 0;
    pathCount.set(pe.pathId, n + 1);
    const given = (pe as PathEdgeRow).position;
    const position = typeof given === 'number' ? given : n;
    pes.set(pe.id, position === given ? (pe as PathEdgeRow) : { ...pe, position });
    pathH.ref(pe.pathId); edgeH.ref(pe.edgeId);
  };
  const addRelation = (r: Relation) => {
    rels.add(r.constructor === Object && Object.keys(r).length === 3 ? r : { fromId: r.fromId, toId: r.toId, objectRelationTypeName: r.objectRelationTypeName });
    fromH.ref(r.fromId); toH.ref(r.toId);
  };
  const addValue = (v: AttributeValue) => { avs.add(v); instH.ref(v.objectInstanceId); };
  const addInstance = (i: ObjectInstance) => {
    ois.set(i.id, stripInstance(i));
    objH.ref(i.networkObjectId);
    each(i.attributeValues, addValue);
    each(i.relationSources, addRelation);
    each(i.relationTargets, addRelation);
  };

  // indexed loops: a for-of over 10⁶ rows here allocated an iterator result per row (~150 MB of garbage at 1M)
  const each = <T>(list: readonly T[] | undefined, f: (x: T) => void) => { if (list) for (let k = 0; k < list.length; k++) f(list[k]); };
  const nosIn = input.networkObjects;
  for (let k = 0; k < nosIn.length; k++) {
    const o = nosIn[k];
    nos.set(o.id, stripNetworkObject(o));
    endH.ref(edgeFrom(o)); endH.ref(edgeTo(o));
    if (!o.node && !o.edge) each(o.pathEdges, addPathEdge);
    each(o.objectInstances, addInstance);
  }
  each(input.pathEdges, addPathEdge);
  each(input.objectInstances, addInstance);
  each(input.attributeValues, addValue);
  each(input.relations, addRelation);

  const sc = new Scratch();
  sc.reserve(4 * Math.max(2 * nos.size, ois.size, pes.size, avs.size, rels.size) + 4096);
  const no = nos.finish(sc), pe = pes.finish(sc), oi = ois.finish(sc), av = avs.finish(sc), rel = rels.finish(sc);
  const noRows = no.rows, peRows = pe.rows, oiRows = oi.rows, avRows = av.rows, relRows = rel.rows;
  // rows shadowed by duplicate ids were dropped: the collected hashes no longer line up (recomputed)
  const hashes = (b: TableBuilder<unknown>, ...cols: HashColumn[]) => cols.map((c) => (b.dropped ? undefined : c.done()));
  const [endHs] = hashes(nos, endH), [objHs] = hashes(ois, objH), [pathHs, edgeHs] = hashes(pes, pathH, edgeH);
  const [instHs] = hashes(avs, instH), [fromHs, toHs] = hashes(rels, fromH, toH);

  const edgeEnd = (j: number): string | undefined => ((j & 1) === 0 ? edgeFrom(noRows[j >> 1]) : edgeTo(noRows[j >> 1]));
  const edgeId = (j: number) => noRows[j >> 1].id;
  const instId = (j: number) => oiRows[j].id;
  const peId = (j: number) => peRows[j].id;
  const avName = (j: number) => avRows[j].attributeTypeName;
  const relK = (j: number) => relKey(relRows[j]);
  const same = (j: number) => j;

  const objectTypes: Record<string, ObjectType> = {};
  for (const t of input.objectTypes ?? []) objectTypes[t.id] = t;
  return {
    networkObjects: ptable(no), pathEdges: ptable(pe), objectInstances: ptable(oi), attributeValues: ptable(av),
    relations: ptable(rel),
    edgesByNode: ptable(buildList(no.ids, 2 * noRows.length, edgeEnd, { of: no.ids, row: (j) => j >> 1 }, byString(edgeId), sc, endHs)),
    instancesByObject: ptable(buildList(no.ids, oiRows.length, (j) => oiRows[j].networkObjectId, { of: oi.ids, row: same }, byString(instId), sc, objHs)),
    pathEdgesByPath: ptable(buildList(no.ids, peRows.length, (j) => peRows[j].pathId, { of: pe.ids, row: same }, (a, b) => comparePathEdges(peRows[a], peRows[b]), sc, pathHs)),
    pathEdgesByEdge: ptable(buildList(no.ids, peRows.length, (j) => peRows[j].edgeId, { of: pe.ids, row: same }, byString(peId), sc, edgeHs)),
    relationsBySource: ptable(buildList(oi.ids, relRows.length, (j) => relRows[j].fromId, { of: rel.ids, row: same }, byString(relK), sc, fromHs)),
    relationsByTarget: ptable(buildList(oi.ids, relRows.length, (j) => relRows[j].toId, { of: rel.ids, row: same }, byString(relK), sc, toHs)),
    valuesByInstance: ptable(buildList(oi.ids, avRows.length, (j) => avRows[j].objectInstanceId, { of: av.ids, row: same, field: 'attributeTypeName' }, byString(avName), sc, instHs)),
    schema: { objectTypes, relationTypes: input.relationTypes ?? [] },
  };
}

export function comparePathEdges(a: PathEdgeRow, b: PathEdgeRow): number {
  return a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

// ---- read helpers ----
const EMPTY: readonly string[] = Object.freeze([]);
export const getObject = (m: Model, id: Id): NetworkObjectRow | undefined => pget(m.networkObjects, id);
export const getPathEdge = (m: Model, id: Id): PathEdgeRow | undefined => pget(m.pathEdges, id);
export const getInstance = (m: Model, id: Id): InstanceRow | undefined => pget(m.objectInstances, id);
/** An instance's value of one attribute (a whole read's rows not made yet: only that one is made). */
export function getValue(m: Model, instanceId: Id, name: string): AttributeValue | undefined {
  let hit: AttributeValue | undefined;
  const byNumber = listRowNumbers(m.valuesByInstance, m.attributeValues as PTable<unknown>, instanceId, (rows, i) => {
    if (hit === undefined && rowField(rows as AttributeValue[], i, 'attributeTypeName') === name) hit = rowAt(rows as AttributeValue[], i);
  });
  return byNumber ? hit
    : listRowWhere(m.valuesByInstance, m.attributeValues, instanceId, (v) => v.attributeTypeName === name, () => pget(m.attributeValues, avKey(instanceId, name)));
}
/** An instance's value text of one attribute (getValue(…)?.value), no row made: a whole read's value rows stay unmade
 *  (the validators' and the labels' reads of a value). */
export function getValueText(m: Model, instanceId: Id, name: string): AttributeValue['value'] | undefined {
  let hit: AttributeValue['value'] | undefined, found = false;
  const byNumber = listRowNumbers(m.valuesByInstance, m.attributeValues as PTable<unknown>, instanceId, (rows, i) => {
    if (!found && rowField(rows as AttributeValue[], i, 'attributeTypeName') === name) { found = true; hit = rowField(rows as AttributeValue[], i, 'value') as AttributeValue['value']; }
  });
  return byNumber ? hit : getValue(m, instanceId, name)?.value;
}
export const edgesOfNode = (m: Model, nodeId: Id): readonly Id[] => pget(m.edgesByNode, nodeId) ?? EMPTY;
export const instancesOf = (m: Model, objectId: Id): readonly Id[] => pget(m.instancesByObject, objectId) ?? EMPTY;
export const pathEdgesOfPath = (m: Model, pathId: Id): readonly Id[] => pget(m.pathEdgesByPath, pathId) ?? EMPTY;
export const pathEdgesOfEdge = (m: Model, edgeId: Id): readonly Id[] => pget(m.pathEdgesByEdge, edgeId) ?? EMPTY;
export const relationsFrom = (m: Model, instanceId: Id): readonly string[] => pget(m.relationsBySource, instanceId) ?? EMPTY;
export const relationsTo = (m: Model, instanceId: Id): readonly string[] => pget(m.relationsByTarget, instanceId) ?? EMPTY;
export const valuesOf = (m: Model, instanceId: Id): AttributeValue[] =>
  listRows(m.valuesByInstance, m.attributeValues, instanceId, (n) => avKey(instanceId, n));
/** Each attribute value of an instance as (name, value), in valuesOf's order: a whole read's rows not made yet are read
 *  from its columns without making them (engine/lazy-rows.ts; the map's styles read every instance's values). */
export function eachValueOf(m: Model, instanceId: Id, put: (name: string, value: AttributeValue['value']) => void): void {
  const byNumber = listRowNumbers(m.valuesByInstance, m.attributeValues as PTable<unknown>, instanceId, (rows, i) =>
    put(rowField(rows as AttributeValue[], i, 'attributeTypeName') as string, rowField(rows as AttributeValue[], i, 'value') as AttributeValue['value']));
  if (!byNumber) for (const v of valuesOf(m, instanceId)) put(v.attributeTypeName, v.value);
}
/** The instance rows of an object (instancesOf(…).map(getInstance), missing ones left out) — read by row number. */
export const instanceRowsOf = (m: Model, objectId: Id): InstanceRow[] => listRows(m.instancesByObject, m.objectInstances, objectId);
/** The path edge rows of a path in path order (pathEdgesOfPath(…).map(getPathEdge), missing ones left out). */
export const pathEdgeRowsOf = (m: Model, pathId: Id): PathEdgeRow[] => listRows(m.pathEdgesByPath, m.pathEdges, pathId);
/** The path edge rows over an edge (pathEdgesOfEdge(…).map(getPathEdge), missing ones left out). */
export const pathEdgeRowsOfEdge = (m: Model, edgeId: Id): PathEdgeRow[] => listRows(m.pathEdgesByEdge, m.pathEdges, edgeId);
/** The relation rows from / to an instance (relationsFrom / relationsTo resolved, missing ones left out). */
export const relationRowsFrom = (m: Model, instanceId: Id): Relation[] => listRows(m.relationsBySource, m.relations, instanceId);
export const relationRowsTo = (m: Model, instanceId: Id): Relation[] => listRows(m.relationsByTarget, m.relations, instanceId);

export function allObjects(m: Model): Generator<[string, NetworkObjectRow]> { return pentries(m.networkObjects); }

/** Wire form of one network object (instances, values, relations and path edges embedded), as the server sends. */
export function toWire(m: Model, id: Id): NetworkObject | undefined {
  const o = getObject(m, id);
  if (!o) return undefined;
  const out: NetworkObject = { ...o };
  if (kindOf(o) === 'path') out.pathEdges = pathEdgesOfPath(m, id).map((p) => getPathEdge(m, p)!);
  out.objectInstances = instancesOf(m, id).map((iid) => ({
    ...getInstance(m, iid)!,
    attributeValues: valuesOf(m, iid),
    relationSources: relationsFrom(m, iid).map((k) => pget(m.relations, k)!),
    relationTargets: relationsTo(m, iid).map((k) => pget(m.relations, k)!),
  }));
  return out;
}
