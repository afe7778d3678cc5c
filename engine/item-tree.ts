// Flat storage of spatial items (one slot per node or edge segment: box, object number, segment) in typed arrays,
// and the rbush tree over slot numbers: packed in bulk along a Hilbert curve (fast, full leaves), then kept up to
// date with rbush's own insert/remove. No per-item objects; slot 0 is unused (rbush ignores falsy items).
import RBush, { type BBox } from 'rbush';
import { float64Array, int32Array, uint32Array } from './typed';

export class ItemStore {
  minX: Float64Array = new Float64Array(16);
  minY: Float64Array = new Float64Array(16);
  maxX: Float64Array = new Float64Array(16);
  maxY: Float64Array = new Float64Array(16);
  /** Dense object number of the item. */
  obj: Int32Array = new Int32Array(16);
  /** -1 for a node; else segment index × 4 + direction bits (1: first x is the larger, 2: first y is the larger). */
  seg: Int32Array = new Int32Array(16);
  /** Next free slot (slots 1 .. size-1 are in use). */
  size = 1;

  reserve(n: number): void {
    if (n <= this.minX.length) return;
    const f = (a: Float64Array) => { const b = float64Array(n); b.set(a); return b; };
    const g = (a: Int32Array) => { const b = int32Array(n); b.set(a); return b; };
    this.minX = f(this.minX); this.minY = f(this.minY); this.maxX = f(this.maxX); this.maxY = f(this.maxY);
    this.obj = g(this.obj); this.seg = g(this.seg);
  }

  /** k consecutive new slots. */
  alloc(k: number): number {
    const s = this.size;
    if (s + k > this.minX.length) this.reserve(Math.max(2 * this.minX.length, s + k));
    this.size = s + k;
    return s;
  }

  set(i: number, x0: number, y0: number, x1: number, y1: number, obj: number, seg: number): void {
    this.minX[i] = x0; this.minY[i] = y0; this.maxX[i] = x1; this.maxY[i] = y1; this.obj[i] = obj; this.seg[i] = seg;
  }
}

interface TreeNode extends BBox { children: (TreeNode | number)[]; height: number; leaf: boolean }

/**
 * Index of (x, y) (16-bit each) along a Hilbert curve, in O(1): the branch-free bit-parallel form of the classic
 * rotate-and-flip walk (public-domain algorithm by "rawrunprotected", also used by flatbush).
 */
export function hilbert(x: number, y: number): number {
  let a = x ^ y, b = 0xffff ^ a, c = 0xffff ^ (x | y), d = x & (y ^ 0xffff);
  let A = a | (b >> 1), B = (a >> 1) ^ a;
  let C = ((c >> 1) ^ (b & (d >> 1))) ^ c, D = ((a & (c >> 1)) ^ (d >> 1)) ^ d;
  a = A; b = B; c = C; d = D;
  A = (a & (a >> 2)) ^ (b & (b >> 2));
  B = (a & (b >> 2)) ^ (b & ((a ^ b) >> 2));
  C ^= (a & (c >> 2)) ^ (b & (d >> 2));
  D ^= (b & (c >> 2)) ^ ((a ^ b) & (d >> 2));
  a = A; b = B; c = C; d = D;
  A = (a & (a >> 4)) ^ (b & (b >> 4));
  B = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4));
  C ^= (a & (c >> 4)) ^ (b & (d >> 4));
  D ^= (b & (c >> 4)) ^ ((a ^ b) & (d >> 4));
  a = A; b = B; c = C; d = D;
  C ^= (a & (c >> 8)) ^ (b & (d >> 8));
  D ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8));
  a = C ^ (C >> 1);
  b = D ^ (D >> 1);
  let i0 = x ^ y, i1 = b | (0xffff ^ (i0 | a));
  i0 = (i0 | (i0 << 8)) & 0x00ff00ff; i0 = (i0 | (i0 << 4)) & 0x0f0f0f0f;
  i0 = (i0 | (i0 << 2)) & 0x33333333; i0 = (i0 | (i0 << 1)) & 0x55555555;
  i1 = (i1 | (i1 << 8)) & 0x00ff00ff; i1 = (i1 | (i1 << 4)) & 0x0f0f0f0f;
  i1 = (i1 | (i1 << 2)) & 0x33333333; i1 = (i1 | (i1 << 1)) & 0x55555555;
  return ((i1 << 1) | i0) >>> 0;
}

export class ItemTree extends RBush<number> {
  constructor(private readonly s: ItemStore) {
    super(16);
    // rbush calls these unbound (e.g. children.sort(compareMinX)), so they are closures over the store
    this.toBBox = (i: number): BBox => ({ minX: s.minX[i], minY: s.minY[i], maxX: s.maxX[i], maxY: s.maxY[i] });
    this.compareMinX = (a: number, b: number) => s.minX[a] - s.minX[b];
    this.compareMinY = (a: number, b: number) => s.minY[a] - s.minY[b];
  }

