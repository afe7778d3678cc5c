// The bytes of an upload in and out of the upload table (bytea). PGlite (PostgreSQL in WASM) serialises a bytea
// parameter and a bytea result byte by byte as hex text: a 22 MB GeoPackage took 18 s to store and 3.6 s to read
// (bench/upload.bench.ts). As base64 text through decode()/encode() PGlite takes about a tenth of that; `pg` on a real
// PostgreSQL sends a Buffer parameter as is, and reads base64 text faster than hex bytea as well.
import type { Db, Queryable } from '../db/db';

export interface StoredUpload { filename: string; content: Buffer }

/** SQL expression and parameter value for the bytes, in the form this database takes fastest. */
export function bytesParam(db: Pick<Db, 'kind'>, n: number, bytes: Buffer): [string, Buffer | string] {
  return db.kind === 'pglite' ? [`decode($${n}, 'base64')`, bytes.toString('base64')] : [`$${n}`, bytes];
}

/** Reads an upload of an organisation, or undefined when there is none with that uuid. */
export async function readUpload(q: Queryable, organisationId: number, uuid: string): Promise<StoredUpload | undefined> {
  const row = (await q.query<{ filename: string; content: string }>(
    `SELECT filename, encode(content, 'base64') AS content FROM upload WHERE organisation_id = $1 AND uuid = $2`, [organisationId, uuid])).rows[0];
  return row && { filename: row.filename, content: Buffer.from(row.content, 'base64') };
}
