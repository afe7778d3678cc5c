// The binary columnar network read (issue 15): GET network_object/all with `Accept: application/vnd.apache.arrow.stream`
// answers the same objects as the JSON read (same rules: read.ts fetchRows; same closure and filters) as Arrow IPC
// streams (arrow-encode.ts). Whole-project reads come from a column store of the project's scope (scan.ts) filled by
// binary COPY (scan-read.ts), kept per process and brought to the current version from the change log (only the rows
// of the objects it names are killed and read again); the body is cached per version like the JSON body (cache.ts,
// own key and ETag), and its gzip stored in the database per version (answer-stored.ts: a process that does not hold
// it sends an unchanged project's answer from there). Window (bbox) reads are read by binary COPY into a store of their own (scan-window.ts); reads of
// given ids, and a window or scope the columns cannot decide, go through the rows (scan-rows.ts).
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { ARROW_MEDIA_TYPE } from '../../engine/network-arrow-schema';
import { fetchRows, type NetworkFilter } from './read';
import { encodeScanArrow } from './arrow-encode';
import { ScanFallback, ScanStore } from './scan';
import { canScan, fillScan } from './scan-read';
import { keptRows } from './scan-kept';
import { scanFromRows } from './scan-rows';
import { readWindowScan } from './scan-window';
import { inSnapshot } from './send';
import { cached, etagOf, exclusive, gzipped, latest, networkVersion, remember, type Entry } from './cache';
import { changedSince } from './snapshot';
import { inBackground, loadStoredScan, saveStoredScan } from './scan-stored';
import { loadStoredAnswer, markStoredAnswer, saveStoredAnswer } from './answer-stored';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';

const gunzipAsync = promisify(gunzip);

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

/** How the last Arrow read went (tests, benchmarks): the whole-project body cached or built (`body`); read from the
 *  column store, a window's own store (`window`) or the rows (`source`); how the store got to the version — built afresh, patched from the change log,
 *  or current (`scan`); `body` 'stored': the answer's gzip was stored in the database (answer-stored.ts); whether the store came from the columns stored in the database (`stored`, scan-stored.ts). */
export const lastArrow: { body: 'cached' | 'built' | 'stored'; source: 'scan' | 'window' | 'rows'; scan: 'built' | 'patched' | 'current'; stored: boolean } = { body: 'built', source: 'rows', scan: 'built', stored: false };

/** A column store at `version`; `stored`: the version of the scope's stored columns as far as this process knows,
 *  `since`: objects patched into the store after that version. */
interface Held { store: ScanStore; version: string; stored?: string; since: number }
/** Column stores by database, project and scenario (the last few used). */
const stores = new Map<string, Held>();
const MAX_STORES = Number(process.env.NETWORK_SCAN_STORES ?? 4);
/** Stores of more rows than this are not kept between reads (a 10⁶-edge project has ≈ 15 M): NETWORK_SCAN_KEEP_ROWS. */
const KEEP_ROWS = Number(process.env.NETWORK_SCAN_KEEP_ROWS ?? 6_000_000);
/** Largest change set patched into a store (more: a fresh fill): NETWORK_PATCH_MAX_OBJECTS, default a quarter of the
 *  ids it holds. */
const patchMax = (ids: number) => Number(process.env.NETWORK_PATCH_MAX_OBJECTS ?? Math.max(2000, ids / 4));
/** Objects patched since the stored version after which the columns are stored again (a later cold read patches less). */
const restoreAfter = (ids: number) => Math.max(1000, ids / 20);
let dbTokens = new WeakMap<object, number>(), nextToken = 1;
const tokenOf = (db: object) => { let t = dbTokens.get(db); if (t === undefined) dbTokens.set(db, (t = nextToken++)); return t; };

/** Forgets the column stores held in memory (benchmarks: a fresh process; the stored columns stay). */
export function clearScanStores(): void { stores.clear(); dbTokens = new WeakMap(); }

/** The store of the scope at version `v` from `held` (patched from the change log, or as it is) or, when it cannot
 *  be brought there, filled afresh. Without `held`, the scope's stored columns are tried first. */
async function storeAt(q: Queryable, held: Held | undefined, pid: number, scenarioId: number | undefined, v: string): Promise<Held> {
  lastArrow.stored = false;
  if (!held) {
    const s = await loadStoredScan(q, pid, scenarioId, v);
    if (s) { held = { store: s.store, version: s.version, stored: s.version, since: 0 }; lastArrow.stored = true; }
  }
  if (held && held.version === v) { lastArrow.scan = 'current'; return held; }
  const touched = held && BigInt(held.version) < BigInt(v) ? await changedSince(q, pid, held.version, v) : undefined;
  const store = held?.store;
  if (store && touched && touched.length <= patchMax(store.ids.size) && store.deadRows * 2 < store.rows) {
    const nums = new Set<number>();
    for (const id of touched) { const k = store.ids.findString(id); if (k >= 0) nums.add(k); }
    store.kill(nums);
    await fillScan(q, store, touched);
    lastArrow.scan = 'patched';
    return { store, version: v, stored: held!.stored, since: held!.since + touched.length };
  }
  const fresh = new ScanStore(pid, scenarioId);
  await fillScan(q, fresh);
  lastArrow.scan = 'built';
  lastArrow.stored = false;
  return { store: fresh, version: v, since: 0 };
}

/** Arrow body of the read `f` (run in one snapshot: inSnapshot). With `db` the scope's column store is kept between
 *  reads, patched, and stored in the database when filled afresh or patched much (the caller serialises reads of a
 *  scope); without, it is read for this answer only (from the stored columns where they serve). */
