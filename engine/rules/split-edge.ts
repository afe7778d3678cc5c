// Spec 1 §4 Side effects: "A node placed on an edge splits the edge (paths follow); an edge drawn over a node splits."
// Split positions none / head / body / tail (spec 3 §4): only a body split cuts the edge in two; the second half gets
// copies of the edge's instances and values; each path edge over it becomes two, in travel order. A line drawn over
// existing nodes is cut there (cutAtNodes), each piece becoming an edge between them.
import type { Id, Position } from '../types';
import type { Gesture } from '../gesture';
import { pointsEqual, splitLine } from '../geometry';

/** One piece of a drawn line between the existing nodes it passes (`from`/`to`: the node at that end, if any). */
export interface LinePiece { coords: Position[]; from?: Id; to?: Id }

/** Cuts a drawn line (rounded coordinates) at every existing node it passes within the tolerance, ends included. */
export function cutAtNodes(g: Gesture, c: Position[]): LinePiece[] {
  const cuts: { at: number; id: Id; point: Position }[] = [];
  const seen = new Set<Id>();
  for (let i = 0; i + 1 < c.length; i++) {
    for (const n of g.nodesAlong(c[i], c[i + 1])) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      cuts.push({ at: i + n.t, id: n.id, point: n.point });
    }
  }
  cuts.sort((a, b) => a.at - b.at);
  const pieces: LinePiece[] = [];
  let cur: Position[] = [c[0]];
  let from: Id | undefined;
  let seg = 0;
  for (const cut of cuts) {
    while (seg < Math.floor(cut.at) && seg + 1 < c.length) { seg++; if (!pointsEqual(c[seg], cur[cur.length - 1])) cur.push(c[seg]); }
    if (cur.length === 1 && pointsEqual(cur[0], cut.point)) { cur = [cut.point]; from = cut.id; continue; }
    if (pointsEqual(cur[cur.length - 1], cut.point)) cur[cur.length - 1] = cut.point; else cur.push(cut.point);
    pieces.push({ coords: cur, from, to: cut.id });
    cur = [cut.point];
    from = cut.id;
  }
  for (seg = seg + 1; seg < c.length; seg++) if (!pointsEqual(c[seg], cur[cur.length - 1])) cur.push(c[seg]);
  if (cur.length >= 2) pieces.push({ coords: cur, from });
  return pieces;
}

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
