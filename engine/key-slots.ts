// The id tables of a whole read's attribute values and relations (keys `instance\u0001name`, `from\u0001to\u0001type`)
// given later than the rest of its index (issue 15, seventeenth stop). Building them is ≈ 40 % of the index worker's
// work at 100 000 edges (1.13 M keys hashed and placed), yet nothing searches them before a value or relation is
// edited, saved or merged: reads go through the reverse indexes' row numbers (list-rows.ts). The worker sends the
// index without them — duplicate keys found from the lists' order instead, so the model is still built by
// createModel's rules where they occur — and computes them after; the model's two tables take them when first
// searched (IdTable.pending): the worker's, once they have come, else computed on the spot from the columns.
import { buildIdTable, hashChars, hashEnd, hashSep, hashStart, type RowKey } from './id-table';
import type { ListPlan } from './build';
import type { NetworkColumns } from './network-arrow';
import type { IdText } from './id-text';
import { Scratch } from './scratch';
import { int32Array } from './typed';

/** The slots of the values' and relations' id tables (engine/id-table.ts layout). */
export interface KeySlots { attributeValues: Int32Array; relations: Int32Array }
export type KeyTable = keyof KeySlots;
/** The columns the two tables' keys are read from. */
export type KeyColumns = Pick<NetworkColumns, 'values' | 'relations'>;

/** The slots of an id table over n entries (hashes `hashOf(j)`, keys `key(j)` compared only where hashes meet). */
export function entrySlots(n: number, hashOf: (j: number) => number, key: (j: number) => string, later: boolean, sc: Scratch): { slots: Int32Array; dups: boolean } {
  const m0 = sc.mark(), hs = sc.take(n, true), entries = sc.take(n, true);
  for (let j = 0; j < n; j++) { hs[j] = hashOf(j); entries[j] = j; }
  const scheme: RowKey = { key: (j) => key(j as number), hash: (j) => hs[j as number], matches: (j, k) => key(j as number) === k };
  const built = buildIdTable({ rows: entries as unknown as readonly unknown[], scheme }, later, sc, hs);
  sc.release(m0);
  return { slots: built.table.slots, dups: built.dups };
}

/** Key of value j (`instance\u0001name`) and of relation j (`from\u0001to\u0001type`). */
export const valueKey = (c: KeyColumns, ids: IdText, j: number): string => `${ids.text(c.values.instance[j])}\u0001${c.values.name.dict[c.values.name.codes[j]]}`;
export const relationKey = (c: KeyColumns, ids: IdText, j: number): string => {
  const rl = c.relations;
  return `${ids.text(rl.from[j])}\u0001${ids.text(rl.to[j])}\u0001${rl.type.dict[rl.type.codes[j]]}`;
};

/** The values' id table (a later duplicate wins, as createModel's); `st`: each id's hash state (id-text.ts hashFrom from hashStart). */
export function valueSlots(c: KeyColumns, ids: IdText, st: Int32Array, sc: Scratch): { slots: Int32Array; dups: boolean } {
  const av = c.values, names = av.name;
  return entrySlots(av.instance.length, (j) => hashEnd(hashChars(hashSep(st[av.instance[j]]), names.dict[names.codes[j]])), (j) => valueKey(c, ids, j), true, sc);
}

/** The relations' id table (the first of duplicates wins, as createModel's). */
export function relationSlots(c: KeyColumns, ids: IdText, st: Int32Array, sc: Scratch): { slots: Int32Array; dups: boolean } {
  const rl = c.relations, types = rl.type;
  return entrySlots(rl.from.length, (j) => hashEnd(hashChars(hashSep(ids.hashFrom(hashSep(st[rl.from[j]]), rl.to[j])), types.dict[types.codes[j]])),
    (j) => relationKey(c, ids, j), false, sc);
}

/** Each id's hash state (hashFrom from hashStart). */
export function idStates(ids: IdText): Int32Array {
  const st = int32Array(ids.size);
  ids.hashAll(hashStart, st);
  return st;
}

/**
 * Whether a list plan holds two entries of one key with the same element key: `cmp` orders a list's entries by the
 * rest of their key (0: the same), so such twins lie next to each other. Exact for plans without entries outside the
 * key table (`extra`), whose keys are distinct ids, where no id holds the separator (keysSplit).
 */
export function planHasTwins(p: ListPlan, cmp: (a: number, b: number) => number): boolean {
  const { offsets, order } = p;
  for (let k = 0; k + 1 < offsets.length; k++) for (let q = offsets[k] + 1; q < offsets[k + 1]; q++) if (cmp(order[q - 1], order[q]) === 0) return true;
  return false;
}

/** Whether some id's text holds the keys' separator (\u0001): two keys' parts could then run into each other
 *  (`a\u0001b` + `c` and `a` + `b\u0001c`), and only comparing whole keys finds twins. (A name or type after the
 *  last id of a key may hold it: the ids before it fix where the parts end.) */
export function keysSplit(c: Pick<NetworkColumns, 'ids'>): boolean {
  return c.ids.bytes.indexOf(1) >= 0;
}

/**
 * The values' and relations' slots of a model built before them: those `give` hands over (the worker's), else — asked
 * for first — computed here from the two tables' columns and the ids' text (then let go). `have`: the slots the index
 * came with (a table placed with it).
 */
export class KeySlotsLater {
  private got: Partial<KeySlots>;
  private st: Int32Array | null = null;
  private sc: Scratch | null = null;
  private c: KeyColumns | null;
  constructor(c: KeyColumns, private ids: IdText | null, have: Partial<KeySlots>, coming?: Promise<Partial<KeySlots> | null>) {
    this.c = { values: c.values, relations: c.relations };
    this.got = { ...have };
    coming?.then((s) => { if (s) this.give(s); }, () => undefined);
    this.letGo();
  }

  /** Takes the slots computed elsewhere (those not here yet). */
  give(s: Partial<KeySlots>): void {
    this.got.attributeValues ??= s.attributeValues;
    this.got.relations ??= s.relations;
    this.letGo();
  }

  /** The slots of table t. */
  slots(t: KeyTable): Int32Array {
    const had = this.got[t];
    if (had) return had;
    const ids = this.ids!, sc = (this.sc ??= new Scratch());
    const st = (this.st ??= idStates(ids));
    const s = (t === 'attributeValues' ? valueSlots : relationSlots)(this.c!, ids, st, sc).slots;
    this.got[t] = s;
    this.letGo();
    return s;
  }

  /** Whether the slots of both tables are here (nothing more to compute, the columns let go). */
  get complete(): boolean { return !!(this.got.attributeValues && this.got.relations); }

  private letGo(): void { if (this.complete) { this.c = null; this.ids = null; this.st = null; this.sc = null; } }
}
