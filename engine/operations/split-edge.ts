// Operation splitEdge (spec 1 §4, spec 3 §4): splits an edge at a point on its body with a new node; paths over it
// follow and the new half gets copies of its instances (rules/split-edge.ts). A point off the edge or at one of its
// ends is refused. Rounded to 2 decimals.
import type { Id, Position } from '../types';
import { pointsEqual } from '../geometry';
import { roundPosition } from '../projection';
import { splitEdgeAt } from '../rules/split-edge';
import { edgeEnds } from './points';
import type { Operation } from './operation';

export interface SplitEdgeIntent { type: 'splitEdge'; id: Id; at: Position }

export const splitEdge: Operation<'splitEdge'> = {
  type: 'splitEdge',
  disabled(g, it) {
    const e = g.obj(it.id)?.edge;
    if (!e) return 'not an edge';
    const at = roundPosition(it.at);
    if (!g.edgesNear(at).some((n) => n.id === it.id)) return 'point is not on the edge';
    const c = e.geometry.coordinates;
    return pointsEqual(at, c[0]) || pointsEqual(at, c[c.length - 1]) ? 'point is at the end of the edge' : null;
  },
  run: (g, it) => { splitEdgeAt(g, it.id, roundPosition(it.at)); },
  touched: (m, it) => [...edgeEnds(m, it.id), it.at],
};
