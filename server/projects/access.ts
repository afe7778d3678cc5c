// Project access for the project-scoped routes: the project must exist, not be deleted, belong to the caller's
// organisation (root sees all), and not be locked by a long operation (423 with the X-Project-Locked header).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canAccessOrganisation } from '../auth/guard';
import { HttpError } from '../auth/messages';
import type { Queryable } from '../db/db';

export const PROJECT_LOCKED_HEADER = 'X-Project-Locked';

export interface ProjectRow {
  id: number;
  organisation_id: number;
  name: string;
  project_type_id: number;
  project_sub_type_id: number | null;
  step: number;
  settings: Record<string, unknown>;
  level_of_detail: string;
  deleted: boolean;
  family: string;
  lock_operation_id: string | null;
  lock_reason: string | null;
  locked_until: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function findProject(q: Queryable, id: number): Promise<ProjectRow | undefined> {
  const r = await q.query<ProjectRow>(
    `SELECT p.*, pt.family FROM project p JOIN project_type pt ON pt.id = p.project_type_id WHERE p.id = $1`, [id]);
  return r.rows[0];
}

export function isLocked(p: Pick<ProjectRow, 'lock_operation_id' | 'locked_until'>, now = Date.now()): boolean {
  return !!p.lock_operation_id && (!p.locked_until || new Date(p.locked_until).getTime() > now);
}

/** The project as the wire knows it (spec 1 §3, spec 2 §3). */
export function projectWire(p: ProjectRow, typeName?: string) {
  return {
    id: p.id, name: p.name, projectTypeId: p.project_type_id, projectSubTypeId: p.project_sub_type_id,
    step: p.step, settings: p.settings, levelOfDetail: p.level_of_detail, organisationId: p.organisation_id,
    deleted: p.deleted, locked: isLocked(p), createdAt: p.created_at, updatedAt: p.updated_at,
    ...(typeName ? { projectType: { id: p.project_type_id, name: typeName } } : {}),
  };
}

declare module 'fastify' {
  interface FastifyRequest { project?: ProjectRow }
}

export interface AccessOptions { allowDeleted?: boolean; ignoreLock?: boolean }

/** Loads the :projectId project for the caller or throws 404 (unknown, deleted, other organisation) / 423 (locked). */
export async function projectFor(req: FastifyRequest, reply: FastifyReply, id: number, opts: AccessOptions = {}): Promise<ProjectRow> {
  const p = await findProject(req.server.deps.db, id);
  if (!p || (p.deleted && !opts.allowDeleted) || !canAccessOrganisation(req.user, p.organisation_id)) {
    throw new HttpError(404, 'not_found', `Project ${id} does not exist.`);
  }
  if (!opts.ignoreLock && isLocked(p)) {
    reply.header(PROJECT_LOCKED_HEADER, p.lock_reason ?? 'network_recalculation_project_locked');
    throw new HttpError(423, 'project_locked', `Project ${id} is locked by a running operation (${p.lock_reason ?? 'locked'}).`);
  }
  req.project = p;
  return p;
}

/** preHandler for routes with a :projectId parameter. */
export function projectHook(opts: AccessOptions = {}) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (reply.sent) return;
    const id = Number((req.params as { projectId?: unknown }).projectId);
    await projectFor(req, reply, id, opts);
  };
}

/** The project loaded by projectHook (routes declared with it always have one). */
export function current(req: FastifyRequest): ProjectRow {
  if (!req.project) throw new HttpError(500, 'internal_error', 'project not loaded');
  return req.project;
}
