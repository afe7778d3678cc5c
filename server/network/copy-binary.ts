// PostgreSQL's binary COPY format read straight into columns (issue 15): `COPY (select) TO STDOUT (FORMAT binary)`
// sends each tuple as a field count and length-prefixed fields in the types' binary send form (int4/float8 big-endian,
// text as UTF-8, jsonb as a version byte and its text). A CopyReader takes the chunks as they arrive (a tuple may span
// chunks) and hands each field to its column sink, which appends to typed arrays — no object or string per row.
import { ByteIds } from './byte-ids';

/** Copies b[s, s + n) to dst at `at` (a loop for short runs: a subarray per field costs more than the copy). */
export function copyBytes(dst: Uint8Array, at: number, b: Uint8Array, s: number, n: number): void {
  if (n < 64) for (let i = 0; i < n; i++) dst[at + i] = b[s + i];
  else dst.set(b.subarray(s, s + n), at);
}

/** A growable typed array. */
export class Grow<T extends Int32Array | Float64Array | Uint8Array> {
  length = 0;
  constructor(public a: T) {}
  push(v: number): void {
    if (this.length === this.a.length) this.grow(this.length + 1);
    this.a[this.length++] = v;
  }
  grow(min: number): void {
    const b = new (this.a.constructor as new (n: number) => T)(Math.max(min, this.a.length * 2, 256));
    b.set(this.a);
    this.a = b;
  }
  /** The values (a view). */
  done(): T { return this.a.subarray(0, this.length) as T; }
}

/** A column's reader of one field: bytes b[s, s + n), n = -1 for NULL. */
export interface Sink { add(b: Uint8Array, s: number, n: number): void }

export class Int4Sink implements Sink {
  constructor(private nullAs = 0, public v = new Grow(new Int32Array(1024))) {}
  add(b: Uint8Array, s: number, n: number): void { this.v.push(n < 0 ? this.nullAs : ((b[s] << 24) | (b[s + 1] << 16) | (b[s + 2] << 8) | b[s + 3])); }
}

const f64 = new Float64Array(1), f64b = new Uint8Array(f64.buffer);
export class Float8Sink implements Sink {
  constructor(private nullAs = NaN, public v = new Grow(new Float64Array(1024))) {}
  add(b: Uint8Array, s: number, n: number): void {
    if (n < 0) { this.v.push(this.nullAs); return; }
    for (let i = 0; i < 8; i++) f64b[i] = b[s + 7 - i];
    this.v.push(f64[0]);
  }
}

export class BoolSink implements Sink {
  v = new Grow(new Uint8Array(1024));
  add(b: Uint8Array, s: number, n: number): void { this.v.push(n > 0 && b[s] ? 1 : 0); }
}

/** Text kept as UTF-8 (an Arrow utf8 column: bytes, offsets, validity). */
export class TextSink implements Sink {
  bytes = new Grow(new Uint8Array(1 << 16));
  offsets = new Grow(new Int32Array(1024));
  valid = new Grow(new Uint8Array(1024));
  nulls = 0;
  constructor() { this.offsets.push(0); }
  add(b: Uint8Array, s: number, n: number): void {
    if (n > 0) {
      if (this.bytes.length + n > this.bytes.a.length) this.bytes.grow(this.bytes.length + n);
      copyBytes(this.bytes.a, this.bytes.length, b, s, n);
      this.bytes.length += n;
    }
    if (n < 0) this.nulls++;
    this.valid.push(n < 0 ? 0 : 1);
    this.offsets.push(this.bytes.length);
  }
}

/** Ids numbered in a shared ByteIds table (the row's own id, or a reference resolved later: `ref`). */
export class IdSink implements Sink {
  constructor(private ids: ByteIds, public v = new Grow(new Int32Array(1024))) {}
  add(b: Uint8Array, s: number, n: number): void { this.v.push(n < 0 ? -1 : this.ids.add(b, s, n)); }
}

/** References to ids: looked up at once in `now` (ids of tables read before), or collected as bytes and resolved once
 *  every table is read (`resolve`: references within the table being read). A run of equal references (rows read in
 *  the order of the referenced id) is looked up once. */
export class RefSink implements Sink {
  private raw = new TextSink();
  private last = -1;
  private lastAt = 0;
  private lastLen = -1;
  private lastBuf: Uint8Array | null = null;
  constructor(private now?: ByteIds, private v = new Grow(new Int32Array(1024))) {}
  add(b: Uint8Array, s: number, n: number): void {
    if (!this.now) { this.raw.add(b, s, n); return; }
    if (n < 0) { this.v.push(-1); return; }
    if (n === this.lastLen && this.lastBuf) {
      const p = this.lastBuf, at = this.lastAt;
      let same = true;
      for (let i = n - 1; i >= 0; i--) if (p[at + i] !== b[s + i]) { same = false; break; }
      if (same) { this.v.push(this.last); return; }
    }
    const k = this.now.find(b, s, n);
    this.last = k < 0 ? -2 : k;
    this.lastBuf = k < 0 ? null : this.now.bytes; this.lastAt = k < 0 ? 0 : this.now.offsets[k]; this.lastLen = n;
    this.v.push(this.last);
  }
  /** Index of each reference in `ids`; -1 for NULL; -2 for an id `ids` does not hold. */
  resolve(ids: ByteIds): Int32Array {
    if (this.now) return this.v.done();
    const off = this.raw.offsets.done(), bytes = this.raw.bytes.a, valid = this.raw.valid.done();
    const out = new Int32Array(valid.length);
    for (let i = 0; i < out.length; i++) {
      if (!valid[i]) { out[i] = -1; continue; }
      const k = ids.find(bytes, off[i], off[i + 1] - off[i]);
      out[i] = k < 0 ? -2 : k;
    }
    return out;
  }
}

