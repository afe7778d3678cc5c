// The binary columnar network read (issue 15): GET network_object/all with `Accept: application/vnd.apache.arrow.stream`
// answers the same objects as the JSON read (same rows: read.ts fetchRows; same closure and filters) as Arrow IPC
// streams (arrow-encode.ts). Whole-project answers are cached per project version like the JSON body (cache.ts; their
// own key and ETag), window (bbox) answers are read afresh.
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { ARROW_MEDIA_TYPE } from '../../engine/network-arrow-schema';
import { fetchRows, type NetworkFilter } from './read';
import { encodeScanArrow } from './arrow-encode';
import { canScan, scanNetwork, ScanFallback } from './scan';
import { keptRows } from './scan-kept';
import { scanFromRows } from './scan-rows';
import { inSnapshot } from './send';
import { cached, etagOf, exclusive, networkVersion, remember, type Entry } from './cache';

/** True when the request asks for the Arrow form (its Accept names the Arrow stream type before any JSON type). */
export function acceptsArrow(req: FastifyRequest): boolean {
  const h = req.headers.accept;
  if (typeof h !== 'string') return false;
  const types = h.split(',').map((t) => t.trim().toLowerCase());
  const a = types.findIndex((t) => t.startsWith(ARROW_MEDIA_TYPE) && !/;\s*q=0(\.0*)?\s*(;|$)/.test(t));
  if (a < 0) return false;
  const j = types.findIndex((t) => t.startsWith('application/json'));
  return j < 0 || a < j;
}

/** How the last Arrow body was read (tests, benchmarks): 'scan' (binary COPY into columns) or 'rows' (read.ts). */
export let lastArrowSource: 'scan' | 'rows' = 'rows';

/** Arrow body of the read `f` (run in one snapshot: inSnapshot). Whole-project reads go through the columnar scan
 *  (scan.ts) where the connection streams COPY; window reads, and reads the scan cannot answer, through the rows. */
export async function readNetworkArrow(q: Queryable, projectId: number, f: NetworkFilter): Promise<Buffer> {
  if (!f.bbox && !f.ids && canScan(q)) {
    try {
      const scan = await scanNetwork(q, projectId, f.scenarioId);
      const body = encodeScanArrow(scan, keptRows(scan, f));
      lastArrowSource = 'scan';
      return body;
    } catch (e) {
      if (!(e instanceof ScanFallback)) throw e;
    }
  }
  const { kept, byObj, pes, avs, rels, insts } = await fetchRows(q, projectId, f);
  const r = scanFromRows(projectId, { objects: kept.values(), byObj, pes, avs, rels, sent: new Set(insts.map((i) => i.id)), keepPath: (id) => kept.has(id) });
  lastArrowSource = 'rows';
  return encodeScanArrow(r.scan, r.kept);
}

/** How the last whole-project Arrow body was made (tests, benchmarks). */
export let lastArrowRead: 'cached' | 'built' = 'built';

/** The whole-project Arrow body at the current version: cached, else built in one snapshot and remembered. */
export function currentArrowBody(db: Db, pid: number, key: string, f: NetworkFilter, dbId: string): Promise<Entry> {
  const ck = `${pid}|${key}`;
  return exclusive(db, ck, async () => {
    const hit = cached(db, ck, await networkVersion(db, pid));
    if (hit) { lastArrowRead = 'cached'; return hit; }
    return inSnapshot(db, async (q) => {
      const v = await networkVersion(q, pid);
      const body = await readNetworkArrow(q, pid, f);
      lastArrowRead = 'built';
      return remember(db, ck, { version: v, etag: etagOf(dbId, pid, v, key), body });
    });
  });
}
