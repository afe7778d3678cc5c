// Project settings stores (spec 2 §7): the project settings under /fttx/settings for every project type (GET: stored
// settings over the type's template, common/settings; POST: checked against the template, 400 naming the field;
// DELETE: back to the defaults; export of one section) and the capex rule set (GET, POST set, validate, existing
// terminal demands). Settings profiles are profile-routes.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectHook, type ProjectRow } from './access';
import { projectParams } from '../network/schemas';
import { cabinetProblems, effectiveSettings, settingsProblems, templateFor, type SettingsProblem, type SettingsTemplate } from '../../common/settings/index';
import type { Queryable } from '../db/db';
import { organisationCatalogues, organisationTemplate } from '../materials/store';
import { withoutCatalogueModels } from '../../common/materials/catalogues';

type P = { projectId: number };
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

/** The settings template of a project: by its type, or its family's for a type common/settings does not list. */
export const projectTemplate = (p: Pick<ProjectRow, 'project_type_id' | 'family'>): SettingsTemplate => templateFor(p.project_type_id, p.family);

/** The settings a project stored (a partial document; {} when none). */
export async function storedSettings(q: Queryable, projectId: number): Promise<Record<string, unknown>> {
  const r = await q.query<{ settings: Record<string, unknown> }>('SELECT settings FROM fttx_settings WHERE project_id = $1', [projectId]);
  return r.rows[0]?.settings ?? {};
}

/** 400 {error, message: the first problem, problems: every problem}; nothing is stored. */
export function sendProblems(reply: FastifyReply, error: string, problems: SettingsProblem[]): FastifyReply {
  return reply.status(400).send({ error, message: problems[0].message, problems });
}

export async function settingsStoreRoutes(api: FastifyInstance): Promise<void> {
  const view = { onRequest: requirePolicy('project.view'), preHandler: projectHook() };
  const edit = { onRequest: requirePolicy('project.settings.edit'), preHandler: projectHook() };

  // ---- project settings (every project type, spec 2 §7 has only the fttx path) ----
  api.get<{ Params: P }>('/project/:projectId/fttx/settings', { ...view, schema: { params: projectParams } }, async (req) => {
    const p = current(req);
    return effectiveSettings(await organisationTemplate(req.server.deps.db, p), await storedSettings(req.server.deps.db, p.id));
  });
  api.post<{ Params: P; Body: Record<string, unknown> }>('/project/:projectId/fttx/settings', { ...edit, schema: { params: projectParams, body: settingsBody } }, async (req, reply) => {
    const p = current(req);
    // the organisation's material catalogues over the template (issue 16): their rows are the defaults, their AP/OAP
    // models the choices; the cabinet catalogue's own errors first (spec 2 §8), then the template's
    const t = await organisationTemplate(req.server.deps.db, p);
    const cabinets = withoutCatalogueModels(req.body, await organisationCatalogues(req.server.deps.db, p.organisation_id));
    const problems = [...cabinetProblems(p.project_type_id, cabinets), ...settingsProblems(t, req.body)];
    if (problems.length) return sendProblems(reply, 'invalid_settings', problems);
    await req.server.deps.db.query(`INSERT INTO fttx_settings (project_id, settings) VALUES ($1, $2::jsonb)
      ON CONFLICT (project_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`, [p.id, JSON.stringify(req.body)]);
    return effectiveSettings(t, req.body);
  });
  api.delete<{ Params: P }>('/project/:projectId/fttx/settings', { ...edit, schema: { params: projectParams } }, async (req) => {
    const r = await req.server.deps.db.query('DELETE FROM fttx_settings WHERE project_id = $1', [current(req).id]);
    return { deleted: r.rowCount };
  });
  api.post<{ Params: P; Body: { settingsKey: string } }>('/project/:projectId/fttx/settings/export', {
    ...view, schema: { params: projectParams, body: { type: 'object', required: ['settingsKey'], additionalProperties: false, properties: { settingsKey: { type: 'string', minLength: 1, maxLength: 100 } } } },
  }, async (req, reply) => {
    const p = current(req);
    const all = effectiveSettings(await organisationTemplate(req.server.deps.db, p), await storedSettings(req.server.deps.db, p.id));
    const key = req.body.settingsKey;
    if (!Object.prototype.hasOwnProperty.call(all, key)) throw new HttpError(404, 'not_found', `Settings section ${key} does not exist.`);
    reply.header('content-disposition', `attachment; filename="project-${p.id}-${key.replace(/[^\w-]/g, '_')}.json"`);
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
}
