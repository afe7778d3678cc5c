// Large typed arrays of the compact base and the spatial index. V8 starts a full mark-compact of the whole heap for
// every ~64 MB of new ArrayBuffer memory ("external memory pressure"); at 10⁶ edges each one must mark the ~15 M input
// row objects the model keeps (0.6–2 s). Shared backing stores are not counted as that per-isolate pressure, so large
// arrays are allocated on a SharedArrayBuffer where one exists (Node; cross-origin-isolated pages), else as usual.
// The memory is still freed with its array and still counted by process.memoryUsage().arrayBuffers.

/** Below this many bytes an ordinary ArrayBuffer is used (cheaper to create; too small to matter for the GC). */
const SHARED_FROM_BYTES = 1 << 16;

const Shared: typeof SharedArrayBuffer | null =
  typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : null;

function buffer(bytes: number): ArrayBuffer | SharedArrayBuffer {
  return Shared !== null && bytes >= SHARED_FROM_BYTES ? new Shared(bytes) : new ArrayBuffer(bytes);
}

/** Zero-filled Int32Array of length n. */
export function int32Array(n: number): Int32Array {
  return n * 4 < SHARED_FROM_BYTES ? new Int32Array(n) : new Int32Array(buffer(n * 4));
}

/** Zero-filled Uint32Array of length n. */
export function uint32Array(n: number): Uint32Array {
  return n * 4 < SHARED_FROM_BYTES ? new Uint32Array(n) : new Uint32Array(buffer(n * 4));
}

/** Zero-filled Float64Array of length n. */
export function float64Array(n: number): Float64Array {
  return n * 8 < SHARED_FROM_BYTES ? new Float64Array(n) : new Float64Array(buffer(n * 8));
}
