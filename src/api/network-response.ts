// Reading network answers (issue 15): network reads ask for the Arrow form first (Accept) and take JSON when the server
// answers JSON; an Arrow answer is decoded from its columns into flat rows (engine/network-arrow.ts) — the content of
// the wire objects the JSON read gives, with no nested lists: whole reads build the model from them, area tiles merge
// them as they are (engine/merge.ts MergeRows).
import { ARROW_MEDIA_TYPE } from 'engine/network-arrow-schema';
import { modelInputFromColumns, networkColumns } from 'engine/network-arrow';
import type { MergeRead, MergeRows } from 'engine/merge';
import type { ModelInput } from 'engine/model';
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

/** A whole network read as the engine's model input: flat rows from Arrow (createModel's fastest input), the wire
 *  objects of a JSON answer as they are. */
export type NetworkRows = Pick<ModelInput, 'networkObjects' | 'objectInstances' | 'pathEdges' | 'attributeValues' | 'relations'>;

/** RTK Query response handler of network reads (whole and by area): Arrow → flat rows; anything else as JSON (errors
 *  included). */
export async function networkRowsResponse(r: Response): Promise<unknown> {
  return isArrow(r) ? { rows: modelInputFromColumns(networkColumns(new Uint8Array(await r.arrayBuffer()))) } : json(r);
}

/** The model input of a whole read's answer (Arrow rows, or a JSON `{data}` / bare array of wire objects). */
export function networkRows(r: unknown): NetworkRows {
  if (r && typeof r === 'object' && 'rows' in r) return (r as { rows: NetworkRows }).rows;
  return { networkObjects: wireList(r) };
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
