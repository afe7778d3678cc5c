// Bulk builders for the model's compact base (used by createModel): dense row tables (id table + rows, no
// per-row wrapper) and CSR reverse indexes keyed by a table's dense index (typed arrays, no per-key list objects).
import type { ListBase, RowBase } from './ptable';
import { buildIdTable, idFind, idFindAll, type IdTable } from './id-table';
import { Scratch } from './scratch';

/**
 * Collects rows in load order without hashing; `finish` builds the id table in bulk. A later row with the same key
 * replaces the earlier one (`firstWins`: the earlier is kept).
 */
export class TableBuilder<T> {
  keys: string[];
  rows: T[];
  private n = 0;
  /** `capacity`: expected number of rows (preallocated; more rows still fit). */
  constructor(capacity = 0, private readonly firstWins = false) {
    this.keys = new Array<string>(capacity);
    this.rows = new Array<T>(capacity);
  }

  set(key: string, row: T): void {
    const n = this.n++;
    if (n < this.keys.length) { this.keys[n] = key; this.rows[n] = row; } else { this.keys.push(key); this.rows.push(row); }
  }

  /** Dense form: rows shadowed by a duplicate key are dropped (so `rows.length === ids.keys.length`). */
  finish(sc?: Scratch): RowBase<T> & { rows: T[] } {
    if (this.n < this.keys.length) { this.keys.length = this.n; this.rows.length = this.n; }
    let { table, dups } = buildIdTable(this.keys, !this.firstWins, sc);
    if (dups) {
      const keys: string[] = [], rows: T[] = [];
      for (let i = 0; i < this.keys.length; i++) if (idFind(table, this.keys[i]) === i) { keys.push(this.keys[i]); rows.push(this.rows[i]); }
      this.keys = keys; this.rows = rows;
      table = buildIdTable(keys, true, sc).table;
    }
    return { ids: table, rows: this.rows };
  }
}

function sortRange(a: Int32Array, s: number, e: number, cmp: (x: number, y: number) => number): void {
  let sorted = true;
  for (let i = s + 1; i < e; i++) if (cmp(a[i - 1], a[i]) > 0) { sorted = false; break; }
  if (sorted) return;
  if (e - s <= 16) {
    for (let i = s + 1; i < e; i++) {
      const v = a[i];
      let j = i - 1;
      while (j >= s && cmp(a[j], v) > 0) { a[j + 1] = a[j]; j--; }
      a[j + 1] = v;
    }
  } else {
    a.subarray(s, e).sort(cmp);
  }
}

/**
 * CSR reverse index over `n` entries: entry j belongs to key `keyOf(j)` (undefined = none) and contributes the list
 * element `valueOf(j)`; each key's list is ordered by `cmp` over entry numbers. Keys must be unique per entry.
 */
export function buildList(
  ids: IdTable, n: number,
  keyOf: (j: number) => string | undefined, valueOf: (j: number) => string, cmp: (a: number, b: number) => number,
  sc = new Scratch(),
): ListBase {
  const nKeys = ids.keys.length;
  const m0 = sc.mark();
  const kix = idFindAll(ids, n, keyOf, sc);
  const offsets = new Int32Array(nKeys + 1);
  let extra: Map<string, number[]> | null = null;
  for (let j = 0; j < n; j++) {
    const d = kix[j];
    if (d >= 0) offsets[d + 1]++;
    else if (d === -1) {
      const k = keyOf(j)!;
      extra ??= new Map();
      const l = extra.get(k);
      if (l) l.push(j); else extra.set(k, [j]);
    }
  }
  for (let i = 1; i <= nKeys; i++) offsets[i] += offsets[i - 1];
  const total = offsets[nKeys];
  const order = sc.take(total);
  const cur = sc.take(nKeys);
  cur.set(offsets.subarray(0, nKeys));
  for (let j = 0; j < n; j++) { const d = kix[j]; if (d >= 0) order[cur[d]++] = j; }
  for (let k = 0; k < nKeys; k++) if (offsets[k + 1] - offsets[k] > 1) sortRange(order, offsets[k], offsets[k + 1], cmp);
  const values = new Array<string>(total);
  for (let p = 0; p < total; p++) values[p] = valueOf(order[p]);
  let extraLists: Map<string, string[]> | null = null;
  if (extra) {
    extraLists = new Map();
    for (const [k, js] of extra) extraLists.set(k, js.sort(cmp).map(valueOf));
  }
  sc.release(m0);
  return { ids, offsets, values, extra: extraLists };
}

/** Comparator of entries by a string (the ids' natural order, like Array#sort). */
export function byString(s: (j: number) => string): (a: number, b: number) => number {
  return (a, b) => { const x = s(a), y = s(b); return x < y ? -1 : x > y ? 1 : 0; };
}
