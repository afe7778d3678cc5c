// Persistent table as plain data: a compact `base` (as loaded, never copied) plus a small bucketed overlay of local
// changes (iD coreGraph idea). A write copies the overlay root (256 slots) and one bucket, so an edit is O(change).
// Bulk merges of area reads add further base segments (`segs`, engine/segments.ts) instead of overlay entries.
import { buildIdTable, hashId, idFind, idFindHashed, idKey, noteFound, type IdTable } from './id-table';
import { rowAt, rowField } from './lazy-rows';

export const BUCKETS = 256;

export type Bucket<T> = Record<string, T | null>;

/** Base of a row table: `rows[idFind(ids, key)]` (dense rows; no per-row wrapper). */
export interface RowBase<T> {
  readonly ids: IdTable;
  readonly rows: readonly T[];
}

/**
 * Base of a reverse index in CSR form, keyed by the dense index of a row table (`ids` is that table's, shared; or, when
 * few of its keys have a list, a small table of just those keys):
 * the list of key k is `values[offsets[k] .. offsets[k + 1])`; keys outside that table (dangling references in bad
 * input) live in `extra` (an empty `offsets` = no list under any table key). Lists are materialised on read.
 */
export interface ListBase {
  readonly ids: IdTable;
  readonly offsets: Int32Array;
  /** list elements: strings, or dense rows of the table `of` (element = that row's id; no string pointers kept) */
  readonly values: readonly string[] | Int32Array;
  readonly of: IdTable | null;
  /** element = this field of the row (e.g. an attribute value's name) instead of its key; null: the key */
  readonly field: string | null;
  readonly extra: ReadonlyMap<string, readonly string[]> | null;
}

function listSlice(b: ListBase, s: number, e: number): string[] {
  if (b.of === null) return (b.values as readonly string[]).slice(s, e);
  const out = new Array<string>(e - s), v = b.values as Int32Array;
  if (b.field !== null) {
    const rows = b.of.rows as readonly Record<string, string>[], f = b.field;
    for (let k = s; k < e; k++) out[k - s] = rowField(rows, v[k], f) as string;
  } else for (let k = s; k < e; k++) out[k - s] = idKey(b.of, v[k]);
  return out;
}

export type Base<T> = RowBase<T> | ListBase;

export interface PTable<T> {
  readonly base: RowBase<T> | ListBase;
  /**
   * Further base segments, oldest first, added in bulk by merges of area reads (engine/segments.ts). Row keys are
   * disjoint across the base and its segments; a list key may have entries in several: its base list is their union
   * (sorted by string; path-ordered lists never span segments). Empty for a model as loaded.
   */
  readonly segs: readonly Base<T>[];
  /** null when there are no local changes; else 256 buckets, each null or a record key → value (null = deleted). */
  readonly over: ReadonlyArray<Readonly<Bucket<T>> | null> | null;
}

