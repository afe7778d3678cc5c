// Validator relation_multiplicity (Recommended, as the server's validator): an object instance that is the source of
// more relations of a type than its fromMultiplicity, or the target of more than its toMultiplicity (0 = unlimited;
// engine/multiplicity.ts). The createRelation operation refuses such a relation; this reports loaded data and raw
// actions. Dependents: both ends of a changed relation; an instance whose row changed (its type picks the relation type).
import { getInstance, relationRowsFrom, relationRowsTo } from '../model';
import { prows } from '../ptable';
import { countsByType, relationTypeFor } from '../multiplicity';
import { failed } from './context';
import type { ValidationResult, Validator } from './types';

const NAME = 'relation_multiplicity';

export const relationMultiplicity: Validator = {
  name: NAME,
  severity: 'Recommended',
  // the ends of the relations of a type with a multiplicity
  subjects: (ctx) => function* ends(m) {
    const limited = new Set(ctx.schema.relationTypes.filter((t) => t.fromMultiplicity > 0 || t.toMultiplicity > 0).map((t) => t.name));
    const seen = new Set<string>();
    for (const r of prows(m.relations)) {
      if (!limited.has(r.objectRelationTypeName)) continue;
      for (const id of [r.fromId, r.toId]) if (!seen.has(id)) { seen.add(id); yield id; }
    }
  },
  dependsOn(row, _dc, out) {
    if (row.table === 'relations') { out.add(row.row.fromId); out.add(row.row.toId); } else if (row.table === 'objectInstances') out.add(row.key);
  },
  check(m, id, ctx, severity) {
    const inst = getInstance(m, id);
    if (!inst) return [];
    const out: ValidationResult[] = [];
    for (const [side, rels] of [['source', relationRowsFrom(m, id)], ['target', relationRowsTo(m, id)]] as const) {
      if (!rels.length) continue;
      for (const [name, n] of countsByType(rels.map((r) => r.objectRelationTypeName))) {
        const t = side === 'source' ? relationTypeFor(ctx.schema, name, inst.objectTypeId) : relationTypeFor(ctx.schema, name, undefined, inst.objectTypeId);
        const max = !t ? 0 : side === 'source' ? t.fromMultiplicity : t.toMultiplicity;
        if (max > 0 && n > max) out.push(failed(ctx, NAME, id, `Object instance ${id} is the ${side} of ${n} relations of type ${name}; at most ${max} allowed.`, severity));
      }
    }
    return out;
  },
};
