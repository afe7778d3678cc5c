// Display formats of spec 1 §9 / spec 2 §9: dates in the Dutch locale, numbers with 2 decimals when fractional,
// booleans as Ja/Nee in the display rule that asks for it.
export const DATE_LOCALE = 'nl-NL';

export function formatDate(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(DATE_LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
}

export function formatDateTime(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} ${d.toLocaleTimeString(DATE_LOCALE, { hour: '2-digit', minute: '2-digit' })}`;
}

/** Integers as they are; fractional numbers with exactly 2 decimals. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** The Ja/Nee boolean text rule (spec 2 §9). */
export function booleanText(value: boolean | string | null | undefined): string {
  return value === true || value === 'true' ? 'Ja' : 'Nee';
}
