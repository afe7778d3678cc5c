// Instance filters of derived network layers (spec 3 §2: trenches reserved / by drilling type / by coverage type;
// low-voltage main vs customer cables; OAP vs AP): whether a layer draws one object instance, from its attributes.
import type { InstanceFilter, LayerEntry, Props } from './types';
import { readField } from './styles/format';

const BOOL = /^(true|false)$/i;

/** The value as text for comparison: null/undefined → null, booleans and 'TRUE'/'False' → 'true'/'false'. */
function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return String(v);
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
  if (s === null) return null;
  return BOOL.test(s) ? s.toLowerCase() : s;
}

export function matchesFilter(f: InstanceFilter, typeName: string | null, props: Props): boolean {
  if (f.types && (!typeName || !f.types.includes(typeName))) return true;
  const v = text(readField(props, f.field));
  let ok: boolean;
  if (f.values) ok = v !== null && f.values.some((x) => (BOOL.test(x) ? x.toLowerCase() : x) === v);
  else if (f.prefix !== undefined) ok = v !== null && v.toLowerCase().startsWith(f.prefix.toLowerCase());
  else ok = v !== null && v !== '';
  return f.not ? !ok : ok;
}

/** Whether the network layer draws an instance of `typeName` with these attributes (type named, filter passed). */
export function layerDraws(e: LayerEntry, typeName: string | null, props: () => Props): boolean {
  if (!typeName || !e.objectTypes.includes(typeName)) return false;
  return !e.filter || matchesFilter(e.filter, typeName, props());
}

/** Checks a filter's shape; errors name the layer and the field. */
export function filterErrors(e: LayerEntry): string[] {
  const f = e.filter;
  if (!f) return [];
  const errs: string[] = [];
  const bad = (field: string, why: string) => errs.push(`layer ${e.name}: filter.${field} ${why}`);
  if (e.type !== 'network') bad('field', 'is only for network layers');
  if (typeof f.field !== 'string' || !f.field) bad('field', 'must name an attribute');
  const kinds = [f.values !== undefined, f.present !== undefined, f.prefix !== undefined].filter(Boolean).length;
  if (kinds !== 1) bad('values', 'exactly one of values, present or prefix is required');
  if (f.values !== undefined && (!Array.isArray(f.values) || f.values.length === 0 || f.values.some((x) => typeof x !== 'string'))) bad('values', 'must be a non-empty list of texts');
  if (f.present !== undefined && f.present !== true) bad('present', 'must be true');
  if (f.prefix !== undefined && (typeof f.prefix !== 'string' || !f.prefix)) bad('prefix', 'must be a non-empty text');
  if (f.types && f.types.some((t) => !e.objectTypes.includes(t))) bad('types', 'must be among the layer\'s objectTypes');
  return errs;
}
