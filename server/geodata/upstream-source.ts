// External sources of the reference services (spec 3 §7, issue 12): a request for a reference layer that has no
// stored data is forwarded to the upstream configured for its family — GEODATA_UPSTREAM_URL for /api/geodata…,
// COCON_UPSTREAM_URL for /api/cocon… — through upstream.ts (http(s), time and size limits of the proxy settings, no
// session token sent on); with no upstream configured it is answered 503 source_not_configured naming the layer and
// the missing setting. Settings are read from the environment once per server; tests replace them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { HttpError } from '../auth/messages';
import { externalConfig } from '../routes/external-config';
import { fetchUpstream } from '../routes/upstream';

export type SourceFamily = 'geodata' | 'cocon';

/** The environment variable naming each family's upstream base address. */
export const UPSTREAM_SETTING: Record<SourceFamily, string> = { geodata: 'GEODATA_UPSTREAM_URL', cocon: 'COCON_UPSTREAM_URL' };

export type UpstreamUrls = Record<SourceFamily, string>;

const cache = new WeakMap<ServerConfig, UpstreamUrls>();

export function upstreamUrls(config: ServerConfig): UpstreamUrls {
  let c = cache.get(config);
  if (!c) {
    c = { geodata: (process.env.GEODATA_UPSTREAM_URL ?? '').trim(), cocon: (process.env.COCON_UPSTREAM_URL ?? '').trim() };
    cache.set(config, c);
  }
  return c;
}

/** Replaces a server's upstream addresses ('' = not configured); tests point them at a fake upstream on loopback. */
export function setUpstreamUrls(config: ServerConfig, patch: Partial<UpstreamUrls>): void {
  cache.set(config, { ...upstreamUrls(config), ...patch });
}

/** The 503 answer for layers without stored data and without an upstream. */
export function notConfigured(family: SourceFamily, layers: string[]): HttpError {
  const list = layers.join(', ');
  const what = layers.length === 1 ? `Reference layer ${list} has` : `Reference layers ${list} have`;
  return new HttpError(503, 'source_not_configured', `${what} no stored data and ${UPSTREAM_SETTING[family]} is not set.`);
}

/**
 * Forwards the request (`subPath` under the family's base, the caller's query string unchanged) to the configured
 * upstream and passes a 2xx answer on with its type; a non-2xx upstream answer → 502 bad_gateway naming host and
 * status. Without an upstream → 503 source_not_configured naming `layers`.
 */
export async function forwardOrFail(req: FastifyRequest, reply: FastifyReply, family: SourceFamily, subPath: string, layers: string[]): Promise<FastifyReply> {
  const base = upstreamUrls(req.server.deps.config)[family];
  if (!base) throw notConfigured(family, layers);
  let target: URL;
  try { target = new URL(base.replace(/\/+$/, '') + subPath); } catch {
    throw new HttpError(503, 'source_not_configured', `${UPSTREAM_SETTING[family]} is not a valid http or https address.`);
  }
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
  if (query) target.search = query;
  const ext = externalConfig(req.server.deps.config);
  const up = await fetchUpstream(target, { timeoutMs: ext.proxyTimeoutMs, maxBytes: ext.proxyMaxBytes }, UPSTREAM_SETTING[family]);
  if (up.status < 200 || up.status >= 300) throw new HttpError(502, 'bad_gateway', `Upstream ${up.url.host} answered ${up.status} for ${layers.join(', ')}.`);
  reply.header('content-type', up.contentType || 'application/octet-stream');
  reply.header('cache-control', up.headers.get('cache-control') ?? 'private, max-age=300');
  reply.header('x-reference-source', 'upstream');
  return reply.send(up.body);
}
