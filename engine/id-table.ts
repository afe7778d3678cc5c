// Id → dense row number for the model's base tables: open addressing over one Int32Array ([hash, row] pairs, load
// ≤ 2/3), keys verified against `keys`, the rows' own ids or a composite key of row fields (no key strings built).
// Built and queried in bulk in hash-partition order so that a million-row load touches memory region by region
// instead of at random (a Map of 10⁶ string keys costs ~0.5 µs per operation here).
import { Scratch } from './scratch';
import { rowAt, rowField } from './lazy-rows';
import { int32Array } from './typed';

/**
 * Key of a row made of its fields (e.g. attribute values: `instanceId\u0001name`): hashed and compared field by
 * field, so the key string exists only when someone asks for it (`idKey`).
 */
export interface RowKey {
  key(row: unknown): string;
  /** equals hashId(key(row)) */
  hash(row: unknown): number;
  /** equals key(row) === key */
  matches(row: unknown, key: string): boolean;
  /** equals key(rows[i]), read field by field without making a row not made yet (lazy-rows.ts rowField) */
  keyAt?(rows: readonly unknown[], i: number): string;
}

export interface IdTable {
  /** key of each dense row: keys[i], rows[i].id (no key array kept) or scheme.key(rows[i]) */
  readonly keys: readonly string[] | null;
  readonly rows: readonly unknown[] | null;
  readonly scheme: RowKey | null;
  readonly size: number;
  /** 2 × cap Int32: [hash | 1, row] per slot; hash 0 = empty (set once, by `pending`, where the table came without) */
  slots: Int32Array;
  /** number of slots (≥ 1.5 × size, not a power of two: a key's home slot is its hash scaled to [0, cap)) */
  cap: number;
  /** Where the slots come later (a whole read's values and relations: engine/key-slots.ts), what gives them — taken
   *  when the table is first searched; null once they are here. */
  pending: (() => Int32Array) | null;
}

/** A table's slots from `pending` (its first search). */
function settle(t: IdTable): void {
  const slots = t.pending!();
  t.pending = null;
  t.slots = slots;
  t.cap = slots.length >> 1;
}

/** Home slot of a hash: its top bits scaled to the table (so hash order = slot order, region by region). */
const home = (h: number, cap: number): number => (((h >>> 0) * cap) / 4294967296) | 0;

const SEED = 0x811c9dc5 | 0;

/** FNV-1a state after the characters of s (continues h). */
export function hashChars(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h;
}
/** The separator of composite keys (\u0001) fed into the state. */
export const hashSep = (h: number): number => Math.imul(h ^ 1, 16777619);
/** Final mix of a state into a table hash (never 0). */
export function hashEnd(h: number): number {
  h ^= h >>> 15; h = Math.imul(h, 0x2c1b3c6d); h ^= h >>> 12;
  return h | 1;
}
export const hashStart = SEED;

export function hashId(s: string): number {
  return hashEnd(hashChars(SEED, typeof s === 'string' ? s : String(s)));
}

const str = (v: unknown): string => (typeof v === 'string' ? v : String(v));

/** key === a + '\u0001' + b, without building it. */
export function keyIs2(key: string, a: string, b: string): boolean {
  return key.length === a.length + 1 + b.length && key.charCodeAt(a.length) === 1 && key.startsWith(a) && key.endsWith(b);
}

/** Composite row key of two fields (`${row[f1]}\u0001${row[f2]}`). */
export function rowKey2<F extends string>(f1: F, f2: F): RowKey {
  return {
    key: (r) => `${(r as Record<F, unknown>)[f1]}\u0001${(r as Record<F, unknown>)[f2]}`,
    hash: (r) => hashEnd(hashChars(hashSep(hashChars(SEED, str((r as Record<F, unknown>)[f1]))), str((r as Record<F, unknown>)[f2]))),
    matches: (r, key) => keyIs2(key, str((r as Record<F, unknown>)[f1]), str((r as Record<F, unknown>)[f2])),
    keyAt: (rows, i) => `${rowField(rows as Record<F, unknown>[], i, f1)}\u0001${rowField(rows as Record<F, unknown>[], i, f2)}`,
  };
}

