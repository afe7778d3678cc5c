// Spec 1 §4 Side effects: "Duplicate nodes at the same location are merged" (points equal within 0.01, spec 3 §5):
// the duplicate's edges, instances and path starts are re-pointed to the node kept, then it is deleted; edges that
// became self-loops go (zero-length.ts) and edges that became duplicates merge (merge-duplicate-edges.ts).
import type { Id } from '../types';
import type { Gesture } from '../gesture';
import { removeDegenerateEdges } from './zero-length';
import { mergeDuplicateEdges } from './merge-duplicate-edges';

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
