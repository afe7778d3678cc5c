// Cost line rules (spec 2 §5): lines with zero count and zero length are dropped unless asked for; trench and
// customer-connection lines with length 0 turn the count into the length (the count stays); the cost of a line is
// cost × length, or cost × count when the length is 0. CSV export with the line's total.
import type { LineMeta } from './contribution';
import type { CostLine } from './types';

/** A cost line from its meta and sums (length in whole centimetres). */
export function costLine(meta: LineMeta, count: number, lengthCm: number, unused: number): CostLine {
  const length = lengthCm === 0 && meta.countAsLength ? count : lengthCm / 100;
  return { id: meta.id, name: meta.name, objectTypeId: meta.objectTypeId, existing: meta.existing, cost: meta.cost, count, length, unused };
}

/** Spec 2 §5: cost × length, or × count when the length is 0. */
export const lineTotal = (l: CostLine): number => l.cost * (l.length !== 0 ? l.length : l.count);

export const isZeroLine = (l: CostLine): boolean => l.count === 0 && l.length === 0;

/** By object type, new before existing, then id. */
export const compareLines = (a: CostLine, b: CostLine): number =>
  a.objectTypeId - b.objectTypeId || Number(a.existing) - Number(b.existing) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const CSV_HEADER = 'id,name,objectTypeId,existing,cost,count,length,unused,total';

const csvField = (v: string | number | boolean): string => {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The lines as CSV (header id,name,objectTypeId,existing,cost,count,length,unused,total; one line each, \n). */
export function toCsv(lines: readonly CostLine[]): string {
  const rows = lines.map((l) => [l.id, l.name, l.objectTypeId, l.existing, l.cost, l.count, l.length, l.unused, lineTotal(l)].map(csvField).join(','));
  return [CSV_HEADER, ...rows].join('\n') + '\n';
}
