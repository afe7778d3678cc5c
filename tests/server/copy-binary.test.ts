// The binary COPY reader of the columnar network read (issue 15): tuples split at any byte between chunks read the
// same; NULLs, int4/float8 big-endian, UTF-8 text; GeoJSON coordinates from jsonb text parse to exactly the numbers
// JSON.parse gives (fast path and fallback); ids numbered once and found again by their bytes (fast-check).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ByteIds, hashBytes } from '../../server/network/byte-ids';
import { CoordsSink, CopyReader, Float8Sink, IdSink, Int4Sink, RefSink, TextSink } from '../../server/network/copy-binary';

/** A binary COPY stream of rows of [text | null, int4 | null, float8, jsonb text]. */
function stream(rows: [string | null, number | null, number, string][]): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  const field = (b: Buffer | null) => { const l = Buffer.alloc(4); l.writeInt32BE(b ? b.length : -1); parts.push(l); if (b) parts.push(b); };
  for (const [t, i, f, j] of rows) {
    const n = Buffer.alloc(2); n.writeInt16BE(4); parts.push(n);
    field(t === null ? null : Buffer.from(t));
    if (i === null) field(null); else { const b = Buffer.alloc(4); b.writeInt32BE(i); field(b); }
    const fb = Buffer.alloc(8); fb.writeDoubleBE(f); field(fb);
    field(Buffer.concat([Buffer.from([1]), Buffer.from(j)]));
  }
  const end = Buffer.alloc(2); end.writeInt16BE(-1); parts.push(end);
  return Buffer.concat(parts);
}

function read(buf: Buffer, cut: number[]) {
  const sinks = { t: new TextSink(), i: new Int4Sink(-7), f: new Float8Sink(), c: new CoordsSink() };
  const r = new CopyReader([sinks.t, sinks.i, sinks.f, sinks.c]);
  let at = 0;
  for (const c of [...cut.filter((x) => x > 0 && x < buf.length)].sort((a, b) => a - b)) { r.push(buf.subarray(at, c)); at = c; }
  r.push(buf.subarray(at));
  r.end();
  const off = sinks.t.offsets.done(), valid = sinks.t.valid.done();
  const texts = [...valid].map((v, k) => (v ? Buffer.from(sinks.t.bytes.a.subarray(off[k], off[k + 1])).toString() : null));
  return { texts, ints: [...sinks.i.v.done()], floats: [...sinks.f.v.done()], xy: [...sinks.c.xy.done()], vertices: [...sinks.c.vertices.done()] };
}

