// Spec 1 §4 Side effects: "Moving a node moves the connected edge ends; an edge that becomes zero length is deleted.
// Moving an edge end moves its node." A node moved onto another node (0.01) merges into it.
import type { Id, Position } from '../types';
import type { Gesture } from '../gesture';
import { isZeroLength, pointsEqual } from '../geometry';
import { mergeNodeInto } from './merge-duplicate-nodes';
import { mergeDuplicateEdges } from './merge-duplicate-edges';

/** Moves a node; connected edge ends follow; onto another node it merges (self-loops left are deleted). */
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

/** Editing an edge's line: a moved end moves its node (and that node's other edges); zero length merges its ends. */
export function editEdgeGeometry(g: Gesture, id: Id, c: Position[]): void {
  const e = g.mustObj(id).edge!;
  const from = g.mustObj(e.fromNodeId).node!.geometry.coordinates;
  const to = g.mustObj(e.toNodeId).node!.geometry.coordinates;
  const inner = c.slice();
  inner[0] = from; inner[inner.length - 1] = to;
  g.setEdgeCoords(id, inner);
  if (!pointsEqual(c[0], from)) moveNode(g, e.fromNodeId, c[0]);
  const e2 = g.obj(id)?.edge;
  if (e2 && !pointsEqual(c[c.length - 1], to)) moveNode(g, e2.toNodeId, c[c.length - 1]);
  const e3 = g.obj(id)?.edge;
  if (e3 && isZeroLength(e3.geometry.coordinates) && e3.fromNodeId !== e3.toNodeId) {
    mergeNodeInto(g, e3.toNodeId, e3.fromNodeId);
  }
}
