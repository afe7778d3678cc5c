// Access net types (spec 3 §4: Dac, Mixed, MultiFu, NotConnected, Riser, BlownFiber) derived from the stored fttx
// features: a cap's type is its own `access_net_type`, else the usage of a cable connected to it (dac, multi_fu,
// riser, blown_fiber), else Riser for a high-rise building, else Dac. A dp's type is its own `access_net_type` (the
// planner's choice), else NotConnected without connected caps (status connect or reserve), the one type all its caps
// share, or Mixed. Caps link to a dp by `DP` (its uuid or its name).
import type { Queryable } from '../db/db';
import { LINK, linkOf, rowsOfTypes, T, type Row } from './rows';

export const ACCESS_NET_TYPES = ['Dac', 'Mixed', 'MultiFu', 'NotConnected', 'Riser', 'BlownFiber'] as const;
export type AccessNetType = (typeof ACCESS_NET_TYPES)[number];
const USAGE: Record<string, AccessNetType> = { dac: 'Dac', multi_fu: 'MultiFu', riser: 'Riser', blown_fiber: 'BlownFiber' };

const declared = (r: Row): AccessNetType | undefined =>
  ACCESS_NET_TYPES.find((t) => t === r.props.access_net_type);

/** Status of a cap (spec 3 §3: connect, reserve, dontConnect; default connect). */
export const capStatus = (r: Row): string => (typeof r.props.status === 'string' && r.props.status ? r.props.status : 'connect');
export const isConnected = (r: Row) => capStatus(r) !== 'dontConnect';

/** Uuids a cable names as its cap (`cap_id`, `start_id`, `end_id`). */
export const cableCaps = (c: Row) => [LINK.cap, LINK.start, LINK.end].map((k) => linkOf(c.props, k)).filter((x): x is string => !!x);

export function capAccessNetType(cap: Row, cables: Row[]): AccessNetType {
  const own = declared(cap);
  if (own) return own;
  for (const c of cables) {
    const u = USAGE[String(c.props.usage ?? '').toLowerCase()];
    if (u) return u;
  }
  return cap.props.building_type === 'highRise' ? 'Riser' : 'Dac';
}

/** Whether a cap's `DP` names this dp (uuid, or name). */
export const capOfDp = (cap: Row, dp: Row) => {
  const link = linkOf(cap.props, LINK.dp);
  return !!link && (link === dp.uuid || (!!dp.name && link === dp.name));
};

/** The caps linked to the given dps and the cables connected to those caps. */
export async function dpNeighbourhood(q: Queryable, projectId: number, dps: Row[]): Promise<{ caps: Row[]; cablesOf: Map<string, Row[]> }> {
  const keys = [...new Set(dps.flatMap((d) => [d.uuid, ...(d.name ? [d.name] : [])]))];
  if (!keys.length) return { caps: [], cablesOf: new Map() };
  const caps = await rowsOfTypes(q, projectId, [T.cap], `lower(properties->>'${LINK.dp}') = ANY($3::text[]) OR properties->>'${LINK.dp}' = ANY($3::text[])`, [keys]);
  const capIds = caps.map((c) => c.uuid);
  const cables = capIds.length ? await rowsOfTypes(q, projectId, [T.cable], `lower(properties->>'${LINK.cap}') = ANY($3::text[])
    OR lower(properties->>'${LINK.start}') = ANY($3::text[]) OR lower(properties->>'${LINK.end}') = ANY($3::text[])`, [capIds]) : [];
  const cablesOf = new Map<string, Row[]>();
  for (const c of cables) for (const cap of cableCaps(c)) cablesOf.set(cap, [...(cablesOf.get(cap) ?? []), c]);
  return { caps, cablesOf };
}

export function dpAccessNetType(dp: Row, caps: Row[], cablesOf: Map<string, Row[]>): AccessNetType {
  const own = declared(dp);
  if (own) return own;
  const types = new Set(caps.filter((c) => capOfDp(c, dp) && isConnected(c)).map((c) => capAccessNetType(c, cablesOf.get(c.uuid) ?? [])));
  if (!types.size) return 'NotConnected';
  return types.size === 1 ? [...types][0] : 'Mixed';
}
