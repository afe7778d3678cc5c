// Admin settings routes (policy admin.settings, issue 16): the sign-in settings (2FA required, agreement required and
// version, sign-up) stored in admin_setting over the environment and applied without a restart (auth-config.ts), the
// SSO provider shown read-only, and the layer offer per organisation (organisation_layer_offer). Every change is one
// transaction together with its audit entry in admin_event_log. GET /api/organisation/layer-offer gives any signed-in
// user the layers switched off for their own organisation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccessOrganisation, requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { baseAuthConfig, authConfig, loadSignInOverrides, signInOverrides, SIGN_IN_KEYS, type SignInKey } from '../auth/auth-config';
import { CATALOGUE } from '../../layers/catalogue';
import type { Queryable } from '../db/db';

export const ADMIN_SETTINGS_POLICY = 'admin.settings';
const settings = { onRequest: requirePolicy(ADMIN_SETTINGS_POLICY) };
const orgQuery = { type: 'object', additionalProperties: false, properties: { organisationId: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;

/** The organisation a request is about: the query's (root may name any existing one) or the caller's own. */
async function organisationOf(req: FastifyRequest, q: Queryable, requested?: number): Promise<number> {
  const id = requested ?? req.user.organisationId;
  if (!canAccessOrganisation(req.user, id)) throw new HttpError(404, 'not_found', `Organisation ${id} does not exist.`);
  const r = await q.query('SELECT 1 FROM organisations WHERE id = $1', [id]);
  if (!r.rows.length) throw new HttpError(404, 'not_found', `Organisation ${id} does not exist.`);
  return id;
}

async function audit(q: Queryable, organisationId: number | null, userId: number, type: string, detail: unknown): Promise<void> {
  await q.query('INSERT INTO admin_event_log (organisation_id, user_id, type, detail) VALUES ($1, $2, $3, $4::jsonb)',
    [organisationId, userId, type, JSON.stringify(detail)]);
}

async function hiddenLayers(q: Queryable, organisationId: number): Promise<Set<string>> {
  const r = await q.query<{ layer_name: string }>('SELECT layer_name FROM organisation_layer_offer WHERE organisation_id = $1 AND offered = false', [organisationId]);
  return new Set(r.rows.map((x) => x.layer_name));
}

export async function adminSettingsRoutes(api: FastifyInstance): Promise<void> {
  const { db, config } = api.deps;
  await loadSignInOverrides(config, db);

  api.get('/admin/settings', settings, async () => {
    const base = baseAuthConfig(config);
    const now = authConfig(config);
    const stored = signInOverrides(config);
    const oidc = base.oidc;
    return {
      signIn: Object.fromEntries(SIGN_IN_KEYS.map((k) => [k, { value: now[k], environment: base[k], stored: k in stored }])),
      sso: { configured: !!oidc, provider: oidc ? (oidc.issuer ?? oidc.authorizationEndpoint ?? null) : null },
      signupOrganisation: base.signupOrganisation, signupRole: base.signupRole,
    };
  });

  api.put<{ Body: Partial<Record<SignInKey, boolean | string | null>> }>('/admin/settings/sign-in', {
    ...settings,
    schema: {
      body: {
        type: 'object', additionalProperties: false, minProperties: 1,
        properties: {
          totpRequired: { type: ['boolean', 'null'] }, agreementRequired: { type: ['boolean', 'null'] }, signupEnabled: { type: ['boolean', 'null'] },
          agreementVersion: { type: ['string', 'null'], minLength: 1, maxLength: 50, pattern: '^\\S(.*\\S)?$' },
        },
      },
    },
  }, async (req) => {
    const before = authConfig(config);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    await db.tx(async (q) => {
      for (const [key, value] of Object.entries(req.body) as [SignInKey, boolean | string | null][]) {
        if (value === null) await q.query('DELETE FROM admin_setting WHERE key = $1', [key]);
        else {
          await q.query(`INSERT INTO admin_setting (key, value, updated_by) VALUES ($1, $2::jsonb, $3)
                         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
          [key, JSON.stringify(value), req.user.id]);
        }
        changes[key] = { from: before[key], to: value === null ? baseAuthConfig(config)[key] : value };
      }
      await audit(q, null, req.user.id, 'SIGN_IN_SETTINGS_CHANGED', { changes });
    });
    await loadSignInOverrides(config, db);
    const now = authConfig(config);
    return Object.fromEntries(SIGN_IN_KEYS.map((k) => [k, now[k]]));
  });

  api.get('/admin/settings/organisations', settings, async (req) => {
    const r = await db.query<{ id: number; name: string }>(
      'SELECT id, name FROM organisations WHERE $1::int IS NULL OR id = $1 ORDER BY name', [req.user.role === 'root' ? null : req.user.organisationId]);
    return r.rows;
  });

  api.get<{ Querystring: { organisationId?: number } }>('/admin/settings/layer-offer', { ...settings, schema: { querystring: orgQuery } }, async (req) => {
    const organisationId = await organisationOf(req, db, req.query.organisationId);
    const hidden = await hiddenLayers(db, organisationId);
    return {
      organisationId,
      layers: CATALOGUE.map((e) => ({ name: e.name, category: e.category, group: e.group, offered: !hidden.has(e.name) })),
    };
  });

  api.put<{ Body: { organisationId?: number; layers: { name: string; offered: boolean }[] } }>('/admin/settings/layer-offer', {
    ...settings,
    schema: {
      body: {
        type: 'object', required: ['layers'], additionalProperties: false,
        properties: {
          organisationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
          layers: {
            type: 'array', minItems: 1, maxItems: 1000,
            items: { type: 'object', required: ['name', 'offered'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, offered: { type: 'boolean' } } },
          },
        },
      },
    },
  }, async (req) => {
    const known = new Set(CATALOGUE.map((e) => e.name));
    const bad = req.body.layers.findIndex((l) => !known.has(l.name));
    if (bad >= 0) throw new HttpError(400, 'unknown_layer', `body/layers/${bad}/name: layer ${req.body.layers[bad].name} is not in the layer catalogue.`);
    const organisationId = await organisationOf(req, db, req.body.organisationId);
    await db.tx(async (q) => {
      await q.query(
        `INSERT INTO organisation_layer_offer (organisation_id, layer_name, offered, updated_by)
         SELECT $1, t.n, t.o, $4 FROM unnest($2::text[], $3::boolean[]) AS t(n, o)
         ON CONFLICT (organisation_id, layer_name) DO UPDATE SET offered = EXCLUDED.offered, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [organisationId, req.body.layers.map((l) => l.name), req.body.layers.map((l) => l.offered), req.user.id]);
      await audit(q, organisationId, req.user.id, 'LAYER_OFFER_CHANGED', { layers: req.body.layers });
    });
    return { organisationId, hidden: [...await hiddenLayers(db, organisationId)].sort() };
  });

  api.get<{ Querystring: { organisationId?: number } }>('/admin/settings/event_log', { ...settings, schema: { querystring: orgQuery } }, async (req) => {
    const organisationId = req.query.organisationId === undefined ? undefined : await organisationOf(req, db, req.query.organisationId);
    const r = await db.query<{ id: string; organisation_id: number | null; user_id: number | null; name: string | null; type: string; detail: unknown; created_at: Date | string }>(
      `SELECT e.id, e.organisation_id, e.user_id, u.name, e.type, e.detail, e.created_at FROM admin_event_log e LEFT JOIN users u ON u.id = e.user_id
        WHERE ($1::int IS NULL OR e.organisation_id = $1 OR e.organisation_id IS NULL) ORDER BY e.id DESC LIMIT 200`, [organisationId ?? null]);
    return {
      data: r.rows.map((e) => ({
        id: Number(e.id), organisationId: e.organisation_id, userId: e.user_id, userName: e.name, type: e.type, detail: e.detail,
        createdAt: new Date(e.created_at).toISOString(),
      })),
    };
  });

  api.get('/organisation/layer-offer', async (req) => {
    const hidden = await hiddenLayers(db, req.user.organisationId);
    return { organisationId: req.user.organisationId, hidden: [...hidden].sort() };
  });
}
