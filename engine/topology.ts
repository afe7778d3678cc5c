// Topology side effects (spec 1 §4 Side effects): split an edge at a node (paths follow, their path edges re-pointed
// to both halves in order), merge duplicate nodes (0.01) and duplicate edges, move nodes with their edge ends,
// delete edges that become zero length or self-loops.
import type { Id, Position } from './types';
import type { PathEdgeRow } from './model';
import type { Gesture } from './gesture';
import { pointsEqual, splitLine } from './geometry';
import { pget } from './ptable';

/**
 * Splits edge `edgeId` at point p (body only; head/tail split nothing). Returns the node at p: the new (or given)
 * node for a body split, the end node for head/tail, or null when p is not on the edge.
 */
export function splitEdgeAt(g: Gesture, edgeId: Id, p: Position, nodeId?: Id): Id | null {
  const o = g.mustObj(edgeId);
  const e = o.edge!;
  const s = splitLine(e.geometry.coordinates, p, g.tol);
  if (s.position === 'none') return null;
  if (s.position === 'head') return e.fromNodeId;
  if (s.position === 'tail') return e.toNodeId;
  const at = s.at!;
  const n = nodeId ?? g.createNode(at);
  const [c1, c2] = s.chunks;
  if (nodeId) { c1[c1.length - 1] = g.mustObj(nodeId).node!.geometry.coordinates; c2[0] = c1[c1.length - 1]; }
  const oldTo = e.toNodeId;
  g.setEdgeCoords(edgeId, c1, { toNodeId: n });
  const e2 = g.createEdge(c2, n, oldTo, e.twoWay !== undefined ? { twoWay: e.twoWay } : {});
  // the second half carries copies of the edge's instances (same type and values)
  for (const iid of g.tx.instancesOf(edgeId)) {
    const inst = g.tx.inst(iid)!;
    const vals: Record<string, string | null> = {};
    for (const name of g.tx.valueNames(iid)) vals[name] = g.tx.value(iid, name)!.value;
    g.createInstance(e2, inst.objectTypeId, vals);
  }
  // paths follow: each path edge over the edge becomes two, in travel order
  for (const peId of [...g.tx.pathEdgesOver(edgeId)]) {
    const pe = g.tx.pathEdge(peId)!;
    const list = g.tx.pathEdgesOf(pe.pathId);
    const i = list.indexOf(pe.id);
    const next = i + 1 < list.length ? g.tx.pathEdge(list[i + 1])!.position : pe.position + 2;
    const position = (pe.position + next) / 2;
    const forward = pe.startNodeId === e.fromNodeId;
    if (forward) {
      g.tx.apply({ code: 3, after: { id: g.newId(), pathId: pe.pathId, edgeId: e2, startNodeId: n, position } });
    } else {
      g.tx.apply({ code: 4, before: pe, after: { ...pe, edgeId: e2 } });
      g.tx.apply({ code: 3, after: { id: g.newId(), pathId: pe.pathId, edgeId, startNodeId: n, position } });
    }
  }
  return n;
}

/** Merges node `dup` into node `keep`: edges, instances and path edges are re-pointed, then `dup` is deleted. */
export function mergeNodeInto(g: Gesture, dup: Id, keep: Id): void {
  if (dup === keep) return;
  const kp = g.mustObj(keep).node!.geometry.coordinates;
  for (const eid of [...g.tx.edgesOf(dup)]) {
    const o = g.mustObj(eid);
    const e = o.edge!;
    const c = e.geometry.coordinates.slice();
    const ends: { fromNodeId?: Id; toNodeId?: Id } = {};
    if (e.fromNodeId === dup) { ends.fromNodeId = keep; c[0] = kp; }
    if (e.toNodeId === dup) { ends.toNodeId = keep; c[c.length - 1] = kp; }
    g.setEdgeCoords(eid, c, ends);
  }
  for (const iid of [...g.tx.instancesOf(dup)]) {
    const inst = g.tx.inst(iid)!;
    g.tx.apply({ code: 7, before: inst, after: { ...inst, networkObjectId: keep } });
  }
  repointPathStarts(g, dup, keep);
  g.deleteObject(dup);
  removeDegenerateEdges(g, keep);
  mergeDuplicateEdges(g, keep);
}