/** Composite row key of three fields (`${row[f1]}\u0001${row[f2]}\u0001${row[f3]}`). */
export function rowKey3<F extends string>(f1: F, f2: F, f3: F): RowKey {
  return {
    key: (r) => { const o = r as Record<F, unknown>; return `${o[f1]}\u0001${o[f2]}\u0001${o[f3]}`; },
    hash: (r) => {
      const o = r as Record<F, unknown>;
      return hashEnd(hashChars(hashSep(hashChars(hashSep(hashChars(SEED, str(o[f1]))), str(o[f2]))), str(o[f3])));
    },
    matches: (r, key) => {
      const o = r as Record<F, unknown>, a = str(o[f1]), b = str(o[f2]), c = str(o[f3]);
      return key.length === a.length + b.length + c.length + 2 && key.charCodeAt(a.length) === 1 &&
        key.charCodeAt(a.length + 1 + b.length) === 1 && key.startsWith(a) && key.endsWith(c) &&
        key.startsWith(b, a.length + 1);
    },
    keyAt: (rows, i) => {
      const r = rows as Record<F, unknown>[];
      return `${rowField(r, i, f1)}\u0001${rowField(r, i, f2)}\u0001${rowField(r, i, f3)}`;
    },
  };
}

/** Key of dense row i. */
export function idKey(t: IdTable, i: number): string {
  if (t.keys !== null) return t.keys[i];
  const s = t.scheme;
  return s === null ? rowField(t.rows as { id: string }[], i, 'id') as string : s.keyAt !== undefined ? s.keyAt(t.rows!, i) : s.key(rowAt(t.rows!, i));
}

/** Whether dense row i has this key. */
export function idIs(t: IdTable, i: number, key: string): boolean {
  return t.keys !== null ? t.keys[i] === key : t.scheme !== null ? t.scheme.matches(rowAt(t.rows!, i), key) : rowField(t.rows as { id: string }[], i, 'id') === key;
}

/** Table hash of dense row i's key. */
function rowHash(t: IdTable, i: number): number {
  return t.keys !== null ? hashId(t.keys[i]) : t.scheme !== null ? t.scheme.hash(rowAt(t.rows!, i)) : hashId(rowField(t.rows as { id: string }[], i, 'id') as string);
}

// The keys found last (or noted by a walk over a row base) and their rows, a few: a run of reads of one id in tables
// that share its id table — an object's instance types, style props and path edges in the map's draw (a whole read's
// lists are keyed by the objects' own id table, except a sparse list's own small table), an instance, its object and
// its values in a validation or the capex index — hashes and probes it once (at 100 000 edges: the draw's finds
// 429 564 → 0 hashed, a validation's full run's 933 066 → 388 397, the capex index's 1 423 918 → 228 435). A table
// never changes which row a key names (bases are immutable, a row base's keys unique), so an entry is never stale;
// misses are not kept. Let go of after the current task (a microtask), as lazy-rows.ts' cache: a table the model no
// longer has is not kept alive by these entries.
const FOUND = 4;
const foundTs: (IdTable | null)[] = [null, null, null, null], foundKeys = ['', '', '', ''], foundRows = new Int32Array(FOUND);
let foundNext = 0, letGo = false;

/** Drops the noted entries (they go by themselves after the current task). */
export function forgetFound(): void { foundTs.fill(null); foundKeys.fill(''); letGo = false; }
/** Notes that dense row i of t has key `key` (a find's answer, or a walk over a row base, whose keys are unique). */
export function noteFound(t: IdTable, key: string, i: number): void {
  foundTs[foundNext] = t; foundKeys[foundNext] = key; foundRows[foundNext] = i;
  foundNext = foundNext + 1 === FOUND ? 0 : foundNext + 1;
  if (!letGo) { letGo = true; queueMicrotask(forgetFound); }
}
/** The table of the entry noted last, null when none is held (tests). */
export const foundTable = (): IdTable | null => foundTs[(foundNext + FOUND - 1) % FOUND];
/** Whether any entry holds a table (tests). */
export const holdsFound = (): boolean => foundTs.some((t) => t !== null);

/** The entries answer finds (default); off only for the bench's baseline beside them (bench/keys-found.bench.ts), whose
 *  `hashed` counts the finds that hashed their key. */
export const keysFound = { on: true, hashed: 0 };

/** Dense row of key, or -1 (a key found lately answered from the entries above). */
export function idFind(t: IdTable, key: string): number {
  if (t.pending !== null) settle(t); // slots that come later are taken at the first search, as by a probe
  if (keysFound.on) for (let j = 0; j < FOUND; j++) if (foundTs[j] === t && foundKeys[j] === key) return foundRows[j];
  keysFound.hashed++;
  const i = idFindHashed(t, key, hashId(key));
  if (i >= 0) noteFound(t, key, i);
  return i;
}

/** Dense row of key whose hash (hashId(key)) is already known, or -1 (one hash for several tables). */
export function idFindHashed(t: IdTable, key: string, h: number): number {
  if (t.pending !== null) settle(t);
  const slots = t.slots, cap = t.cap;
  for (let p = home(h, cap); ; p = p + 1 === cap ? 0 : p + 1) {
    const hh = slots[2 * p];
    if (hh === 0) return -1;
    if (hh === h && idIs(t, slots[2 * p + 1], key)) return slots[2 * p + 1];
  }
}

