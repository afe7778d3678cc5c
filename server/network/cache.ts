// Per-process cache of whole-project network reads, validated against the database: entries are keyed by database,
// project, filter and the project's network_version (bumped in the same transaction as every network write, so any
// app process sees a change at once). Holds the UTF-8 body (and its gzip, made on first demand) of recent reads,
// bounded in bytes (NETWORK_CACHE_BYTES). The ETag names the database, project, version and filter, so a client
// holding it gets 304 from any process while the project is unchanged.
import { randomUUID } from 'node:crypto';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Queryable } from '../db/db';
import { segmentedGzip } from './gzip-segments';

import type { Snapshot } from './snapshot';

/** A cached body; `snap` (whole-project reads) lets the next version be patched from it (snapshot.ts). */
export interface Entry {
  version: string; etag: string; body: Buffer; gz?: Promise<Buffer>; bytes: number; snap?: Snapshot;
  /** Compressed segments of the gzip (gzip-segments.ts), handed on to the entry patched from this one. */
  parts?: ReadonlyMap<string, Buffer>;
  /** A window (tile) answer: the network objects its read found (tile-cache.ts checks later versions against them). */
  tile?: { objects: ReadonlySet<string> };
  /** Bytes held beside the body (counted against the budget). */
  extra?: number;
}

const MAX_BYTES = Number(process.env.NETWORK_CACHE_BYTES ?? 768 * 1024 * 1024);
let total = 0;

/** Bytes of bodies the cache may hold (NETWORK_CACHE_BYTES). */
export function cacheLimit(): number { return MAX_BYTES; }
const gzipAsync = promisify(gzip);
/** Bodies from this size are gzipped in segments (gzip-segments.ts). */
const SEGMENTED_MIN_BYTES = 4 * 1024 * 1024;

export async function networkVersion(q: Queryable, projectId: number): Promise<string> {
  const r = await q.query<{ v: string | number }>('SELECT network_version AS v FROM project WHERE id = $1', [projectId]);
  return String(r.rows[0]?.v ?? 0);
}

/** Bumps the project's network_version and stamps the changes this transaction logged (migration 027) with it. Call
 *  it last in every network write transaction: the project row stays locked until commit. Returns the new version. */
export async function bumpNetworkVersion(q: Queryable, projectId: number): Promise<bigint> {
  const r = await q.query<{ v: string | number | bigint | null }>('SELECT network_stamp($1) AS v', [projectId]);
  const v = BigInt(r.rows[0]?.v ?? 0);
  if (v > 0n && v % PRUNE_EVERY === 0n) await pruneNetworkLog(q, projectId, v);
  return v;
}

const PRUNE_EVERY = 64n;
/** Versions of the change log kept per project (NETWORK_LOG_KEEP_VERSIONS): a snapshot older than that is rebuilt. */
const keepVersions = () => BigInt(process.env.NETWORK_LOG_KEEP_VERSIONS ?? 2000);

/** Drops the change log of versions older than the kept window, and changes left unstamped by plain-SQL writers
 *  (then the log is complete only from `version` on); network_log_from records where the log starts. */
export async function pruneNetworkLog(q: Queryable, projectId: number, version: bigint): Promise<void> {
  const floor = version - keepVersions();
  if (floor > 0n) {
    await q.query('DELETE FROM network_change WHERE project_id = $1 AND version > 0 AND version <= $2::bigint', [projectId, String(floor)]);
    await q.query('UPDATE project SET network_log_from = greatest(network_log_from, $2::bigint) WHERE id = $1', [projectId, String(floor)]);
  }
  const loose = await q.query('DELETE FROM network_change WHERE project_id = $1 AND version < 0 AND version <> -txid_current()', [projectId]);
  if (loose.rowCount) await q.query('UPDATE project SET network_log_from = greatest(network_log_from, $2::bigint) WHERE id = $1', [projectId, String(version)]);
}

