// A real PostgreSQL server through node-postgres: a pool for queries, a dedicated client per transaction, and one
// long-lived client for LISTEN. Several app processes can share one server (they keep no state of their own).
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db, Queryable, QueryResult } from './db';

/** `max`: connections in the pool (PG_POOL_MAX, default 10). */
export async function openPg(url: string, schema?: string, max = Number(process.env.PG_POOL_MAX ?? 10)): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  if (schema) {
    const boot = new pg.Client({ connectionString: url });
    await boot.connect();
    try { await boot.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`); } finally { await boot.end(); }
  }
  const options = schema ? `-c search_path=${schema},public` : undefined;
  const pool = new pg.Pool({ connectionString: url, options, max });
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    // COPY needs one connection: only inside a transaction (a pool client)
    ...(q instanceof pg.Pool ? {} : { copyOut: (select: string, onChunk: (c: Uint8Array) => unknown) => copyOut(q as pg.PoolClient, select, onChunk) }),
  });
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(p: string) => void>>();
  return {
    kind: 'pg',
    connection: { url, schema },
    query: (sql, params) => wrap(pool).query(sql, params),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } finally { client.release(); }
    },
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url, options });
        await listener.connect();
        listener.on('notification', (m) => handlers.get(m.channel)?.forEach((h) => h(m.payload ?? '')));
      }
      let set = handlers.get(channel);
      if (!set) { set = new Set(); handlers.set(channel, set); await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`); }
      set.add(onPayload);
      return async () => { set!.delete(onPayload); };
    },
    async notify(channel, payload) { await pool.query('SELECT pg_notify($1, $2)', [channel, payload]); },
    async close() { await listener?.end().catch(() => undefined); await pool.end(); },
  };
}

/** Streams `COPY (select) TO STDOUT (FORMAT binary)` on `client`, pausing while `onChunk`'s promise is pending. */
function copyOut(client: pg.PoolClient, select: string, onChunk: (c: Uint8Array) => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
    stream.on('data', (c: Buffer) => {
      const r = onChunk(c);
      if (r instanceof Promise) { stream.pause(); r.then(() => stream.resume(), (e) => { stream.destroy(e); }); }
    });
    stream.on('end', () => resolve());
    stream.on('error', reject);
  });
}
