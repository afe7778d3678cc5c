// Operation drawEdge (spec 1 §4, spec 3 §4–§5): creates a line with the draw object's instances. The line is cut at
// every existing node it passes (rules/split-edge.ts cutAtNodes: each piece an edge), missing end nodes are created
// (rules/end-nodes.ts: an end on an edge's body splits it) and duplicate edges merge (rules/merge-duplicate-edges.ts).
// A zero-length line is refused ('zero length', rules/zero-length.ts); a line needs two coordinates. Coordinates are
// rounded to 2 decimals.
import type { Position } from '../types';
import { isZeroLength } from '../geometry';
import { roundPosition } from '../projection';
import { endNode } from '../rules/end-nodes';
import { cutAtNodes } from '../rules/split-edge';
import { mergeDuplicateEdges } from '../rules/merge-duplicate-edges';
import { zeroLengthReason } from '../rules/zero-length';
import { addInstances, type NewInstance } from './new-instances';
import type { Operation } from './operation';

export interface DrawEdgeIntent { type: 'drawEdge'; coordinates: Position[]; instances?: NewInstance[]; twoWay?: boolean }

export const drawEdge: Operation<'drawEdge'> = {
  type: 'drawEdge',
  disabled(_g, it) {
    if (!Array.isArray(it.coordinates) || it.coordinates.length < 2) return 'a line needs at least two coordinates';
    return zeroLengthReason(it.coordinates.map((p) => roundPosition(p)));
  },
  run(g, it) {
    for (const piece of cutAtNodes(g, it.coordinates.map((p) => roundPosition(p)))) {
      if (isZeroLength(piece.coords)) continue;
      const a = piece.from ?? endNode(g, piece.coords[0]);
      const b = piece.to ?? endNode(g, piece.coords[piece.coords.length - 1]);
      if (a === b) continue;
      const pc = piece.coords.slice();
      pc[0] = g.mustObj(a).node!.geometry.coordinates;
      pc[pc.length - 1] = g.mustObj(b).node!.geometry.coordinates;
      const id = g.createEdge(pc, a, b, it.twoWay !== undefined ? { twoWay: it.twoWay } : {});
      addInstances(g, id, it.instances);
      mergeDuplicateEdges(g, a);
    }
  },
  // the nodes it snaps to and the edges it splits lie on the drawn points (found through the spatial index, which
  // touched() does not have): the drawn points are the points it touches
  touched: (_m, it) => [...it.coordinates],
};

