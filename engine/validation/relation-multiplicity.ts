// Validator relation_multiplicity (Recommended, as the server's validator): an object instance that is the source of
// more relations of a type than its fromMultiplicity, or the target of more than its toMultiplicity (0 = unlimited;
// engine/multiplicity.ts). The createRelation operation refuses such a relation; this reports loaded data and raw
// actions. Dependents: both ends of a changed relation; an instance whose row changed (its type picks the relation type).
import { getInstance } from '../model';
import { relationTypesOf } from '../field-reads';
import { pentries } from '../ptable';
import { countsByType, relationTypeFor } from '../multiplicity';
import { failed } from './context';
import type { ValidationResult, Validator } from './types';

const NAME = 'relation_multiplicity';
const NONE: ReadonlySet<number> = new Set();

export const relationMultiplicity: Validator = {
  name: NAME,
  severity: 'Recommended',
  // every instance when a relation type has a multiplicity (the check reads its relation lists by the row the walk found:
  // no id hashed, no relation row made; one without relations is passed over at once), none otherwise
  subjects: (ctx) => (!ctx.schema.relationTypes.some((t) => t.fromMultiplicity > 0 || t.toMultiplicity > 0) ? NONE : function* instances(m) {
    for (const [id] of pentries(m.objectInstances)) yield id;
  }),
  dependsOn(row, _dc, out) {
    if (row.table === 'relations') { out.add(row.row.fromId); out.add(row.row.toId); } else if (row.table === 'objectInstances') out.add(row.key);
  },
  check(m, id, ctx, severity) {
    // one relation on a side never exceeds a multiplicity (0 = unlimited): most instances end here, their rows not read
    const sides = [['source', relationTypesOf(m, id, 'source')], ['target', relationTypesOf(m, id, 'target')]] as const;
    if (sides[0][1].length < 2 && sides[1][1].length < 2) return [];
    const inst = getInstance(m, id);
    if (!inst) return [];
    const out: ValidationResult[] = [];
    for (const [side, names] of sides) {
      if (names.length < 2) continue;
      for (const [name, n] of countsByType(names)) {
        const t = side === 'source' ? relationTypeFor(ctx.schema, name, inst.objectTypeId) : relationTypeFor(ctx.schema, name, undefined, inst.objectTypeId);
        const max = !t ? 0 : side === 'source' ? t.fromMultiplicity : t.toMultiplicity;
        if (max > 0 && n > max) out.push(failed(ctx, NAME, id, `Object instance ${id} is the ${side} of ${n} relations of type ${name}; at most ${max} allowed.`, severity));
      }
    }
    return out;
  },
};