const ids = new WeakMap<object, Promise<string>>();

/** A random id of the database (server_meta 'network_etag_id'), so ETags never match across databases. */
export function databaseId(db: Queryable): Promise<string> {
  let p = ids.get(db);
  if (!p) {
    p = (async () => {
      await db.query(`INSERT INTO server_meta (key, value) VALUES ('network_etag_id', $1) ON CONFLICT (key) DO NOTHING`, [randomUUID().slice(0, 8)]);
      return (await db.query<{ value: string }>(`SELECT value FROM server_meta WHERE key = 'network_etag_id'`)).rows[0].value;
    })();
    p.catch(() => ids.delete(db));
    ids.set(db, p);
  }
  return p;
}

export function etagOf(dbId: string, projectId: number, version: string, key: string): string {
  return `"n${dbId}-${projectId}-${version}-${Buffer.from(key).toString('base64url')}"`;
}

const tokens = new WeakMap<object, number>();
let nextToken = 1;
const entries = new Map<string, Entry>();
const keyOf = (db: object, key: string) => {
  let t = tokens.get(db);
  if (t === undefined) tokens.set(db, (t = nextToken++));
  return `${t}|${key}`;
};

export function cached(db: object, key: string, version: string): Entry | undefined {
  const k = keyOf(db, key);
  const e = entries.get(k);
  if (!e || e.version !== version) return undefined;
  entries.delete(k);
  entries.set(k, e); // most recently used last
  return e;
}

/** The entry of `key` whatever its version (the snapshot to patch to the current version). */
export function latest(db: object, key: string): Entry | undefined {
  return entries.get(keyOf(db, key));
}

/** Forgets every cached body (benchmarks: a fresh process). */
export function clearNetworkCache(): void { entries.clear(); total = 0; }

const running = new Map<string, Promise<unknown>>();
/** Runs `fn` after any earlier call for the same key has finished (one build or patch of a snapshot at a time). */
export function exclusive<T>(db: object, key: string, fn: () => Promise<T>): Promise<T> {
  const k = keyOf(db, key);
  const before = running.get(k) ?? Promise.resolve();
  const p = before.catch(() => undefined).then(fn);
  const tail = p.catch(() => undefined);
  running.set(k, tail);
  void tail.then(() => { if (running.get(k) === tail) running.delete(k); });
  return p;
}

export function remember(db: object, key: string, e: Omit<Entry, 'bytes'>): Entry {
  const entry: Entry = { ...e, bytes: e.body.length + (e.extra ?? 0) };
  const k = keyOf(db, key);
  const old = entries.get(k);
  if (old) { total -= old.bytes; entries.delete(k); }
  if (entry.bytes > MAX_BYTES) return entry;
  for (const [x, o] of entries) {
    if (total + entry.bytes <= MAX_BYTES) break;
    entries.delete(x);
    total -= o.bytes;
  }
  entries.set(k, entry);
  total += entry.bytes;
  return entry;
}

/** The gzip of an entry's body (level 1: fast; made once, off the event loop). */
export function gzipped(e: Entry): Promise<Buffer> {
  if (!e.gz) {
    // large bodies: segmented (parallel, and after a patch only the changed segments are compressed again)
    const made = e.body.length >= SEGMENTED_MIN_BYTES
      ? segmentedGzip(e.body, e.parts).then((r) => { e.parts = r.parts; return { gz: r.gz, extra: r.gz.length }; })
      : gzipAsync(e.body, { level: 1 }).then((gz) => ({ gz, extra: 0 }));
    e.gz = made.then(({ gz, extra }) => {
      // the kept segments are counted with the gzip (extra: their bytes beside the assembled gzip)
      if ([...entries.values()].includes(e)) { total += gz.length + extra; e.bytes += gz.length + extra; }
      return gz;
    });
    e.gz.catch(() => { e.gz = undefined; });
  }
  return e.gz;
}