export function bucketOf(key: string): number {
  let h = 0;
  for (let i = key.length - 1, n = 0; i >= 0 && n < 10; i--, n++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return (h ^ (h >>> 8)) & (BUCKETS - 1);
}

export function isListBase(b: RowBase<unknown> | ListBase): b is ListBase {
  return (b as ListBase).offsets !== undefined;
}

/** Row base from a record or a map (copied into dense form). */
export function rowBase<T>(src: Record<string, T> | ReadonlyMap<string, T> = {}): RowBase<T> {
  const keys: string[] = [];
  const rows: T[] = [];
  const entries = src instanceof Map ? src.entries() : Object.entries(src as Record<string, T>);
  for (const [k, v] of entries) { keys.push(k); rows.push(v); }
  return { ids: buildIdTable({ keys }).table, rows };
}

export const NO_SEGS: readonly never[] = Object.freeze([]);

export function ptable<T>(base: Record<string, T> | RowBase<T> | ListBase = {}): PTable<T> {
  const b = (base as RowBase<T>).rows !== undefined || isListBase(base as ListBase) ? base as RowBase<T> | ListBase : rowBase(base as Record<string, T>);
  return { base: b, segs: NO_SEGS, over: null };
}

/** Value of `key` in one base segment alone (ignoring the overlay). */
export function baseGet<T>(b: RowBase<T> | ListBase, key: string): T | undefined {
  return baseGetAt(b, key, idFind(b.ids, key));
}

/** Value of `key` in the base and its segments (ignoring the overlay); a list spanning segments is their union. */
export function tableBaseGet<T>(t: PTable<T>, key: string): T | undefined {
  const segs = t.segs;
  const first = baseGetAt(t.base, key, idFind(t.base.ids, key)) as T | undefined;
  if (segs.length === 0 || (first !== undefined && !isListBase(t.base))) return first;
  const h = hashId(key); // the segments' finds: one hash for all of them
  if (!isListBase(t.base)) {
    for (let k = segs.length - 1; k >= 0; k--) { const v = baseGetHashed(segs[k], key, h); if (v !== undefined) return v as T; }
    return undefined;
  }
  let out = first as unknown as string[] | undefined, joined = false;
  for (let k = 0; k < segs.length; k++) {
    const v = baseGetHashed(segs[k], key, h) as unknown as string[] | undefined;
    if (v === undefined) continue;
    if (out === undefined) out = v;
    else if (joined) out.push(...v);
    else { out = out.concat(v); joined = true; }
  }
  if (joined) out!.sort();
  return out as unknown as T | undefined;
}

/** Rows in the base and its segments (row tables; overlay not counted). */
export function baseRowCount(t: PTable<unknown>): number {
  let n = t.base.ids.size;
  for (const s of t.segs) n += s.ids.size;
  return n;
}

function baseGetHashed<T>(b: RowBase<T> | ListBase, key: string, h: number): T | undefined {
  return baseGetAt(b, key, idFindHashed(b.ids, key, h));
}

/** Value of `key` in one base, i = its dense row there (or -1). */
function baseGetAt<T>(b: RowBase<T> | ListBase, key: string, i: number): T | undefined {
  if (!isListBase(b)) return i < 0 ? undefined : rowAt(b.rows, i);
  if (i < 0) return (b.extra?.get(key) as T | undefined);
  const s = b.offsets[i], e = b.offsets[i + 1];
  return s === e ? undefined : (listSlice(b, s, e) as unknown as T);
}

export function baseHas(b: RowBase<unknown> | ListBase, key: string): boolean {
  const i = idFind(b.ids, key);
  if (!isListBase(b)) return i >= 0;
  if (i < 0) return b.extra !== null && b.extra.has(key);
  return b.offsets[i] !== b.offsets[i + 1];
}

/** All base entries, in load order. */
export function* baseEntries<T>(b: RowBase<T> | ListBase): Generator<[string, T]> {
  const ids = b.ids, n = ids.size;
  if (!isListBase(b)) {
    const rows = b.rows;
    // each row's key noted as found: the walker's reads of it (its lists keyed by this table) need not hash it
    for (let i = 0; i < n; i++) { const k = idKey(ids, i); noteFound(ids, k, i); yield [k, rowAt(rows, i)]; }
    return;
  }
  for (let i = 0; i < n; i++) {
    const s = b.offsets[i], e = b.offsets[i + 1];
    if (s !== e) yield [idKey(ids, i), listSlice(b, s, e) as unknown as T];
  }
  if (b.extra) for (const [k, v] of b.extra) yield [k, v as unknown as T];
}

/** All entries of the base and its segments; a list key with entries in several segments once, as their union. */
function* tableBaseEntries<T>(t: PTable<T>): Generator<[string, T]> {
  if (t.segs.length === 0) { yield* baseEntries(t.base); return; }
  const all = [t.base, ...t.segs], list = isListBase(t.base);
  for (let i = 0; i < all.length; i++) {
    for (const e of baseEntries(all[i] as RowBase<T> | ListBase)) {
      if (!list) { yield e; continue; }
      let elsewhere = false, earlier = false;
      for (let j = 0; j < all.length; j++) if (j !== i && baseHas(all[j], e[0])) { elsewhere = true; earlier = j < i; break; }
      if (earlier) continue;
      yield elsewhere ? [e[0], tableBaseGet(t, e[0])!] : e;
    }
  }
}

const has = Object.prototype.hasOwnProperty;

export function pget<T>(t: PTable<T>, key: string): T | undefined {
  if (t.over !== null) {
    const b = t.over[bucketOf(key)];
    if (b !== null && b !== undefined && has.call(b, key)) return b[key] ?? undefined;
  }
  return tableBaseGet(t, key);
}

/** The overlay's entry for key: a value, null (deleted locally) or undefined (no local change). */
export function overlayGet<T>(t: PTable<T>, key: string): T | null | undefined {
  if (t.over === null) return undefined;
  const b = t.over[bucketOf(key)];
  return b !== null && b !== undefined && has.call(b, key) ? b[key] : undefined;
}

export function phas<T>(t: PTable<T>, key: string): boolean {
  return pget(t, key) !== undefined;
}

/** All live entries: base entries not overridden, then overlay entries. Full scans are for tests, saving and checks. */
export function* pentries<T>(t: PTable<T>): Generator<[string, T]> {
  const over = t.over;
  for (const e of tableBaseEntries(t)) {
    if (over !== null) {
      const b = over[bucketOf(e[0])];
      if (b && has.call(b, e[0])) continue;
    }
    yield e as [string, T];
  }
  if (over === null) return;
  for (const b of over) {
    if (!b) continue;
    for (const k in b) {
      const v = b[k];
      if (v !== null && v !== undefined) yield [k, v];
    }
  }
}

/** The live rows of a row table (pentries' values): without an overlay read straight from the base and its segments,
 *  no key made (a composite key — attribute value, relation — would be built per row). */
export function* prows<T>(t: PTable<T>): Generator<T> {
  if (t.over !== null) { for (const [, v] of pentries(t)) yield v; return; }
  for (let k = -1; k < t.segs.length; k++) {
    const rows = ((k < 0 ? t.base : t.segs[k]) as RowBase<T>).rows;
    for (let i = 0; i < rows.length; i++) yield rowAt(rows, i);
  }
}

/** Number of overlay entries (local changes). */
export function overlaySize<T>(t: PTable<T>): number {
  let n = 0;
  if (t.over) for (const b of t.over) if (b) n += Object.keys(b).length;
  return n;
}

/**
 * Writer for one transaction: the overlay root and each touched bucket are copied once, then mutated in place.
 * Writes are normalised (a value equal to base drops the overlay entry) so undo restores the table exactly.
 */
export class PTableWriter<T> {
  private over: (Bucket<T> | null)[] | null = null;
  private copied: Set<number> | null = null;
  constructor(private src: PTable<T>, private eq: (a: T, b: T) => boolean) {}

  get(key: string): T | undefined {
    if (this.over === null) return pget(this.src, key);
    const b = this.over[bucketOf(key)];
    if (b !== null && has.call(b, key)) return b[key] ?? undefined;
    return tableBaseGet(this.src, key);
  }

  set(key: string, value: T | undefined): void {
    if (this.over === null) {
      this.over = this.src.over ? this.src.over.slice() as (Bucket<T> | null)[] : new Array<Bucket<T> | null>(BUCKETS).fill(null);
      this.copied = new Set();
    }
    const i = bucketOf(key);
    let b = this.over[i];
    if (!this.copied!.has(i)) {
      b = b ? { ...b } : {};
      this.over[i] = b;
      this.copied!.add(i);
    }
    const inBase = tableBaseGet(this.src, key);
    if (value === undefined) {
      if (inBase !== undefined) b![key] = null;
      else delete b![key];
    } else if (inBase !== undefined && this.eq(inBase, value)) {
      delete b![key];
    } else {
      b![key] = value;
    }
  }

  finish(): PTable<T> {
    if (this.over === null) return this.src;
    let any = false;
    for (const i of this.copied!) {
      const b = this.over[i];
      if (b) {
        let empty = true;
        for (const _ in b) { empty = false; break; }
        if (empty) this.over[i] = null;
      }
    }
    for (const b of this.over) if (b) { any = true; break; }
    return { base: this.src.base, segs: this.src.segs, over: any ? this.over : null };
  }
}
