// Operation createRelation (spec 1 §4 action 9, §5 Containers): a relation between two existing instances (fromId,
// toId, objectRelationTypeName), not already there. Moves no geometry: it touches no points.
import type { Relation } from '../types';
import { relKey } from '../model';
import type { Operation } from './operation';

export interface CreateRelationIntent { type: 'createRelation'; relation: Relation }

export const createRelation: Operation<'createRelation'> = {
  type: 'createRelation',
  disabled(g, it) {
    const r = it.relation;
    if (!r?.objectRelationTypeName) return 'a relation needs a relation type';
    if (!g.tx.inst(r.fromId) || !g.tx.inst(r.toId)) return 'unknown object instance';
    return g.tx.relation(relKey(r)) ? 'relation already exists' : null;
  },
  run: (g, it) => g.createRelation(it.relation),
  touched: () => [],
};
