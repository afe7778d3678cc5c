// Project persistence: list (paged, one organisation), create (logs PROJECT_CREATED), edit, soft and permanent
// delete, restore, properties, in-use marks and the event log.
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../auth/messages';
import { findProject, projectWire, type ProjectRow } from './access';

export interface NewProject {
  name: string; projectTypeId: number; projectSubTypeId?: number | null; step?: number;
  settings?: Record<string, unknown>; levelOfDetail?: string; properties?: { propertyTypeName: string; value: string | null }[];
}

export async function listProjects(q: Queryable, organisationId: number | null, page: number, size: number, opts: { deleted?: boolean; search?: string }) {
  const params: unknown[] = [opts.deleted ?? false];
  let where = 'p.deleted = $1';
  if (organisationId !== null) { params.push(organisationId); where += ` AND p.organisation_id = $${params.length}`; }
  if (opts.search) { params.push(`%${opts.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`); where += ` AND p.name ILIKE $${params.length}`; }
  const total = await q.query<{ n: string }>(`SELECT count(*) AS n FROM project p WHERE ${where}`, params);
  params.push(size, page * size);
  const r = await q.query<ProjectRow & { type_name: string }>(
    `SELECT p.*, pt.family, pt.name AS type_name FROM project p JOIN project_type pt ON pt.id = p.project_type_id
      WHERE ${where} ORDER BY p.updated_at DESC, p.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
  return { data: r.rows.map((p) => projectWire(p, p.type_name)), page, size, total: Number(total.rows[0].n) };
}

export async function typeName(q: Queryable, id: number): Promise<string | undefined> {
  return (await q.query<{ name: string }>('SELECT name FROM project_type WHERE id = $1', [id])).rows[0]?.name;
}

async function setProperties(q: Queryable, projectId: number, values: { propertyTypeName: string; value: string | null }[]): Promise<void> {
  if (!values.length) return;
  const known = new Set((await q.query<{ name: string }>('SELECT name FROM project_property_type')).rows.map((r) => r.name));
  const bad = values.find((v) => !known.has(v.propertyTypeName));
  if (bad) throw new HttpError(400, 'unknown_property_type', `Property type ${bad.propertyTypeName} does not exist.`);
  await q.query(
    `INSERT INTO project_property_value (project_id, property_type_name, value)
     SELECT $1, t.n, t.v FROM unnest($2::text[], $3::text[]) AS t(n, v)
     ON CONFLICT (project_id, property_type_name) DO UPDATE SET value = EXCLUDED.value`,
    [projectId, values.map((v) => v.propertyTypeName), values.map((v) => v.value)]);
}

export async function createProject(db: Db, organisationId: number, userId: number | null, p: NewProject): Promise<ProjectRow> {
  if (!(await typeName(db, p.projectTypeId))) throw new HttpError(400, 'unknown_project_type', `Project type ${p.projectTypeId} does not exist.`);
  const id = await db.tx(async (q) => {
    const r = await q.query<{ id: number }>(
      `INSERT INTO project (organisation_id, name, project_type_id, project_sub_type_id, step, settings, level_of_detail, created_by)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) RETURNING id`,
      [organisationId, p.name, p.projectTypeId, p.projectSubTypeId ?? null, p.step ?? 0, JSON.stringify(p.settings ?? {}), p.levelOfDetail ?? 'Low', userId]);
    const projectId = r.rows[0].id;
    await setProperties(q, projectId, p.properties ?? []);
    await q.query('INSERT INTO event_log (project_id, user_id, type) VALUES ($1, $2, $3)', [projectId, userId, 'PROJECT_CREATED']);
    return projectId;
  });
  return (await findProject(db, id))!;
}

export async function editProject(db: Db, id: number, e: { name?: string; step?: number; settings?: Record<string, unknown>; projectSubTypeId?: number | null; levelOfDetail?: string }): Promise<ProjectRow> {
  await db.query(
    `UPDATE project SET name = coalesce($2, name), step = coalesce($3, step), settings = coalesce($4::jsonb, settings),
       project_sub_type_id = CASE WHEN $5::boolean THEN $6 ELSE project_sub_type_id END, level_of_detail = coalesce($7, level_of_detail),
       updated_at = now() WHERE id = $1`,
    [id, e.name ?? null, e.step ?? null, e.settings === undefined ? null : JSON.stringify(e.settings), e.projectSubTypeId !== undefined,
      e.projectSubTypeId ?? null, e.levelOfDetail ?? null]);
  return (await findProject(db, id))!;
}

export async function deleteProject(db: Db, id: number, perma: boolean): Promise<void> {
  if (perma) {
    await db.tx(async (q) => {
      for (const t of ['relation', 'attribute_value', 'object_instance', 'path_edge']) await q.query(`DELETE FROM ${t} WHERE project_id = $1`, [id]);
      await q.query('DELETE FROM network_object WHERE project_id = $1', [id]);
      await q.query('DELETE FROM event_log WHERE project_id = $1', [id]);
      await q.query('DELETE FROM project WHERE id = $1', [id]);
    });
  } else {
    await db.query('UPDATE project SET deleted = true, deleted_at = now(), updated_at = now() WHERE id = $1', [id]);
  }
}

export async function restoreProject(db: Db, id: number): Promise<ProjectRow> {
  await db.query('UPDATE project SET deleted = false, deleted_at = NULL, updated_at = now() WHERE id = $1', [id]);
  return (await findProject(db, id))!;
}

export async function propertyValues(q: Queryable, projectId: number) {
  const r = await q.query<{ property_type_name: string; value: string | null }>(
    'SELECT property_type_name, value FROM project_property_value WHERE project_id = $1 ORDER BY property_type_name', [projectId]);
  return r.rows.map((x) => ({ propertyTypeName: x.property_type_name, value: x.value, projectId }));
}

export { setProperties };

export async function markInUse(q: Queryable, projectId: number, userId: number): Promise<void> {
  await q.query(`INSERT INTO project_in_use (project_id, user_id) VALUES ($1, $2)
                 ON CONFLICT (project_id, user_id) DO UPDATE SET since = now()`, [projectId, userId]);
}

/** Users who marked the project in use within the last 15 minutes. */
export async function inUse(q: Queryable, projectId: number) {
  const r = await q.query<{ user_id: number; since: string; name: string | null }>(
    `SELECT i.user_id, i.since, u.name FROM project_in_use i LEFT JOIN users u ON u.id = i.user_id
      WHERE i.project_id = $1 AND i.since > now() - interval '15 minutes' ORDER BY i.since DESC`, [projectId]);
  return r.rows.map((x) => ({ userId: x.user_id, name: x.name, since: x.since }));
}

export async function logEvent(q: Queryable, projectId: number, userId: number, type: string): Promise<void> {
  await q.query('INSERT INTO event_log (project_id, user_id, type) VALUES ($1, $2, $3)', [projectId, userId, type]);
}
