// Web Worker of whole network reads (issue 15): takes an Arrow answer's bytes — whole (transferred), or chunk by chunk as
// the main thread receives them (copies, then an end mark) — and computes its ColumnIndex: the id tables' slots and the
// reverse indexes' plans (engine/column-index.ts), while the main thread makes the rows; the index goes back as
// transferred Int32Arrays (network-index.ts). Fed by chunks, it reads the tables as they arrive (engine/network-arrow-
// stream.ts) and computes the index table by table as each completes (column-index.ts columnIndexer): after the last
// byte only the last table's part is left.
import { networkColumns } from 'engine/network-arrow';
import { readTables } from 'engine/network-arrow-stream';
import { columnIds, columnIndex, columnIndexer, indexBuffers, type ColumnIndex } from 'engine/column-index';

export type IndexRequest = { id: number; bytes: ArrayBuffer } | { id: number; chunk: Uint8Array } | { id: number; end: true };
export type IndexResponse = { id: number; index: ColumnIndex } | { id: number; error: string };

const scope = self as unknown as { onmessage: ((e: MessageEvent<IndexRequest>) => void) | null; postMessage(m: IndexResponse, t?: Transferable[]): void };
const send = (id: number, make: () => ColumnIndex | Promise<ColumnIndex>) => {
  Promise.resolve().then(make).then(
    (index) => scope.postMessage({ id, index }, indexBuffers(index)),
    (err: unknown) => scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
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
  send(id, async () => {
    let ix: ReturnType<typeof columnIndexer> | undefined;
    try {
      // the index is computed table by table as they complete (what a table allows); the rest after the last byte
      const c = await readTables(chunks(), (name, cols) => {
        if (name === 'ids') ix = columnIndexer(columnIds(cols), cols.objects);
        else ix?.take(name, cols);
      });
      return ix ? ix.done(c) : columnIndex(c);
    } finally { feeds.delete(id); }
  });
  return f;
}

scope.onmessage = (e) => {
  const m = e.data;
  if ('bytes' in m) send(m.id, () => columnIndex(networkColumns(new Uint8Array(m.bytes))));
  else feed(m.id).push('chunk' in m ? m.chunk : null);
};
