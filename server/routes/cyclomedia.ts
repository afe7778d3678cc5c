// Street-level imagery calls (spec 2 §7, spec 3 §7): POST /api/cyclomedia/verify checks credentials against the
// configured street-level service; GET /api/cyclomedia/atlas?userId gives the atlas (aerial imagery) address when that
// user has street-level credentials in their settings; GET /api/cyclomedia/surface-types reads the surface types WFS
// for a bbox. Not configured → 404 cyclomedia_disabled. Addresses: server/routes/external-config.ts.
import type { FastifyInstance } from 'fastify';
import { canAccessOrganisation, hasPolicy, requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { useStrictValidation } from '../network/validator';
import { externalConfig, type CyclomediaConfig } from './external-config';
import { fetchUpstream } from './upstream';

const disabled = (what: string) => new HttpError(404, 'cyclomedia_disabled', `Street-level imagery (${what}) is not configured on this server.`);

function apiKeyHeader(c: CyclomediaConfig): Record<string, string> {
  return c.apiKey ? { apikey: c.apiKey } : {};
}

const BBOX = '^\\s*-?\\d+(\\.\\d+)?(e[+-]?\\d+)?(\\s*,\\s*-?\\d+(\\.\\d+)?(e[+-]?\\d+)?){3}(\\s*,\\s*[A-Za-z0-9:._-]{1,60})?\\s*$';
const SRS = '^(EPSG:\\d{4,6}|urn:ogc:def:crs:EPSG::\\d{4,6})$';

/** Parses `minx,miny,maxx,maxy[,crs]`; 400 naming querystring/bbox when the box is empty or inverted. */
export function parseBbox(text: string): { box: [number, number, number, number]; crs?: string } {
  const parts = text.split(',').map((p) => p.trim());
  const box = parts.slice(0, 4).map(Number) as [number, number, number, number];
  if (box.some((n) => !Number.isFinite(n)) || box[0] >= box[2] || box[1] >= box[3]) {
    throw new HttpError(400, 'bad_request', 'querystring/bbox must be minx,miny,maxx,maxy with min < max');
  }
  return { box, crs: parts[4] };
}

export async function cyclomediaRoutes(api: FastifyInstance): Promise<void> {
  useStrictValidation(api);
  api.post<{ Body: { username: string; password: string } }>('/cyclomedia/verify', {
    schema: {
      body: {
        type: 'object', required: ['username', 'password'], additionalProperties: false,
        properties: { username: { type: 'string', minLength: 1, maxLength: 200 }, password: { type: 'string', minLength: 1, maxLength: 500 } },
      },
    },
  }, async (req) => {
    const c = externalConfig(req.server.deps.config).cyclomedia;
    if (!c.verifyUrl) throw disabled('verify');
    const basic = Buffer.from(`${req.body.username}:${req.body.password}`, 'utf8').toString('base64');
    const up = await fetchUpstream(new URL(c.verifyUrl), {
      timeoutMs: 15_000, maxBytes: 1024 * 1024, headers: { authorization: `Basic ${basic}`, ...apiKeyHeader(c) },
    });
    if (up.status >= 200 && up.status < 300) return { success: true };
    if (up.status === 401 || up.status === 403) return { success: false, error: 'credentials_invalid' };
    throw new HttpError(502, 'bad_gateway', `Street-level service answered ${up.status}.`);
  });

  api.get<{ Querystring: { userId: number } }>('/cyclomedia/atlas', {
    schema: {
      querystring: {
        type: 'object', required: ['userId'], additionalProperties: false,
        properties: { userId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
      },
    },
  }, async (req) => {
    const { userId } = req.query;
    const self = userId === req.user.id;
    if (!self && !hasPolicy(req.user, 'user.view')) throw new HttpError(403, 'forbidden', 'querystring/userId: only your own atlas address, unless you may view users');
    const r = await req.server.deps.db.query<{ organisation_id: number; settings: Record<string, unknown> | string | null }>(
      `SELECT u.organisation_id, s.settings FROM users u
         LEFT JOIN user_settings s ON s.user_id = u.id AND s.kind = 'cyclomedia'
        WHERE u.id = $1 AND u.deleted_at IS NULL`, [userId]);
    const row = r.rows[0];
    if (!row || !canAccessOrganisation(req.user, row.organisation_id)) throw new HttpError(404, 'not_found', `User ${userId} does not exist.`);
    const settings = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings ?? {}) as Record<string, unknown>;
    const hasCredentials = typeof settings.username === 'string' && settings.username !== '';
    const atlas = externalConfig(req.server.deps.config).cyclomedia.atlasUrl;
    return { userId, atlas: hasCredentials && atlas ? atlas : null };
  });

  api.get<{ Querystring: { bbox: string; srsName?: string; typeName?: string; typename?: string; outputFormat?: string; service?: string; version?: string; request?: string } }>('/cyclomedia/surface-types', {
    onRequest: requirePolicy('network.view'),
    schema: {
      querystring: {
        type: 'object', required: ['bbox'], additionalProperties: false,
        properties: {
          bbox: { type: 'string', pattern: BBOX, maxLength: 200 }, srsName: { type: 'string', pattern: SRS },
          // WFS parameters a layer loader sends along; the service's own type name and JSON are always used.
          typeName: { type: 'string', maxLength: 100 }, typename: { type: 'string', maxLength: 100 },
          outputFormat: { type: 'string', maxLength: 100 }, service: { type: 'string', maxLength: 10 },
          version: { type: 'string', maxLength: 10 }, request: { type: 'string', maxLength: 30 },
        },
      },
    },
  }, async (req) => {
    const c = externalConfig(req.server.deps.config).cyclomedia;
    const { box, crs } = parseBbox(req.query.bbox);
    const srs = req.query.srsName ?? 'EPSG:3857';
    if (!c.surfaceTypesUrl) throw disabled('surface types');
    const url = new URL(c.surfaceTypesUrl);
    const params: Record<string, string> = {
      service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: c.surfaceTypesTypeName,
      outputFormat: 'application/json', srsName: srs, bbox: `${box.join(',')},${crs ?? srs}`,
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const up = await fetchUpstream(url, { timeoutMs: 30_000, maxBytes: 50 * 1024 * 1024, headers: { accept: 'application/json', ...apiKeyHeader(c) } });
    if (up.status === 401 || up.status === 403) throw new HttpError(403, 'not_authorized', 'Not authorized');
    if (up.status < 200 || up.status >= 300) throw new HttpError(502, 'bad_gateway', `Surface types service answered ${up.status}.`);
    let fc: { type?: unknown; features?: unknown };
    try { fc = JSON.parse(up.body.toString('utf8')); } catch { throw new HttpError(502, 'bad_gateway', 'Surface types service did not answer JSON.'); }
    if (fc?.type !== 'FeatureCollection' || !Array.isArray(fc.features)) throw new HttpError(502, 'bad_gateway', 'Surface types service did not answer a FeatureCollection.');
    return fc;
  });
}
