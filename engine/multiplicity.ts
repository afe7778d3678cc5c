// Relation multiplicity (spec 2 §3 ObjectRelationType, §5 "A relation can be added only while the count of relations
// of that type is below the multiplicity"): fromMultiplicity is the most relations of a type one from-instance may take
// part in, toMultiplicity the most one to-instance may take part in; 0 = unlimited (server/migrations/021_catalogue.sql).
// Shared by the createRelation operation (refusal at edit time) and the relation_multiplicity validator.
import type { ObjectRelationType } from './types';
import type { Schema } from './model';

/** Reason createRelation gives when a side already holds as many relations of the type as its multiplicity allows. */
export const MULTIPLICITY_REACHED = 'relation multiplicity reached';

/** The relation type of that name; among several of one name, the one joining the two object types. */
export function relationTypeFor(schema: Schema, name: string, fromTypeId?: number, toTypeId?: number): ObjectRelationType | undefined {
  let first: ObjectRelationType | undefined;
  for (const t of schema.relationTypes) {
    if (t.name !== name) continue;
    if ((fromTypeId === undefined || t.fromObjectTypeId === fromTypeId) && (toTypeId === undefined || t.toObjectTypeId === toTypeId)) return t;
    first ??= t;
  }
  return first;
}

/** The relation type name of a relation key (relKey: from \u0001 to \u0001 type). */
export const relationTypeOfKey = (key: string): string => key.slice(key.lastIndexOf('\u0001') + 1);

/** How many of the relation keys are of type `name`. */
export function countOfType(keys: readonly string[], name: string): number {
  let n = 0;
  for (const k of keys) if (relationTypeOfKey(k) === name) n++;
  return n;
}

/** Relations per type name among the type names given (one per relation). */
export function countsByType(names: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of names) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

/** Whether one more relation of type `t` fits beside `existing` relations on the side with multiplicity `max`. */
export const fitsMultiplicity = (existing: number, max: number): boolean => !(max > 0 && existing >= max);
