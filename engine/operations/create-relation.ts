// Operation createRelation (spec 1 §4 action 9, §5 Containers; spec 2 §5 multiplicity): a relation between two
// existing instances (fromId, toId, objectRelationTypeName), not already there, and only while each side holds fewer
// relations of that type than the relation type's multiplicity (0 = unlimited; engine/multiplicity.ts). Moves no
// geometry: it touches no points.
import type { Relation } from '../types';
import { relKey } from '../model';
import { MULTIPLICITY_REACHED, countOfType, fitsMultiplicity, relationTypeFor } from '../multiplicity';
import type { Operation } from './operation';

export interface CreateRelationIntent { type: 'createRelation'; relation: Relation }

export const createRelation: Operation<'createRelation'> = {
  type: 'createRelation',
  disabled(g, it) {
    const r = it.relation;
    if (!r?.objectRelationTypeName) return 'a relation needs a relation type';
    const from = g.tx.inst(r.fromId), to = g.tx.inst(r.toId);
    if (!from || !to) return 'unknown object instance';
    if (g.tx.relation(relKey(r))) return 'relation already exists';
    const t = relationTypeFor(g.tx.base.schema, r.objectRelationTypeName, from.objectTypeId, to.objectTypeId);
    if (t && (!fitsMultiplicity(countOfType(g.tx.relationsFrom(r.fromId), t.name), t.fromMultiplicity)
      || !fitsMultiplicity(countOfType(g.tx.relationsTo(r.toId), t.name), t.toMultiplicity))) return MULTIPLICITY_REACHED;
    return null;
  },
  run: (g, it) => g.createRelation(it.relation),
  touched: () => [],
};
