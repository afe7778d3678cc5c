// Save merge (spec 1 §4 Saving): history actions folded per id — edits combine into a creation, create then delete
// cancel, edits on deleted instances and relations to deleted instances dropped, delete then create of one id is an
// error ('use edit instead') — then sent in the spec's order, one batch per kind, as plain data (kind, method, items).
import type { Action } from './actions';
import type { AttributeValue, Id, ObjectInstance, Relation } from './types';
import { avKey, kindOf, relKey, type InstanceRow, type NetworkObjectRow, type PathEdgeRow } from './model';

interface Fold<T> { existedBefore: boolean; first: T | undefined; after: T | undefined; touched: boolean; deleted: boolean }

export interface MergedChanges {
  createNodes: NetworkObjectRow[]; createEdges: NetworkObjectRow[]; createPaths: NetworkObjectRow[];
  createPathEdges: PathEdgeRow[]; createInstances: ObjectInstance[]; createRelations: Relation[];
  editNetworkObjects: NetworkObjectRow[]; editPathEdges: PathEdgeRow[]; editInstances: InstanceRow[];
  attributeValues: AttributeValue[];
  deleteRelations: Relation[]; deleteInstances: Id[]; deletePathEdges: Id[]; deleteNetworkObjects: Id[];
}

export class SaveMergeError extends Error {
  constructor(message: string, readonly id: string) { super(message); this.name = 'SaveMergeError'; }
}

function fold<T>(map: Map<string, Fold<T>>, key: string, before: T | undefined, after: T | undefined, isCreate: boolean, isDelete: boolean, strict: boolean): void {
  let f = map.get(key);
  if (!f) {
    f = { existedBefore: before !== undefined, first: before, after: before, touched: false, deleted: false };
    map.set(key, f);
  }
  if (isCreate && f.deleted && strict) throw new SaveMergeError(`use edit instead (delete then create of ${key})`, key);
  f.after = after;
  f.touched = true;
  if (isDelete) f.deleted = true;
}

/** Folds the actions (in order) into the net change against the last saved state. */
export function mergeActions(actions: readonly Action[]): MergedChanges {
  const nos = new Map<string, Fold<NetworkObjectRow>>();
  const pes = new Map<string, Fold<PathEdgeRow>>();
  const ois = new Map<string, Fold<InstanceRow>>();
  const rels = new Map<string, Fold<Relation>>();
  const avs = new Map<string, Fold<AttributeValue>>();
  for (const a of actions) {
    switch (a.code) {
      case 0: fold(nos, a.after.id, undefined, a.after, true, false, true); break;
      case 1: fold(nos, a.after.id, a.before, a.after, false, false, true); break;
      case 2: fold(nos, a.before.id, a.before, undefined, false, true, true); break;
      case 3: fold(pes, a.after.id, undefined, a.after, true, false, true); break;
      case 4: fold(pes, a.after.id, a.before, a.after, false, false, true); break;
      case 5: fold(pes, a.before.id, a.before, undefined, false, true, true); break;
      case 6: fold(ois, a.after.id, undefined, a.after, true, false, true); break;
      case 7: fold(ois, a.after.id, a.before, a.after, false, false, true); break;
      case 8: fold(ois, a.before.id, a.before, undefined, false, true, true); break;
      case 9: fold(rels, relKey(a.after), undefined, a.after, true, false, false); break;
      case 10: fold(rels, relKey(a.before), a.before, undefined, false, true, false); break;
      case 11: {
        const v = (a.after ?? a.before)!;
        fold(avs, avKey(v.objectInstanceId, v.attributeTypeName), a.before ?? undefined, a.after ?? undefined, false, false, false);
        break;
      }
    }
  }
  const out: MergedChanges = {
    createNodes: [], createEdges: [], createPaths: [], createPathEdges: [], createInstances: [], createRelations: [],
    editNetworkObjects: [], editPathEdges: [], editInstances: [], attributeValues: [],
    deleteRelations: [], deleteInstances: [], deletePathEdges: [], deleteNetworkObjects: [],
  };
  const created = new Map<string, ObjectInstance>();
  const deletedInstances = new Set<string>();
  for (const [id, f] of ois) {
    if (!f.existedBefore && f.after) { const i: ObjectInstance = { ...f.after, attributeValues: [] }; created.set(id, i); out.createInstances.push(i); }
    else if (f.existedBefore && !f.after) { deletedInstances.add(id); out.deleteInstances.push(id); }
    else if (f.existedBefore && f.after && f.touched) out.editInstances.push(f.after);
  }
  for (const f of avs.values()) {
    const v = f.after;
    if (!v) continue; // values only disappear with their instance (instance delete cascades)
    if (deletedInstances.has(v.objectInstanceId)) continue; // edits on deleted instances are dropped
    const inst = ois.get(v.objectInstanceId);
    if (inst && !inst.existedBefore && !inst.after) continue; // instance created and deleted: cancelled
    const c = created.get(v.objectInstanceId);
    if (c) c.attributeValues!.push(v); // edits combine into a creation
    else if (!f.existedBefore || !sameValue(f.first, v)) out.attributeValues.push(v);
  }
  for (const f of rels.values()) {
    const r = f.after;
    if (!f.existedBefore && r) {
      if (deletedInstances.has(r.fromId) || deletedInstances.has(r.toId)) continue;
      out.createRelations.push(r);
    } else if (f.existedBefore && !f.after) {
      const r0 = f.first!;
      if (deletedInstances.has(r0.fromId) || deletedInstances.has(r0.toId)) continue; // cascades with the instance
      out.deleteRelations.push(r0);
    }
  }
  for (const [id, f] of pes) {
    if (!f.existedBefore && f.after) out.createPathEdges.push(f.after);
    else if (f.existedBefore && !f.after) out.deletePathEdges.push(id);
    else if (f.existedBefore && f.after && f.touched) out.editPathEdges.push(f.after);
  }
  const deletes: [Id, 'node' | 'edge' | 'path'][] = [];
  for (const [id, f] of nos) {
    if (!f.existedBefore && f.after) {
      const k = kindOf(f.after);
      (k === 'node' ? out.createNodes : k === 'edge' ? out.createEdges : out.createPaths).push(f.after);
    } else if (f.existedBefore && !f.after) deletes.push([id, kindOf(f.first!)]);
    else if (f.existedBefore && f.after && f.touched) out.editNetworkObjects.push(f.after);
  }
  // one delete batch, dependents first: paths, then edges, then nodes
  const rank = { path: 0, edge: 1, node: 2 } as const;
  out.deleteNetworkObjects = deletes.sort((a, b) => rank[a[1]] - rank[b[1]]).map(([id]) => id);
  return out;
}

