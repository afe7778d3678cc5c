// The body of a whole-project read at the project's current network_version, through the per-process cache: the
// cached body when the version is unchanged; else the newest cached snapshot of the same read patched to the version
// (snapshot.ts: only the objects the change log names are re-read); else a full read, kept as the next snapshot.
// One build or patch per read key at a time (concurrent cold reads wait for the first).
import type { Db } from '../db/db';
import type { NetworkFilter } from './read';
import { inSnapshot } from './send';
import { cached, etagOf, exclusive, latest, networkVersion, remember, type Entry } from './cache';
import { buildSnapshot, patchSnapshot } from './snapshot';

const PREFIX = '{"data":', SUFFIX = '}';

/** How the last body was made (benchmarks and tests): 'cached', 'patched' or 'built'. */
export let lastRead: 'cached' | 'patched' | 'built' = 'built';

export function currentBody(db: Db, pid: number, key: string, f: NetworkFilter, dbId: string): Promise<Entry> {
  const ck = `${pid}|${key}`;
  return exclusive(db, ck, async () => {
    const hit = cached(db, ck, await networkVersion(db, pid));
    if (hit) { lastRead = 'cached'; return hit; }
    const prev = latest(db, ck);
    const snap = prev?.snap;
    if (prev) prev.snap = undefined; // a failed patch may leave it half-updated: never reuse it
    return inSnapshot(db, async (q) => {
      const v = await networkVersion(q, pid);
      const entry = (body: Buffer, s = snap) => remember(db, ck, { version: v, etag: etagOf(dbId, pid, v, key), body, snap: s, parts: prev?.parts });
      if (snap && BigInt(snap.version) <= BigInt(v) && await patchSnapshot(q, snap, v)) { lastRead = 'patched'; return entry(snap.body); }
      const b = await buildSnapshot(q, pid, f, v, PREFIX, SUFFIX);
      lastRead = 'built';
      return entry(b.body, b.snap);
    });
  });
}
