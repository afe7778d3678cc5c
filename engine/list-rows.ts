// Rows named by a reverse-index list, read through the list's row numbers (issue 15: after a whole load, the map's
// chunk build, live validation and capex spent ≈ 3 s of a 100 000-edge open looking up ids one by one — each list
// element's id made from its row, hashed, probed and compared, only to find the row the list already pointed at).
// A list that lies in one base segment and names rows of that segment's table is read by row number; the overlay is
// still consulted for each row, so the result is exactly the lookup by key (listRowsByKey).
import { hashId, idFind, idFindHashed, idKey, type IdTable } from './id-table';
import { isListBase, overlayGet, pget, type ListBase, type PTable, type RowBase } from './ptable';
import { rowAt as madeRow } from './lazy-rows';

const EMPTY: readonly never[] = Object.freeze([]);
/** Reads by row number on (default) or off — off only for the bench's baseline beside them (bench/lookups.bench.ts). */
export const listRowReads = { byRowNumber: true };
const NONE = 0, HIT = 1, BY_KEY = 2;

// where the last `locate` found its list (one thread; read right after the call, then let go: a model no longer used
// is not kept alive by its last list read)
const NO_V = new Int32Array(0);
let hitRows: readonly unknown[] = EMPTY, hitOf: IdTable | null = null, hitV: Int32Array = NO_V, hitS = 0, hitE = 0;
const letGo = () => { hitRows = EMPTY; hitOf = null; hitV = NO_V; };
/** Whether the last list read's table is still held (tests). */
export const holdsHit = (): boolean => hitOf !== null;

/** NONE: key has no list; HIT: its list is hitV[hitS .. hitE) over hitRows; BY_KEY: read it by key. */
function locate(list: PTable<readonly string[]>, rows: PTable<unknown>, key: string): number {
  if (!listRowReads.byRowNumber || (list.over !== null && overlayGet(list, key) !== undefined)) return BY_KEY;
  let found: ListBase | null = null, h = 0;
  for (let k = -1; k < list.segs.length; k++) {
    const b = (k < 0 ? list.base : list.segs[k]) as ListBase;
    const i = k < 0 ? idFind(b.ids, key) : idFindHashed(b.ids, key, h === 0 ? (h = hashId(key)) : h);
    if (i < 0) { if (b.extra !== null && b.extra.has(key)) return BY_KEY; continue; }
    const s = b.offsets[i], e = b.offsets[i + 1];
    if (s === e || s === undefined) continue;
    // a list spanning segments is their sorted union
    if (found !== null) return BY_KEY;
    found = b; hitS = s; hitE = e;
  }
  if (found === null) return NONE;
  if (found.of === null) return BY_KEY;
  for (let k = -1; k < rows.segs.length; k++) {
    const r = k < 0 ? rows.base : rows.segs[k];
    if (r.ids === found.of && !isListBase(r)) {
      hitRows = (r as RowBase<unknown>).rows; hitOf = found.of; hitV = found.values as Int32Array;
      return HIT;
    }
  }
  return BY_KEY;
}

/** The local change of base row i (its key read from `of` without making the row): the row, null (deleted) or
 *  undefined (none). */
const localRow = <T>(rows: PTable<T>, of: IdTable, i: number): T | null | undefined =>
  (rows.over === null ? undefined : overlayGet(rows, idKey(of, i)));

/** Row v[q] of `arr` (the overlay's version when it has one; undefined when deleted there). */
function rowAt<T>(rows: PTable<T>, arr: readonly unknown[], of: IdTable, v: Int32Array, q: number): T | undefined {
  const o = localRow(rows, of, v[q]);
  return o === undefined ? madeRow(arr, v[q]) as T : o ?? undefined;
}

const same = (k: string) => k;

/** The definition: each element's row by key (`rowKey(element)`), missing ones left out. */
export function listRowsByKey<T>(list: PTable<readonly string[]>, rows: PTable<T>, key: string, rowKey: (el: string) => string = same): T[] {
  const out: T[] = [];
  for (const el of pget(list, key) ?? EMPTY) { const r = pget(rows, rowKey(el)); if (r !== undefined) out.push(r); }
  return out;
}

/** The rows of `key`'s list in `rows` (elements map to row keys by `rowKey`), in list order, missing ones left out:
 *  listRowsByKey's result. */
export function listRows<T>(list: PTable<readonly string[]>, rows: PTable<T>, key: string, rowKey: (el: string) => string = same): T[] {
  const at = locate(list, rows as PTable<unknown>, key);
  if (at === NONE) return [];
  if (at === BY_KEY) return listRowsByKey(list, rows, key, rowKey);
  const arr = hitRows, of = hitOf!, v = hitV, out: T[] = [];
  letGo();
  for (let q = hitS, e = hitE; q < e; q++) { const r = rowAt(rows, arr, of, v, q); if (r !== undefined) out.push(r); }
  return out;
}

/** The first row of `key`'s list for which `test` holds; `byKey` answers when the list is not read by row number
 *  (listRows(…).find(test) for a model whose lists match its rows, without the array). */
export function listRowWhere<T>(
  list: PTable<readonly string[]>, rows: PTable<T>, key: string, test: (row: T) => boolean, byKey: () => T | undefined,
): T | undefined {
  const at = locate(list, rows as PTable<unknown>, key);
  if (at === NONE) return undefined;
  if (at === BY_KEY) return byKey();
  const arr = hitRows, of = hitOf!, v = hitV;
  letGo();
  for (let q = hitS, e = hitE; q < e; q++) { const r = rowAt(rows, arr, of, v, q); if (r !== undefined && test(r)) return r; }
  return undefined;
}

/** Calls `each(rows, i)` for each element of `key`'s list — with the base row number, rows as loaded, no row made; a
 *  row the table's local changes replaced comes as `([row], 0)`, one they deleted not at all — and answers true;
 *  false (nothing called) when the list is not read by row number: the caller then reads the rows (listRows). */
export function listRowNumbers(list: PTable<readonly string[]>, rows: PTable<unknown>, key: string, each: (rows: readonly unknown[], i: number) => void): boolean {
  const at = locate(list, rows, key);
  if (at === NONE) return true;
  if (at === BY_KEY) return false;
  const arr = hitRows, of = hitOf!, v = hitV;
  letGo();
  if (rows.over === null) { for (let q = hitS, e = hitE; q < e; q++) each(arr, v[q]); return true; } // the draw's path: no call per element
  for (let q = hitS, e = hitE; q < e; q++) {
    const o = localRow(rows, of, v[q]);
    if (o === undefined) each(arr, v[q]);
    else if (o !== null) each([o], 0);
  }
  return true;
}

/** Whether every element of `key`'s list has its row in `rows`, known without a lookup: the list is read by row number
 *  (it names rows of the table's segment it was built with) and the table has no local change (none of them can have
 *  been deleted). False says nothing: the caller looks the elements up (graph_integrity's listed edges, issue 15). */
export function listedRowsAll(list: PTable<readonly string[]>, rows: PTable<unknown>, key: string): boolean {
  if (rows.over !== null) return false;
  const at = locate(list, rows, key);
  letGo();
  return at !== BY_KEY;
}
