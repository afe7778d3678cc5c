// Management dashboard routes (policy management_dashboard, issue 16): the organisation's projects with type, step,
// owner, last save, in-use-by and lock state, filtered and searched on the server; and a project's event log with
// user names. Root sees every organisation (optionally one); everyone else only their own (another organisation's
// project answers 404). Unlock, restore and delete are the project routes (PATCH …/unlock, POST …/restore, DELETE).
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { projectFor, projectWire, type ProjectRow } from './access';
import { projectParams } from '../network/schemas';
import { withSummaries } from './summary';
import { eventsOf } from './event-log';

export const MANAGEMENT_POLICY = 'management_dashboard';
/** Marks in project_in_use older than this no longer count (the same window as GET …/in-use). */
const IN_USE_MINUTES = 15;

interface ListQuery { page: number; size: number; state: 'active' | 'deleted' | 'all'; locked?: boolean; search?: string; projectTypeId?: number; organisationId?: number }

export async function managementRoutes(api: FastifyInstance): Promise<void> {
  api.get<{ Querystring: ListQuery }>('/management/project/all', {
    onRequest: requirePolicy(MANAGEMENT_POLICY),
    schema: {
      querystring: {
        type: 'object', additionalProperties: false,
        properties: {
          page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 }, size: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
          state: { type: 'string', enum: ['active', 'deleted', 'all'], default: 'active' }, locked: { type: 'boolean' },
          search: { type: 'string', maxLength: 200 }, projectTypeId: { type: 'integer' }, organisationId: { type: 'integer' },
        },
      },
    },
  }, async (req) => {
    const { db } = req.server.deps;
    const q = req.query;
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: string, v: unknown) => { params.push(v); where.push(sql.replace('?', `$${params.length}`)); };
    // Organisation isolation: only root may look beyond its own organisation.
    if (req.user.role !== 'root') add('p.organisation_id = ?', req.user.organisationId);
    else if (q.organisationId !== undefined) add('p.organisation_id = ?', q.organisationId);
    if (q.state !== 'all') add('p.deleted = ?', q.state === 'deleted');
    if (q.projectTypeId !== undefined) add('p.project_type_id = ?', q.projectTypeId);
    if (q.locked === true) where.push('p.lock_operation_id IS NOT NULL AND (p.locked_until IS NULL OR p.locked_until > now())');
    if (q.locked === false) where.push('(p.lock_operation_id IS NULL OR p.locked_until <= now())');
    if (q.search) {
      const like = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      params.push(like);
      const i = params.length;
      where.push(`(p.name ILIKE $${i} OR pt.name ILIKE $${i} OR o.name ILIKE $${i} OR CAST(p.id AS text) = $${i + 1})`);
      params.push(q.search.trim());
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const from = `FROM project p JOIN project_type pt ON pt.id = p.project_type_id LEFT JOIN users o ON o.id = p.created_by
      LEFT JOIN organisations org ON org.id = p.organisation_id`;
    const total = await db.query<{ n: string }>(`SELECT count(*) AS n ${from} ${w}`, params);
    const r = await db.query<ProjectRow & { type_name: string; lock_reason: string | null; deleted_at: Date | string | null; organisation_name: string | null }>(
      `SELECT p.*, pt.family, pt.name AS type_name, org.name AS organisation_name ${from} ${w} ORDER BY p.updated_at DESC, p.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, q.size, q.page * q.size]);
    const ids = r.rows.map((p) => p.id);
    const use = await db.query<{ project_id: number; user_id: number; name: string | null; since: Date | string }>(
      `SELECT i.project_id, i.user_id, u.name, i.since FROM project_in_use i LEFT JOIN users u ON u.id = i.user_id
        WHERE i.project_id = ANY($1::int[]) AND i.since > now() - make_interval(mins => $2) ORDER BY i.since DESC`, [ids, IN_USE_MINUTES]);
    const inUse = new Map<number, { userId: number; name: string | null; since: string }[]>();
    for (const u of use.rows) {
      const list = inUse.get(u.project_id) ?? [];
      list.push({ userId: u.user_id, name: u.name, since: new Date(u.since).toISOString() });
      inUse.set(u.project_id, list);
    }
    const rows = r.rows.map((p) => ({
      ...projectWire(p, p.type_name), lockReason: projectWire(p).locked ? p.lock_reason : null,
      deletedAt: p.deleted_at ? new Date(p.deleted_at).toISOString() : null, inUse: inUse.get(p.id) ?? [], organisationName: p.organisation_name,
    }));
    return { data: await withSummaries(db, rows), page: q.page, size: q.size, total: Number(total.rows[0].n) };
  });

  api.get<{ Params: { projectId: number } }>('/management/project/:projectId/event_log', {
    onRequest: requirePolicy(MANAGEMENT_POLICY), schema: { params: projectParams },
  }, async (req, reply) => {
    const p = await projectFor(req, reply, req.params.projectId, { allowDeleted: true, ignoreLock: true });
    return { data: await eventsOf(req.server.deps.db, p.id) };
  });
}
