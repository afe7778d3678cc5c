// Streamed whole-project network reads of large projects (more than NETWORK_STREAM_MIN_OBJECTS network objects):
// the body is written page by page from one snapshot (read-stream.ts) straight to the socket, gzip level 1 when
// accepted, with back-pressure; a body that fits the cache is remembered for the next read. The ETag names the version.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createGzip } from 'node:zlib';
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { Db, Queryable } from '../db/db';
import { acceptsGzip, inSnapshot } from './send';
import { cacheLimit, etagOf, networkVersion, remember } from './cache';
import { streamNetwork } from './read-stream';
import type { NetworkFilter } from './read';

/** Whole-project reads of projects with more network objects than this are streamed page by page (read-stream.ts). */
export function streamMinObjects(): number { return Number(process.env.NETWORK_STREAM_MIN_OBJECTS ?? 300_000); }

/** True when the project has more than `streamMinObjects()` network objects (counts at most that many index entries). */
export async function isLargeNetwork(q: Queryable, projectId: number): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM network_object WHERE project_id = $1 OFFSET $2 LIMIT 1', [projectId, streamMinObjects()]);
  return r.rows.length > 0;
}

/**
 * Sends a whole-project read as a stream (gzip level 1 when accepted): `produce` writes the body in chunks inside one
 * snapshot; the writer waits while the socket is full. `done` gets the body when it fit in `keepBytes` (for the
 * cache). A client that goes away ends the read.
 */
function sendStream(req: FastifyRequest, reply: FastifyReply, db: Db, produce: (q: Queryable, write: (c: Buffer) => Promise<void>) => Promise<void>,
  keepBytes: number, done?: (body: Buffer) => void): FastifyReply {
  reply.type('application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  const body = new PassThrough();
  const gz = acceptsGzip(req);
  const out = gz ? createGzip({ level: 1 }) : body;
  if (gz) { reply.header('content-encoding', 'gzip'); body.pipe(out); }
  const kept: Buffer[] = [];
  let keptBytes = 0;
  const write = async (c: Buffer): Promise<void> => {
    if (out.destroyed || req.raw.destroyed) throw new Error('client went away');
    if (keptBytes >= 0) { keptBytes += c.length; if (keptBytes > keepBytes) { kept.length = 0; keptBytes = -1; } else kept.push(c); }
    if (!body.write(c)) await once(body, 'drain');
  };
  inSnapshot(db, (q) => produce(q, write)).then(() => {
    body.end();
    if (keptBytes >= 0 && done) done(Buffer.concat(kept));
  }, (err: Error) => {
    req.log.warn({ err }, 'network stream ended early');
    body.destroy(err);
    if (gz) out.destroy(err);
  });
  return reply.send(out);
}

/** Streams the whole-project read `f` of project `pid` (cache key `key`) and caches the body when it fits. */
export function sendLargeNetwork(req: FastifyRequest, reply: FastifyReply, db: Db, pid: number, f: NetworkFilter, key: string, dbId: string): FastifyReply {
  let version = '';
  return sendStream(req, reply, db, async (q, write) => {
    version = await networkVersion(q, pid);
    await streamNetwork(q, pid, f, write, '{"data":', '}');
  }, cacheLimit(), (body) => { remember(db, `${pid}|${key}`, { version, etag: etagOf(dbId, pid, version, key), body }); });
}
