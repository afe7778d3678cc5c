// Save merge (spec 1 §4 Saving): history actions folded per id — edits combine into a creation, create then delete
// cancel, edits on deleted instances and relations to deleted instances dropped, delete then create of one id is an
// error ('use edit instead') — then sent in the spec's order, one batch per kind, as the calls of spec 1 §7.
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
export interface SaveRequest { kind: SaveKind; method: HttpMethod; path: string; body: unknown }

/** The calls to send, in the spec's sending order; each non-empty kind is one batch. */
export function saveRequests(projectId: number | string, actions: readonly Action[], opts: { scenarioId?: number | null } = {}): SaveRequest[] {
  const m = mergeActions(actions);
  const p = `/api/project/${projectId}`;
  const no = `${p}/network_object${opts.scenarioId != null ? `?scenarioId=${opts.scenarioId}` : ''}`;
  const list: [SaveKind, HttpMethod, string, unknown[], (l: unknown[]) => unknown][] = [
    ['create nodes', 'POST', no, m.createNodes, (l) => l],
    ['create edges', 'POST', no, m.createEdges, (l) => l],
    ['create paths', 'POST', no, m.createPaths, (l) => l],
    ['create path edges', 'POST', `${p}/path_edge`, m.createPathEdges, (l) => l],
    ['create object instances', 'POST', `${p}/object_instance`, m.createInstances, (l) => l],
    ['create relations', 'POST', `${p}/object_instance_relation`, m.createRelations, (l) => l],
    ['edit network objects', 'PUT', `${p}/network_object`, m.editNetworkObjects, (l) => l],
    ['edit path edges', 'PUT', `${p}/path_edge`, m.editPathEdges, (l) => l],
    ['edit object instances', 'PUT', `${p}/object_instance`, m.editInstances, (l) => l],
    ['attribute values', 'PATCH', `${p}/attribute_value`, m.attributeValues, (l) => l],
    ['delete relations', 'DELETE', `${p}/object_instance_relation`, m.deleteRelations, (l) => ({ objectInstanceRelations: l })],
    ['delete object instances', 'DELETE', `${p}/object_instance`, m.deleteInstances, (l) => l],
    ['delete path edges', 'DELETE', `${p}/path_edge`, m.deletePathEdges, (l) => ({ ids: l })],
    ['delete network objects', 'DELETE', `${p}/network_object`, m.deleteNetworkObjects, (l) => ({ networkObjectIds: l })],
  ];
  return list.filter(([, , , l]) => l.length > 0).map(([kind, method, path, l, body]) => ({ kind, method, path, body: body(l) }));
}
