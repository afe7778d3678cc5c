// The one small data layer: a PostgreSQL connection that is either embedded PGlite (in-process, data on disk or in
// memory) or a real PostgreSQL server through `pg`. Everything above it speaks plain SQL with $1-style parameters.
import { mkdirSync } from 'node:fs';

export interface QueryResult<T> { rows: T[]; rowCount: number }

/** Something that runs SQL: the database itself, or one transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** `COPY (select) TO STDOUT (FORMAT binary)` of `select` (no parameters): the bytes in chunks, in order, to `onChunk`
   *  (which may return a promise to slow the stream down). Absent where the connection cannot stream COPY. */
  copyOut?(select: string, onChunk: (chunk: Uint8Array) => unknown): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** How another thread or process reaches the same database (a PostgreSQL server; absent for embedded PGlite). */
  readonly connection?: { url: string; schema?: string };
  /** Runs `fn` in one transaction: committed when it resolves, rolled back (nothing written) when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a PostgreSQL NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; absent or 'memory://' for an in-memory database. */
  dataDir?: string;
  /** Schema to use on a PostgreSQL server (tests isolate themselves in one); created if missing. */
  schema?: string;
}

export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPg } = await import('./pg');
    return openPg(opts.databaseUrl, opts.schema);
  }
  const { openPglite } = await import('./pglite');
  if (opts.dataDir && !opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  return openPglite(opts.dataDir);
}
