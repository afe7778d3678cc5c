// Bulk builders for the model's compact base (used by createModel): dense row tables (id table + rows, no
// per-row wrapper) and CSR reverse indexes keyed by a table's dense index (typed arrays, no per-key list objects).
import type { ListBase, RowBase } from './ptable';
import { buildIdTable, hashId, idFind, idFindAll, idKey, type IdSource, type IdTable, type RowKey } from './id-table';
import { Scratch } from './scratch';
import { rowAt } from './lazy-rows';
import { int32Array } from './typed';

/**
 * Collects rows in load order, hashing each key while its row is at hand; `finish` builds the id table in bulk.
 * Keyed by the rows' own `id` (`byId`, no key array kept), by a composite row key (`scheme`, rows added with `add`)
 * or by given keys. A later row with the same key replaces the earlier one (`firstWins`: the earlier is kept).
 */
export class TableBuilder<T> {
  keys: string[] | null;
  rows: T[];
  private hashes: Int32Array;
  private n = 0;
  /** `capacity`: expected number of rows (preallocated; more rows still fit). */
  constructor(capacity: number, private readonly opts: { byId?: boolean; scheme?: RowKey; firstWins?: boolean } = {}) {
    this.keys = opts.byId || opts.scheme ? null : new Array<string>(capacity);
    this.rows = new Array<T>(capacity);
    this.hashes = int32Array(Math.max(capacity, 16));
  }

  get size(): number { return this.n; }
  /** Whether `finish` dropped rows shadowed by a duplicate key. */
  dropped = false;

  private slot(hash: number): number {
    const n = this.n++;
    if (n === this.hashes.length) { const h = int32Array(2 * n); h.set(this.hashes); this.hashes = h; }
    this.hashes[n] = hash;
    return n;
  }

  /** Adds a row under `key` (for `byId` tables: the row's id). */
  set(key: string, row: T): void {
    if (this.keys === null && typeof (row as { id?: unknown }).id !== 'string') {
      // a row without a string id (bad input, reported by checkIntegrity): keep explicit keys from here on
      this.keys = [];
      for (let i = 0; i < this.n; i++) this.keys.push((this.rows[i] as { id: string }).id);
    }
    const n = this.slot(hashId(key));
    if (n < this.rows.length) this.rows[n] = row; else this.rows.push(row);
    if (this.keys !== null) { if (n < this.keys.length) this.keys[n] = key; else this.keys.push(key); }
  }

  /** Adds a row of a `scheme` table (keyed by its own fields). */
  add(row: T): void {
    const n = this.slot(this.opts.scheme!.hash(row));
    if (n < this.rows.length) this.rows[n] = row; else this.rows.push(row);
  }

  private source(): IdSource {
    if (this.keys) return { keys: this.keys };
    if (this.opts.scheme) return { rows: this.rows, scheme: this.opts.scheme };
    return { rows: this.rows as unknown as { id: string }[] };
  }

  /** Dense form: rows shadowed by a duplicate key are dropped (so `rows.length === ids.size`). */
  finish(sc?: Scratch): RowBase<T> & { rows: T[] } {
    if (this.n < this.rows.length) { this.rows.length = this.n; if (this.keys) this.keys.length = this.n; }
    let { table, dups } = buildIdTable(this.source(), !this.opts.firstWins, sc, this.hashes.subarray(0, this.n));
    if (dups) {
      const keys: string[] = [], rows: T[] = [];
      for (let i = 0; i < this.rows.length; i++) {
        const k = idKey(table, i);
        if (idFind(table, k) === i) { keys.push(k); rows.push(this.rows[i]); }
      }
      this.rows = rows;
      this.dropped = true;
      if (this.keys) this.keys = keys;
      table = buildIdTable(this.source(), true, sc).table;
    }
    this.hashes = new Int32Array(0);
    return { ids: table, rows: this.rows };
  }
}

