// Project settings stores (spec 2 §7): fttx settings (GET/POST/DELETE, export of one section), the capex rule set
// (GET, POST set, validate, existing terminal demands), and settings profiles of the caller's organisation.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectHook } from './access';
import { projectParams } from '../network/schemas';
import { defaultFttxSettings } from './defaults';

type P = { projectId: number };
export const PROFILE_TYPES = ['trenchProfile', 'cableTypes', 'transformerTypes', 'weights', 'clashDetection', 'routeAnalysis',
  'routeDetermination', 'conduits', 'carriers', 'mainProfile'] as const;
const settingsBody = { type: 'object', maxProperties: 200 } as const;
const ruleSetSchema = {
  type: 'object', required: ['terminal_types'], additionalProperties: true,
  properties: { terminal_types: { type: 'array', maxItems: 1000, items: { type: 'object' } } },
} as const;
interface RuleSet { terminal_types: { terminal_type?: unknown; demand?: unknown }[] }

/** Problems of a capex rule set: each terminal type named once, demand a number ≥ 0. */
export function ruleSetProblems(rs: RuleSet): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  rs.terminal_types.forEach((t, i) => {
    if (typeof t.terminal_type !== 'string' || !t.terminal_type.trim()) out.push(`terminal_types/${i}/terminal_type must be a non-empty string`);
    else if (seen.has(t.terminal_type)) out.push(`terminal_types/${i}/terminal_type ${t.terminal_type} occurs twice`);
    else seen.add(t.terminal_type);
    if (typeof t.demand !== 'number' || !Number.isFinite(t.demand) || t.demand < 0) out.push(`terminal_types/${i}/demand must be a number ≥ 0`);
  });
  return out;
}

const profileWire = (r: { uuid: string; name: string; project_type_id: number | null; type: string; organisation_id: number; settings: unknown; created_at: string; updated_at: string }) =>
  ({ uuid: r.uuid, name: r.name, project_type_id: r.project_type_id, type: r.type, organisation_id: r.organisation_id, settings: r.settings, created_at: r.created_at, updated_at: r.updated_at });

