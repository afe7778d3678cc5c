// Window (tile) reads in the Arrow form kept per process (issue 15): the area loader reads the map in fixed tiles, and
// the same tiles come back — a pan back to a dropped tile, a reopened project, a colleague on the same area. A kept
// answer stays valid across network writes that cannot change it: at a later network_version the change log
// (migration 027: every object whose answer may differ, including through its instances, values, relations and path
// edges) must name none of the objects the tile's read found, and none of the objects it names may now meet the
// window or be a path over an edge that meets it (a new path on the tile's edges). Anything else — the log pruned, a large
// change set — reads the tile again. Bodies share the network cache's byte budget and LRU (cache.ts). Every tile read is
// also stored in the database (tile-stored.ts): a process that does not hold a tile answers from the stored one, checked
// the same way.
import type { Db, Queryable } from '../db/db';
import type { NetworkFilter } from './read';
import { cached, exclusive, gzipped, latest, networkVersion, remember, etagOf, type Entry } from './cache';
import { changedSince } from './snapshot';
import { rowsArrow, windowArrow } from './read-arrow';
import { inSnapshot } from './send';
import { loadStoredTile, restampStoredTile, saveStoredTile } from './tile-stored';

/** How the last tile read was answered (tests, benchmarks): kept at its version, kept across writes checked against
 *  the change log, or read. */
export const lastTile = { how: 'read' as 'kept' | 'stored' | 'revalidated' | 'read', stored: false };
/** Change sets larger than this read the tile again instead of checking it (NETWORK_TILE_CHECK_MAX). */
const CHECK_MAX = Number(process.env.NETWORK_TILE_CHECK_MAX ?? 5000);

/** The cache key of tile read `f` of project `pid` (also the stored tile's key: tile-stored.ts). */
export const tileKey = (pid: number, f: NetworkFilter) =>
  `${pid}|tile|${f.scenarioId ?? ''}|${(f.objectTypeIds ?? []).join(',')}|${f.includeWithoutObjectInstances ? 1 : 0}|${f.bbox!.join(',')}`;

/** Whether a tile read at version `from`, whose read found `objects`, answers the same at `version` (see the header). */
async function stillValid(q: Queryable, pid: number, from: string, objects: ReadonlySet<string>, version: string, bbox: [number, number, number, number]): Promise<boolean> {
  if (BigInt(from) > BigInt(version)) return false;
  const touched = await changedSince(q, pid, from, version);
  if (!touched || touched.length > CHECK_MAX) return false;
  if (touched.some((id) => objects.has(id))) return false;
  if (!touched.length) return true;
  const [x1, y1, x2, y2] = bbox;
  // a path has no box of its own: it reaches the window through its edges (any scenario: a wider check, never a miss)
  const r = await q.query(`SELECT 1 FROM network_object o WHERE o.project_id = $1 AND o.id = ANY($2::text[]) AND (o.bbox && $3::box
      OR (o.kind = 'path' AND EXISTS (SELECT 1 FROM path_edge pe JOIN network_object e ON e.project_id = pe.project_id AND e.id = pe.edge_id
        WHERE pe.project_id = o.project_id AND pe.path_id = o.id AND e.bbox && $3::box)))
    LIMIT 1`, [pid, touched, `(${x2},${y2}),(${x1},${y1})`]);
  return r.rows.length === 0;
}

/** The Arrow answer of the window read `f` (f.bbox set): kept, kept across writes, or read in one snapshot and kept. */
export function tileArrowBody(db: Db, pid: number, f: NetworkFilter, dbId: string): Promise<Entry> {
  const key = tileKey(pid, f);
  // one read of a tile at a time: a second request for it waits and takes the kept answer
  return exclusive(db, key, async () => {
    const version = await networkVersion(db, pid);
    lastTile.stored = false;
    const hit = cached(db, key, version);
    if (hit?.tile) { lastTile.how = 'kept'; return hit; }
    const held = latest(db, key);
    if (held?.tile && await stillValid(db, pid, held.version, held.tile.objects, version, f.bbox!)) {
      lastTile.how = 'revalidated';
      return remember(db, key, { ...held, version, etag: etagOf(dbId, pid, version, key) });
    }
    // not held here (or held at a version it no longer answers): the answer stored in the database (tile-stored.ts)
    const stored = await loadStoredTile(db, pid, key);
    if (stored && stored.version !== held?.version) {
      const tile = { objects: stored.objects };
      if (stored.version === version || await stillValid(db, pid, stored.version, stored.objects, version, f.bbox!)) {
        lastTile.how = stored.version === version ? 'stored' : 'revalidated';
        lastTile.stored = true;
        if (stored.version !== version) restampStoredTile(db, pid, key, stored.version, version);
        // the stored gzip is the answer's for gzip clients (counted with the entry)
        return remember(db, key, { version, etag: etagOf(dbId, pid, version, key), body: stored.body, gz: Promise.resolve(stored.gz), tile, extra: 64 * stored.objects.size + stored.gz.length });
      }
    }
    lastTile.how = 'read';
    return inSnapshot(db, async (q) => {
      const v = await networkVersion(q, pid);
      const w = await windowArrow(q, pid, f);
      const entry = { version: v, etag: etagOf(dbId, pid, v, key), body: w?.body ?? await rowsArrow(q, pid, f) };
      // an answer the rows gave (no list of what was read) is not kept
      if (!w) return { ...entry, bytes: entry.body.length };
      // ≈ 60 bytes an id string held in the set
      const e = remember(db, key, { ...entry, tile: { objects: new Set(w.objects) }, extra: 64 * w.objects.length });
      saveStoredTile(db, pid, key, v, w.objects, gzipped(e)); // the gzip a gzip client is sent, made once for both
      return e;
    });
  });
}
