// Statistics routes (issue 16, policy workflow.statistics.view):
// GET /api/statistics/project/{projectId} — one project (project access rules: 404 for unknown, deleted or another
// organisation's project); GET /api/statistics/organisation[?organisationId] — every project of the organisation
// (root may name another) with totals. Computed with aggregate SQL over the network tables (queries.ts).
import type { FastifyInstance } from 'fastify';
import { canAccessOrganisation, requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import type { Queryable } from '../db/db';
import { trenchCostEntries } from '../../engine/capex/index';
import { projectFor } from '../projects/access';
import type { ObjectCounts, ProjectStatistics } from '../../common/statistics/types';
import { organisationStatistics, projectStatistics, settingsOf, TRENCH_TYPES } from './compute';
import { lineGroups, objectCounts, projectRows, validationRates, type ProjectRowStat } from './queries';

/** The statistics of projects, from aggregate SQL (also used by bench/statistics.bench.ts). */
export async function statisticsOf(q: Queryable, projects: ProjectRowStat[]) {
  const ids = projects.map((p) => p.id);
  const costNames = [...new Set(projects.flatMap((p) => (trenchCostEntries(settingsOf(p)) ?? []).map((e) => e.name)))];
  const [groups, counts, validation] = await Promise.all([lineGroups(q, ids, TRENCH_TYPES, costNames), objectCounts(q, ids), validationRates(q, ids)]);
  const stats: ProjectStatistics[] = projects.map((p) => {
    const objects: ObjectCounts = { node: 0, edge: 0, path: 0 };
    for (const c of counts) if (c.project_id === p.id && c.kind in objects) objects[c.kind as keyof ObjectCounts] = c.count;
    return projectStatistics(p, groups.filter((g) => g.project_id === p.id), objects, validation.filter((v) => v.project_id === p.id));
  });
  return { stats, validation };
}

export async function statisticsRoutes(api: FastifyInstance): Promise<void> {
  const db = api.deps.db;
  const view = requirePolicy('workflow.statistics.view');

  api.get<{ Params: { projectId: number } }>('/statistics/project/:projectId', {
    onRequest: view,
    schema: { params: { type: 'object', required: ['projectId'], properties: { projectId: { type: 'integer', minimum: 1 } } } },
  }, async (req, reply) => {
    await projectFor(req, reply, req.params.projectId, { ignoreLock: true });
    const rows = await projectRows(db, { projectId: req.params.projectId });
    return (await statisticsOf(db, rows)).stats[0];
  });

  api.get<{ Querystring: { organisationId?: number } }>('/statistics/organisation', {
    onRequest: view,
    schema: { querystring: { type: 'object', additionalProperties: false, properties: { organisationId: { type: 'integer', minimum: 1 } } } },
  }, async (req) => {
    const org = req.query.organisationId ?? req.user.organisationId;
    const known = await db.query('SELECT 1 FROM organisations WHERE id = $1', [org]);
    if (!known.rows.length || !canAccessOrganisation(req.user, org)) throw new HttpError(404, 'not_found', `Organisation ${org} does not exist.`);
    const rows = await projectRows(db, { organisationId: org });
    const { stats, validation } = await statisticsOf(db, rows);
    return organisationStatistics(org, stats, validation);
  });
}