/** Partition bits for a table of cap slots: regions of ≥ 128 slots, at most 512 regions. */
function regionBits(cap: number): number {
  let b = 0;
  while (b < 9 && cap >>> (b + 7) > 0) b++;
  return b;
}

/**
 * Stable counting sort of 0..n-1 (entries with hash 0 skipped) by the slot region of hs[j] (the top bits of the hash,
 * which decide the home slot). Returns the entries and their hashes in that order, so the probing loops read both
 * sequentially.
 */
function partition(hs: Int32Array, n: number, cap: number, sc: Scratch): { idx: Int32Array; hash: Int32Array } {
  const pb = regionBits(cap), parts = 1 << pb, shift = 32 - pb;
  const region = (h: number) => (pb === 0 ? 0 : h >>> shift);
  const cnt = sc.take(parts + 1);
  for (let j = 0; j < n; j++) if (hs[j] !== 0) cnt[region(hs[j]) + 1]++;
  for (let p = 1; p <= parts; p++) cnt[p] += cnt[p - 1];
  const idx = sc.take(cnt[parts], true), hash = sc.take(cnt[parts], true);
  for (let j = 0; j < n; j++) {
    const h = hs[j];
    if (h === 0) continue;
    const q = cnt[region(h)]++;
    idx[q] = j; hash[q] = h;
  }
  return { idx, hash };
}

export type IdSource =
  | { keys: readonly string[] }
  | { rows: readonly { readonly id: string }[] }
  | { rows: readonly unknown[]; scheme: RowKey };

/**
 * Builds the table over `src` (row i has key keys[i], rows[i].id or scheme.key(rows[i])). Duplicate keys: `later`
 * (default) maps the key to its last row, else to its first; `dups` reports whether any occurred (the caller then
 * drops the shadowed rows). `hashes`: the rows' key hashes when the caller already has them (hashId of each key).
 */
export function buildIdTable(src: IdSource, later = true, sc = new Scratch(), hashes?: Int32Array): { table: IdTable; dups: boolean } {
  const keys = 'keys' in src ? src.keys : null, rows = 'rows' in src ? src.rows : null;
  const scheme = 'scheme' in src ? src.scheme : null;
  const n = keys ? keys.length : rows!.length;
  const t0: IdTable = { keys, rows, scheme, size: n, slots: new Int32Array(0), cap: 0, pending: null };
  const cap = Math.max(16, Math.ceil(1.5 * n));
  const m0 = sc.mark();
  let hs = hashes;
  if (hs === undefined) {
    hs = sc.take(n, true);
    for (let i = 0; i < n; i++) hs[i] = rowHash(t0, i);
  }
  const { idx, hash } = partition(hs, n, cap, sc);
  const slots = int32Array(2 * cap);
  let dups = false;
  for (let q = 0; q < idx.length; q++) {
    const i = idx[q], h = hash[q];
    for (let p = home(h, cap); ; p = p + 1 === cap ? 0 : p + 1) {
      const hh = slots[2 * p];
      if (hh === 0) { slots[2 * p] = h; slots[2 * p + 1] = i; break; }
      if (hh === h && idIs(t0, slots[2 * p + 1], idKey(t0, i))) { dups = true; if (later) slots[2 * p + 1] = i; break; }
    }
  }
  sc.release(m0);
  return { table: { keys, rows, scheme, size: n, slots, cap, pending: null }, dups };
}

/**
 * Dense rows of n references (refOf(j); undefined = none → -2; not in the table → -1), looked up in bulk. The result
 * is taken from `sc` (the caller releases it). `hashes`: hashId of each reference when the caller has them (0 = none).
 */
export function idFindAll(
  t: IdTable, n: number, refOf: (j: number) => string | undefined, sc = new Scratch(), hashes?: Int32Array,
): Int32Array {
  const res = sc.take(n, true);
  const m0 = sc.mark();
  let hs = hashes;
  if (hs === undefined) {
    hs = sc.take(n, true);
    for (let j = 0; j < n; j++) { const r = refOf(j); hs[j] = r === undefined ? 0 : hashId(r); }
  }
  if (t.pending !== null) settle(t);
  const cap = t.cap, slots = t.slots;
  const { idx, hash } = partition(hs, n, cap, sc);
  // first pass in region order: the first slot with the same hash (a candidate); verified below in reference order
  res.fill(-1);
  for (let q = 0; q < idx.length; q++) {
    const j = idx[q], h = hash[q];
    for (let p = home(h, cap); ; p = p + 1 === cap ? 0 : p + 1) {
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
      if (!idIs(t, c, r)) res[j] = idFind(t, r);
    }
  }
  sc.release(m0);
  return res;
}
