// Sending network reads: one consistent snapshot for the several queries of a read, If-None-Match → 304, gzip
// (level 1, cached with the body) for clients that accept it (streamed reads of large projects: send-stream.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Db, Queryable } from '../db/db';
import { gzipped, type Entry } from './cache';

const gzipAsync = promisify(gzip);
/** Bodies smaller than this go out uncompressed. */
const GZIP_MIN_BYTES = 16 * 1024;

/** Runs the reads of `fn` in one REPEATABLE READ, READ ONLY transaction (they see one state of the database). */
export function inSnapshot<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return db.tx(async (q) => {
    await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return fn(q);
  });
}

/** True when the request's If-None-Match names `etag` (or is *). */
export function notModified(req: FastifyRequest, etag: string): boolean {
  const h = req.headers['if-none-match'];
  if (!h) return false;
  return h.split(',').some((t) => { const x = t.trim().replace(/^W\//, ''); return x === etag || x === '*'; });
}

export function acceptsGzip(req: FastifyRequest): boolean {
  const h = req.headers['accept-encoding'];
  return typeof h === 'string' && /\bgzip\b(?!\s*;\s*q=0(\.0*)?\b)/i.test(h);
}

/** Sends a body (JSON, or the Arrow stream: `type`), gzipped when the client accepts it and it is large enough (the cache entry
 *  keeps the gzip). */
export async function sendBody(req: FastifyRequest, reply: FastifyReply, body: Buffer, entry?: Entry, type = 'application/json; charset=utf-8'): Promise<FastifyReply> {
  reply.type(type);
  if (body.length < GZIP_MIN_BYTES) return reply.send(body);
  reply.header('vary', 'accept, accept-encoding');
  if (!acceptsGzip(req)) return reply.send(body);
  const gz = entry ? await gzipped(entry) : await gzipAsync(body, { level: 1 });
  reply.header('content-encoding', 'gzip');
  return reply.send(gz);
}

