// GET /api/proxy (spec 3 §7, map image tiles): the target address comes in the X-Proxy-Target-Url header (or the
// `url` query the tile template carries; both must agree), the request type in X-Proxy-Request-Type (image by
// default); bearer session required. Only hosts on the allow-list are reached (external-config.ts). Image answers are
// passed on with their image type, PNG when the upstream names none; anything that is not an image → 502.
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { useStrictValidation } from '../network/validator';
import { externalConfig } from './external-config';
import { fetchUpstream } from './upstream';

export const TARGET_HEADER = 'x-proxy-target-url';
export const TYPE_HEADER = 'x-proxy-request-type';

/** Request types (MapLibre's resource types included) → what the answer must be. */
const KINDS: Record<string, 'image' | 'json' | 'text'> = {
  image: 'image', tile: 'image', spriteimage: 'image',
  json: 'json', source: 'json', style: 'json', spritejson: 'json',
  text: 'text', xml: 'text', unknown: 'text',
};
const ACCEPT = { image: 'image/png,image/*;q=0.9', json: 'application/json,*/*;q=0.5', text: '*/*' } as const;

/** Content type of image bytes by their signature (PNG, JPEG, GIF, WebP), or undefined. */
export function sniffImage(b: Buffer): string | undefined {
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && b.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

interface ProxyRequest { Querystring: { url?: string }; Headers: { [TARGET_HEADER]?: string; [TYPE_HEADER]?: string } }

export async function proxyRoutes(api: FastifyInstance): Promise<void> {
  useStrictValidation(api);
  api.get<ProxyRequest>('/proxy', {
    onRequest: requirePolicy('network.view'),
    schema: {
      querystring: { type: 'object', additionalProperties: false, properties: { url: { type: 'string', minLength: 1, maxLength: 8000 } } },
      headers: {
        type: 'object',
        properties: {
          [TARGET_HEADER]: { type: 'string', minLength: 1, maxLength: 8000 },
          [TYPE_HEADER]: { type: 'string', minLength: 1, maxLength: 40 },
        },
      },
    },
  }, async (req, reply) => {
    const header = req.headers[TARGET_HEADER];
    const query = req.query.url;
    const raw = header ?? query;
    if (!raw) throw new HttpError(400, 'bad_request', `headers/${TARGET_HEADER} is required (the target address; or querystring/url)`);
    if (header !== undefined && query !== undefined && header !== query) {
      throw new HttpError(400, 'bad_request', `headers/${TARGET_HEADER} does not match querystring/url`);
    }
    const field = header !== undefined ? `headers/${TARGET_HEADER}` : 'querystring/url';
    let target: URL;
    try { target = new URL(raw); } catch { throw new HttpError(400, 'bad_request', `${field} must be an absolute http or https address`); }
    const typeName = (req.headers[TYPE_HEADER] ?? 'image').toLowerCase();
    const kind = KINDS[typeName];
    if (!kind) throw new HttpError(400, 'bad_request', `headers/${TYPE_HEADER} must be one of ${Object.keys(KINDS).join(', ')}`);

    const cfg = externalConfig(req.server.deps.config);
    const up = await fetchUpstream(target, {
      allowed: cfg.proxyAllowedHosts, timeoutMs: cfg.proxyTimeoutMs, maxBytes: cfg.proxyMaxBytes, headers: { accept: ACCEPT[kind] },
    }, field);
    if (up.status < 200 || up.status >= 300) throw new HttpError(502, 'bad_gateway', `Upstream ${up.url.host} answered ${up.status}.`);

    let type = up.contentType.split(';')[0].trim().toLowerCase();
    if (kind === 'image') {
      const sniffed = sniffImage(up.body);
      if (!type.startsWith('image/')) {
        if (type && type !== 'application/octet-stream' && type !== 'binary/octet-stream') {
          throw new HttpError(502, 'bad_gateway', `Upstream ${up.url.host} did not answer an image (${type}).`);
        }
        type = sniffed ?? 'image/png';
      }
    } else if (kind === 'json' && !/json/.test(type)) {
      try { JSON.parse(up.body.toString('utf8')); } catch { throw new HttpError(502, 'bad_gateway', `Upstream ${up.url.host} did not answer JSON (${type || 'no type'}).`); }
      type = 'application/json';
    }
    reply.header('content-type', up.contentType && up.contentType.toLowerCase().startsWith(type) ? up.contentType : type);
    reply.header('cache-control', up.headers.get('cache-control') ?? 'private, max-age=300');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(up.body);
  });
}