/** Small dictionaries (type names): codes into the distinct values. */
export class DictSink implements Sink {
  constructor(public dict = new ByteIds(), public v = new Grow(new Int32Array(1024))) {}
  add(b: Uint8Array, s: number, n: number): void { this.v.push(this.dict.add(b, s, n)); }
  values(): string[] { return Array.from({ length: this.dict.size }, (_, k) => this.dict.string(k)); }
}

const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** GeoJSON coordinates (jsonb: a Point's [x, y] or a LineString's [[x, y], …]) → x,y pairs and vertices per row. */
export class CoordsSink implements Sink {
  vertices = new Grow(new Int32Array(1024));
  constructor(public xy = new Grow(new Float64Array(1 << 14))) {}
  add(b: Uint8Array, s: number, n: number): void {
    if (n < 0) { this.vertices.push(0); return; }
    const start = this.xy.length, e = s + n;
    // jsonb binary form: version byte 1, then the JSON text
    for (let i = s + 1; i < e; i++) {
      const c = b[i];
      if (c === 45 || (c >= 48 && c <= 57)) i = this.number(b, i, e) - 1;
    }
    this.vertices.push((this.xy.length - start) >> 1);
  }

  /** Parses the number at b[i…): exact fast path (≤ 15 significant digits, no exponent: an integer divided by an exact
   *  power of ten, correctly rounded as JSON.parse does), else parseFloat of its text. Returns the index after it. */
  private number(b: Uint8Array, i: number, e: number): number {
    const from = i;
    let neg = false, m = 0, digits = 0, frac = 0, dot = false, slow = false;
    if (b[i] === 45) { neg = true; i++; }
    for (; i < e; i++) {
      const c = b[i];
      if (c >= 48 && c <= 57) { m = m * 10 + (c - 48); if (m > 0 || dot) digits++; if (dot) frac++; }
      else if (c === 46 && !dot) dot = true;
      else if (c === 101 || c === 69 || c === 43 || (c === 45 && i > from)) slow = true;
      else break;
    }
    let v: number;
    if (slow || digits > 15 || frac > 22) v = parseFloat(Buffer.from(b.buffer, b.byteOffset + from, i - from).toString('latin1'));
    else v = (neg ? -m : m) / POW10[frac];
    this.xy.push(v);
    return i;
  }
}

export const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];

/** Reads a binary COPY stream chunk by chunk into `sinks` (one per column, in select order). */
export class CopyReader {
  rows = 0;
  private left: Uint8Array | null = null;
  private header = true;
  private ended = false;
  constructor(private sinks: Sink[]) {}

  push(chunk: Uint8Array): void {
    let b = chunk;
    if (this.left) { b = new Uint8Array(this.left.length + chunk.length); b.set(this.left); b.set(chunk, this.left.length); this.left = null; }
    let p = 0;
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    if (this.header) {
      if (b.length < 19) { this.left = b.slice(); return; }
      for (let i = 0; i < SIGNATURE.length; i++) if (b[i] !== SIGNATURE[i]) throw new Error('not a binary COPY stream');
      const ext = dv.getInt32(15);
      if (b.length < 19 + ext) { this.left = b.slice(); return; }
      p = 19 + ext;
      this.header = false;
    }
    const nCols = this.sinks.length;
    while (p + 2 <= b.length && !this.ended) {
      const nf = dv.getInt16(p);
      if (nf === -1) { this.ended = true; p += 2; break; }
      if (nf !== nCols) throw new Error(`binary COPY: ${nf} fields, expected ${nCols}`);
      // the whole tuple must be here
      let q = p + 2, whole = true;
      for (let f = 0; f < nf; f++) {
        if (q + 4 > b.length) { whole = false; break; }
        const n = dv.getInt32(q);
        q += 4 + (n > 0 ? n : 0);
        if (q > b.length) { whole = false; break; }
      }
      if (!whole) break;
      q = p + 2;
      for (let f = 0; f < nf; f++) {
        const n = dv.getInt32(q);
        this.sinks[f].add(b, q + 4, n);
        q += 4 + (n > 0 ? n : 0);
      }
      this.rows++;
      p = q;
    }
    if (p < b.length && !this.ended) this.left = b.slice(p);
  }

  /** Throws when the stream ended inside a tuple or without the trailer. */
  end(): void { if (!this.ended || this.left) throw new Error('binary COPY stream ended early'); }
}
