// Binary min-heap on typed arrays for the route search: entries (key, tie, value) ordered by key, then tie (the second
// criterion of lexicographic searches, 0 otherwise). Lazy deletion: the search pushes a vertex again when its label
// improves and skips stale entries when popped, so no position index is needed. Grows by doubling; reused between
// queries (`clear()`).
export class RouteHeap {
  private keys: Float64Array; private ties: Float64Array; private values: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(capacity); this.ties = new Float64Array(capacity); this.values = new Int32Array(capacity);
  }

  clear(): void { this.size = 0; }

  private less(i: number, j: number): boolean {
    const a = this.keys[i], b = this.keys[j];
    return a < b || (a === b && this.ties[i] < this.ties[j]);
  }

  private swap(i: number, j: number): void {
    const k = this.keys[i]; this.keys[i] = this.keys[j]; this.keys[j] = k;
    const t = this.ties[i]; this.ties[i] = this.ties[j]; this.ties[j] = t;
    const v = this.values[i]; this.values[i] = this.values[j]; this.values[j] = v;
  }

  push(key: number, tie: number, value: number): void {
    if (this.size === this.keys.length) {
      const grow = <T extends Float64Array | Int32Array>(a: T, make: (n: number) => T): T => { const b = make(a.length * 2); b.set(a); return b; };
      this.keys = grow(this.keys, (n) => new Float64Array(n)); this.ties = grow(this.ties, (n) => new Float64Array(n));
      this.values = grow(this.values, (n) => new Int32Array(n));
    }
    let i = this.size++;
    this.keys[i] = key; this.ties[i] = tie; this.values[i] = value;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p); i = p;
    }
  }

  /** Key and tie of the top entry (valid until the next push/pop). */
  topKey(): number { return this.keys[0]; }

  /** Removes the top entry and returns its value (-1 when empty). */
  pop(): number {
    if (this.size === 0) return -1;
    const top = this.values[0];
    const last = --this.size;
    if (last > 0) {
      this.keys[0] = this.keys[last]; this.ties[0] = this.ties[last]; this.values[0] = this.values[last];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let s = i;
        if (l < last && this.less(l, s)) s = l;
        if (r < last && this.less(r, s)) s = r;
        if (s === i) break;
        this.swap(i, s); i = s;
      }
    }
    return top;
  }
}
