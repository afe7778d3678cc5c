// The index worker's work (issue 15), apart from the worker's scope (network-index.worker.ts binds it; the tests run it
// in-process): computes an Arrow answer's ColumnIndex — the id tables' slots and the reverse indexes' plans
// (engine/column-index.ts) — while the main thread makes the rows; the index goes back as transferred Int32Arrays.
// It takes the answer's bytes whole (transferred), or chunk by chunk (copies the main thread posts, then an end mark),
// or — since the thirteenth stop — reads the answer itself: the main thread hands it the request (`read`), the worker
// fetches it, and passes the head and then the body on to the main thread in batches (copies, moved), while it reads
// the tables for the index. The body's pipe is then drained by this thread, which only copies bytes between its
// tables' index work, not by the main thread, whose row making (≈ 0.5 s at 100 000 edges) stalled the download: the
// browser stops reading the socket while the page's side of the pipe is full. Fed by chunks, it reads the tables as
// they arrive (engine/network-arrow-stream.ts) and computes the index table by table (column-index.ts columnIndexer).
import { networkColumns, type NetworkColumns } from 'engine/network-arrow';
import { readTables } from 'engine/network-arrow-stream';
import { ARROW_MEDIA_TYPE } from 'engine/network-arrow-schema';
import { columnIndex, columnIndexer, indexBuffers, type ColumnIndex } from 'engine/column-index';
import { columnIdText } from 'engine/id-text';
import type { KeySlots } from 'engine/key-slots';

/** A request the worker reads itself (a GET; the headers the main thread's fetch would send). */
export interface ReadRequest { url: string; method: string; headers: [string, string][] }
/** The head of an answer the worker read: `indexing` says whether an index will follow (an Arrow answer, 2xx). */
export interface ReadHead { status: number; statusText: string; headers: [string, string][]; indexing: boolean }

export type IndexRequest =
  | { id: number; bytes: ArrayBuffer } | { id: number; chunk: Uint8Array } | { id: number; end: true }
  | { id: number; read: ReadRequest } | { id: number; abort: true };
export type IndexResponse =
  | { id: number; index: ColumnIndex } | { id: number; error: string } | { id: number; keys: Partial<KeySlots> | null }
  | { id: number; head: ReadHead } | { id: number; body: Uint8Array } | { id: number; bodyEnd: true } | { id: number; failed: string };

type Post = (m: IndexResponse, transfer?: Transferable[]) => void;

/** Bytes of body passed on to the main thread in one message (fewer, larger messages; one copy each). */
export const BODY_BATCH_BYTES = 1 << 19;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The handler of one worker scope's messages; `post` answers the main thread. */
export function workerHandler(post: Post): (m: IndexRequest) => void {
  /** Posts the index `make` gives; where its values' and relations' slots were left out, `keys` computes them after
   *  (engine/key-slots.ts) and they follow in a message of their own (null where that failed). */
  const send = (id: number, make: () => ColumnIndex | Promise<ColumnIndex>, keys?: () => Partial<KeySlots>) => {
    Promise.resolve().then(make).then(
      (index) => {
        try { post({ id, index }, indexBuffers(index)); } catch (err) { post({ id, error: message(err) }); return; }
        if (index.slots.attributeValues && index.slots.relations) return;
        // only the tables left out of the index (one may have been placed with it); on any failure none: the main
        // thread computes them when it needs them
        try {
          const k = keys!(), arrays = [k.attributeValues, k.relations].filter((a): a is Int32Array => !!a);
          post({ id, keys: k }, arrays.map((a) => a.buffer).filter((b): b is ArrayBuffer => b instanceof ArrayBuffer));
        } catch { try { post({ id, keys: null }); } catch { /* the port is closed */ } }
      },
      (err: unknown) => post({ id, error: message(err) }),
    );
  };

  /** Chunks of the answers being fed, as async iterables (a queue each). */
  const feeds = new Map<number, { push(c: Uint8Array | null): void }>();
  function feed(id: number): { push(c: Uint8Array | null): void } {
    let f = feeds.get(id);
    if (f) return f;
    const queue: (Uint8Array | null)[] = [];
    let wake: (() => void) | null = null;
    f = { push(c) { queue.push(c); wake?.(); wake = null; } };
    feeds.set(id, f);
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (;;) {
        while (!queue.length) await new Promise<void>((r) => { wake = r; });
        const c = queue.shift()!;
        if (c === null) return;
        yield c;
      }
    }
    let ix: ReturnType<typeof columnIndexer> | undefined, cols: NetworkColumns | undefined;
    send(id, async () => {
      try {
        // the index is computed table by table as they complete (what a table allows); the rest after the last byte;
        // the values' and relations' slots after the index is sent
        const c = (cols = await readTables(chunks(), (name, part) => {
          if (name === 'ids') ix = columnIndexer(columnIdText(part.ids, part.uuids), part.objects, true); // no id strings: hashed from the bytes
          else ix?.take(name, part);
        }));
        return ix ? ix.done(c) : columnIndex(c);
      } finally { feeds.delete(id); }
    }, () => ix!.keySlots(cols!));
    return f;
  }

  const reads = new Map<number, AbortController>();
  /** Reads an answer for the main thread: its head, its body in batches, and (an Arrow answer) the index. */
  async function read(id: number, req: ReadRequest): Promise<void> {
    const abort = new AbortController();
    reads.set(id, abort);
    let indexing = false;
    try {
      const r = await fetch(req.url, { method: req.method, headers: req.headers, signal: abort.signal });
      indexing = r.ok && !!r.body && (r.headers.get('content-type') ?? '').startsWith(ARROW_MEDIA_TYPE);
      post({ id, head: { status: r.status, statusText: r.statusText, headers: [...r.headers], indexing } });
      const f = indexing ? feed(id) : null;
      if (r.body) {
        const reader = r.body.getReader();
        let held: Uint8Array[] = [], size = 0;
        const pass = () => {
          if (!size) return;
          const out = new Uint8Array(size);
          let at = 0;
          for (const c of held) { out.set(c, at); at += c.length; }
          held = []; size = 0;
          post({ id, body: out }, [out.buffer]);
        };
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          f?.push(value); // this thread's own (the main thread gets a copy)
          held.push(value); size += value.length;
          if (size >= BODY_BATCH_BYTES) pass();
        }
        pass();
      }
      f?.push(null);
      post({ id, bodyEnd: true });
    } catch (e) {
      if (indexing) feeds.get(id)?.push(null);
      post({ id, failed: message(e) });
    } finally { reads.delete(id); }
  }

  return (m) => {
    if ('bytes' in m) send(m.id, () => columnIndex(networkColumns(new Uint8Array(m.bytes))));
    else if ('read' in m) void read(m.id, m.read);
    else if ('abort' in m) reads.get(m.id)?.abort();
    else feed(m.id).push('chunk' in m ? m.chunk : null);
  };
}
