// The ids of an Arrow answer as the model's index needs them (issue 15): hashed, ordered and — only where two hashes
// meet — read as text. A row with UUID bytes is hashed and ordered from its 16 bytes, no string made (the index worker
// of a whole read made ≈ 607 000 strings at 100 000 edges only to hash them); other rows from their text. The results
// are those of the ids' strings (hashChars over the lowercase 8-4-4-4-12 text; the strings' `<` order, which for two
// such texts is the order of their bytes).
import { hashChars } from './id-table';
import { rowAt } from './lazy-rows';
import { HI, LO, bit, utf8String, uuidString, type UuidColumn, type Utf8Column } from './utf8-column';

export interface IdText {
  readonly size: number;
  /** The hash state after id i's characters, continued from h: hashChars(h, text(i)). */
  hashFrom(h: number, i: number): number;
  /** out[i] = hashFrom(h, i) for every id (one loop: ≈ 2–3× faster than a call per id at 600 000 UUIDs). */
  hashAll(h: number, out: Int32Array): void;
  /** The order of the texts of ids i and j (−1, 0, 1), as the strings' `<` orders them. */
  cmp(i: number, j: number): number;
  /** The text of id i. */
  text(i: number): string;
}

const cmpStr = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** Id i of a strings array that may be made when first read (lazy-rows.ts). */
const at = rowAt as (ids: readonly string[], i: number) => string;

/** Ids given as strings (a whole read's lazy ids array too: lazy-column-rows.ts). */
export function stringIdText(ids: readonly string[]): IdText {
  return {
    size: ids.length, hashFrom: (h, i) => hashChars(h, at(ids, i)), cmp: (i, j) => cmpStr(at(ids, i), at(ids, j)), text: (i) => at(ids, i),
    hashAll(h, out) { for (let i = 0; i < ids.length; i++) out[i] = hashChars(h, at(ids, i)); },
  };
}

const FNV = 16777619;

/** Ids of an answer's id columns (text, and UUID bytes where a row has them); texts of rows without UUID bytes are
 *  made once each, when first needed. */
export function columnIdText(text: Utf8Column, uuids: UuidColumn | null): IdText {
  const size = text.offsets.length - 1, ub = uuids?.bytes ?? null, uv = uuids?.valid ?? null;
  const isUuid = (i: number) => ub !== null && bit(uv, i);
  let made: (string | undefined)[] | null = null;
  const plain = (i: number): string => {
    made ??= new Array<string | undefined>(size);
    return (made[i] ??= bit(text.valid, i) ? utf8String(text.bytes, text.offsets[i], text.offsets[i + 1]) : '');
  };
  const str = (i: number) => (isUuid(i) ? uuidString(ub!, 16 * i) : plain(i));
  return {
    size,
    hashFrom(h, i) {
      if (!isUuid(i)) return hashChars(h, plain(i));
      for (let k = 0, s = 16 * i; k < 16; k++) {
        if (k === 4 || k === 6 || k === 8 || k === 10) h = Math.imul(h ^ 45, FNV); // '-'
        const v = ub![s + k];
        h = Math.imul(Math.imul(h ^ HI[v], FNV) ^ LO[v], FNV);
      }
      return h;
    },
    hashAll(h0, out) {
      const hi = HI, lo = LO;
      for (let i = 0; i < size; i++) {
        if (!isUuid(i)) { out[i] = hashChars(h0, plain(i)); continue; }
        let h = h0;
        for (let s = 16 * i, e = s + 16; s < e; s++) {
          const v = ub![s], k = e - s; // k: 16 … 1; dashes before bytes 4, 6, 8 and 10 (k 12, 10, 8, 6)
          if (k <= 12 && k >= 6 && (k & 1) === 0) h = Math.imul(h ^ 45, FNV);
          h = Math.imul(Math.imul(h ^ hi[v], FNV) ^ lo[v], FNV);
        }
        out[i] = h;
      }
    },
    cmp(i, j) {
      if (i === j) return 0;
      if (!isUuid(i) || !isUuid(j)) return cmpStr(str(i), str(j));
      for (let k = 0, a = 16 * i, b = 16 * j; k < 16; k++) {
        const d = ub![a + k] - ub![b + k];
        if (d !== 0) return d < 0 ? -1 : 1;
      }
      return 0;
    },
    text: str,
  };
}
