// Access net types (spec 3 §4: Dac, Mixed, MultiFu, NotConnected, Riser, BlownFiber) derived from the stored fttx
// features: a cap's type is its own `access_net_type`, else the usage of a cable connected to it (dac, multi_fu,
// riser, blown_fiber), else Riser for a high-rise building, else Dac. A dp's type is its own `access_net_type` (the
// planner's choice), else NotConnected without connected caps (status connect or reserve), the one type all its caps
// share, or Mixed. Caps link to a dp by `DP` (its uuid or its name).
import type { Queryable } from '../db/db';
import { inTexts, LINK, linkIn, linkOf, linksOfTypes, T, type Link } from './rows';

export const ACCESS_NET_TYPES = ['Dac', 'Mixed', 'MultiFu', 'NotConnected', 'Riser', 'BlownFiber'] as const;
export type AccessNetType = (typeof ACCESS_NET_TYPES)[number];
const USAGE: Record<string, AccessNetType> = { dac: 'Dac', multi_fu: 'MultiFu', riser: 'Riser', blown_fiber: 'BlownFiber' };

const declared = (r: Link): AccessNetType | undefined =>
  ACCESS_NET_TYPES.find((t) => t === r.props.access_net_type);

/** Status of a cap (spec 3 §3: connect, reserve, dontConnect; default connect). */
export const capStatus = (r: Link): string => (typeof r.props.status === 'string' && r.props.status ? r.props.status : 'connect');
export const isConnected = (r: Link) => capStatus(r) !== 'dontConnect';

/** Uuids a cable names as its cap (`cap_id`, `start_id`, `end_id`). */
export const cableCaps = (c: Link) => [LINK.cap, LINK.start, LINK.end].map((k) => linkOf(c.props, k)).filter((x): x is string => !!x);

export function capAccessNetType(cap: Link, cables: Link[]): AccessNetType {
  const own = declared(cap);
  if (own) return own;
  for (const c of cables) {
    const u = USAGE[String(c.props.usage ?? '').toLowerCase()];
    if (u) return u;
  }
  return cap.props.building_type === 'highRise' ? 'Riser' : 'Dac';
}

/** Whether a cap's `DP` names this dp (uuid, or name). */
export const capOfDp = (cap: Link, dp: Link) => {
  const link = linkOf(cap.props, LINK.dp);
  return !!link && (link === dp.uuid || (!!dp.name && link === dp.name));
};

export interface DpNeighbourhood {
  /** The caps whose `DP` names the dp (its uuid or its name). */
  capsOf(dp: Link): Link[];
  /** The cables connected to a cap, by cap uuid. */
  cablesOf: Map<string, Link[]>;
}

const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => { const l = m.get(k); if (l) l.push(v); else m.set(k, [v]); };

/** The caps linked to the given dps and the cables connected to those caps (two queries, grouped in memory). */
export async function dpNeighbourhood(q: Queryable, projectId: number, dps: Link[]): Promise<DpNeighbourhood> {
  const keys = [...new Set(dps.flatMap((d) => [d.uuid, ...(d.name ? [d.name] : [])]))];
  const byLink = new Map<string, Link[]>();
  const cablesOf = new Map<string, Link[]>();
  const capsOf = (dp: Link) => [...(byLink.get(dp.uuid) ?? []), ...(dp.name && dp.name !== dp.uuid ? byLink.get(dp.name) ?? [] : [])];
  if (!keys.length) return { capsOf, cablesOf };
  const caps = await linksOfTypes(q, projectId, [T.cap], `${inTexts(`lower(properties->>'${LINK.dp}')`, '$3')} OR ${inTexts(`properties->>'${LINK.dp}'`, '$3')}`, [keys]);
  for (const c of caps) push(byLink, linkOf(c.props, LINK.dp)!, c);
  const capIds = caps.map((c) => c.uuid);
  const cables = capIds.length ? await linksOfTypes(q, projectId, [T.cable], linkIn([LINK.cap, LINK.start, LINK.end], '$3'), [capIds]) : [];
  for (const c of cables) for (const cap of new Set(cableCaps(c))) push(cablesOf, cap, c);
  return { capsOf, cablesOf };
}

export function dpAccessNetType(dp: Link, n: DpNeighbourhood): AccessNetType {
  const own = declared(dp);
  if (own) return own;
  const types = new Set(n.capsOf(dp).filter(isConnected).map((c) => capAccessNetType(c, n.cablesOf.get(c.uuid) ?? [])));
  if (!types.size) return 'NotConnected';
  return types.size === 1 ? [...types][0] : 'Mixed';
}
