// Ids as UTF-8 bytes (issue 15's columnar read): an append-only arena of id bytes with offsets (exactly an Arrow utf8
// column) and an open-addressing hash over it, so ids read from PostgreSQL's binary COPY are numbered and looked up
// without making a JavaScript string per id. Also used for small dictionaries (attribute and relation type names).


/** A DataView of the last buffer read (one view per COPY chunk, not per id): ids are hashed and compared four bytes
 *  at a time (little-endian words; ids start anywhere in a chunk, so a word read is unaligned). */
let lastBuf: Uint8Array | null = null;
let lastView: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
function viewOf(b: Uint8Array): DataView {
  if (b !== lastBuf) { lastBuf = b; lastView = new DataView(b.buffer, b.byteOffset, b.byteLength); }
  return lastView;
}

/** Hash of bytes [s, e): FNV-style multiply over 4-byte words with a shift to mix the high bits down, the tail byte by
 *  byte, then a final mix (the table's slot is the hash's low bits). */
export function hashBytes(b: Uint8Array, s: number, e: number): number {
  const v = viewOf(b), e4 = s + ((e - s) & ~3);
  let h = 0x811c9dc5 ^ (e - s), i = s;
  for (; i < e4; i += 4) { h = Math.imul(h ^ v.getInt32(i, true), 0x01000193); h ^= h >>> 15; }
  for (; i < e; i++) h = Math.imul(h ^ b[i], 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

export class ByteIds {
  bytes = new Uint8Array(1 << 16);
  /** A view of `bytes` (made again when the arena grows). */
  private view: DataView<ArrayBufferLike> = new DataView(this.bytes.buffer);
  offsets = new Int32Array(1024);
  size = 0;
  /** 4 Int32 per slot: hash, index + 1 (0 = empty), byte offset, byte length — a probe reads one cache line, then
   *  the id's bytes only when the hashes agree */
  private slots = new Int32Array(4 << 14);
  private mask = (1 << 14) - 1;
  /** False until the hash of a table made by fromArena is built. */
  private hashed = true;

  /** Byte length of the arena used. */
  get byteLength(): number { return this.offsets[this.size]; }

  /** Whether the arena's bytes at `at` equal b[s, s + n): a word at a time, then the tail. */
  private same(at: number, b: Uint8Array, s: number, n: number): boolean {
    const a = this.bytes, av = this.view, bv = viewOf(b);
    let i = 0;
    for (; i + 4 <= n; i += 4) if (av.getInt32(at + i, true) !== bv.getInt32(s + i, true)) return false;
    for (; i < n; i++) if (a[at + i] !== b[s + i]) return false;
    return true;
  }

  /** Index of the id in b[s, s + n), or -1. */
  find(b: Uint8Array, s: number, n: number): number {
    if (!this.hashed) this.buildHash();
    const h = hashBytes(b, s, s + n) | 0, t = this.slots;
    let slot = h & this.mask;
    for (;;) {
      const p = slot << 2, k = t[p + 1];
      if (k === 0) return -1;
      if (t[p] === h && t[p + 3] === n && this.same(t[p + 2], b, s, n)) return k - 1;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Index of the id in b[s, s + n), added when new. */
  add(b: Uint8Array, s: number, n: number): number {
    if (!this.hashed) this.buildHash();
    if ((this.size + 1) * 2 > this.mask) this.rehash();
    const h = hashBytes(b, s, s + n) | 0, t = this.slots;
    let slot = h & this.mask;
    for (;;) {
      const p = slot << 2, k = t[p + 1];
      if (k === 0) break;
      if (t[p] === h && t[p + 3] === n && this.same(t[p + 2], b, s, n)) return k - 1;
      slot = (slot + 1) & this.mask;
    }
    const k = this.size++;
    if (k + 2 > this.offsets.length) { const o = new Int32Array(this.offsets.length * 2); o.set(this.offsets); this.offsets = o; }
    const at = this.offsets[k];
    if (at + n > this.bytes.length) { const a = new Uint8Array(Math.max(this.bytes.length * 2, at + n)); a.set(this.bytes.subarray(0, at)); this.bytes = a; this.view = new DataView(a.buffer); }
    if (n < 64) for (let i = 0; i < n; i++) this.bytes[at + i] = b[s + i];
    else this.bytes.set(b.subarray(s, s + n), at);
    this.offsets[k + 1] = at + n;
    const p = slot << 2;
    t[p] = h; t[p + 1] = k + 1; t[p + 2] = at; t[p + 3] = n;
    return k;
  }

  /** A table over an arena as `bytes` and `offsets` hold it (the first `size` ids; stored columns: scan-serial.ts):
   *  the arrays are taken as they are; the hash is built on the first lookup (a read that only sends the columns
   *  never needs it). */
  static fromArena(bytes: Uint8Array<ArrayBuffer>, offsets: Int32Array<ArrayBuffer>, size: number): ByteIds {
    const t = new ByteIds();
    t.bytes = bytes.length ? bytes : new Uint8Array(1 << 16);
    t.view = new DataView(t.bytes.buffer, t.bytes.byteOffset, t.bytes.byteLength);
    t.offsets = offsets.length >= size + 2 ? offsets : (() => { const o = new Int32Array(Math.max(1024, size + 2)); o.set(offsets.subarray(0, size + 1)); return o; })();
    t.size = size;
    t.hashed = false;
    return t;
  }

  /** Builds the hash of every id (a table made by fromArena). */
  private buildHash(): void {
    this.hashed = true;
    let cap = 1 << 14;
    while ((this.size + 1) * 2 > cap - 1) cap *= 2;
    const s = (this.slots = new Int32Array(cap * 4)), m = (this.mask = cap - 1), off = this.offsets, b = this.bytes;
    for (let k = 0; k < this.size; k++) {
      const at = off[k], n = off[k + 1] - at, h = hashBytes(b, at, at + n) | 0;
      let slot = h & m;
      while (s[(slot << 2) + 1] !== 0) slot = (slot + 1) & m;
      const p = slot << 2;
      s[p] = h; s[p + 1] = k + 1; s[p + 2] = at; s[p + 3] = n;
    }
  }

  /** Adds a JavaScript string (tests, the row path). */
  addString(id: string): number { const b = Buffer.from(id); return this.add(b, 0, b.length); }
  findString(id: string): number { const b = Buffer.from(id); return this.find(b, 0, b.length); }
  /** The id of index k as a string. */
  string(k: number): string { return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.offsets[k], this.offsets[k + 1] - this.offsets[k]).toString(); }

  private rehash(): void {
    const old = this.slots, cap = (this.mask + 1) * 2;
    const t = (this.slots = new Int32Array(cap * 4));
    this.mask = cap - 1;
    for (let q = 0; q < old.length; q += 4) {
      if (old[q + 1] === 0) continue;
      let slot = old[q] & this.mask;
      while (t[(slot << 2) + 1] !== 0) slot = (slot + 1) & this.mask;
      const p = slot << 2; // four stores, not a subarray per id (a rehash of 10⁶ ids made 10⁶ of them)
      t[p] = old[q]; t[p + 1] = old[q + 1]; t[p + 2] = old[q + 2]; t[p + 3] = old[q + 3];
    }
  }
}
