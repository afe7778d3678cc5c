// Typed arrays of the compact base (engine/README "Model"): zero-filled; large ones live on a SharedArrayBuffer in
// Node, because V8 does not count shared backing stores as the per-isolate "external memory pressure" that starts a
// full GC of the whole (10⁶-row) heap every ~64 MB of new ArrayBuffers during a load.
import { describe, it, expect } from 'vitest';
import { float64Array, int32Array, uint32Array } from '../../engine/typed';

describe('typed arrays of the base', () => {
  it('large arrays are zero-filled, of the asked length, on a SharedArrayBuffer', () => {
    for (const a of [int32Array(1 << 20), uint32Array(1 << 20), float64Array(1 << 19)]) {
      expect(a.length).toBe(a instanceof Float64Array ? 1 << 19 : 1 << 20);
      expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(a.every((x) => x === 0)).toBe(true);
    }
  });

  it('small arrays use an ordinary ArrayBuffer', () => {
    const a = int32Array(100);
    expect(a.buffer).toBeInstanceOf(ArrayBuffer);
    expect(a.length).toBe(100);
  });
});
