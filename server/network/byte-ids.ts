// Ids as UTF-8 bytes (issue 15's columnar read): an append-only arena of id bytes with offsets (exactly an Arrow utf8
// column) and an open-addressing hash over it, so ids read from PostgreSQL's binary COPY are numbered and looked up
// without making a JavaScript string per id. Also used for small dictionaries (attribute and relation type names).

const EMPTY = -1;

/** FNV-1a over bytes [s, e). */
export function hashBytes(b: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5;
  for (let i = s; i < e; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return h >>> 0;
}

export class ByteIds {
  bytes = new Uint8Array(1 << 16);
  offsets = new Int32Array(1024);
  size = 0;
  private slots = new Int32Array(2048).fill(EMPTY);
  private mask = 2047;

  /** Byte length of the arena used. */
  get byteLength(): number { return this.offsets[this.size]; }

  private equal(k: number, b: Uint8Array, s: number, n: number): boolean {
    const o = this.offsets[k];
    if (this.offsets[k + 1] - o !== n) return false;
    const a = this.bytes;
    for (let i = 0; i < n; i++) if (a[o + i] !== b[s + i]) return false;
    return true;
  }

  /** Index of the id in b[s, s + n), or -1. */
  find(b: Uint8Array, s: number, n: number): number {
    let slot = hashBytes(b, s, s + n) & this.mask;
    for (;;) {
      const k = this.slots[slot];
      if (k === EMPTY) return -1;
      if (this.equal(k, b, s, n)) return k;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Index of the id in b[s, s + n), added when new. */
  add(b: Uint8Array, s: number, n: number): number {
    if ((this.size + 1) * 2 > this.mask) this.rehash();
    let slot = hashBytes(b, s, s + n) & this.mask;
    for (;;) {
      const k = this.slots[slot];
      if (k === EMPTY) break;
      if (this.equal(k, b, s, n)) return k;
      slot = (slot + 1) & this.mask;
    }
    const k = this.size++;
    if (k + 2 > this.offsets.length) { const o = new Int32Array(this.offsets.length * 2); o.set(this.offsets); this.offsets = o; }
    const at = this.offsets[k];
    if (at + n > this.bytes.length) { const a = new Uint8Array(Math.max(this.bytes.length * 2, at + n)); a.set(this.bytes.subarray(0, at)); this.bytes = a; }
    this.bytes.set(b.subarray(s, s + n), at);
    this.offsets[k + 1] = at + n;
    this.slots[slot] = k;
    return k;
  }

  /** Adds a JavaScript string (tests, the row path). */
  addString(id: string): number { const b = Buffer.from(id); return this.add(b, 0, b.length); }
  findString(id: string): number { const b = Buffer.from(id); return this.find(b, 0, b.length); }
  /** The id of index k as a string. */
  string(k: number): string { return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.offsets[k], this.offsets[k + 1] - this.offsets[k]).toString(); }

  private rehash(): void {
    const cap = (this.mask + 1) * 2;
    this.slots = new Int32Array(cap).fill(EMPTY);
    this.mask = cap - 1;
    for (let k = 0; k < this.size; k++) {
      let slot = hashBytes(this.bytes, this.offsets[k], this.offsets[k + 1]) & this.mask;
      while (this.slots[slot] !== EMPTY) slot = (slot + 1) & this.mask;
      this.slots[slot] = k;
    }
  }
}
