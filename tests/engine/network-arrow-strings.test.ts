// Utf8 columns of the binary network read (engine/network-arrow.ts strings): decoded once and sliced — any text (ASCII,
// two-, three- and four-byte UTF-8, nulls, a buffer padded past the last value) comes out exactly as written.
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { strings, utf16Offsets } from '../../engine/network-arrow';

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
      fc.array(fc.option(fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', 'à', 'ß', 'é', '€', '中', '😀', '𝄞') }), { nil: null }), { maxLength: 40 }),
      fc.integer({ min: 0, max: 7 }),
      (values, pad) => { expect(strings(column(values, pad))).toEqual(values); },
    ), { numRuns: 400 });
  });

  it('street names with accents among plain values (the seeded values that made one string per value)', () => {
    const values = ['Huisaansluiting Thomas à Kempisweg 248701', 'Drop 250318', '48', null, 'Straße “één”', ''];
    expect(strings(column(values))).toEqual(values);
  });

  it('decodes a non-ASCII column once, not value by value (in the browser each decode made an external string)', () => {
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      strings(column(Array.from({ length: 50 }, (_, i) => `Thomas à Kempisweg ${i} € 中 😀`)));
      expect(decode).toHaveBeenCalledTimes(1);
    } finally { decode.mockRestore(); }
  });

  it('bytes that are not UTF-8 are decoded value by value (no offsets)', () => {
    const c = { offsets: Int32Array.from([0, 1, 3]), bytes: Uint8Array.from([0x41, 0xff, 0x42]), valid: null };
    expect(utf16Offsets(c.bytes, c.offsets, new TextDecoder().decode(c.bytes).length)).toBeNull();
    expect(strings(c)).toEqual(['A', new TextDecoder().decode(Uint8Array.from([0xff, 0x42]))]);
  });
});
