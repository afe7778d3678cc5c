// Text columns of a network read's Arrow answer (issue 15) as JavaScript strings: one flat string per value, decoded
// from the UTF-8 bytes in JS (utf8String), ids of a UUID's length on a fast path, attribute values interned (equal
// values share one string). Split from network-arrow.ts, which re-exports it.

/** A utf8 column as bytes + offsets (strings made on demand). */
export interface Utf8Column { offsets: Int32Array; bytes: Uint8Array; valid: Uint8Array | null }

export const bit = (bits: Uint8Array | null, i: number) => !bits || (bits[i >> 3] & (1 << (i & 7))) !== 0;

/** Strings of a utf8 column, each one a flat string of its own (one byte a character where it fits Latin-1), decoded
 *  here from the UTF-8 bytes. Decoding the column with TextDecoder and slicing kept every tile's decoded column alive
 *  as long as one value of it was held (two bytes a character once any is outside Latin-1), and one TextDecoder call
 *  per value made each value an external string (≈ 31 000, 5.4 MB after five tiles of a 10⁶-edge project: issue 15).
 *  Long values and bytes that are not UTF-8 go through TextDecoder (its replacement characters). */
export function strings(c: Utf8Column): (string | null)[] {
  const n = c.offsets.length - 1, out = new Array<string | null>(n);
  for (let i = 0; i < n; i++) out[i] = stringOf(c, i);
  return out;
}

/** Value i of a utf8 column (null where its bit is clear). */
const stringOf = (c: Utf8Column, i: number): string | null => (bit(c.valid, i) ? utf8String(c.bytes, c.offsets[i], c.offsets[i + 1]) : null);

/** strings(c)[i] decoded when first asked for, each value once (a dictionary's words, most of which a first draw never
 *  reads: engine/lazy-column-rows.ts lazyValueRows). */
export function lazyStrings(c: Utf8Column): (i: number) => string | null {
  const out = new Array<string | null | undefined>(c.offsets.length - 1).fill(undefined);
  return (i) => { const s = out[i]; return s !== undefined ? s : (out[i] = stringOf(c, i)); };
}

/** Slots of internedStrings' table at most (16 MB while it runs). */
export const INTERN_SLOTS = 1 << 22;

/** Dictionary codes of the rows of a bytes + offsets column: rows with equal bytes get one code, codes in order of
 *  first use, `first[c]` the row of code c; a row `isNull` says is null gets -1. `rows`: the rows to code (all when
 *  null; code k is then row rows[k]'s). At most `maxSlots` hash slots: once 3/4 are taken, values not seen yet get
 *  codes of their own without being kept (equal ones then may get several). Shared by the tab's interning of a plain
 *  value column and the server's dictionary encoding of values (server/network/arrow-encode.ts). */
export function byteCodes(bytes: Uint8Array, offsets: Int32Array, rows: Int32Array | null, isNull: ((row: number) => boolean) | null, maxSlots = INTERN_SLOTS): { codes: Int32Array; first: number[] } {
  const n = rows ? rows.length : offsets.length - 1, codes = new Int32Array(n), first: number[] = [];
  let cap = 16;
  while (cap < 2 * n && cap < maxSlots) cap *= 2;
  const slots = new Int32Array(cap).fill(-1), mask = cap - 1, full = (cap >> 2) * 3;
  let used = 0;
  for (let k = 0; k < n; k++) {
    const r = rows ? rows[k] : k;
    if (isNull?.(r)) { codes[k] = -1; continue; }
    const s = offsets[r], e = offsets[r + 1], len = e - s;
    let h = 0x811c9dc5 | 0;
    for (let i = s; i < e; i++) h = Math.imul(h ^ bytes[i], 16777619);
    for (let p = (h ^ (h >>> 15)) & mask; ; p = (p + 1) & mask) {
      const w = slots[p];
      if (w < 0) { if (used < full) { slots[p] = first.length; used++; } codes[k] = first.length; first.push(r); break; }
      const t = offsets[first[w]];
      if (offsets[first[w] + 1] - t !== len) continue;
      let i = 0;
      while (i < len && bytes[s + i] === bytes[t + i]) i++;
      if (i === len) { codes[k] = w; break; }
    }
  }
  return { codes, first };
}

/** Strings of a utf8 column where equal values share one string (attribute values repeat: 176 000 distinct of
 *  951 000 in a generated 100 000-edge street network): only a value not seen before is decoded (byteCodes) — fewer
 *  strings to make and to hold. */
