// Normalized network model (spec 1 §3, spec 3 §4 Graph integrity): plain-data tables of rows plus reverse indexes,
// each a PTable (base as loaded + small overlay), so a Redux slice can hold it and one edit costs O(change).
import type {
  AttributeValue, Id, NetworkObject, NetworkObjectKind, ObjectInstance, ObjectRelationType, ObjectType, PathEdge, Relation,
} from './types';
import { pget, pentries, ptable, type PTable } from './ptable';

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

function pushIdx(idx: Record<string, string[]>, key: string, id: string): void {
  const l = idx[key];
  if (l === undefined) idx[key] = [id];
  else if (l[l.length - 1] !== id) l.push(id);
}

function sortLists(idx: Record<string, string[]>): void {
  for (const k in idx) {
    const l = idx[k];
    if (l.length > 1) {
      l.sort();
      for (let i = l.length - 1; i > 0; i--) if (l[i] === l[i - 1]) l.splice(i, 1);
    }
  }
}

function stripNetworkObject(o: NetworkObject): NetworkObjectRow {
  if (!('pathEdges' in o) && !('objectInstances' in o)) return o;
  const { pathEdges: _p, objectInstances: _i, ...row } = o;
  return row;
}

function stripInstance(i: ObjectInstance): InstanceRow {
  if (!('attributeValues' in i) && !('relationSources' in i) && !('relationTargets' in i)) return i;
  const { attributeValues: _a, relationSources: _s, relationTargets: _t, ...row } = i;
  return row;
}

/**
 * Builds the model from wire objects: network objects (with embedded objectInstances and pathEdges, as the server
 * sends them) and/or flat lists. Later duplicates overwrite earlier ones; `checkIntegrity` reports them.
 */
export function createModel(input: ModelInput): Model {
  const nos: Record<string, NetworkObjectRow> = {};
  const pes: Record<string, PathEdgeRow> = {};
  const ois: Record<string, InstanceRow> = {};
  const avs: Record<string, AttributeValue> = {};
  const rels: Record<string, Relation> = {};
  const edgesByNode: Record<string, string[]> = {};
  const instancesByObject: Record<string, string[]> = {};
  const pathEdgesByPath: Record<string, string[]> = {};
  const pathEdgesByEdge: Record<string, string[]> = {};
  const relationsBySource: Record<string, string[]> = {};
  const relationsByTarget: Record<string, string[]> = {};
  const valuesByInstance: Record<string, string[]> = {};
  const pathCount: Record<string, number> = {};
  let unordered = false;

  const addPathEdge = (pe: PathEdge) => {
    const n = pathCount[pe.pathId] ?? 0;
    pathCount[pe.pathId] = n + 1;
    const position = typeof (pe as PathEdgeRow).position === 'number' ? (pe as PathEdgeRow).position : n;
    if (position !== n) unordered = true;
    pes[pe.id] = position === (pe as PathEdgeRow).position ? (pe as PathEdgeRow) : { ...pe, position };
    (pathEdgesByPath[pe.pathId] ??= []).push(pe.id);
    pushIdx(pathEdgesByEdge, pe.edgeId, pe.id);
  };
  const addRelation = (r: Relation) => {
    const k = relKey(r);
    if (rels[k]) return;
    rels[k] = r.constructor === Object && Object.keys(r).length === 3 ? r : { fromId: r.fromId, toId: r.toId, objectRelationTypeName: r.objectRelationTypeName };
    pushIdx(relationsBySource, r.fromId, k);
    pushIdx(relationsByTarget, r.toId, k);
  };
  const addValue = (v: AttributeValue) => {
    const k = avKey(v.objectInstanceId, v.attributeTypeName);
    if (!avs[k]) pushIdx(valuesByInstance, v.objectInstanceId, v.attributeTypeName);
    avs[k] = v;
  };
  const addInstance = (i: ObjectInstance) => {
    ois[i.id] = stripInstance(i);
    pushIdx(instancesByObject, i.networkObjectId, i.id);
    for (const v of i.attributeValues ?? []) addValue(v);
    for (const r of i.relationSources ?? []) addRelation(r);
    for (const r of i.relationTargets ?? []) addRelation(r);
  };

  for (const o of input.networkObjects) {
    nos[o.id] = stripNetworkObject(o);
    if (o.edge) {
      pushIdx(edgesByNode, o.edge.fromNodeId, o.id);
      pushIdx(edgesByNode, o.edge.toNodeId, o.id);
    }
    if (!o.node && !o.edge && o.pathEdges) for (const pe of o.pathEdges) addPathEdge(pe);
    if (o.objectInstances) for (const i of o.objectInstances) addInstance(i);
  }
  for (const pe of input.pathEdges ?? []) addPathEdge(pe);
  for (const i of input.objectInstances ?? []) addInstance(i);
  for (const v of input.attributeValues ?? []) addValue(v);
  for (const r of input.relations ?? []) addRelation(r);

  sortLists(edgesByNode);
  sortLists(instancesByObject);
  sortLists(pathEdgesByEdge);
  sortLists(relationsBySource);
  sortLists(relationsByTarget);
  sortLists(valuesByInstance);
  if (unordered) for (const k in pathEdgesByPath) pathEdgesByPath[k].sort((a, b) => comparePathEdges(pes[a], pes[b]));

  const objectTypes: Record<string, ObjectType> = {};
  for (const t of input.objectTypes ?? []) objectTypes[t.id] = t;
  return {
    networkObjects: ptable(nos), pathEdges: ptable(pes), objectInstances: ptable(ois), attributeValues: ptable(avs),
    relations: ptable(rels), edgesByNode: ptable(edgesByNode), instancesByObject: ptable(instancesByObject),
    pathEdgesByPath: ptable(pathEdgesByPath), pathEdgesByEdge: ptable(pathEdgesByEdge),
    relationsBySource: ptable(relationsBySource), relationsByTarget: ptable(relationsByTarget),
    valuesByInstance: ptable(valuesByInstance), schema: { objectTypes, relationTypes: input.relationTypes ?? [] },
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
export const getValue = (m: Model, instanceId: Id, name: string): AttributeValue | undefined => pget(m.attributeValues, avKey(instanceId, name));
export const edgesOfNode = (m: Model, nodeId: Id): readonly Id[] => pget(m.edgesByNode, nodeId) ?? EMPTY;
export const instancesOf = (m: Model, objectId: Id): readonly Id[] => pget(m.instancesByObject, objectId) ?? EMPTY;
export const pathEdgesOfPath = (m: Model, pathId: Id): readonly Id[] => pget(m.pathEdgesByPath, pathId) ?? EMPTY;
export const pathEdgesOfEdge = (m: Model, edgeId: Id): readonly Id[] => pget(m.pathEdgesByEdge, edgeId) ?? EMPTY;
export const relationsFrom = (m: Model, instanceId: Id): readonly string[] => pget(m.relationsBySource, instanceId) ?? EMPTY;
export const relationsTo = (m: Model, instanceId: Id): readonly string[] => pget(m.relationsByTarget, instanceId) ?? EMPTY;
export const valuesOf = (m: Model, instanceId: Id): AttributeValue[] =>
  (pget(m.valuesByInstance, instanceId) ?? EMPTY).map((n) => pget(m.attributeValues, avKey(instanceId, n))!).filter(Boolean);

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