/** Hashes of references (hashId; 0 = no reference), one per entry, collected while the rows are read. */
export class HashColumn {
  private a: Int32Array;
  private n = 0;
  constructor(capacity: number) { this.a = int32Array(Math.max(capacity, 16)); }
  ref(r: string | undefined): void {
    if (this.n === this.a.length) { const b = int32Array(2 * this.n); b.set(this.a); this.a = b; }
    this.a[this.n++] = r === undefined ? 0 : hashId(r);
  }
  done(): Int32Array { return this.a.subarray(0, this.n); }
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
 * The typed-array half of a CSR reverse index over `n` entries, from each entry's key as a dense row of the key table
 * (`kix`: -1 not in it, -2 none) and an order of entries within a key (`cmp`): per-key offsets, the entries in list
 * order, the dense rows of the keys when few have a list (sparse) and the entries whose key is not in the table. Plain
 * Int32Arrays: built in a worker and transferred (engine/column-index.ts), or right here (buildList).
 */
export interface ListPlan { offsets: Int32Array; order: Int32Array; sparse: Int32Array | null; extra: Int32Array }

export function listPlan(
  nKeys: number, n: number, kix: Int32Array, cmp: (a: number, b: number) => number, sc = new Scratch(), transient = false,
): ListPlan {
  const m0 = sc.mark();
  const cnt = sc.take(nKeys + 1); // cnt[d + 1]: entries under key d
  let total = 0, distinct = 0, nExtra = 0;
  for (let j = 0; j < n; j++) {
    const d = kix[j];
    if (d >= 0) { if (cnt[d + 1]++ === 0) distinct++; total++; } else if (d === -1) nExtra++;
  }
  const extra = int32Array(nExtra);
  if (nExtra) for (let j = 0, e = 0; j < n; j++) if (kix[j] === -1) extra[e++] = j;
  // dense: offsets over every key of the table; sparse (few keys have a list, e.g. path edges by path): offsets over
  // just those keys; none: an empty offsets array reads as empty lists (offsets[i] === offsets[i + 1])
  const isSparse = total > 0 && distinct * 16 < nKeys;
  let offsets: Int32Array, comp: Int32Array | null = null, sparse: Int32Array | null = null;
  if (total === 0) offsets = new Int32Array(0);
  else if (!isSparse) {
    offsets = int32Array(nKeys + 1);
    for (let i = 1; i <= nKeys; i++) offsets[i] = offsets[i - 1] + cnt[i];
  } else {
    comp = sc.take(nKeys, true);
    sparse = int32Array(distinct);
    offsets = int32Array(distinct + 1);
    for (let d = 0, c = 0; d < nKeys; d++) {
      if (cnt[d + 1] === 0) continue;
      sparse[c] = d; comp[d] = c;
      offsets[c + 1] = offsets[c] + cnt[d + 1];
      c++;
    }
  }
  const nLists = offsets.length === 0 ? 0 : offsets.length - 1;
  // transient: the entries live in `sc` until the caller releases it (no ArrayBuffer memory per list)
  const order = transient ? sc.take(total, true) : int32Array(total);
  const cur = sc.take(nLists, true);
  cur.set(offsets.subarray(0, nLists));
  for (let j = 0; j < n; j++) { const d = kix[j]; if (d >= 0) order[cur[comp === null ? d : comp[d]]++] = j; }
  for (let k = 0; k < nLists; k++) if (offsets[k + 1] - offsets[k] > 1) sortRange(order, offsets[k], offsets[k + 1], cmp);
  if (!transient) sc.release(m0);
  return { offsets, order, sparse, extra };
}

/** A list's elements: strings `value(j)`, or rows `row(j)` of table `of` (element = that row's id, or its `field`). */
export type ListValue = ((j: number) => string) | { of: IdTable; row: (j: number) => number; field?: string };

/** The list base of a plan: keys (`ids`, or a small table of the sparse keys), elements (strings `value(j)`, or rows
 *  `value.row(j)` of table `value.of`) and the lists of keys outside `ids` (by `keyOf`, ordered by `cmp`). */
export function listFromPlan(
  ids: IdTable, p: ListPlan, keyOf: (j: number) => string | undefined,
  value: ListValue, cmp: (a: number, b: number) => number, sc = new Scratch(),
): ListBase {
  let keyIds = ids;
  if (p.sparse) {
    const keys = new Array<string>(p.sparse.length);
    for (let c = 0; c < keys.length; c++) keys[c] = idKey(ids, p.sparse[c]);
    keyIds = buildIdTable({ keys }, true, sc).table;
  }
  const total = p.order.length;
  let values: string[] | Int32Array;
  if (typeof value === 'function') {
    values = new Array<string>(total);
    for (let q = 0; q < total; q++) values[q] = value(p.order[q]);
  } else {
    values = int32Array(total);
    for (let q = 0; q < total; q++) values[q] = value.row(p.order[q]);
  }
  let extraLists: Map<string, string[]> | null = null;
  if (p.extra.length) {
    const valueOf = typeof value === 'function' ? value
      : value.field !== undefined ? (j: number) => (rowAt(value.of.rows!, value.row(j)) as Record<string, string>)[value.field!]
        : (j: number) => idKey(value.of, value.row(j));
    const byKey = new Map<string, number[]>();
    for (const j of p.extra) { const k = keyOf(j)!; const l = byKey.get(k); if (l) l.push(j); else byKey.set(k, [j]); }
    extraLists = new Map();
    for (const [k, js] of byKey) extraLists.set(k, js.sort(cmp).map(valueOf));
  }
  const of = typeof value === 'function' ? null : value.of, field = typeof value === 'function' ? null : value.field ?? null;
  return { ids: keyIds, offsets: p.offsets, values, of, field, extra: extraLists };
}

/**
 * CSR reverse index over `n` entries: entry j belongs to key `keyOf(j)` (undefined = none) and contributes the list
 * element `value(j)` (a string), or the id (or `value.field`) of row `value.row(j)` of table `value.of` (stored as that row number); each key's list is ordered by `cmp` over entry numbers. Keys must be unique per entry.
 * `keyRows`: each entry's key as a dense row of `ids` when the caller knows them (-1: not in `ids`, -2: none), e.g. from
 * the row numbers of a columnar read (no hashing or lookup of reference strings).
 */
export function buildList(
  ids: IdTable, n: number, keyOf: (j: number) => string | undefined,
  value: ListValue, cmp: (a: number, b: number) => number,
  sc = new Scratch(), keyHashes?: Int32Array, keyRows?: Int32Array,
): ListBase {
  const m0 = sc.mark();
  const kix = keyRows ?? idFindAll(ids, n, keyOf, sc, keyHashes);
  const list = listFromPlan(ids, listPlan(ids.size, n, kix, cmp, sc, true), keyOf, value, cmp, sc);
  sc.release(m0);
  return list;
}

/** Comparator of entries by a string (the ids' natural order, like Array#sort). */
export function byString(s: (j: number) => string): (a: number, b: number) => number {
  return (a, b) => { const x = s(a), y = s(b); return x < y ? -1 : x > y ? 1 : 0; };
}
