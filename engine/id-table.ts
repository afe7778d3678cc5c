// Id → dense row number for the model's base tables: open addressing over one Int32Array ([hash, row] pairs, load
// ≤ 2/3), keys verified against `keys` or the rows' own ids. Built and queried in bulk in hash-partition order so that a million-row load
// touches memory region by region instead of at random (a Map of 10⁶ string keys costs ~0.5 µs per operation here).
import { Scratch } from './scratch';

export interface IdTable {
  /** key of each dense row: keys[i], or rows[i].id when the table is keyed by the rows' ids (no key array kept) */
  readonly keys: readonly string[] | null;
  readonly rows: readonly { readonly id: string }[] | null;
  readonly size: number;
  /** 2 × capacity Int32: [hash | 1, row] per slot; hash 0 = empty */
  readonly slots: Int32Array;
  readonly mask: number;
}

export function hashId(s: string): number {
  if (typeof s !== 'string') s = String(s);
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  h ^= h >>> 15; h = Math.imul(h, 0x2c1b3c6d); h ^= h >>> 12;
  return h | 1;
}

/** Key of dense row i. */
export function idKey(t: IdTable, i: number): string {
  return t.keys !== null ? t.keys[i] : t.rows![i].id;
}

/** Dense row of key, or -1. */
export function idFind(t: IdTable, key: string): number {
  const h = hashId(key), slots = t.slots, mask = t.mask;
  for (let p = h & mask; ; p = (p + 1) & mask) {
    const hh = slots[2 * p];
    if (hh === 0) return -1;
    if (hh === h && idKey(t, slots[2 * p + 1]) === key) return slots[2 * p + 1];
  }
}

function layout(n: number): { bits: number; shift: number; parts: number } {
  let bits = 4;
  while (1 << bits < 1.5 * n) bits++;
  return split(bits);
}
function split(bits: number): { bits: number; shift: number; parts: number } {
  const pb = Math.min(bits, 9);
  return { bits, shift: bits - pb, parts: 1 << pb };
}

/**
 * Stable counting sort of 0..n-1 (entries with hash 0 skipped) by the slot region of hs[j] (the top bits of the home
 * slot). Returns the entries and their hashes in that order, so the probing loops read both sequentially.
 */
function partition(hs: Int32Array, n: number, mask: number, shift: number, parts: number, sc: Scratch): { idx: Int32Array; hash: Int32Array } {
  const cnt = sc.take(parts + 1);
  for (let j = 0; j < n; j++) if (hs[j] !== 0) cnt[((hs[j] & mask) >>> shift) + 1]++;
  for (let p = 1; p <= parts; p++) cnt[p] += cnt[p - 1];
  const idx = sc.take(cnt[parts]), hash = sc.take(cnt[parts]);
  for (let j = 0; j < n; j++) {
    const h = hs[j];
    if (h === 0) continue;
    const q = cnt[(h & mask) >>> shift]++;
    idx[q] = j; hash[q] = h;
  }
  return { idx, hash };
}

/**
 * Builds the table over `src` (row i has key keys[i], or rows[i].id). Duplicate keys: `later` (default) maps the key
 * to its last row, else to its first; `dups` reports whether any occurred (the caller then drops the shadowed rows).
 */
export function buildIdTable(
  src: { keys: readonly string[] } | { rows: readonly { readonly id: string }[] }, later = true, sc = new Scratch(),
): { table: IdTable; dups: boolean } {
  const keys = 'keys' in src ? src.keys : null, rows = 'rows' in src ? src.rows : null;
  const n = keys ? keys.length : rows!.length;
  const t0: IdTable = { keys, rows, size: n, slots: new Int32Array(0), mask: 0 };
  const { bits, shift, parts } = layout(n);
  const mask = (1 << bits) - 1;
  const m0 = sc.mark();
  const hs = sc.take(n);
  if (keys) for (let i = 0; i < n; i++) hs[i] = hashId(keys[i]);
  else for (let i = 0; i < n; i++) hs[i] = hashId(rows![i].id);
  const { idx, hash } = partition(hs, n, mask, shift, parts, sc);
  const slots = new Int32Array(2 << bits);
  let dups = false;
  for (let q = 0; q < idx.length; q++) {
    const i = idx[q], h = hash[q];
    for (let p = h & mask; ; p = (p + 1) & mask) {
      const hh = slots[2 * p];
      if (hh === 0) { slots[2 * p] = h; slots[2 * p + 1] = i; break; }
      if (hh === h && idKey(t0, slots[2 * p + 1]) === idKey(t0, i)) { dups = true; if (later) slots[2 * p + 1] = i; break; }
    }
  }
  sc.release(m0);
  return { table: { keys, rows, size: n, slots, mask }, dups };
}

/**
 * Dense rows of n references (refOf(j); undefined = none → -2; not in the table → -1), looked up in bulk. The result
 * is taken from `sc` (the caller releases it).
 */
export function idFindAll(t: IdTable, n: number, refOf: (j: number) => string | undefined, sc = new Scratch()): Int32Array {
  const res = sc.take(n);
  const m0 = sc.mark();
  const hs = sc.take(n);
  for (let j = 0; j < n; j++) { const r = refOf(j); hs[j] = r === undefined ? 0 : hashId(r); }
  const { shift, parts } = split(31 - Math.clz32(t.mask + 1));
  const mask = t.mask, slots = t.slots;
  const { idx, hash } = partition(hs, n, mask, shift, parts, sc);
  // first pass in region order: the first slot with the same hash (a candidate); verified below in reference order
  res.fill(-1);
  for (let q = 0; q < idx.length; q++) {
    const j = idx[q], h = hash[q];
    for (let p = h & mask; ; p = (p + 1) & mask) {
      const hh = slots[2 * p];
      if (hh === 0) break;
      if (hh === h) { res[j] = slots[2 * p + 1]; break; }
    }
  }
  for (let j = 0; j < n; j++) {
    if (hs[j] === 0) { res[j] = -2; continue; }
    const c = res[j];
    if (c >= 0) {
      const r = refOf(j)!;
      if (idKey(t, c) !== r) res[j] = idFind(t, r);
    }
  }
  sc.release(m0);
  return res;
}
