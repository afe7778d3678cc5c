// Reading network answers (issue 15): network reads ask for the Arrow form first (Accept) and take JSON when the server
// answers JSON; an Arrow answer is decoded from its columns into the wire objects the JSON read gives
// (engine/network-arrow.ts) — the same objects, with a smaller transfer and no JSON text to parse.
import { ARROW_MEDIA_TYPE } from 'engine/network-arrow-schema';
import { networkFromArrow } from 'engine/network-arrow';

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

/** RTK Query response handler: Arrow → wire objects; anything else as JSON (errors included). */
export async function networkResponse(r: Response): Promise<unknown> {
  if ((r.headers.get('content-type') ?? '').startsWith(ARROW_MEDIA_TYPE)) return networkFromArrow(new Uint8Array(await r.arrayBuffer()));
  const text = await r.text();
  return text ? JSON.parse(text) : null;
}
