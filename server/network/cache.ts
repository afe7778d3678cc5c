// Per-process cache of whole-project network reads, validated against the database: entries are keyed by database,
// project, filter and the project's network_version (bumped in the same transaction as every network write, so any
// app process sees a change at once). Holds the UTF-8 body (and its gzip, made on first demand) of recent reads,
// bounded in bytes (NETWORK_CACHE_BYTES). The ETag names the database, project, version and filter, so a client
// holding it gets 304 from any process while the project is unchanged.
import { randomUUID } from 'node:crypto';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Queryable } from '../db/db';

export interface Entry { version: string; etag: string; body: Buffer; gz?: Promise<Buffer>; bytes: number }

const MAX_BYTES = Number(process.env.NETWORK_CACHE_BYTES ?? 768 * 1024 * 1024);
let total = 0;

/** Bytes of bodies the cache may hold (NETWORK_CACHE_BYTES). */
export function cacheLimit(): number { return MAX_BYTES; }
const gzipAsync = promisify(gzip);

export async function networkVersion(q: Queryable, projectId: number): Promise<string> {
  const r = await q.query<{ v: string | number }>('SELECT network_version AS v FROM project WHERE id = $1', [projectId]);
  return String(r.rows[0]?.v ?? 0);
}

export async function bumpNetworkVersion(q: Queryable, projectId: number): Promise<void> {
  await q.query('UPDATE project SET network_version = network_version + 1, updated_at = now() WHERE id = $1', [projectId]);
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

export function remember(db: object, key: string, e: Omit<Entry, 'bytes'>): Entry {
  const entry: Entry = { ...e, bytes: e.body.length };
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
    e.gz = gzipAsync(e.body, { level: 1 }).then((b) => {
      if ([...entries.values()].includes(e)) { total += b.length; e.bytes += b.length; }
      return b;
    });
    e.gz.catch(() => { e.gz = undefined; });
  }
  return e.gz;
}
