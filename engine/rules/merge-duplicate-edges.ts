// Spec 1 §4 Side effects: "duplicate edges are merged" — edges at a node with the same ends and the same line (either
// direction, points within 0.01): the newer goes into the older (its instances and path edges re-pointed).
import type { Id, Position } from '../types';
import type { PathEdgeRow } from '../model';
import type { Gesture } from '../gesture';
import { pointsEqual } from '../geometry';
import { pget } from '../ptable';

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
