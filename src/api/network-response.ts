// Reading network answers (issue 15): network reads ask for the Arrow form first (Accept) and take JSON when the server
// answers JSON. A whole read's Arrow answer is kept as its columns and the model is built straight from them
// (engine/model-columns.ts); an area tile's is decoded into flat rows (engine/network-arrow.ts) — the content of the
// wire objects the JSON read gives, with no nested lists — which the merge takes as they are (engine/merge.ts MergeRows).
import { ARROW_MEDIA_TYPE } from 'engine/network-arrow-schema';
import { modelInputFromColumns, networkColumns, type NetworkColumns } from 'engine/network-arrow';
import { columnRows, modelOfColumns, type ColumnRows, type ModelTypes } from 'engine/model-columns';
import { streamColumnRows } from 'engine/network-arrow-stream';
import { columnIndex, type ColumnIndex } from 'engine/column-index';
import { startIndexWorker } from './network-index';
import { workerIndexOf } from './worker-read';
import type { MergeRead, MergeRows } from 'engine/merge';
import { createModel, type Model, type ModelInput } from 'engine/model';
import type { NetworkObject } from 'engine/types';

/**
 * A network read's answer as RTK Query keeps it: a class instance, so that Immer (in the api slice's reducer) neither
 * drafts nor deep-freezes the 10⁴–10⁶ row objects inside — it walks plain objects and arrays only. Kept as plain
 * arrays, finalising one area tile's answer cost ≈ 190 ms of the browser's main thread (measured at 10⁶ edges).
 */
export class NetworkPayload<T> {
  constructor(readonly value: T) {}
}

/** Accept header of network reads: Arrow first, JSON as the fallback. */
export const NETWORK_ACCEPT = `${ARROW_MEDIA_TYPE}, application/json;q=0.9`;
/** localStorage key that makes network reads ask for JSON only ('json'): the benchmarks' side-by-side run, and a way
 *  round a proxy that mangles binary answers. */
export const NETWORK_FORMAT_KEY = 'netplan.networkFormat';

/** The Accept header of the next network read. */
export function networkAccept(): string {
  let format: string | null = null;
  try { format = globalThis.localStorage?.getItem(NETWORK_FORMAT_KEY) ?? null; } catch { /* no storage */ }
  return format === 'json' ? 'application/json' : NETWORK_ACCEPT;
}

const isArrow = (r: Response) => (r.headers.get('content-type') ?? '').startsWith(ARROW_MEDIA_TYPE);
const json = async (r: Response) => { const text = await r.text(); return text ? JSON.parse(text) : null; };

/** localStorage key that makes whole reads take the body whole before making rows ('off'): the bench's side-by-side pass. */
export const NETWORK_STREAM_KEY = 'netplan.networkStream';
const streamed = () => { try { return globalThis.localStorage?.getItem(NETWORK_STREAM_KEY) !== 'off'; } catch { return true; } };

/** Flat model input (the rows of an Arrow tile; a JSON answer's wire objects as they are). */
export type NetworkRows = Pick<ModelInput, 'networkObjects' | 'objectInstances' | 'pathEdges' | 'attributeValues' | 'relations'>;
/** A whole network read: the Arrow answer's columns (and its index, on its way from a worker), or a JSON answer's
 *  wire objects. */
export type WholeNetwork = { columns: NetworkColumns; index: Promise<ColumnIndex | null>; made?: ColumnRows; madeMs?: number } | { rows: NetworkRows };

/** RTK Query response handler of area reads: Arrow → flat rows; anything else as JSON (errors included). */
export async function networkRowsResponse(r: Response): Promise<unknown> {
  return isArrow(r) ? { rows: modelInputFromColumns(networkColumns(new Uint8Array(await r.arrayBuffer()))) } : json(r);
}

/** RTK Query response handler of whole reads: Arrow → its columns and rows, made table by table while the body
 *  arrives (engine/network-arrow-stream.ts), with a copy of each chunk handed to a worker for the index; else as JSON.
 *  The body is read once (until the eleventh stop the browser teed it into a second stream for the worker: Response.clone).
 *  An answer the worker read itself (worker-read.ts) comes with its index on the way: rows made here as its batches arrive. */
