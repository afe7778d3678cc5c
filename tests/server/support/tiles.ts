// Shared by the tile tests (tile cache, stored tiles): a seeded project's node extent cut in four quadrants, Arrow
// answers decoded and sorted, and a fresh (uncached) window read to compare with.
import type { TestServer } from './server';
import { networkFromArrow } from '../../../engine/network-arrow';
import { readNetworkArrow } from '../../../server/network/read-arrow';
import type { NetworkFilter } from '../../../server/network/read';
import { inSnapshot } from '../../../server/network/send';
import { sorted, type Obj } from './network-order';

export type Box = [number, number, number, number];

/** The project's node extent cut in four quadrants (the last one is diagonal to the first). */
export async function quadrants(s: TestServer, pid: number): Promise<Box[]> {
  const r = (await s.db.query<{ x0: number; y0: number; x1: number; y1: number }>(`SELECT min((bbox[1])[0]) AS x0, min((bbox[1])[1]) AS y0,
    max((bbox[0])[0]) AS x1, max((bbox[0])[1]) AS y1 FROM network_object WHERE project_id = $1 AND kind = 'node'`, [pid])).rows[0];
  const [x0, y0, x1, y1] = [r.x0, r.y0, r.x1, r.y1].map(Number), [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
  return [[x0, y0, mx, my], [mx, y0, x1, my], [x0, my, mx, y1], [mx, my, x1, y1]];
}
export const decoded = (b: Uint8Array) => sorted(networkFromArrow(b) as Obj[]);
/** The window read `f` as a fresh read answers it (no cache, no stored tile). */
export const fresh = (s: TestServer, pid: number, f: NetworkFilter) => inSnapshot(s.db, (q) => readNetworkArrow(q, pid, f));
