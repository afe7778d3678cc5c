// Operation deleteObject (spec 1 §4 action 2 with its side effects): deletes a network object with its instances; an
// edge also loses the path edges over it, a node its edges, a path its path edges (gesture.ts deleteObject); empty
// end nodes left behind go (rules/orphan-cleanup.ts). An edge carrying a path is refused ('edge is used by a path':
// reroute or shorten the path first, so every path stays traversable).
import type { Id } from '../types';
import type { Gesture } from '../gesture';
import { objectPoints } from './points';
import type { Operation } from './operation';

export interface DeleteObjectIntent { type: 'deleteObject'; id: Id }

/** Why network object `id` cannot be deleted now, or null. */
export function deleteRefusal(g: Gesture, id: Id): string | null {
  const o = g.obj(id);
  if (!o) return 'unknown network object';
  const edges = o.edge ? [id] : o.node ? g.tx.edgesOf(id) : [];
  return edges.some((e) => g.tx.pathEdgesOver(e).length) ? 'edge is used by a path' : null;
}

export const deleteObject: Operation<'deleteObject'> = {
  type: 'deleteObject',
  disabled: (g, it) => deleteRefusal(g, it.id),
  run: (g, it) => g.deleteObject(it.id),
  touched: (m, it) => objectPoints(m, it.id),
};
