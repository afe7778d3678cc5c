// A whole network read fetched by the index worker (issue 15, thirteenth stop): base-query.ts's fetch hands a whole
// read's request (GET …/network_object/all, no bbox, Arrow first) to the worker (index-worker-core.ts), which fetches
// it, drains the body's pipe on its own thread and passes the bytes on in batches, and computes the model's index from
// them. The main thread gets a Response made of those batches — RTK Query and the response handler read it as any
// other — and the index through `workerIndexOf(response)`. Before, the main thread read the body and its row making
// stalled the download (the browser stops reading the socket while the page's side of the pipe is full): request to
// last byte 0.61 s with the body read whole, 0.91 s with rows made as it arrived (100 000 edges, answer stored).
// No worker (tests, the worker key off, a script that fails before the answer's head): the main thread fetches.
import type { ColumnIndex } from 'engine/column-index';
import { ARROW_MEDIA_TYPE } from 'engine/network-arrow-schema';
import { keysComing, nextAnswerId, openIndexPort } from './network-index';
import type { KeySlots } from 'engine/key-slots';

/** localStorage key: 'main' makes the main thread read whole-read bodies as until the thirteenth stop (the worker
 *  then gets copies of the chunks): the bench's side-by-side pass. */
export const NETWORK_BODY_KEY = 'netplan.networkBodyIn';

/** The last read handed to the worker (performance.now()): handed over, its head, its last byte on this thread. The
 *  bench measures a worker-read's request → model from `handedAt` (worker start and fetch included). */
export const lastWorkerRead = { handedAt: 0, headAt: 0, endAt: 0 };

const indexes = new WeakMap<Response, Promise<ColumnIndex | null>>();

/** The index the worker computes from an answer it read (null where it failed); undefined for other answers. */
export function workerIndexOf(r: Response): Promise<ColumnIndex | null> | undefined { return indexes.get(r); }

const setting = (key: string): string | null => { try { return globalThis.localStorage?.getItem(key) ?? null; } catch { return null; } };

/** Whether the worker reads this request: a whole network read (no window) asking for Arrow first, bodies streamed. */
export function readsInWorker(req: Request): boolean {
  if (req.method !== 'GET' || setting(NETWORK_BODY_KEY) === 'main' || setting('netplan.networkStream') === 'off') return false;
  const url = new URL(req.url);
  return url.pathname.endsWith('/network_object/all') && !url.searchParams.has('bbox') && (req.headers.get('accept') ?? '').startsWith(ARROW_MEDIA_TYPE);
}

/** Why the read stopped: the signal's own reason (a timeout says so), else an AbortError as fetch gives. */
const abortReason = (s: AbortSignal): Error => (s.reason instanceof Error ? s.reason : null) ?? new DOMException('The read was aborted.', 'AbortError');

const NULL_BODY = new Set([101, 204, 205, 304]);

/** Fetches the request in the index worker; null where no worker can run (the caller fetches). */
export function readInWorker(req: Request): Promise<Response> | null {
  const port = openIndexPort();
  if (!port) return null;
  const id = nextAnswerId();
  let settleIndex!: (x: ColumnIndex | null) => void;
  const index = new Promise<ColumnIndex | null>((r) => { settleIndex = r; });
  let body: ReadableStreamDefaultController<Uint8Array> | null = null;
  let head = false, bodyDone = false, indexDone = false, over = false;
  let keysTo: ((k: Partial<KeySlots> | null) => void) | null = null;
  // the worker ends once the body has passed and the index is settled, with the values' and relations' slots that
  // may follow it (or on failure, abort, cancel)
  const end = () => {
    if (!over) { over = true; port.terminate(); }
    if (!indexDone) { indexDone = true; settleIndex(null); }
    keysTo?.(null); keysTo = null;
  };
  const settle = (x: ColumnIndex | null) => {
    if (!indexDone) { indexDone = true; if (x) keysTo = keysComing(x); settleIndex(x); }
    if (bodyDone && !keysTo) end();
  };
  const fail = (e: Error) => { bodyDone = true; try { body?.error(e); } catch { /* closed */ } body = null; end(); };

  return new Promise<Response>((resolve, reject) => {
    const abort = () => {
      try { port.postMessage({ id, abort: true }, []); } catch { /* ended */ }
      const e = abortReason(req.signal);
      if (!head) reject(e);
      fail(e);
    };
    if (req.signal.aborted) { end(); reject(abortReason(req.signal)); return; }
    req.signal.addEventListener('abort', abort, { once: true });
    port.addEventListener('message', (e) => {
      const d = e.data;
      if (d.id !== id || over) return;
      if ('head' in d) {
        head = true; lastWorkerRead.headAt = performance.now();
        const stream = NULL_BODY.has(d.head.status) ? null : new ReadableStream<Uint8Array>({
          start(c) { body = c; },
          cancel() { body = null; abort(); },
        });
        try {
          const r = new Response(stream, { status: d.head.status, statusText: d.head.statusText, headers: d.head.headers });
          if (d.head.indexing) indexes.set(r, index); else settle(null);
          resolve(r);
        } catch (err) { reject(err); fail(err as Error); }
      } else if ('body' in d) body?.enqueue(d.body);
      else if ('bodyEnd' in d) { bodyDone = true; lastWorkerRead.endAt = performance.now(); try { body?.close(); } catch { /* cancelled */ } body = null; if (indexDone && !keysTo) end(); }
      else if ('failed' in d) {
        const err = new TypeError(`network read failed: ${d.failed}`);
        if (!head) reject(err);
        fail(err);
      } else if ('index' in d) settle(d.index);
      else if ('keys' in d) { keysTo?.(d.keys); keysTo = null; if (bodyDone) end(); }
      else if ('error' in d) settle(null);
    });
    port.addEventListener('error', () => {
      if (over) return;
      if (!head) { end(); fetch(req).then(resolve, reject); return; } // the script did not start: read here
      fail(new TypeError('network read failed: the worker stopped'));
    });
    Object.assign(lastWorkerRead, { handedAt: performance.now(), headAt: 0, endAt: 0 });
    port.postMessage({ id, read: { url: req.url, method: req.method, headers: [...req.headers] } }, []);
  });
}
