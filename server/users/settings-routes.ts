// Per-user settings (spec 2 §7): street-level imagery (cyclomedia) and profile refresh state, layer settings per map
// context (PATCH replaces a context's settings; none deletes them), and the client configuration calls.
import type { FastifyInstance } from 'fastify';
import { authConfig } from '../auth/auth-config';
import { sendError } from '../auth/messages';
import { body } from './schemas';
import type { Db, Queryable } from '../db/db';

const MAP_CONTEXT = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,100}$' } as const;
const LAYER_SETTING = {
  type: 'object', additionalProperties: false, required: ['layerName'],
  properties: {
    id: { type: ['integer', 'null'] }, userId: { type: ['integer', 'null'] }, mapContext: MAP_CONTEXT,
    layerName: { type: 'string', minLength: 1, maxLength: 200 }, layerStyle: { type: ['string', 'null'], maxLength: 200 },
    opacity: { type: 'number', minimum: 0, maximum: 1 }, visible: { type: 'boolean' },
  },
} as const;
const LAYER_LIST = { type: 'array', maxItems: 2000, items: LAYER_SETTING } as const;
// Cyclomedia values are checked in the handler (scalars only): a typed union in the schema would let Fastify's type
// coercion turn true into 'true'.
const CYCLOMEDIA = { type: 'object', maxProperties: 50, additionalProperties: {} } as const;
const STAMP = { type: ['string', 'null'], maxLength: 100 } as const;
const PROFILE_STAMPS = { type: ['object', 'null'], maxProperties: 20, additionalProperties: STAMP } as const;
const STAMP_MAP = (value: object) => ({ type: 'object', maxProperties: 10000, additionalProperties: value }) as const;
const PROFILES = body({ profiles: STAMP_MAP(PROFILE_STAMPS), ignoreProfileRefreshTimeStamps: STAMP_MAP(STAMP) });

/** The first key whose value is not a string (≤ 2000), number, boolean or null. */
function badScalar(o: Record<string, unknown>): string | undefined {
  return Object.keys(o).find((k) => {
    const v = o[k];
    return !(v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 2000));
  });
}

interface LayerSetting { layerName: string; layerStyle?: string | null; mapContext?: string; opacity?: number; visible?: boolean }
interface LayerRow { id: number; user_id: number; map_context: string; layer_name: string; layer_style: string | null; opacity: number; visible: boolean }

const toApi = (r: LayerRow) => ({
  id: r.id, userId: r.user_id, mapContext: r.map_context, layerName: r.layer_name, layerStyle: r.layer_style,
  opacity: Number(r.opacity), visible: r.visible,
});

type Json = Record<string, unknown>;
/** Merges a patch into stored settings one level deep; a null value removes the key. */
function merge(stored: Json, patch: Json, depth: number): Json {
  const out: Json = { ...stored };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (depth > 0 && typeof v === 'object' && !Array.isArray(v)) out[k] = merge((out[k] as Json) ?? {}, v as Json, depth - 1);
    else out[k] = v;
  }
  return out;
}

type Kind = 'profiles' | 'cyclomedia';
const parse = (s: Json | string | undefined): Json => (typeof s === 'string' ? JSON.parse(s) : s ?? {});

/** A user's settings document of one kind ({} when none is stored). */
export async function getUserSettings(db: Queryable, userId: number, kind: Kind): Promise<Json> {
  const r = await db.query<{ settings: Json | string }>('SELECT settings FROM user_settings WHERE user_id = $1 AND kind = $2', [userId, kind]);
  return parse(r.rows[0]?.settings);
}

