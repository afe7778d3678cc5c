// Spec 1 §4 Side effects: "A drawn edge gets missing end nodes created." A line end on an existing node (0.01) uses
// it; on an edge's body it splits that edge there (split-edge.ts); elsewhere a new node is created.
import type { Id, Position } from '../types';
import type { Gesture } from '../gesture';
import { splitEdgeAt } from './split-edge';

/** End node for a drawn line end: an existing node there, a split of an edge there, or a new node. */
export function endNode(g: Gesture, p: Position): Id {
  const n = g.nodesNear(p)[0];
  if (n) return n.id;
  const e = g.edgesNear(p)[0];
  if (e) { const id = splitEdgeAt(g, e.id, p); if (id) return id; }
  return g.createNode(p);
}