describe('binary COPY reader', () => {
  const rows: [string | null, number | null, number, string][] = [
    ['a-1', 1, 1.5, '[1, 2]'], [null, null, -0.25, '[[155000.123, 463000.5], [-1e-7, 2.5E3], [0.1, 0.30000000000000004]]'], ['ø “één”', -2147483648, 1e300, '[]'],
  ];
  it('reads the same whole or split at every byte', () => {
    const buf = stream(rows);
    const whole = read(buf, []);
    expect(whole.texts).toEqual(['a-1', null, 'ø “één”']);
    expect(whole.ints).toEqual([1, -7, -2147483648]);
    expect(whole.floats).toEqual([1.5, -0.25, 1e300]);
    expect(whole.vertices).toEqual([1, 3, 0]);
    expect(whole.xy).toEqual([1, 2, 155000.123, 463000.5, -1e-7, 2500, 0.1, 0.30000000000000004]);
    for (let c = 1; c < buf.length; c++) expect(read(buf, [c])).toEqual(whole);
  });

  it('a stream without its trailer is an error', () => {
    const buf = stream(rows);
    expect(() => read(buf.subarray(0, buf.length - 2), [])).toThrow(/ended early/);
  });

  it('coordinates parse to exactly what JSON.parse gives', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true })), { minLength: 1, maxLength: 20 }),
      fc.array(fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.nat(9999999)), { maxLength: 10 }), (doubles, decimals) => {
        const pts = [...doubles.map(([x, y]) => `[${JSON.stringify(x)}, ${JSON.stringify(y)}]`), ...decimals.map(([a, b]) => `[${a}.${b}, ${-a}.0${b}]`)];
        const text = `[${pts.join(', ')}]`;
        const c = new CoordsSink();
        const b = Buffer.concat([Buffer.from([1]), Buffer.from(text)]);
        c.add(b, 0, b.length);
        expect([...c.xy.done()]).toEqual((JSON.parse(text) as number[][]).flat());
      }), { numRuns: 300 });
  });

  it('ids are numbered once and found by their bytes; references resolve (unknown: -2, NULL: -1)', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 3000 }), (list) => {
      const ids = new ByteIds();
      const sink = new IdSink(ids);
      for (const s of [...list, ...list]) { const b = Buffer.from(s); sink.add(b, 0, b.length); }
      expect([...sink.v.done()]).toEqual([...list.keys(), ...list.keys()]);
      expect(ids.size).toBe(list.length);
      list.forEach((s, k) => { expect(ids.findString(s)).toBe(k); expect(ids.string(k)).toBe(s); });
      const now = new RefSink(ids), later = new RefSink();
      for (const s of [list[0], list[0], '\u0000none', list[list.length - 1]]) { const b = Buffer.from(s); now.add(b, 0, b.length); later.add(b, 0, b.length); }
      now.add(Buffer.alloc(0), 0, -1); later.add(Buffer.alloc(0), 0, -1);
      const want = [0, 0, list.includes('\u0000none') ? list.indexOf('\u0000none') : -2, list.length - 1, -1];
      expect([...now.resolve(ids)]).toEqual(want);
      expect([...later.resolve(ids)]).toEqual(want);
    }), { numRuns: 50 });
  });

  it('ids read from anywhere in a shared chunk (unaligned, in a view) are numbered and found the same, also by a table rebuilt from the arena', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 70 }), { minLength: 1, maxLength: 500 }), fc.nat(7), (list, pad) => {
      // one chunk: `pad` bytes, then the ids back to back, seen through a view that starts 3 bytes into its buffer
      const parts = list.map((x) => Buffer.from(x));
      const whole = Buffer.concat([Buffer.alloc(3 + pad, 0x2d), ...parts]);
      const chunk = new Uint8Array(whole.buffer, whole.byteOffset + 3, whole.length - 3);
      const ids = new ByteIds();
      let at = pad;
      const spans = parts.map((b) => { const sp = [at, b.length] as const; at += b.length; return sp; });
      spans.forEach(([s, n], k) => expect(ids.add(chunk, s, n)).toBe(k));
      spans.forEach(([s, n], k) => expect(ids.find(chunk, s, n)).toBe(k));
      // the same ids one by one in their own buffers find the chunk's numbers, and a table over the arena finds them too
      const again = ByteIds.fromArena(ids.bytes, ids.offsets, ids.size);
      list.forEach((x, k) => { expect(ids.findString(x)).toBe(k); expect(again.findString(x)).toBe(k); expect(again.string(k)).toBe(x); });
      expect(again.findString(`${list[0]}\u0000`)).toBe(list.indexOf(`${list[0]}\u0000`));
    }), { numRuns: 100 });
  });

  it('two ids of one length whose hashes are equal are told apart by their bytes', () => {
    // a 32-bit hash collision, found by the birthday bound (≈ 10⁵ tries): the table must compare the bytes, not trust the hash
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const id = `id-${i.toString(16).padStart(9, '0')}`;
      const b = Buffer.from(id), h = hashBytes(b, 0, b.length);
      const other = seen.get(h);
      if (other) pair = [other, id]; else seen.set(h, id);
    }
    const ids = new ByteIds();
    expect(ids.addString(pair[0])).toBe(0);
    expect(ids.findString(pair[1])).toBe(-1);
    expect(ids.addString(pair[1])).toBe(1);
    expect([ids.findString(pair[0]), ids.findString(pair[1])]).toEqual([0, 1]);
  });
});
