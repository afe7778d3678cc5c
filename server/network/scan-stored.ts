// Column stores kept in the database (issue 15, migration 065): a whole-project read's ScanStore (scan.ts) is written,
// after the answer, as parts of one byte string (scan-serial.ts) with the network version it holds; a process without
// the store in memory (started since, or the store dropped) reads those parts in one binary COPY straight into one
// buffer and brings the columns to the current version from the change log, as it patches a store it holds
// (read-arrow.ts), instead of five COPYs parsed row by row. A stored version the change log no longer reaches back to
// is not used. NETWORK_STORED_COLUMNS=0 turns both the reading and the writing off.
import type { Db, Queryable } from '../db/db';
import { SIGNATURE } from './copy-binary';
import type { ScanStore } from './scan';
import { deserializeScan, serializeScan } from './scan-serial';

/** Whether columns and tiles are stored (NETWORK_STORED_COLUMNS=0: neither read nor written). */
export const storedEnabled = () => process.env.NETWORK_STORED_COLUMNS !== '0';
/** SQL literal of a text (COPY takes no parameters). */
export const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** Bytes per stored part (one bytea each). */
const PART_BYTES = 16 << 20;
const scopeOf = (scenarioId: number | undefined) => (scenarioId === undefined ? '' : String(Math.trunc(scenarioId)));

/** Reads a binary COPY of one bytea column into `out`, row after row, as the chunks arrive (no chunk joined to
 *  another: a part of 16 MB arrives in hundreds of chunks). */
export class BlobReader {
  at = 0; rows = 0; done = false;
  private state: 'head' | 'ext' | 'fields' | 'len' | 'body' = 'head';
  private need = 19; private got = 0; private left = 0;
  private scratch = new Uint8Array(19);
  constructor(private out: Uint8Array) {}

  push(c: Uint8Array): void {
    let p = 0;
    while (p < c.length && !this.done) {
      if (this.state === 'body' || this.state === 'ext') {
        const n = Math.min(this.left, c.length - p);
        if (this.state === 'body') this.out.set(c.subarray(p, p + n), this.at);
        if (this.state === 'body') this.at += n;
        p += n; this.left -= n;
        if (!this.left) { this.state = 'fields'; this.need = 2; }
        continue;
      }
      const n = Math.min(this.need - this.got, c.length - p);
      this.scratch.set(c.subarray(p, p + n), this.got);
      this.got += n; p += n;
      if (this.got < this.need) return;
      this.got = 0;
      const dv = new DataView(this.scratch.buffer);
      if (this.state === 'head') {
        if (SIGNATURE.some((x, i) => this.scratch[i] !== x)) throw new Error('not a binary COPY stream');
        this.left = dv.getInt32(15);
        if (this.left) this.state = 'ext'; else { this.state = 'fields'; this.need = 2; }
      } else if (this.state === 'fields') {
        const nf = dv.getInt16(0);
        if (nf === -1) this.done = true;
        else if (nf !== 1) throw new Error(`binary COPY: ${nf} fields, expected 1`);
        else { this.state = 'len'; this.need = 4; }
      } else {
        const len = dv.getInt32(0);
        if (len < 0 || this.at + len > this.out.length) throw new Error('binary COPY: a part longer than its row said');
        this.rows++;
        if (len) { this.state = 'body'; this.left = len; } else { this.state = 'fields'; this.need = 2; }
      }
    }
  }
}

/** The bytea values `select` (one column) returns, read by binary COPY straight into one buffer of `bytes` bytes (a
 *  bytea in a plain query comes as hex text); undefined unless exactly `rows` rows filled it (stored columns, tiles and
 *  answers: answer-stored.ts, tile-stored.ts). */
export async function copyBlobs(q: Queryable, select: string, rows: number, bytes: number): Promise<Buffer | undefined> {
  const out = Buffer.alloc(bytes), reader = new BlobReader(out);
  await q.copyOut!(select, (c) => reader.push(c));
  return reader.rows === rows && reader.at === bytes ? out : undefined;
}

/** Writes `bytes` as parts of `size` bytes, one `insert` each (a bytea parameter travels as hex text: one part of a
 *  10⁶-edge store or answer would pass V8's string limit); at least one part. */
export async function writeParts(bytes: Uint8Array, insert: (part: number, b: Uint8Array) => Promise<unknown>, size = PART_BYTES): Promise<void> {
  for (let at = 0, part = 0; at < bytes.length || part === 0; at += size, part++) await insert(part, bytes.subarray(at, at + size));
}

/** The stored columns of the scope at a version ≤ `atMost` (run in the read's snapshot), or undefined. */
export async function loadStoredScan(q: Queryable, projectId: number, scenarioId: number | undefined, atMost: string): Promise<{ store: ScanStore; version: string } | undefined> {
  if (!storedEnabled() || !q.copyOut) return undefined;
  const scope = scopeOf(scenarioId);
  const r = (await q.query<{ v: string | null; w: string | null; parts: number; bytes: string | null }>(`SELECT min(version)::text AS v, max(version)::text AS w,
    count(*)::int AS parts, sum(octet_length(body))::text AS bytes FROM network_columns WHERE project_id = $1 AND scope = $2`, [projectId, scope])).rows[0];
  if (!r?.parts || r.v === null || r.v !== r.w || BigInt(r.v) > BigInt(atMost)) return undefined;
  const out = await copyBlobs(q, `SELECT body FROM network_columns WHERE project_id = ${Math.trunc(projectId)} AND scope = '${scope}' ORDER BY part`, r.parts, Number(r.bytes));
  if (!out) return undefined;
  const store = deserializeScan(out, projectId, scenarioId);
  return store && { store, version: r.v };
}

const pending = new Set<Promise<void>>();

/** Writes the store as the scope's stored columns of `version` (after the caller's answer; a copy is taken now, so
 *  the store may change after). Skipped when a version as new or newer is stored already. Failures are not the
 *  read's: they are logged with SCAN_TRACE and the next fresh fill tries again. */
export function saveStoredScan(db: Db, store: ScanStore, version: string): void {
  if (!storedEnabled()) return;
  const bytes = serializeScan(store), pid = store.projectId, scope = scopeOf(store.scenarioId);
  inBackground(db.tx(async (q) => {
    const newer = await q.query('SELECT 1 FROM network_columns WHERE project_id = $1 AND scope = $2 AND version >= $3::bigint LIMIT 1', [pid, scope, version]);
    if (newer.rows.length) return;
    await q.query('DELETE FROM network_columns WHERE project_id = $1 AND scope = $2', [pid, scope]);
    await writeParts(bytes, (part, b) => q.query('INSERT INTO network_columns (project_id, scope, version, part, body) VALUES ($1, $2, $3::bigint, $4, $5)',
      [pid, scope, version, part, b]));
  }), 'stored columns');
}

/** Runs a write of stored columns or tiles (tile-stored.ts) after the answer: its failure is not the read's (logged
 *  with SCAN_TRACE; the next read tries again), and storedWrites() waits for it. */
export function inBackground(write: Promise<unknown>, what: string): void {
  const p: Promise<void> = write.then(() => undefined, (e: unknown) => { if (process.env.SCAN_TRACE) console.warn(`${what} not written:`, e); })
    .finally(() => { pending.delete(p); });
  pending.add(p);
}

/** Resolves when every write of stored columns, tiles and answers (and the keeping of a stored answer sent as it was)
 *  begun so far has ended (server close, tests, benchmarks). */
export async function storedWrites(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