/** Merges `patch` into a user's settings document (`depth` levels deep, null removes a key); returns the result. */
export async function patchUserSettings(db: Db, userId: number, kind: Kind, patch: Json, depth: number): Promise<Json> {
  return db.tx(async (q) => {
    await q.query(`INSERT INTO user_settings (user_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, kind]);
    const r = await q.query<{ settings: Json | string }>('SELECT settings FROM user_settings WHERE user_id = $1 AND kind = $2 FOR UPDATE', [userId, kind]);
    const next = merge(parse(r.rows[0].settings), patch, depth);
    await q.query('UPDATE user_settings SET settings = $3::jsonb, updated_at = now() WHERE user_id = $1 AND kind = $2', [userId, kind, JSON.stringify(next)]);
    return next;
  });
}

export async function settingsRoutes(api: FastifyInstance): Promise<void> {
  const { db, config } = api.deps;
  const getSettings = (userId: number, kind: Kind) => getUserSettings(db, userId, kind);
  const patchSettings = (userId: number, kind: Kind, patch: Json, depth: number) => patchUserSettings(db, userId, kind, patch, depth);

  api.get('/user/settings/cyclomedia', async (req) => getSettings(req.user.id, 'cyclomedia'));
  api.patch('/user/settings/cyclomedia', { schema: { body: CYCLOMEDIA } }, async (req, reply) => {
    const bad = badScalar(req.body as Json);
    if (bad !== undefined) return reply.status(400).send({ error: 'bad_request', message: `body/${bad} must be a string of at most 2000 characters, a number, a boolean or null` });
    return patchSettings(req.user.id, 'cyclomedia', req.body as Json, 0);
  });

  api.get('/user/settings/profiles', async (req) => {
    const s = await getSettings(req.user.id, 'profiles');
    return { profiles: s.profiles ?? {}, ignoreProfileRefreshTimeStamps: s.ignoreProfileRefreshTimeStamps ?? {} };
  });
  api.patch('/user/settings/profiles', { schema: { body: PROFILES } }, async (req) => {
    const s = await patchSettings(req.user.id, 'profiles', req.body as Json, 1);
    return { profiles: s.profiles ?? {}, ignoreProfileRefreshTimeStamps: s.ignoreProfileRefreshTimeStamps ?? {} };
  });

  const listLayers = async (userId: number, ctx?: string) => (await db.query<LayerRow>(
    `SELECT * FROM layer_settings WHERE user_id = $1 ${ctx ? 'AND map_context = $2' : ''} ORDER BY map_context, id`,
    ctx ? [userId, ctx] : [userId])).rows.map(toApi);

  /** Replaces the settings of each map context named (one transaction); an empty list for a context deletes it. */
  async function replace(userId: number, byContext: Map<string, LayerSetting[]>): Promise<void> {
    await db.tx(async (q) => {
      for (const [ctx, items] of byContext) {
        await q.query('DELETE FROM layer_settings WHERE user_id = $1 AND map_context = $2', [userId, ctx]);
        for (const s of items) {
          await q.query(
            `INSERT INTO layer_settings (user_id, map_context, layer_name, layer_style, opacity, visible) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (user_id, map_context, layer_name) DO UPDATE SET layer_style = EXCLUDED.layer_style,
               opacity = EXCLUDED.opacity, visible = EXCLUDED.visible`,
            [userId, ctx, s.layerName, s.layerStyle ?? null, s.opacity ?? 1, s.visible ?? true]);
        }
      }
    });
  }

  api.get('/user/layer_setting', async (req) => listLayers(req.user.id));
  api.get('/user/layer_setting/:mapContext', {
    schema: { params: { type: 'object', required: ['mapContext'], properties: { mapContext: MAP_CONTEXT } } },
  }, async (req) => listLayers(req.user.id, (req.params as { mapContext: string }).mapContext));

  api.patch('/user/layer_setting', {
    schema: { body: LAYER_LIST, querystring: { type: 'object', additionalProperties: false, properties: { mapContext: MAP_CONTEXT } } },
  }, async (req, reply) => {
    const list = req.body as LayerSetting[];
    const qctx = (req.query as { mapContext?: string }).mapContext;
    const byContext = new Map<string, LayerSetting[]>();
    if (qctx) byContext.set(qctx, []);
    for (let i = 0; i < list.length; i++) {
      const ctx = list[i].mapContext ?? qctx;
      if (!ctx) return reply.status(400).send({ error: 'bad_request', message: `body/${i}/mapContext is required` });
      if (qctx && ctx !== qctx) return reply.status(400).send({ error: 'bad_request', message: `body/${i}/mapContext must be ${qctx}` });
      if (!byContext.has(ctx)) byContext.set(ctx, []);
      byContext.get(ctx)!.push(list[i]);
    }
    await replace(req.user.id, byContext);
    return (await listLayers(req.user.id)).filter((s) => byContext.has(s.mapContext));
  });

  api.patch('/user/layer_setting/:mapContext', {
    schema: { params: { type: 'object', required: ['mapContext'], properties: { mapContext: MAP_CONTEXT } }, body: LAYER_LIST },
  }, async (req, reply) => {
    const ctx = (req.params as { mapContext: string }).mapContext;
    const list = req.body as LayerSetting[];
    const bad = list.findIndex((s) => s.mapContext !== undefined && s.mapContext !== ctx);
    if (bad >= 0) return reply.status(400).send({ error: 'bad_request', message: `body/${bad}/mapContext must be ${ctx}` });
    await replace(req.user.id, new Map([[ctx, list]]));
    return listLayers(req.user.id, ctx);
  });

  api.delete('/user/layer_setting/:mapContext', {
    schema: { params: { type: 'object', required: ['mapContext'], properties: { mapContext: MAP_CONTEXT } } },
  }, async (req) => {
    const r = await db.query('DELETE FROM layer_settings WHERE user_id = $1 AND map_context = $2', [req.user.id, (req.params as { mapContext: string }).mapContext]);
    return { success: true, deleted: r.rowCount };
  });

  // Client configuration: public, read before sign-in.
  api.get('/config', { config: { public: true } }, async () => {
    const c = authConfig(config);
    return {
      languages: ['en', 'nl'], defaultLanguage: 'en', sessionCheckIntervalMs: 300_000,
      totpRequired: c.totpRequired, agreementRequired: c.agreementRequired, agreementVersion: c.agreementVersion,
      sso: { enabled: !!c.oidc }, signup: { enabled: c.signupEnabled, captchaSiteKey: c.captchaSiteKey },
      ssoEnabled: !!c.oidc, signupEnabled: c.signupEnabled, captchaSiteKey: c.captchaSiteKey,
      passwordMinLength: 8,
    };
  });

  api.get('/config/streetsmart', async (req, reply) => {
    const s = authConfig(config).streetsmart;
    if (!s) return sendError(req, reply, 404, 'not_found', { what: 'Configuration', id: 'streetsmart' });
    return { enabled: !!s.apiKey, apiKey: s.apiKey, url: s.url };
  });
}
