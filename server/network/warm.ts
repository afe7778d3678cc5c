// Warming the per-process network cache when an app process starts (npm start; NETWORK_WARM_PROJECTS, default 3,
// 0 = off): the app's whole-project read of the projects written most recently — in the form the map asks for, Arrow
// (issue 15; the JSON form stays built on demand) — is built in the background, one at a time (with its gzip), within
// the cache budget. A fresh or restarted process then answers an active project from its column store (patched
// by later writes, read-arrow.ts) instead of paying a full build on the first request. Large projects (streamed
// reads, opened by area) are skipped.
import type { Db } from '../db/db';
import { cacheLimit, databaseId, gzipped } from './cache';
import { currentArrowBody } from './read-arrow';
import { isLargeNetwork } from './send-stream';

/** The key and filter of the read the map makes (routes.ts: no type filter, no scenario, no bare objects, Arrow). */
export const APP_READ_KEY = '||0|arrow';

export async function warmNetworkCache(db: Db, count: number, log: (m: string) => void = () => {}): Promise<number[]> {
  if (count <= 0) return [];
  const r = await db.query<{ id: number }>(
    `SELECT id FROM project WHERE NOT deleted AND network_version > 0 ORDER BY updated_at DESC, id DESC LIMIT $1`, [count]);
  const dbId = await databaseId(db);
  const warmed: number[] = [];
  let bytes = 0;
  for (const { id } of r.rows) {
    if (await isLargeNetwork(db, id)) continue;
    const t0 = performance.now();
    const e = await currentArrowBody(db, id, APP_READ_KEY, { objectTypeIds: [], includeWithoutObjectInstances: false }, dbId);
    await gzipped(e); // browsers ask for gzip: have it ready too
    bytes += e.bytes;
    warmed.push(id);
    log(`network cache: project ${id} ready (${(e.body.length / 2 ** 20).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    if (bytes > cacheLimit() / 2) break;
  }
  return warmed;
}
