// Rows made when first read (issue 15): a table loaded from an Arrow answer can keep its rows as an array of undefined whose
// maker reads row i from the answer's columns; the first read of a row makes it and keeps it in its place, so every
// later read sees the same object. The array stays plain data (the maker is held beside it, in a WeakMap, as the
// spatial index is held beside the model); a filled array reads as any other. Readers of base rows go through
// `rowAt`, and whole-array readers through `filledRows`.

/** A rows array's maker and how many of its rows are still to make (at 0 the maker and the columns it reads go). */
interface Maker { make: (i: number) => unknown; peek: ((i: number, field: string) => unknown) | null; left: number }
const makers = new WeakMap<readonly unknown[], Maker>();
// the last array asked about and its maker (reads come in runs over one table: one compare instead of a WeakMap get);
// let go of after the current task (a microtask), so a table the model no longer has is not kept alive by this cache
let lastRows: readonly unknown[] | null = null, lastMaker: Maker | undefined, letGo = false;
const clearLast = () => { lastRows = null; lastMaker = undefined; letGo = false; };
function cacheLast(rows: readonly unknown[]): void {
  lastRows = rows; lastMaker = makers.get(rows);
  if (!letGo) { letGo = true; queueMicrotask(clearLast); }
}
// small, so that rowAt and rowField, which inline it, stay small enough to be inlined where rows are read
const makerOf = (rows: readonly unknown[]): Maker | undefined => { if (rows !== lastRows) cacheLast(rows); return lastMaker; };
/** Whether the cache of the last array asked about holds one (tests). */
export const holdsLast = (): boolean => lastRows !== null;
const forget = (rows: readonly unknown[]) => { makers.delete(rows); if (rows === lastRows) lastRows = null; };

/** n rows made by `make(i)` when first read; `peek(i, field)`, when given, reads one field of a row not made yet
 *  (`rowField`) without making it. */
export function lazyRows<T>(n: number, make: (i: number) => T, peek?: (i: number, field: keyof T & string) => unknown): T[] {
  // filled with undefined: fast elements (a large array made holey would be kept as a dictionary)
  const rows = new Array<T>(n).fill(undefined as T);
  if (n > 0) makers.set(rows, { make, peek: (peek as Maker['peek']) ?? null, left: n });
  return rows;
}

/** Row i of a base's rows (made now when it was not yet; undefined only past the end or where nothing is made). */
export function rowAt<T>(rows: readonly T[], i: number): T {
  const r = rows[i];
  if (r !== undefined) return r;
  const m = makerOf(rows);
  if (m === undefined || i < 0 || i >= rows.length) return r;
  const made = (rows as T[])[i] = m.make(i) as T;
  if (--m.left === 0) forget(rows);
  return made;
}

/** Field `field` of row i: the made row's, or read from the columns when the row is not made and its maker can. */
export function rowField<T>(rows: readonly T[], i: number, field: keyof T & string): unknown {
  const r = rows[i];
  if (r !== undefined) return (r as T)[field];
  const m = makerOf(rows);
  return m !== undefined && m.peek !== null && i >= 0 && i < rows.length ? m.peek(i, field) : rowAt(rows, i)?.[field];
}

/** The rows with every one made (e.g. to copy them into another table). */
export function filledRows<T>(rows: readonly T[]): readonly T[] {
  const m = makerOf(rows);
  if (m === undefined) return rows;
  for (let i = 0; i < rows.length; i++) if (rows[i] === undefined) (rows as T[])[i] = m.make(i) as T;
  forget(rows);
  return rows;
}

/** Whether rows of this array are still to be made (its maker, and the columns it reads, still held). */
export const hasUnmade = (rows: readonly unknown[]): boolean => makerOf(rows) !== undefined;

/** How many of the rows are made (for tests and benches). */
export function madeCount(rows: readonly unknown[]): number {
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (rows[i] !== undefined) n++;
  return n;
}
