// The SQL validators of the validation service (spec 2 §3 "Validation result", §5, §7), run over a stored project in
// the database: required_attributes reports Required attribute types without a value; relation_multiplicity reports
// instances taking part in more relations of a type than its multiplicity allows. The validators that need the whole
// network as an engine model (graph_integrity and the engine's validators) are network-job.ts.
import type { Queryable } from '../db/db';
import { catalogueFor } from '../catalogue/catalogue';
import { MAX_RESULTS, severityOf, stateOf, summary, type ValidationResult } from './results';

export type { Severity, ValidationResult } from './results';
export interface ValidatorContext { q: Queryable; projectId: number; family: string; params: Record<string, unknown> }
type Validator = (ctx: ValidatorContext) => Promise<ValidationResult[]>;

export const VALIDATORS: Record<string, Validator> = {
  async required_attributes({ q, projectId, family, params }) {
    const cat = await catalogueFor(q, family);
    const required: { typeId: number; name: string }[] = [];
    for (const [typeId, m] of cat.attributeTypes) for (const t of m.values()) if (t.required) required.push({ typeId, name: t.name });
    const r = await q.query<{ id: string; object_type_id: number; name: string }>(
      `SELECT i.id, i.object_type_id, t.n AS name
         FROM unnest($2::int[], $3::text[]) AS t(ot, n)
         JOIN object_instance i ON i.project_id = $1 AND i.object_type_id = t.ot
         LEFT JOIN attribute_value a ON a.project_id = i.project_id AND a.object_instance_id = i.id AND a.attribute_type_name = t.n
        WHERE a.value IS NULL OR btrim(a.value) = '' ORDER BY i.id, t.n LIMIT ${MAX_RESULTS + 1}`,
      [projectId, required.map((x) => x.typeId), required.map((x) => x.name)]);
    const sev = severityOf(params, 'Required');
    return summary('required_attributes', r.rows.map((x) => ({
      message: `Object instance ${x.id} (${cat.objectTypes.get(x.object_type_id)?.name ?? x.object_type_id}) has no value for required attribute ${x.name}.`,
      id: x.id, stateId: stateOf(params), severity: sev, passed: false,
    })), params, sev);
  },

  async relation_multiplicity({ q, projectId, family, params }) {
    const cat = await catalogueFor(q, family);
    const failed: ValidationResult[] = [];
    const sev = severityOf(params, 'Recommended');
    for (const t of cat.relationTypes.values()) {
      for (const [side, max] of [['from_id', t.fromMultiplicity], ['to_id', t.toMultiplicity]] as const) {
        if (!max) continue;
        const r = await q.query<{ id: string; n: string }>(
          `SELECT ${side} AS id, count(*) AS n FROM relation WHERE project_id = $1 AND relation_type_name = $2 GROUP BY ${side} HAVING count(*) > $3 ORDER BY 1 LIMIT 100`,
          [projectId, t.name, max]);
        for (const x of r.rows) failed.push({ message: `Object instance ${x.id} has ${x.n} relations of type ${t.name}; at most ${max} allowed.`, id: x.id, stateId: stateOf(params), severity: sev, passed: false });
      }
    }
    return summary('relation_multiplicity', failed, params, sev);
  },
};
