// Operation deletePathEdge (spec 1 §4 action 5 as a gesture): one path edge deleted alone. Only the first or last path
// edge of a path may go, so the rest stays traversable; the path is deleted with its last path edge
// (rules/orphan-cleanup.ts).
import type { Id } from '../types';
import { getPathEdge } from '../model';
import { edgeEnds } from './points';
import type { Operation } from './operation';

export interface DeletePathEdgeIntent { type: 'deletePathEdge'; id: Id }

export const deletePathEdge: Operation<'deletePathEdge'> = {
  type: 'deletePathEdge',
  disabled(g, it) {
    const pe = g.tx.pathEdge(it.id);
    if (!pe) return 'unknown path edge';
    const list = g.tx.pathEdgesOf(pe.pathId);
    return list[0] === it.id || list[list.length - 1] === it.id ? null : 'only the first or last path edge of a path can be deleted';
  },
  run: (g, it) => g.deletePathEdge(it.id),
  touched: (m, it) => { const pe = getPathEdge(m, it.id); return pe ? edgeEnds(m, pe.edgeId) : []; },
};
