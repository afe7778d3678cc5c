// Tile answers kept in the database (issue 15, migration 066): beside the per-process tile cache (tile-cache.ts), every
// tile read is stored after its answer — its gzip (made once for the answer and the row: ≈ 2.4× smaller than the Arrow
// bytes; a process that loads it sends it to gzip clients as it is), version, the ids of the network objects its read
// found — so a process that does not hold the tile (another app process, a restart, a tile its LRU dropped) answers
// from one row: as it is
// when the version is current, else after the same change-log check as a kept tile (then the row is stamped with the
// current version, no body written again). A newer stored version is never replaced by an older one. At most
// NETWORK_STORED_TILES tiles a project are kept (default 4 096; the oldest written go first); NETWORK_STORED_COLUMNS=0
// turns storing off as it does for the column stores (scan-stored.ts).
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Db } from '../db/db';
import { copyBlobs, inBackground, literal, storedEnabled } from './scan-stored';
import { inSnapshot } from './send';

const maxTiles = () => Number(process.env.NETWORK_STORED_TILES ?? 4096);
/** Saves between prunes of a project's stored tiles (per process). */
const PRUNE_EVERY = 64;
const saves = new Map<number, number>();
const gunzipAsync = promisify(gunzip);

export interface StoredTile { version: string; objects: Set<string>; body: Buffer; gz: Buffer }

/** The stored answer of tile `key`, or undefined. */
export function loadStoredTile(db: Db, pid: number, key: string): Promise<StoredTile | undefined> {
  if (!storedEnabled()) return Promise.resolve(undefined);
  return inSnapshot(db, async (q) => {
    const r = (await q.query<{ v: string; n: number; objects: string[] }>(
      'SELECT version::text AS v, octet_length(gz) AS n, objects FROM network_tile WHERE project_id = $1 AND key = $2', [pid, key])).rows[0];
    if (!r || !q.copyOut) return undefined;
    const gz = await copyBlobs(q, `SELECT gz FROM network_tile WHERE project_id = ${Math.trunc(pid)} AND key = ${literal(key)}`, 1, Number(r.n));
    return gz && { version: r.v, objects: new Set(r.objects), gz };
  }).then(async (t) => t && { ...t, body: await gunzipAsync(t.gz) });
}

/** Stores the answer of tile `key` read at `version` as its gzip `gz` (the cache entry's: gzipped(); written once it is
 *  made, after the answer; never over a newer version). */
export function saveStoredTile(db: Db, pid: number, key: string, version: string, objects: readonly string[], gz: Promise<Buffer>): void {
  if (!storedEnabled()) return;
  const n = (saves.get(pid) ?? 0) + 1;
  saves.set(pid, n);
  inBackground((async () => {
    await db.query(`INSERT INTO network_tile (project_id, key, version, objects, gz) VALUES ($1, $2, $3::bigint, $4::text[], $5)
      ON CONFLICT (project_id, key) DO UPDATE SET version = excluded.version, objects = excluded.objects, gz = excluded.gz, stored_at = now()
      WHERE network_tile.version < excluded.version`, [pid, key, version, objects, await gz]);
    if (n % PRUNE_EVERY === 0) await pruneStoredTiles(db, pid);
  })(), 'stored tile');
}

/** Marks the stored tile read at `from` as still the answer at `to` (the change-log check passed). */
export function restampStoredTile(db: Db, pid: number, key: string, from: string, to: string): void {
  if (!storedEnabled()) return;
  inBackground(db.query('UPDATE network_tile SET version = $4::bigint WHERE project_id = $1 AND key = $2 AND version = $3::bigint',
    [pid, key, from, to]), 'stored tile stamp');
}

/** Drops the project's stored tiles beyond the newest NETWORK_STORED_TILES. */
export async function pruneStoredTiles(db: Db, pid: number): Promise<void> {
  await db.query(`DELETE FROM network_tile WHERE project_id = $1 AND key IN
    (SELECT key FROM network_tile WHERE project_id = $1 ORDER BY stored_at DESC, key OFFSET $2)`, [pid, maxTiles()]);
}
