// Whole-project Arrow answers kept in the database (issue 15, migration 067): after a process builds the answer of a
// read (routes.ts key: filter and scenario) at a network version, its gzip — made once for its gzip clients — is
// stored in parts of 16 MB (a bytea parameter travels as hex text: one part of a 10⁶-edge answer would pass V8's string
// limit). A process that does not hold that answer in memory (another app process, a restart, an entry the cache
// dropped) sends an unchanged project's read from one COPY of those bytes: no columns to load, nothing to encode or
// compress. Only the newest version of a key is kept (a newer one is never replaced by an older one), at most
// MAX_KEYS keys a project; answers under NETWORK_STORED_ANSWER_MIN_BYTES (default 1 MiB) are built faster than they
// are stored. NETWORK_STORED_COLUMNS=0 turns this off with the stored columns and tiles.
import type { Db, Queryable } from '../db/db';
import { copyBlobs, inBackground, literal, storedEnabled, writeParts } from './scan-stored';

/** Bytes a part (NETWORK_STORED_ANSWER_PART_BYTES: tests). */
const partBytes = () => Number(process.env.NETWORK_STORED_ANSWER_PART_BYTES ?? 16 << 20);
/** Keys (filters) kept a project: the app's read and a few API filters. */
const MAX_KEYS = 8;
const minBytes = () => Number(process.env.NETWORK_STORED_ANSWER_MIN_BYTES ?? 1 << 20);
/** The version this process last stored (or found stored) per database, project and key: not written twice. */
let storedHere = new WeakMap<object, Map<string, string>>();
const here = (db: object) => { let m = storedHere.get(db); if (!m) storedHere.set(db, (m = new Map())); return m; };

/** The stored gzip of the answer of `key` at exactly `version` and its length unzipped (run in the read's snapshot),
 *  or undefined. */
export async function loadStoredAnswer(q: Queryable, pid: number, key: string, version: string): Promise<{ gz: Buffer; bytes: number } | undefined> {
  if (!storedEnabled() || !q.copyOut) return undefined;
  const r = (await q.query<{ parts: number; n: string | null; bytes: string | null }>(`SELECT count(*)::int AS parts, sum(octet_length(gz))::text AS n,
    max(bytes)::text AS bytes FROM network_answer WHERE project_id = $1 AND key = $2 AND version = $3::bigint`, [pid, key, version])).rows[0];
  if (!r?.parts || r.n === null) return undefined;
  const gz = await copyBlobs(q, `SELECT gz FROM network_answer WHERE project_id = ${Math.trunc(pid)} AND key = ${literal(key)} AND version = ${BigInt(version)} ORDER BY part`,
    r.parts, Number(r.n));
  return gz && { gz, bytes: Number(r.bytes) };
}

/** Stores the gzip `gz` of the answer of `key` at `version` (`bytes` long unzipped) after the answer, unless this
 *  process stored it already, it is small, or a version as new or newer is stored. */
export function saveStoredAnswer(db: Db, pid: number, key: string, version: string, bytes: number, gz: Promise<Buffer>): void {
  const mine = here(db), k = `${pid}|${key}`, had = mine.get(k);
  if (!storedEnabled() || bytes < minBytes() || (had !== undefined && BigInt(had) >= BigInt(version))) return;
  mine.set(k, version);
  inBackground(db.tx(async (q) => {
    const body = await gz;
    // one writer a key at a time (the row lock of the project's first part would not exist for a first write)
    await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [pid, `network_answer|${key}`]);
    const newer = await q.query('SELECT 1 FROM network_answer WHERE project_id = $1 AND key = $2 AND version >= $3::bigint LIMIT 1', [pid, key, version]);
    if (newer.rows.length) return;
    await q.query('DELETE FROM network_answer WHERE project_id = $1 AND key = $2', [pid, key]);
    await writeParts(body, (part, b) => q.query('INSERT INTO network_answer (project_id, key, version, part, bytes, gz) VALUES ($1, $2, $3::bigint, $4, $5, $6)',
      [pid, key, version, part, bytes, b]), partBytes());
    await q.query(`DELETE FROM network_answer WHERE project_id = $1 AND key IN (SELECT key FROM network_answer WHERE project_id = $1
      GROUP BY key ORDER BY max(stored_at) DESC, key OFFSET $2)`, [pid, MAX_KEYS]);
  }).catch((e: unknown) => { if (mine.get(k) === version) mine.delete(k); throw e; }), 'stored answer');
}

/** Notes that the answer of `key` at `version` is stored (a process that loaded it does not write it again). */
export function markStoredAnswer(db: object, pid: number, key: string, version: string): void {
  here(db).set(`${pid}|${key}`, version);
}

/** Forgets which answers this process stored (benchmarks and tests: a fresh process; the rows stay). */
export function forgetStoredAnswers(): void { storedHere = new WeakMap(); }