  /** Replaces the tree by a packed one over slots 1 .. n-1 (sorted along a Hilbert curve, 16 per node). */
  pack(n: number): void {
    const s = this.s, count = n - 1;
    if (count <= 0) { this.clear(); return; }
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 1; i < n; i++) {
      if (s.minX[i] < x0) x0 = s.minX[i];
      if (s.minY[i] < y0) y0 = s.minY[i];
      if (s.maxX[i] > x1) x1 = s.maxX[i];
      if (s.maxY[i] > y1) y1 = s.maxY[i];
    }
    // Hilbert keys on a 4096 × 4096 grid over the extent (24 bit: the curve's first 4^12 cells are a Hilbert curve of
    // their own), then an LSD radix sort of the slots by key: two stable 12-bit passes (4096 buckets stay in cache)
    const G = 4095, kx = x1 > x0 ? G / (x1 - x0) : 0, ky = y1 > y0 ? G / (y1 - y0) : 0;
    let key = uint32Array(count), slot = int32Array(count);
    for (let i = 1; i < n; i++) {
      key[i - 1] = hilbert(Math.floor(((s.minX[i] + s.maxX[i]) / 2 - x0) * kx), Math.floor(((s.minY[i] + s.maxY[i]) / 2 - y0) * ky));
      slot[i - 1] = i;
    }
    let key2 = uint32Array(count), slot2 = int32Array(count);
    const cnt = new Int32Array(4097);
    for (const shift of [0, 12]) {
      cnt.fill(0);
      for (let q = 0; q < count; q++) cnt[((key[q] >>> shift) & 0xfff) + 1]++;
      for (let b = 1; b <= 4096; b++) cnt[b] += cnt[b - 1];
      for (let q = 0; q < count; q++) { const t = cnt[(key[q] >>> shift) & 0xfff]++; key2[t] = key[q]; slot2[t] = slot[q]; }
      [key, key2] = [key2, key]; [slot, slot2] = [slot2, slot];
    }
    const M = 16;
    let level: TreeNode[] = [];
    for (let p = 0; p < count; p += M) {
      const e = Math.min(p + M, count), children = new Array<number>(e - p);
      let a = Infinity, b = Infinity, c = -Infinity, d = -Infinity;
      for (let q = p; q < e; q++) {
        const i = slot[q];
        children[q - p] = i;
        if (s.minX[i] < a) a = s.minX[i];
        if (s.minY[i] < b) b = s.minY[i];
        if (s.maxX[i] > c) c = s.maxX[i];
        if (s.maxY[i] > d) d = s.maxY[i];
      }
      level.push({ children, height: 1, leaf: true, minX: a, minY: b, maxX: c, maxY: d });
    }
    let height = 1;
    while (level.length > 1) {
      height++;
      const up: TreeNode[] = [];
      for (let p = 0; p < level.length; p += M) {
        const children = level.slice(p, p + M);
        let a = Infinity, b = Infinity, c = -Infinity, d = -Infinity;
        for (const ch of children) {
          if (ch.minX < a) a = ch.minX;
          if (ch.minY < b) b = ch.minY;
          if (ch.maxX > c) c = ch.maxX;
          if (ch.maxY > d) d = ch.maxY;
        }
        up.push({ children, height, leaf: false, minX: a, minY: b, maxX: c, maxY: d });
      }
      level = up;
    }
    this.fromJSON(level[0]);
  }

  /** Slots whose boxes intersect the box (appended to out), without allocating per item. */
  collect(minX: number, minY: number, maxX: number, maxY: number, out: number[]): number[] {
    const s = this.s;
    let node = this.toJSON() as TreeNode | undefined;
    if (!node || node.maxX < minX || node.maxY < minY || node.minX > maxX || node.minY > maxY) return out;
    const stack: TreeNode[] = [];
    while (node) {
      const ch = node.children;
      if (node.leaf) {
        for (let k = 0; k < ch.length; k++) {
          const i = ch[k] as number;
          if (s.maxX[i] >= minX && s.maxY[i] >= minY && s.minX[i] <= maxX && s.minY[i] <= maxY) out.push(i);
        }
      } else {
        for (let k = 0; k < ch.length; k++) {
          const c = ch[k] as TreeNode;
          if (c.maxX >= minX && c.maxY >= minY && c.minX <= maxX && c.minY <= maxY) stack.push(c);
        }
      }
      node = stack.pop();
    }
    return out;
  }
}
