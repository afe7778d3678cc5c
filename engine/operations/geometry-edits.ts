// Geometry operations (spec 1 §4, spec 3 §4): move a node (edge ends follow, rules/move-node.ts), edit an edge's line
// (a moved end moves its node), split an edge at a point on its body (rules/split-edge.ts: only points on the body;
// at an end nothing is split), delete segment (the points of the segment nearest the click; fewer than two left or a
// zero-length rest deletes the edge). Coordinates are rounded to 2 decimals.
import type { Position } from '../types';
import type { Gesture } from '../gesture';
import { lineLength, pointsEqual, projectOnSegment } from '../geometry';
import { roundPosition } from '../projection';
import { editEdgeGeometry as editLine, moveNode as move } from '../rules/move-node';
import { splitEdgeAt } from '../rules/split-edge';
import { edgeEnds, objectPoints } from './points';
import type { Operation } from './operation';

const r2 = (p: Position) => roundPosition(p);

export const moveNode: Operation<'moveNode'> = {
  type: 'moveNode',
  disabled: (g, it) => (g.obj(it.id)?.node ? null : 'not a node'),
  run: (g, it) => move(g, it.id, r2(it.to)),
  touched: (m, it) => [...objectPoints(m, it.id), it.to],
};

export const editEdgeGeometry: Operation<'editEdgeGeometry'> = {
  type: 'editEdgeGeometry',
  disabled: (g, it) => (!g.obj(it.id)?.edge ? 'not an edge' : it.coordinates.length < 2 ? 'a line needs at least two coordinates' : null),
  run: (g, it) => editLine(g, it.id, it.coordinates.map(r2)),
  touched: (m, it) => [...edgeEnds(m, it.id), ...it.coordinates],
};

export const splitEdge: Operation<'splitEdge'> = {
  type: 'splitEdge',
  disabled(g, it) {
    const e = g.obj(it.id)?.edge;
    if (!e) return 'not an edge';
    if (!g.edgesNear(r2(it.at)).some((n) => n.id === it.id)) return 'point is not on the edge';
    const c = e.geometry.coordinates;
    return pointsEqual(r2(it.at), c[0]) || pointsEqual(r2(it.at), c[c.length - 1]) ? 'point is at the end of the edge' : null;
  },
  run: (g, it) => { splitEdgeAt(g, it.id, r2(it.at)); },
  touched: (m, it) => [...edgeEnds(m, it.id), it.at],
};

export const deleteSegment: Operation<'deleteSegment'> = {
  type: 'deleteSegment',
  disabled: (g, it) => (g.obj(it.id)?.edge ? (g.tx.pathEdgesOver(it.id).length ? 'edge is used by a path' : null) : 'not an edge'),
  run: (g, it) => removeSegment(g, it.id, r2(it.at)),
  touched: (m, it) => [...edgeEnds(m, it.id), it.at],
};

function removeSegment(g: Gesture, id: string, at: Position): void {
  const c = g.mustObj(id).edge!.geometry.coordinates;
  let best = 0, bd = Infinity;
  for (let i = 0; i + 1 < c.length; i++) { const d = projectOnSegment(at, c[i], c[i + 1]).distance; if (d < bd) { bd = d; best = i; } }
  const rest = c.filter((_, i) => i !== best && i !== best + 1);
  if (rest.length < 2 || lineLength(rest) === 0) { g.deleteObject(id); return; }
  editLine(g, id, rest);
}