export async function networkColumnsResponse(r: Response): Promise<unknown> {
  if (!isArrow(r)) return json(r);
  const fromWorker = workerIndexOf(r);
  if (fromWorker && r.body) {
    // the worker read the answer (worker-read.ts): it computes the index; this thread makes the rows from its batches
    const s = await streamColumnRows(bodyChunks(r.body));
    return { columns: s.columns, made: s.rows, madeMs: s.rowsMs, index: fromWorker };
  }
  const worker = startIndexWorker();
  if (!r.body || !streamed()) {
    // read whole, then the columns (the bench's side-by-side pass; a body the browser does not stream)
    try {
      const bytes = await r.arrayBuffer();
      return { columns: networkColumns(new Uint8Array(bytes)), index: worker ? worker.index(bytes.slice(0)) : Promise.resolve(null) };
    } catch (e) { worker?.stop(); throw e; }
  }
  try {
    // each chunk goes to the worker as it arrives (it reads the tables as they complete, as this thread does)
    const s = await streamColumnRows(bodyChunks(r.body, worker ? (c) => worker.feed(c) : undefined));
    const index = worker ? worker.end() : Promise.resolve(null);
    return { columns: s.columns, made: s.rows, madeMs: s.rowsMs, index };
  } catch (e) { worker?.stop(); throw e; }
}

/** The chunks of a body stream as an async iterable, each also handed to `seen`. */
async function* bodyChunks(body: ReadableStream<Uint8Array>, seen?: (chunk: Uint8Array) => void): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen?.(value);
      yield value;
    }
  } finally { reader.releaseLock(); }
}

/** A whole read's answer (Arrow columns, or a JSON `{data}` / bare array of wire objects). */
export function wholeNetwork(r: unknown): WholeNetwork {
  if (r && typeof r === 'object' && 'columns' in r) return r as WholeNetwork;
  return { rows: { networkObjects: wireList(r) } };
}

/** How the last whole read's model was built (the browser tests and the bench read it through `__map.wholeModel()`):
 *  'worker' — the index came from the worker; 'main' — computed here; 'json' — createModel from wire objects (a JSON
 *  answer, or the empty start of a project loaded by area); with
 *  the main thread's milliseconds making the rows, waiting for the index, and putting the model together, and when the
 *  model was ready (`readyAt`, performance.now(): the bench measures the read's request → model with it). */
export const lastWholeModel = { how: '', rowsMs: 0, waitMs: 0, assembleMs: 0, readyAt: 0 };

/** The engine's model of a whole read: built straight from the Arrow columns (rows made here while the worker
 *  computes the index; without one, the index too), or by createModel from JSON. */
export async function networkModel(w: WholeNetwork, types: ModelTypes): Promise<Model> {
  if (!('columns' in w)) {
    const m = createModel({ ...w.rows, ...types });
    Object.assign(lastWholeModel, { how: 'json', rowsMs: 0, waitMs: 0, assembleMs: 0, readyAt: performance.now() });
    return m;
  }
  const t0 = performance.now();
  // rows made while the answer arrived (made, madeMs) count as the rows' time
  const rows = w.made ?? columnRows(w.columns);
  const t1 = performance.now();
  const fromWorker = await w.index.catch(() => null);
  const t2 = performance.now();
  const model = modelOfColumns(w.columns, rows, fromWorker ?? columnIndex(w.columns), types);
  Object.assign(lastWholeModel, { how: fromWorker ? 'worker' : 'main', rowsMs: t1 - t0 + (w.made ? w.madeMs ?? 0 : 0), waitMs: t2 - t1, assembleMs: performance.now() - t2, readyAt: performance.now() });
  return model;
}

/** A window read's answer as the merge takes it: the Arrow answer's flat rows as they are, or the wire objects of a
 *  JSON answer (`{data}` or a bare array). */
export function mergeRead(r: unknown): MergeRead {
  return r && typeof r === 'object' && 'rows' in r ? (r as { rows: MergeRows }).rows : wireList(r);
}

/** The wire objects of a JSON answer (`{data}` or a bare array). */
function wireList(r: unknown): NetworkObject[] {
  const list = r && typeof r === 'object' && 'data' in (r as object) ? (r as { data: NetworkObject[] }).data : (r as NetworkObject[]);
  return list ?? [];
}