/** Path edges that start at `from` (over edges now ending at `to`) start at `to`. */
function repointPathStarts(g: Gesture, from: Id, to: Id): void {
  for (const eid of g.tx.edgesOf(to)) {
    for (const peId of g.tx.pathEdgesOver(eid)) {
      const pe = g.tx.pathEdge(peId)!;
      if (pe.startNodeId === from) g.tx.apply({ code: 4, before: pe, after: { ...pe, startNodeId: to } });
    }
  }
}

/** Edges at `nodeId` that became self-loops or zero length are deleted (their path edges dropped). */
export function removeDegenerateEdges(g: Gesture, nodeId: Id): void {
  for (const eid of [...g.tx.edgesOf(nodeId)]) {
    const e = g.obj(eid)?.edge;
    if (e && e.fromNodeId === e.toNodeId) g.deleteObject(eid);
  }
}

function sameLine(a: Position[], b: Position[], tol: number): boolean {
  if (a.length !== b.length) return false;
  return a.every((p, i) => pointsEqual(p, b[i], tol));
}

/** Duplicate edges at `nodeId` (same ends, same line either way) merge: the newer one goes into the older. */
export function mergeDuplicateEdges(g: Gesture, nodeId: Id): void {
  const edges = [...g.tx.edgesOf(nodeId)];
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const a = g.obj(edges[i])?.edge, b = g.obj(edges[j])?.edge;
      if (!a || !b) continue;
      const ca = a.geometry.coordinates, cb = b.geometry.coordinates;
      const same = (a.fromNodeId === b.fromNodeId && a.toNodeId === b.toNodeId && sameLine(ca, cb, g.tol))
        || (a.fromNodeId === b.toNodeId && a.toNodeId === b.fromNodeId && sameLine(ca, [...cb].reverse(), g.tol));
      if (!same) continue;
      const bNew = !pget(g.tx.base.networkObjects, edges[j]);
      const aNew = !pget(g.tx.base.networkObjects, edges[i]);
      const [keep, dup] = aNew && !bNew ? [edges[j], edges[i]] : [edges[i], edges[j]];
      mergeEdgeInto(g, dup, keep);
    }
  }
}

function mergeEdgeInto(g: Gesture, dup: Id, keep: Id): void {
  for (const iid of [...g.tx.instancesOf(dup)]) {
    const inst = g.tx.inst(iid)!;
    g.tx.apply({ code: 7, before: inst, after: { ...inst, networkObjectId: keep } });
    g.createdInstances.push(iid); // re-check the one-trace rule on the survivor
  }
  for (const peId of [...g.tx.pathEdgesOver(dup)]) {
    const pe: PathEdgeRow = g.tx.pathEdge(peId)!;
    g.tx.apply({ code: 4, before: pe, after: { ...pe, edgeId: keep } });
  }
  g.deleteObject(dup);
  g.lost.delete(dup);
}

/**
 * Moves a node; connected edge ends follow. A node moved onto another node (0.01) merges into it; edges that become
 * zero length (self-loops after the merge) are deleted.
 */
export function moveNode(g: Gesture, nodeId: Id, p: Position): void {
  const o = g.mustObj(nodeId);
  g.editObject({ ...o, node: { ...o.node!, geometry: { type: 'Point', coordinates: p } } });
  for (const eid of [...g.tx.edgesOf(nodeId)]) {
    const e = g.mustObj(eid).edge!;
    const c = e.geometry.coordinates.slice();
    if (e.fromNodeId === nodeId) c[0] = p;
    if (e.toNodeId === nodeId) c[c.length - 1] = p;
    g.setEdgeCoords(eid, c);
  }
  const other = g.nodesNear(p).find((n) => n.id !== nodeId);
  if (other) mergeNodeInto(g, nodeId, other.id);
  else mergeDuplicateEdges(g, nodeId);
}
