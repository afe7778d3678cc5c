// Label and value display rules (spec 3 §5, spec 2 §9): labels cut at 25 characters with an ellipsis, Ja/Nee,
// 2-decimal numbers when fractional, dimensioning labels only for segments ≥ 0.2 m, high-rise labels by building_name.

export const LABEL_MAX_LENGTH = 25;
export const DIMENSION_MIN_LENGTH = 0.2;

export function cutLabel(text: string): string {
  const chars = Array.from(text);
  return chars.length > LABEL_MAX_LENGTH ? chars.slice(0, LABEL_MAX_LENGTH).join('') + '…' : text;
}

export function jaNee(v: unknown): string {
  return v === true || v === 'true' || v === 1 ? 'Ja' : 'Nee';
}

/** Integers as they are; fractional numbers with exactly 2 decimals. */
export function formatNumber(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** Any display value, the one label formatting (spec 3 §5): booleans Ja/Nee — also the network's Boolean attribute
 *  text 'true' / 'false' (attribute values are stored as text) — numbers via formatNumber, text cut at 25 with '…',
 *  nothing for null/undefined. */
export function displayValue(v: unknown): string {
  if (typeof v === 'boolean' || v === 'true' || v === 'false') return jaNee(v);
  if (typeof v === 'number') return formatNumber(v);
  if (v === null || v === undefined) return '';
  return cutLabel(String(v));
}

/** Dimensioning label for a segment length in metres, or null below 0.2 m. */
export function dimensionLabel(lengthM: number): string | null {
  if (!Number.isFinite(lengthM) || lengthM < DIMENSION_MIN_LENGTH) return null;
  return `${lengthM.toFixed(2)} m`;
}

/** Reads a possibly dotted field ('cable_type.name'); `properties` may be a JSON string. */
export function readField(props: Record<string, unknown>, field: string): unknown {
  let cur: unknown = props;
  for (const part of field.split('.')) {
    if (typeof cur === 'string') { try { cur = JSON.parse(cur); } catch { return undefined; } }
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** A feature's label from its properties: customer connections in high-rise buildings by building_name (spec 3 §3),
 *  others by the label field; null when that gives no text (or no field: network layers then use the display name). */
export function featureLabel(props: Record<string, unknown>, field?: string): string | null {
  const highRise = props.building_type === 'highRise' || props.building_type === 'high_rise';
  const raw = highRise && props.building_name ? props.building_name : field ? readField(props, field) : undefined;
  if (raw === undefined || raw === null || raw === '') return null;
  return displayValue(raw);
}
