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

function hilbert(x: number, y: number): number {
  // 16-bit Hilbert index (classic rotate-and-flip walk)
  let d = 0;
  for (let s = 1 << 15; s > 0; s >>= 1) {
    const rx = (x & s) > 0 ? 1 : 0, ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) { x = 65535 - x; y = 65535 - y; }
      const t = x; x = y; y = t;
    }
  }
  return d;
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
    const kx = x1 > x0 ? 65535 / (x1 - x0) : 0, ky = y1 > y0 ? 65535 / (y1 - y0) : 0;
    // Hilbert keys (32 bit), then an LSD radix sort of the slots by key (two 16-bit passes, stable)
    const key = uint32Array(count), slot = int32Array(count);
    for (let i = 1; i < n; i++) {
      key[i - 1] = hilbert(Math.floor(((s.minX[i] + s.maxX[i]) / 2 - x0) * kx), Math.floor(((s.minY[i] + s.maxY[i]) / 2 - y0) * ky));
      slot[i - 1] = i;
    }
    const key2 = uint32Array(count), slot2 = int32Array(count), cnt = int32Array(65537);
    for (const shift of [0, 16]) {
      cnt.fill(0);
      for (let q = 0; q < count; q++) cnt[((key[q] >>> shift) & 0xffff) + 1]++;
      for (let b = 1; b <= 65536; b++) cnt[b] += cnt[b - 1];
      for (let q = 0; q < count; q++) { const t = cnt[(key[q] >>> shift) & 0xffff]++; key2[t] = key[q]; slot2[t] = slot[q]; }
      key.set(key2); slot.set(slot2);
    }
    const M = 16;
    let level: TreeNode[] = [];
    for (let p = 0; p < count; p += M) {
      const children: number[] = [];
      let a = Infinity, b = Infinity, c = -Infinity, d = -Infinity;
      for (let q = p; q < Math.min(p + M, count); q++) {
        const i = slot[q];
        children.push(i);
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
