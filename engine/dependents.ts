// What a changed diff row is about, looked up in the models before and after the diff (a removed row's neighbours are
// in the model before, an added row's in the model after): the reads the incremental indexes (validation `dependsOn`,
// capex) share. Each read is O(local degree): instances on one object, edges at one node, path edges over one edge,
// relations of one instance.
import type { Id } from './types';
import { edgesOfNode, instancesOf, getObject, pathEdgeRowsOf, pathEdgeRowsOfEdge, type Model } from './model';
import { eachRelatedOf } from './field-reads';
import type { DiffRow } from './tx';

/** The models before and after one diff. */
export interface ModelPair { before: Model; after: Model }

/** The models a dependency is looked up in. */
export const bothModels = (dc: ModelPair): readonly Model[] => (dc.before === dc.after ? [dc.after] : [dc.before, dc.after]);

/** The object instance a row of the objectInstances, attributeValues or relations table is about (both ends of a
 *  relation), else none. */
export function instancesOfRow(row: DiffRow): Id[] {
  switch (row.table) {
    case 'objectInstances': return [row.key];
    case 'attributeValues': return [row.row.objectInstanceId];
    case 'relations': return [row.row.fromId, row.row.toId];
    default: return [];
  }
}

/** Adds the instance whose own row or one of whose values changed (objectInstances and attributeValues rows). */
export function addOwnInstance(row: DiffRow, out: Set<Id>): void {
  if (row.table === 'objectInstances') out.add(row.key);
  else if (row.table === 'attributeValues') out.add(row.row.objectInstanceId);
}

/** Calls f with each instance related to `iid` (either direction) in model m. */
export function eachNeighbour(m: Model, iid: Id, f: (other: Id) => void): void {
  eachRelatedOf(m, iid, 'source', f);
  eachRelatedOf(m, iid, 'target', f);
}

/** The paths with a path edge over the edge, each once. */
export function pathsOver(m: Model, edgeId: Id): Id[] {
  const out: Id[] = [];
  for (const pe of pathEdgeRowsOfEdge(m, edgeId)) if (!out.includes(pe.pathId)) out.push(pe.pathId);
  return out;
}

/** The nodes a path passes (start node and far end of each path edge), each once. */
export function nodesOfPath(m: Model, pathId: Id): Id[] {
  const out = new Set<Id>();
  for (const pe of pathEdgeRowsOf(m, pathId)) {
    const e = getObject(m, pe.edgeId)?.edge;
    if (!e) continue;
    out.add(pe.startNodeId);
    out.add(pe.startNodeId === e.fromNodeId ? e.toNodeId : e.fromNodeId);
  }
  return [...out];
}

/** The end nodes of an edge row (before or after), none for a node or path row. */
export function endNodesOfRow(row: DiffRow): Id[] {
  return row.table === 'networkObjects' && row.row.edge ? [row.row.edge.fromNodeId, row.row.edge.toNodeId] : [];
}

/** Adds the instances on network object `objectId` in both models. */
export function addInstancesOn(dc: ModelPair, objectId: Id, out: Set<Id>): void {
  for (const m of bothModels(dc)) for (const iid of instancesOf(m, objectId)) out.add(iid);
}

/** Adds the instances on every path over the edge, in both models. */
export function addPathInstancesOver(dc: ModelPair, edgeId: Id, out: Set<Id>): void {
  for (const m of bothModels(dc)) for (const p of pathsOver(m, edgeId)) for (const iid of instancesOf(m, p)) out.add(iid);
}

/** The edges at a node in both models. */
export function edgesAt(dc: ModelPair, nodeId: Id): Set<Id> {
  const out = new Set<Id>();
  for (const m of bothModels(dc)) for (const e of edgesOfNode(m, nodeId)) out.add(e);
  return out;
}

/** Whether the edge's end nodes differ between the models (also when it was added or removed). */
export function edgeEndsChanged(dc: ModelPair, edgeId: Id): boolean {
  const a = getObject(dc.before, edgeId)?.edge, b = getObject(dc.after, edgeId)?.edge;
  return !a || !b || a.fromNodeId !== b.fromNodeId || a.toNodeId !== b.toNodeId;
}
