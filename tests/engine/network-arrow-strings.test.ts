// Utf8 columns of the binary network read (engine/network-arrow.ts strings): each value decoded to a string of its own —
// any text (ASCII, two-, three- and four-byte UTF-8, empty and null values, padded buffers) comes out exactly as
// written, and bytes that are not UTF-8 exactly as TextDecoder reads them; short values never go through TextDecoder
// (in the browser each of its results is an external string; decoding the column once and slicing kept it all alive).
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { internedStrings, strings, utf8String } from '../../engine/network-arrow';

/** A utf8 column of `values` (null: not valid), its byte buffer padded with `pad` zero bytes. */
function column(values: (string | null)[], pad = 0) {
  const enc = new TextEncoder();
  const parts = values.map((v) => enc.encode(v ?? ''));
  const offsets = new Int32Array(values.length + 1);
  parts.forEach((p, i) => { offsets[i + 1] = offsets[i] + p.length; });
  const bytes = new Uint8Array(offsets[values.length] + pad);
  parts.forEach((p, i) => bytes.set(p, offsets[i]));
  const valid = new Uint8Array((values.length + 7) >> 3);
  values.forEach((v, i) => { if (v !== null) valid[i >> 3] |= 1 << (i & 7); });
  return { offsets, bytes, valid };
}

describe('utf8 columns', () => {
  it('come out as written: ASCII, accents, CJK, emoji (surrogate pairs), empty and null values, padded buffers', () => {
    fc.assert(fc.property(
      fc.array(fc.option(fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', 'à', 'ß', 'é', '€', '中', '😀', '𝄞', '\u0000', '\uffff') }), { nil: null }), { maxLength: 40 }),
      fc.integer({ min: 0, max: 7 }),
      (values, pad) => { expect(strings(column(values, pad))).toEqual(values); },
    ), { numRuns: 400 });
  });

  it('any bytes read as TextDecoder reads them (overlong, truncated, surrogate and stray continuation bytes too)', () => {
    const td = new TextDecoder();
    fc.assert(fc.property(fc.uint8Array({ maxLength: 24 }), (b) => { expect(utf8String(b, 0, b.length)).toBe(td.decode(b)); }), { numRuns: 2000 });
    for (const bad of [[0xc0, 0x80], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xf0, 0x9f, 0x98]]) {
      const b = Uint8Array.from(bad);
      expect(utf8String(b, 0, b.length)).toBe(td.decode(b));
    }
  });

  it('ids of 36 bytes (the length of a UUID, read on their own fast path) come out as written, ASCII or not, at any offset', () => {
    const unit = fc.constantFrom('0', '9', 'a', 'f', '-', 'Z', '~', '\u0000', '\u007f', 'é', '€', '😀');
    fc.assert(fc.property(fc.array(fc.string({ unit, minLength: 30, maxLength: 40 }), { maxLength: 12 }), fc.integer({ min: 0, max: 7 }),
      (values, pad) => { expect(strings(column(values, pad))).toEqual(values); }), { numRuns: 600 });
    const td = new TextDecoder();
    fc.assert(fc.property(fc.uint8Array({ minLength: 36, maxLength: 36 }), (b) => { expect(utf8String(b, 0, 36)).toBe(td.decode(b)); }), { numRuns: 2000 });
    const id = crypto.randomUUID();
    expect(strings(column([id, id.toUpperCase(), `${id.slice(0, 35)}é`]))).toEqual([id, id.toUpperCase(), `${id.slice(0, 35)}é`]);
  });

  it('street names with accents among plain values (the seeded values that made one external string per value)', () => {
    const values = ['Huisaansluiting Thomas à Kempisweg 248701', 'Drop 250318', '48', null, 'Straße “één”', ''];
    expect(strings(column(values))).toEqual(values);
  });

  it('short values never go through TextDecoder; a long one does', () => {
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      strings(column(Array.from({ length: 50 }, (_, i) => `Thomas à Kempisweg ${i} € 中 😀`)));
      expect(decode).not.toHaveBeenCalled();
      const long = 'x'.repeat(5000) + '€';
      expect(strings(column([long]))).toEqual([long]);
      expect(decode).toHaveBeenCalledTimes(1);
    } finally { decode.mockRestore(); }
  });

  it('interned: every value as written (nulls, empty, any text, colliding lengths)', () => {
    fc.assert(fc.property(
      fc.array(fc.option(fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'b', 'é', '😀', '\u0000') }), { nil: null }), { maxLength: 200 }),
      fc.integer({ min: 0, max: 7 }),
      (values, pad) => { expect(internedStrings(column(values, pad))).toEqual(values); },
    ), { numRuns: 300 });
    expect(internedStrings(column(['true', 'ø 40', 'true', null, 'ø 40', 'false']))).toEqual(['true', 'ø 40', 'true', null, 'ø 40', 'false']);
  });

  // long values go through TextDecoder (utf8String), so its calls count the values decoded
  const long = (tag: string) => `${tag}${'x'.repeat(3000)}€`;

  it('interned: a repeated value is decoded once (equal values share one string)', () => {
    const values = [long('a'), long('b'), long('a'), long('a'), long('b')];
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      expect(internedStrings(column(values))).toEqual(values);
      expect(decode).toHaveBeenCalledTimes(2);
    } finally { decode.mockRestore(); }
  });

  it('interned with a full table: values past its 3/4 are decoded without being kept, every value as written', () => {
    // 16 slots: 12 kept — a long value kept first is decoded once; one first seen after the table filled, each time
    const values = [long('kept'), ...Array.from({ length: 11 }, (_, i) => `v${i}`), long('kept'), long('late'), long('late'), long('late')];
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      expect(internedStrings(column(values), 16)).toEqual(values);
      expect(decode).toHaveBeenCalledTimes(1 + 3);
    } finally { decode.mockRestore(); }
  });
});