function sameValue(a: AttributeValue | undefined, b: AttributeValue): boolean {
  return !!a && a.value === b.value;
}

export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SaveKind =
  | 'create nodes' | 'create edges' | 'create paths' | 'create path edges' | 'create object instances' | 'create relations'
  | 'edit network objects' | 'edit path edges' | 'edit object instances' | 'attribute values'
  | 'delete relations' | 'delete object instances' | 'delete path edges' | 'delete network objects';

/**
 * One batch to send, as data: what it is (`kind`), the HTTP method of its call (spec 1 §7, spec 2 §7) and its items
 * (rows; ids for instance, path edge and network object deletes; relations for relation deletes). The engine knows
 * no addresses: the app maps each kind to its call in one place (src/api/endpoints/save-calls.ts).
 */
export interface SaveRequest { kind: SaveKind; method: HttpMethod; items: unknown[]; scenarioId?: number | null }

const CREATES_OBJECTS = new Set<SaveKind>(['create nodes', 'create edges', 'create paths']);

/** The batches to send, in the spec's sending order; each non-empty kind is one batch. */
export function saveRequests(actions: readonly Action[], opts: { scenarioId?: number | null } = {}): SaveRequest[] {
  const m = mergeActions(actions);
  const list: [SaveKind, HttpMethod, unknown[]][] = [
    ['create nodes', 'POST', m.createNodes],
    ['create edges', 'POST', m.createEdges],
    ['create paths', 'POST', m.createPaths],
    ['create path edges', 'POST', m.createPathEdges],
    ['create object instances', 'POST', m.createInstances],
    ['create relations', 'POST', m.createRelations],
    ['edit network objects', 'PUT', m.editNetworkObjects],
    ['edit path edges', 'PUT', m.editPathEdges],
    ['edit object instances', 'PUT', m.editInstances],
    ['attribute values', 'PATCH', m.attributeValues],
    ['delete relations', 'DELETE', m.deleteRelations],
    ['delete object instances', 'DELETE', m.deleteInstances],
    ['delete path edges', 'DELETE', m.deletePathEdges],
    ['delete network objects', 'DELETE', m.deleteNetworkObjects],
  ];
  const scenario = opts.scenarioId != null ? { scenarioId: opts.scenarioId } : {};
  return list.filter(([, , l]) => l.length > 0)
    // the network object POST takes the optional scenarioId (spec 1 §7)
    .map(([kind, method, items]) => ({ kind, method, items, ...(CREATES_OBJECTS.has(kind) ? scenario : {}) }));
}
