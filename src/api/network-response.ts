// Reading network answers (issue 15): network reads ask for the Arrow form first (Accept) and take JSON when the server
// answers JSON. A whole read's Arrow answer is kept as its columns and the model is built straight from them
// (engine/model-columns.ts); an area tile's is decoded into flat rows (engine/network-arrow.ts) — the content of the
// wire objects the JSON read gives, with no nested lists — which the merge takes as they are (engine/merge.ts MergeRows).
import { ARROW_MEDIA_TYPE } from 'engine/network-arrow-schema';
import { modelInputFromColumns, networkColumns, type NetworkColumns } from 'engine/network-arrow';
import { modelFromColumns, type ModelTypes } from 'engine/model-columns';
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

/** Flat model input (the rows of an Arrow tile; a JSON answer's wire objects as they are). */
export type NetworkRows = Pick<ModelInput, 'networkObjects' | 'objectInstances' | 'pathEdges' | 'attributeValues' | 'relations'>;
/** A whole network read: the Arrow answer's columns, or a JSON answer's wire objects. */
export type WholeNetwork = { columns: NetworkColumns } | { rows: NetworkRows };

/** RTK Query response handler of area reads: Arrow → flat rows; anything else as JSON (errors included). */
export async function networkRowsResponse(r: Response): Promise<unknown> {
  return isArrow(r) ? { rows: modelInputFromColumns(networkColumns(new Uint8Array(await r.arrayBuffer()))) } : json(r);
}

/** RTK Query response handler of whole reads: Arrow → its columns (views of the answer's bytes); else as JSON. */
export async function networkColumnsResponse(r: Response): Promise<unknown> {
  return isArrow(r) ? { columns: networkColumns(new Uint8Array(await r.arrayBuffer())) } : json(r);
}

/** A whole read's answer (Arrow columns, or a JSON `{data}` / bare array of wire objects). */
export function wholeNetwork(r: unknown): WholeNetwork {
  if (r && typeof r === 'object' && 'columns' in r) return r as { columns: NetworkColumns };
  return { rows: { networkObjects: wireList(r) } };
}

/** The engine's model of a whole read: built straight from the Arrow columns, or by createModel from JSON. */
export function networkModel(w: WholeNetwork, types: ModelTypes): Model {
  return 'columns' in w ? modelFromColumns(w.columns, types) : createModel({ ...w.rows, ...types });
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
