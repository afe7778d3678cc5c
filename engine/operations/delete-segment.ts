// Operation deleteSegment (spec 3 §4 "delete segment"): removes both points of the edge's segment nearest the click;
// fewer than two points left, or a zero-length rest, deletes the edge. A moved end moves its node
// (rules/move-node.ts). Edges carrying paths are refused ('edge is used by a path': paths stay traversable).
import type { Id, Position } from '../types';
import type { Gesture } from '../gesture';
import { getObject } from '../model';
import { lineLength, projectOnSegment } from '../geometry';
import { roundPosition } from '../projection';
import { editEdgeGeometry as editLine } from '../rules/move-node';
import { edgeEnds, objectPoints } from './points';
import type { Operation } from './operation';

export interface DeleteSegmentIntent { type: 'deleteSegment'; id: Id; at: Position }

/** Index of the segment of `c` nearest `at` (its points are i and i + 1). */
export function nearestSegment(c: readonly Position[], at: Position): number {
  let best = 0, bd = Infinity;
  for (let i = 0; i + 1 < c.length; i++) { const d = projectOnSegment(at, c[i], c[i + 1]).distance; if (d < bd) { bd = d; best = i; } }
  return best;
}

export const deleteSegment: Operation<'deleteSegment'> = {
  type: 'deleteSegment',
  disabled: (g, it) => (g.obj(it.id)?.edge ? (g.tx.pathEdgesOver(it.id).length ? 'edge is used by a path' : null) : 'not an edge'),
  run: (g, it) => removeSegment(g, it.id, roundPosition(it.at)),
  // the removed points, the edge's ends and end nodes, and (a removed end moves its node) those nodes' other edges
  touched(m, it) {
    const e = getObject(m, it.id)?.edge;
    if (!e) return [];
    const c = e.geometry.coordinates, i = nearestSegment(c, it.at);
    return [c[i], c[i + 1], ...edgeEnds(m, it.id), ...objectPoints(m, e.fromNodeId), ...objectPoints(m, e.toNodeId)];
  },
};

function removeSegment(g: Gesture, id: Id, at: Position): void {
  const c = g.mustObj(id).edge!.geometry.coordinates;
  const best = nearestSegment(c, at);
  const rest = c.filter((_, i) => i !== best && i !== best + 1);
  if (rest.length < 2 || lineLength(rest) === 0) { g.deleteObject(id); return; }
  editLine(g, id, rest);
}