export async function settingsStoreRoutes(api: FastifyInstance): Promise<void> {
  const view = { onRequest: requirePolicy('project.view'), preHandler: projectHook() };
  const edit = { onRequest: requirePolicy('project.settings.edit'), preHandler: projectHook() };

  // ---- fttx settings ----
  api.get<{ Params: P }>('/project/:projectId/fttx/settings', { ...view, schema: { params: projectParams } }, async (req) => {
    const r = await req.server.deps.db.query<{ settings: Record<string, unknown> }>('SELECT settings FROM fttx_settings WHERE project_id = $1', [current(req).id]);
    return r.rows[0]?.settings ?? defaultFttxSettings();
  });
  api.post<{ Params: P; Body: Record<string, unknown> }>('/project/:projectId/fttx/settings', { ...edit, schema: { params: projectParams, body: settingsBody } }, async (req) => {
    await req.server.deps.db.query(`INSERT INTO fttx_settings (project_id, settings) VALUES ($1, $2::jsonb)
      ON CONFLICT (project_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`, [current(req).id, JSON.stringify(req.body)]);
    return req.body;
  });
  api.delete<{ Params: P }>('/project/:projectId/fttx/settings', { ...edit, schema: { params: projectParams } }, async (req) => {
    const r = await req.server.deps.db.query('DELETE FROM fttx_settings WHERE project_id = $1', [current(req).id]);
    return { deleted: r.rowCount };
  });
  api.post<{ Params: P; Body: { settingsKey: string } }>('/project/:projectId/fttx/settings/export', {
    ...view, schema: { params: projectParams, body: { type: 'object', required: ['settingsKey'], additionalProperties: false, properties: { settingsKey: { type: 'string', minLength: 1, maxLength: 100 } } } },
  }, async (req, reply) => {
    const r = await req.server.deps.db.query<{ settings: Record<string, unknown> }>('SELECT settings FROM fttx_settings WHERE project_id = $1', [current(req).id]);
    const all = r.rows[0]?.settings ?? defaultFttxSettings();
    const key = req.body.settingsKey;
    if (!Object.prototype.hasOwnProperty.call(all, key)) throw new HttpError(404, 'not_found', `Settings section ${key} does not exist.`);
    reply.header('content-disposition', `attachment; filename="project-${current(req).id}-${key.replace(/[^\w-]/g, '_')}.json"`);
    return { settingsKey: key, settings: all[key] };
  });

  // ---- capex rule set ----
  const rs = '/project/:projectId/capex/rule_set';
  api.get<{ Params: P }>(rs, { ...view, schema: { params: projectParams } }, async (req) => {
    const r = await req.server.deps.db.query<{ rule_set: RuleSet }>('SELECT rule_set FROM capex_rule_set WHERE project_id = $1', [current(req).id]);
    return r.rows[0]?.rule_set ?? { terminal_types: [] };
  });
  api.post<{ Params: P; Body: RuleSet }>(rs, { ...edit, schema: { params: projectParams, body: ruleSetSchema } }, async (req) => {
    const problems = ruleSetProblems(req.body);
    if (problems.length) throw new HttpError(400, 'invalid_rule_set', problems[0]);
    await req.server.deps.db.query(`INSERT INTO capex_rule_set (project_id, rule_set) VALUES ($1, $2::jsonb)
      ON CONFLICT (project_id) DO UPDATE SET rule_set = EXCLUDED.rule_set, updated_at = now()`, [current(req).id, JSON.stringify(req.body)]);
    return req.body;
  });
  api.get<{ Params: P }>(`${rs}/validate`, { ...view, schema: { params: projectParams } }, async (req) => {
    const r = await req.server.deps.db.query<{ rule_set: RuleSet }>('SELECT rule_set FROM capex_rule_set WHERE project_id = $1', [current(req).id]);
    const problems = ruleSetProblems(r.rows[0]?.rule_set ?? { terminal_types: [] });
    return { valid: problems.length === 0, problems };
  });
  api.post<{ Params: P; Body: RuleSet }>(`${rs}/validate`, { ...view, schema: { params: projectParams, body: ruleSetSchema } }, async (req) => {
    const problems = ruleSetProblems(req.body);
    return { valid: problems.length === 0, problems };
  });
  api.get<{ Params: P }>(`${rs}/existing_terminal_demands`, { ...view, schema: { params: projectParams } }, async (req) => {
    // Customer connections of the project grouped by building type; demand is the sum of their demand attribute.
    const r = await req.server.deps.db.query<{ terminal_type: string; demand: string }>(
      `SELECT coalesce(bt.value, 'lowRise') AS terminal_type, sum(coalesce(NULLIF(d.value, '')::numeric, 1)) AS demand
         FROM object_instance i JOIN object_type ot ON ot.id = i.object_type_id AND ot.name = 'customer_connection'
         LEFT JOIN attribute_value bt ON bt.project_id = i.project_id AND bt.object_instance_id = i.id AND bt.attribute_type_name = 'building_type'
         LEFT JOIN attribute_value d ON d.project_id = i.project_id AND d.object_instance_id = i.id AND d.attribute_type_name = 'demand' AND d.value ~ '^[0-9]+$'
        WHERE i.project_id = $1 GROUP BY 1 ORDER BY 1`, [current(req).id]);
    return r.rows.map((x) => ({ terminal_type: x.terminal_type, demand: Number(x.demand) }));
  });

  // ---- profiles (per organisation) ----
  const profileBody = {
    type: 'object', required: ['name', 'type', 'settings'], additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 200 }, type: { type: 'string', enum: PROFILE_TYPES },
      project_type_id: { type: ['integer', 'null'] }, settings: { type: 'object', maxProperties: 500 },
    },
  } as const;
  type ProfileBody = { name: string; type: string; project_type_id?: number | null; settings: Record<string, unknown> };
  const listWhere = async (req: { server: FastifyInstance; user: { organisationId: number } }, where: string, param?: unknown) => {
    const r = await req.server.deps.db.query<Parameters<typeof profileWire>[0]>(
      `SELECT * FROM profile WHERE organisation_id = $1 ${where} ORDER BY name, uuid`, param === undefined ? [req.user.organisationId] : [req.user.organisationId, param]);
    return r.rows.map(profileWire);
  };
  const uuidParams = { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } } } as const;
  const checkType = async (req: { server: FastifyInstance }, id: number | null | undefined) => {
    if (id === null || id === undefined) return;
    const r = await req.server.deps.db.query('SELECT 1 FROM project_type WHERE id = $1', [id]);
    if (!r.rows.length) throw new HttpError(400, 'unknown_project_type', `project_type_id ${id} does not exist.`);
  };

  api.get('/profile', { onRequest: requirePolicy('project.view') }, async (req) => listWhere(req, ''));
  api.get<{ Params: { id: string } }>('/profile/profile_type/:id', {
    onRequest: requirePolicy('project.view'), schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', enum: PROFILE_TYPES } } } },
  }, async (req) => listWhere(req, 'AND type = $2', req.params.id));
  api.get<{ Params: { id: number } }>('/profile/project_type/:id', {
    onRequest: requirePolicy('project.view'), schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 0, maximum: 2147483647 } } } },
  }, async (req) => listWhere(req, 'AND (project_type_id = $2 OR project_type_id IS NULL)', req.params.id));
  api.post<{ Body: ProfileBody }>('/profile', { onRequest: requirePolicy('profile.edit'), schema: { body: profileBody } }, async (req, reply) => {
    await checkType(req, req.body.project_type_id);
    const r = await req.server.deps.db.query<Parameters<typeof profileWire>[0]>(
      `INSERT INTO profile (organisation_id, uuid, name, project_type_id, type, settings) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING *`,
      [req.user.organisationId, randomUUID(), req.body.name, req.body.project_type_id ?? null, req.body.type, JSON.stringify(req.body.settings)]);
    return reply.status(201).send(profileWire(r.rows[0]));
  });
  api.put<{ Params: { uuid: string }; Body: ProfileBody }>('/profile/:uuid', { onRequest: requirePolicy('profile.edit'), schema: { params: uuidParams, body: profileBody } }, async (req) => {
    await checkType(req, req.body.project_type_id);
    const r = await req.server.deps.db.query<Parameters<typeof profileWire>[0]>(
      `UPDATE profile SET name = $3, project_type_id = $4, type = $5, settings = $6::jsonb, updated_at = now()
        WHERE organisation_id = $1 AND uuid = $2 RETURNING *`,
      [req.user.organisationId, req.params.uuid, req.body.name, req.body.project_type_id ?? null, req.body.type, JSON.stringify(req.body.settings)]);
    if (!r.rows[0]) throw new HttpError(404, 'not_found', `Profile ${req.params.uuid} does not exist.`);
    return profileWire(r.rows[0]);
  });
  api.delete<{ Params: { uuid: string } }>('/profile/:uuid', { onRequest: requirePolicy('profile.edit'), schema: { params: uuidParams } }, async (req) => {
    const r = await req.server.deps.db.query('DELETE FROM profile WHERE organisation_id = $1 AND uuid = $2', [req.user.organisationId, req.params.uuid]);
    if (!r.rowCount) throw new HttpError(404, 'not_found', `Profile ${req.params.uuid} does not exist.`);
    return { deleted: 1 };
  });
}
