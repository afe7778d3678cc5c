// The main thread's side of whole-read indexing (issue 15): a whole read's Arrow answer is read once — by the worker
// itself (worker-read.ts), or by the main thread, which sends a copy of each chunk as it arrives to a Web Worker
// (network-index.worker.ts) that computes the
// model's id tables and reverse-index plans while the main thread makes the rows, and the model is put together from
// both (engine/model-columns.ts). Where no worker can run (tests, a failed worker script, an error
// in it) the index is computed on the main thread: the same model, only slower.
import type { ColumnIndex } from 'engine/column-index';
import type { KeySlots } from 'engine/key-slots';
import type { IndexRequest, IndexResponse } from './index-worker-core';

/** A port that answers index requests (a Worker; the tests' in-process stand-in). */
export interface IndexPort {
  postMessage(m: IndexRequest, transfer: Transferable[]): void;
  addEventListener(type: 'message', l: (e: { data: IndexResponse }) => void): void;
  addEventListener(type: 'error', l: (e: { message?: string }) => void): void;
  terminate(): void;
}

/** Where an index came without its values' and relations' slots (engine/key-slots.ts): a promise of them put on it
 *  (`keysLater`), and what settles that (with the worker's later message; null where none comes). */
export function keysComing(x: ColumnIndex): ((k: Partial<KeySlots> | null) => void) | null {
  if (x.slots.attributeValues && x.slots.relations) return null;
  let give!: (k: Partial<KeySlots> | null) => void;
  x.keysLater = new Promise<Partial<KeySlots> | null>((r) => { give = r; });
  return give;
}

let nextId = 1;
/** A number for the next answer a worker handles (messages name it). */
export const nextAnswerId = () => nextId++;
let makePort: (() => IndexPort | null) | null = null;

/** Replaces how a worker is made (tests: an in-process port, or `() => null` for none). */
export function setIndexPortFactory(f: (() => IndexPort | null) | null): void { makePort = f; }

/** localStorage key that keeps whole-read indexing on the main thread ('off'): the bench's side-by-side run. */
export const NETWORK_WORKER_KEY = 'netplan.networkWorker';

function newWorker(): IndexPort | null {
  if (typeof Worker !== 'function') return null;
  try { if (globalThis.localStorage?.getItem(NETWORK_WORKER_KEY) === 'off') return null; } catch { /* no storage */ }
  try {
    return new Worker(new URL('./network-index.worker.ts', import.meta.url), { type: 'module' }) as unknown as IndexPort;
  } catch { return null; }
}

/** How long a warmed worker nobody took is kept (a project that loads by area reads no whole answer). */
export const SPARE_TTL_MS = 30_000;
let spare: { port: IndexPort; failed: boolean; timer: ReturnType<typeof setTimeout> } | null = null;

/** Starts a worker ahead of the read that will use it (its script loads and runs — 50–250 ms in the bench — while the
 *  workflow asks for the extent): the workflow's start calls it; the next openIndexPort takes it. */
export function warmIndexWorker(): void {
  if (makePort || spare) return;
  const port = newWorker();
  if (!port) return;
  const s = { port, failed: false, timer: setTimeout(() => { if (spare === s) { spare = null; port.terminate(); } }, SPARE_TTL_MS) };
  port.addEventListener('error', () => { s.failed = true; });
  spare = s;
}

/** A worker port — the warmed one if it started well, else a new one (null where none can run: no Worker, the worker
 *  key 'off', a script that cannot start). */
export function openIndexPort(): IndexPort | null {
  if (makePort) return makePort();
  const s = spare;
  spare = null;
  if (s) { clearTimeout(s.timer); if (!s.failed) return s.port; s.port.terminate(); }
  return newWorker();
}

/** A worker started for one answer (its script loads while the answer downloads): `feed` posts a copy of each chunk
 *  of the answer as it arrives and `end` marks the last (or `index` posts the whole answer's bytes, a copy it may own);
 *  either resolves with the index, or null where it failed (the caller then computes the index itself); the worker
 *  ends with its answer. Null where no worker can run. */
export function startIndexWorker(): { index(bytes: ArrayBuffer): Promise<ColumnIndex | null>; feed(chunk: Uint8Array): void; end(): Promise<ColumnIndex | null>; stop(): void } | null {
  const port = openIndexPort();
  if (!port) return null;
  const id = nextAnswerId();
  let settle: ((x: ColumnIndex | null) => void) | null = null, keysTo: ((k: Partial<KeySlots> | null) => void) | null = null;
  const result = new Promise<ColumnIndex | null>((resolve) => { settle = resolve; });
  // the worker ends with its index, or after the values' and relations' slots that follow it
  const done = () => { port.terminate(); settle?.(null); settle = null; keysTo?.(null); keysTo = null; };
  port.addEventListener('message', (e) => {
    const d = e.data;
    if (d.id !== id) return;
    if ('index' in d && settle) { keysTo = keysComing(d.index); settle(d.index); settle = null; if (!keysTo) done(); }
    else if ('keys' in d) { keysTo?.(d.keys); keysTo = null; done(); }
    else done();
  });
  port.addEventListener('error', () => done());
  const post = (m: IndexRequest, transfer: Transferable[]) => { try { port.postMessage(m, transfer); } catch { done(); } };
  return {
    index(bytes) { post({ id, bytes }, [bytes]); return result; },
    // a copy of its own (the chunk stays the main thread's), its buffer moved, not copied again
    feed(chunk) { if (settle) { const c = chunk.slice(); post({ id, chunk: c }, [c.buffer]); } },
    end() { post({ id, end: true }, []); return result; },
    stop: () => done(),
  };
}
