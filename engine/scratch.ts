// Bump allocator of temporary Int32 arrays for bulk loads: one growing buffer reused by every build step, so loading
// a million rows does not allocate hundreds of MB of short-lived typed arrays (each of which would push V8 towards a
// full GC of the whole heap).
import { int32Array } from './typed';

export class Scratch {
  private buf: Int32Array = new Int32Array(0);
  private top = 0;

  /** A zero-filled Int32 array of length n (not cleared when `dirty`: the caller writes every element first), valid until `release` back to an earlier mark. */
  take(n: number, dirty = false): Int32Array {
    if (this.top + n > this.buf.length) {
      const b = int32Array(Math.max(this.top + n, Math.ceil(this.buf.length * 1.5)));
      b.set(this.buf.subarray(0, this.top));
      this.buf = b;
    }
    const a = this.buf.subarray(this.top, this.top + n);
    if (!dirty) a.fill(0);
    this.top += n;
    return a;
  }

  mark(): number { return this.top; }
  release(mark: number): void { this.top = mark; }
  /** Pre-sizes the buffer (avoids growth copies). */
  reserve(n: number): void { if (n > this.buf.length) this.buf = int32Array(n); }
}
