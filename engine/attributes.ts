// Attribute values validated and corrected against attribute types (spec 1 §5, spec 3 §4–§5): List values not allowed
// are cleared, Boolean/Integer/Float normalised; new instances get type defaults; the Phase attribute takes the phase.
import type { AttributeType, ObjectType } from './types';

const TRUE = new Set(['true', '1', 'yes', 'ja', 'waar', 'y', 'j', 'on']);
const FALSE = new Set(['false', '0', 'no', 'nee', 'onwaar', 'n', 'off']);

export interface AllowedValuesContext {
  objectTypeId: number;
  /** Other attribute values of the same instance, by name. */
  values: Record<string, string | null>;
}
/** Optional narrowing of a List's allowed values by object type, other values and relation sources (spec 3 §5). */
export type AllowedValuesFilter = (type: AttributeType, allowed: string[], ctx: AllowedValuesContext) => string[];

/** The corrected value of one attribute (null = cleared). */
export function correctValue(type: AttributeType, value: string | null | undefined, allowed?: string[]): string | null {
  if (value === null || value === undefined) return null;
  const v = String(value).trim();
  if (v === '') return null;
  switch (type.type) {
    case 'List': {
      const list = allowed ?? type.allowedValues;
      if (!list) return v;
      return list.includes(v) ? v : null;
    }
    case 'Boolean': {
      const l = v.toLowerCase();
      return TRUE.has(l) ? 'true' : FALSE.has(l) ? 'false' : null;
    }
    case 'Integer': {
      const n = Number(v.replace(',', '.'));
      return Number.isFinite(n) ? String(Math.round(n)) : null;
    }
    case 'Float': {
      const n = Number(v.replace(',', '.'));
      return Number.isFinite(n) ? String(n) : null;
    }
    default:
      return String(value);
  }
}

export function isPhaseAttribute(name: string): boolean {
  return name.toLowerCase() === 'phase';
}

/**
 * Corrects a full set of values for an instance of `type` (names not defined on the type are kept unchanged).
 * Returns the corrected map; `changed` lists the names whose value changed.
 */
export function correctValues(
  type: ObjectType, values: Record<string, string | null>, filter?: AllowedValuesFilter,
): { values: Record<string, string | null>; changed: string[] } {
  const out: Record<string, string | null> = { ...values };
  const changed: string[] = [];
  for (const at of type.attributeTypes) {
    if (!(at.name in values)) continue;
    const allowed = at.type === 'List' && at.allowedValues && filter ? filter(at, at.allowedValues, { objectTypeId: type.id, values }) : undefined;
    const v = correctValue(at, values[at.name], allowed);
    if (v !== values[at.name]) { out[at.name] = v; changed.push(at.name); }
  }
  return { values: out, changed };
}

/**
 * Values for a new instance: given values corrected, missing ones filled with the type defaults, and the Phase
 * attribute set to the active phase id (when one is active).
 */
export function initialValues(type: ObjectType | undefined, given: Record<string, string | null> = {}, activePhaseId?: string | number | null): Record<string, string | null> {
  if (!type) return { ...given };
  const out: Record<string, string | null> = { ...given };
  for (const at of type.attributeTypes) {
    if (isPhaseAttribute(at.name) && activePhaseId !== undefined && activePhaseId !== null) { out[at.name] = String(activePhaseId); continue; }
    if (out[at.name] === undefined && at.defaultValue !== undefined && at.defaultValue !== null) out[at.name] = at.defaultValue;
  }
  return correctValues(type, out).values;
}