export function internedStrings(c: Utf8Column, maxSlots = INTERN_SLOTS): (string | null)[] {
  const { offsets, bytes, valid } = c;
  const { codes, first } = byteCodes(bytes, offsets, null, valid ? (i) => !bit(valid, i) : null, maxSlots);
  const words = first.map((r) => utf8String(bytes, offsets[r], offsets[r + 1]));
  const out = new Array<string | null>(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = codes[i] < 0 ? null : words[codes[i]];
  return out;
}

const LONG = 2048;
const units = new Uint16Array(LONG);
let decoder: TextDecoder | null = null;
const fromUnits = (u: ArrayLike<number>): string => String.fromCharCode.apply(null, u as number[]);
const cont = (b: number) => (b & 0xc0) === 0x80;

const fcc = String.fromCharCode;
/** The text of 36 ASCII bytes at s (a UUID's length: most ids), one call with the codes as arguments (≈ 2.5× faster
 *  than apply over a typed array); undefined when some byte is not ASCII. */
function ascii36(x: Uint8Array, s: number): string | undefined {
  let or = 0;
  for (let i = s; i < s + 36; i++) or |= x[i];
  if (or & 0x80) return undefined;
  return fcc(x[s], x[s + 1], x[s + 2], x[s + 3], x[s + 4], x[s + 5], x[s + 6], x[s + 7], x[s + 8], x[s + 9], x[s + 10], x[s + 11],
    x[s + 12], x[s + 13], x[s + 14], x[s + 15], x[s + 16], x[s + 17], x[s + 18], x[s + 19], x[s + 20], x[s + 21], x[s + 22], x[s + 23],
    x[s + 24], x[s + 25], x[s + 26], x[s + 27], x[s + 28], x[s + 29], x[s + 30], x[s + 31], x[s + 32], x[s + 33], x[s + 34], x[s + 35]);
}

/** The text of UTF-8 bytes [s, e). */
export function utf8String(bytes: Uint8Array, s: number, e: number): string {
  const n = e - s;
  if (n === 0) return '';
  if (n === 36) { const t = ascii36(bytes, s); if (t !== undefined) return t; }
  if (n > LONG) return (decoder ??= new TextDecoder()).decode(bytes.subarray(s, e));
  let k = 0;
  for (let i = s; i < e;) {
    const x = bytes[i];
    if (x < 0x80) { units[k++] = x; i++; continue; }
    if (x >= 0xc2 && x < 0xe0 && i + 1 < e && cont(bytes[i + 1])) { units[k++] = ((x & 0x1f) << 6) | (bytes[i + 1] & 0x3f); i += 2; continue; }
    if (x >= 0xe0 && x < 0xf0 && i + 2 < e && cont(bytes[i + 1]) && cont(bytes[i + 2])) {
      const u = ((x & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
      if (u >= 0x800 && (u < 0xd800 || u > 0xdfff)) { units[k++] = u; i += 3; continue; }
    }
    if (x >= 0xf0 && x < 0xf5 && i + 3 < e && cont(bytes[i + 1]) && cont(bytes[i + 2]) && cont(bytes[i + 3])) {
      const cp = ((x & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
      if (cp >= 0x10000 && cp <= 0x10ffff) { units[k++] = 0xd800 + ((cp - 0x10000) >> 10); units[k++] = 0xdc00 + ((cp - 0x10000) & 0x3ff); i += 4; continue; }
    }
    return (decoder ??= new TextDecoder()).decode(bytes.subarray(s, e)); // not UTF-8: as TextDecoder reads it
  }
  return fromUnits(units.subarray(0, k));
}

/** Char codes of each byte's two lowercase hex digits. */
export const HI = new Uint8Array(256), LO = new Uint8Array(256);
for (let b = 0; b < 256; b++) { HI[b] = '0123456789abcdef'.charCodeAt(b >> 4); LO[b] = '0123456789abcdef'.charCodeAt(b & 15); }

/** The lowercase UUID text (8-4-4-4-12 hex digits) of the 16 bytes at x[s ..], one flat string made in one call. */
export function uuidString(x: Uint8Array, s: number): string {
  const d = 45; // '-'
  return String.fromCharCode(HI[x[s]], LO[x[s]], HI[x[s + 1]], LO[x[s + 1]], HI[x[s + 2]], LO[x[s + 2]], HI[x[s + 3]], LO[x[s + 3]], d,
    HI[x[s + 4]], LO[x[s + 4]], HI[x[s + 5]], LO[x[s + 5]], d, HI[x[s + 6]], LO[x[s + 6]], HI[x[s + 7]], LO[x[s + 7]], d,
    HI[x[s + 8]], LO[x[s + 8]], HI[x[s + 9]], LO[x[s + 9]], d, HI[x[s + 10]], LO[x[s + 10]], HI[x[s + 11]], LO[x[s + 11]],
    HI[x[s + 12]], LO[x[s + 12]], HI[x[s + 13]], LO[x[s + 13]], HI[x[s + 14]], LO[x[s + 14]], HI[x[s + 15]], LO[x[s + 15]]);
}

/** A fixed-size binary column of 16 bytes a row (ids written as UUIDs); `valid` null: every row holds one. */
export interface UuidColumn { bytes: Uint8Array; valid: Uint8Array | null }

/** The ids' text: a row's UUID bytes where it has them, else its utf8 text (an answer without UUIDs: `uuids` null). */
export function idStrings(text: Utf8Column, uuids: UuidColumn | null): string[] {
  const n = text.offsets.length - 1, out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = idString(text, uuids, i);
  return out;
}

/** The text of id i (idStrings' element i). */
export function idString(text: Utf8Column, uuids: UuidColumn | null, i: number): string {
  return uuids && bit(uuids.valid, i) ? uuidString(uuids.bytes, 16 * i)
    : bit(text.valid, i) ? utf8String(text.bytes, text.offsets[i], text.offsets[i + 1]) : '';
}
