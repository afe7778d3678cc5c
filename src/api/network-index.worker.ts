// Web Worker of whole network reads (issue 15): takes a copy of an Arrow answer's bytes (transferred) and computes
// its ColumnIndex — the id tables' slots and the reverse indexes' plans (engine/column-index.ts) — while the main
// thread makes the rows from its own copy; the index goes back as transferred Int32Arrays (network-index.ts).
import { networkColumns } from 'engine/network-arrow';
import { columnIndex, indexBuffers, type ColumnIndex } from 'engine/column-index';

export interface IndexRequest { id: number; bytes: ArrayBuffer }
export type IndexResponse = { id: number; index: ColumnIndex } | { id: number; error: string };

const scope = self as unknown as { onmessage: ((e: MessageEvent<IndexRequest>) => void) | null; postMessage(m: IndexResponse, t?: Transferable[]): void };
scope.onmessage = (e) => {
  const { id, bytes } = e.data;
  try {
    const index = columnIndex(networkColumns(new Uint8Array(bytes)));
    scope.postMessage({ id, index }, indexBuffers(index));
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