export async function readNetworkArrow(q: Queryable, projectId: number, f: NetworkFilter, db?: Db): Promise<Buffer> {
  if (!f.bbox && !f.ids && canScan(q)) {
    let store: ScanStore;
    const v = await networkVersion(q, projectId);
    if (db) {
      // kept between reads: the caller runs one read of the scope at a time (currentArrowBody: exclusive)
      const key = `${tokenOf(db)}|${projectId}|${f.scenarioId ?? ''}`;
      const before = stores.get(key);
      stores.delete(key);
      const held = await storeAt(q, before, projectId, f.scenarioId, v);
      store = held.store;
      if (store.rows <= KEEP_ROWS) {
        if (held.stored === undefined || held.since > restoreAfter(store.ids.size)) {
          saveStoredScan(db, store, v);
          held.stored = v; held.since = 0;
        }
        stores.set(key, held);
        while (stores.size > MAX_STORES) stores.delete(stores.keys().next().value!);
      }
    } else {
      store = (await storeAt(q, undefined, projectId, f.scenarioId, v)).store;
    }
    try {
      const scan = store.view();
      const body = encodeScanArrow(scan, keptRows(scan, f));
      lastArrow.source = 'scan';
      return body;
    } catch (e) {
      if (!(e instanceof ScanFallback)) throw e;
    }
  }
  if (f.bbox && !f.ids) {
    const w = await windowArrow(q, projectId, f);
    if (w) return w.body;
  }
  return rowsArrow(q, projectId, f);
}

/** The Arrow body of the window read `f` (f.bbox) from its own column store with the ids of every network object it
 *  read; undefined when the columns cannot answer it (then rowsArrow does). */
export async function windowArrow(q: Queryable, projectId: number, f: NetworkFilter): Promise<{ body: Buffer; objects: string[] } | undefined> {
  if (!f.bbox || !canScan(q)) return undefined;
  try {
    const w = await readWindowScan(q, projectId, { ...f, bbox: f.bbox });
    lastArrow.source = 'window';
    return { body: encodeScanArrow(w.scan, w.kept), objects: w.objects };
  } catch (e) {
    if (!(e instanceof ScanFallback)) throw e;
    return undefined;
  }
}

/** The Arrow body of the read `f` from its rows (read.ts fetchRows: the JSON read's rows). */
export async function rowsArrow(q: Queryable, projectId: number, f: NetworkFilter): Promise<Buffer> {
  const { kept, byObj, pes, avs, rels, insts } = await fetchRows(q, projectId, f);
  const r = scanFromRows(projectId, { objects: kept.values(), byObj, pes, avs, rels, sent: new Set(insts.map((i) => i.id)), keepPath: (id) => kept.has(id) });
  lastArrow.source = 'rows';
  return encodeScanArrow(r.scan, r.kept);
}

/** A whole-project Arrow answer: the cache entry, or only the stored gzip of the answer (`gz`) for a gzip client. */
export type ArrowAnswer = { entry: Entry; gz?: undefined } | { entry?: undefined; gz: Buffer; etag: string };

/** The whole-project Arrow body at the current version: cached, else the stored answer (answer-stored.ts), else built
 *  in one snapshot, remembered and stored. `gzipOnly`: the client takes gzip, so a stored answer is sent as the bytes
 *  it was stored as (the body is unzipped for the cache after the answer). */
export function currentArrowAnswer(db: Db, pid: number, key: string, f: NetworkFilter, dbId: string, gzipOnly = false): Promise<ArrowAnswer> {
  const ck = `${pid}|${key}`;
  // one build at a time per scope: the column store is shared by the reads of every filter of the scope
  return exclusive(db, `${pid}|scan|${f.scenarioId ?? ''}`, () => exclusive(db, ck, async (): Promise<ArrowAnswer> => {
    const hit = cached(db, ck, await networkVersion(db, pid));
    if (hit) { lastArrow.body = 'cached'; return { entry: hit }; }
    return inSnapshot(db, async (q): Promise<ArrowAnswer> => {
      const v = await networkVersion(q, pid);
      const etag = etagOf(dbId, pid, v, key);
      const stored = await loadStoredAnswer(q, pid, key, v);
      if (stored) {
        lastArrow.body = 'stored';
        markStoredAnswer(db, pid, key, v);
        const keep = (body: Buffer) => {
          // not over a newer answer remembered meanwhile; the gzip counted with the entry (gzipped() counts the ones it makes)
          const now = latest(db, ck);
          return now && BigInt(now.version) > BigInt(v) ? { version: v, etag, body, bytes: body.length } : remember(db, ck, { version: v, etag, body, gz: Promise.resolve(stored.gz), extra: stored.gz.length });
        };
        const body = gunzipAsync(stored.gz);
        if (gzipOnly) { inBackground(body.then(keep), 'stored answer kept'); return { gz: stored.gz, etag }; }
        return { entry: keep(await body) };
      }
      const body = await readNetworkArrow(q, pid, f, db);
      lastArrow.body = 'built';
      const entry = remember(db, ck, { version: v, etag, body });
      saveStoredAnswer(db, pid, key, v, body.length, gzipped(entry));
      return { entry };
    });
  }));
}

/** The whole-project Arrow body at the current version as a cache entry (currentArrowAnswer, the body unzipped). */
export async function currentArrowBody(db: Db, pid: number, key: string, f: NetworkFilter, dbId: string): Promise<Entry> {
  return (await currentArrowAnswer(db, pid, key, f, dbId)).entry!;
}
