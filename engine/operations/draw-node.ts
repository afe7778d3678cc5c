// Operation drawNode (spec 1 §4, spec 3 §4): places a node with the draw object's instances. On an existing node
// (0.01) it reuses it; on an edge's body it splits the edge there (rules/split-edge.ts); else a new node. The
// coordinate is rounded to 2 decimals (spec 1 §9).
import type { Position } from '../types';
import { roundPosition } from '../projection';
import { splitEdgeAt } from '../rules/split-edge';
import { addInstances, type NewInstance } from './new-instances';
import type { Operation } from './operation';

export interface DrawNodeIntent { type: 'drawNode'; coordinates: Position; instances?: NewInstance[] }

export const drawNode: Operation<'drawNode'> = {
  type: 'drawNode',
  disabled: (_g, it) => (Array.isArray(it.coordinates) && it.coordinates.length === 2 ? null : 'a node needs one coordinate'),
  run(g, it) {
    const p = roundPosition(it.coordinates);
    const onEdge = () => { const e = g.edgesNear(p)[0]; return e ? splitEdgeAt(g, e.id, p) : null; };
    const n = g.nodesNear(p)[0]?.id ?? onEdge() ?? g.createNode(p);
    addInstances(g, n, it.instances);
  },
  // the edge it may split is found through the spatial index, which touched() does not have: its ends are the
  // split edge's and lie where the edge runs through this point
  touched: (_m, it) => [it.coordinates],
};
