// PGlite (PostgreSQL compiled to WASM) as the embedded database: one instance per process, data under a directory.
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, QueryResult } from './db';

export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir && !dataDir.startsWith('memory://') ? { dataDir } : {});
  // PGlite runs one statement at a time; transactions must not interleave with other queries, so we serialise.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    // PGlite writes COPY … TO '/dev/blob' into the result's blob (one chunk)
    async copyOut(select: string, onChunk: (c: Uint8Array) => unknown): Promise<void> {
      const r = await q.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT binary)`);
      if (!r.blob) throw new Error('COPY returned no data');
      await onChunk(new Uint8Array(await r.blob.arrayBuffer()));
    },
  });
  const direct = wrap(pg);
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => direct.query(sql, params)),
    tx: (fn) => serial(() => pg.transaction((t) => fn(wrap(t)))),
    exec: (sql) => serial(async () => { await pg.exec(sql); }),
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => { await unsub(); };
    },
    notify: (channel, payload) => serial(async () => { await pg.query('SELECT pg_notify($1, $2)', [channel, payload]); }),
    async close() { await chain.catch(() => undefined); await pg.close(); },
  };
}
