// Operation deleteRelation (spec 1 §4 action 10): removes one relation between two instances. Moves no geometry: it
// touches no points.
import type { Relation } from '../types';
import { relKey } from '../model';
import type { Operation } from './operation';

export interface DeleteRelationIntent { type: 'deleteRelation'; relation: Relation }

export const deleteRelation: Operation<'deleteRelation'> = {
  type: 'deleteRelation',
  disabled: (g, it) => (g.tx.relation(relKey(it.relation)) ? null : 'unknown relation'),
  run: (g, it) => { g.tx.apply({ code: 10, before: g.tx.relation(relKey(it.relation))! }); },
  touched: () => [],
};
