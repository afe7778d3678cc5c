// Project locking for long operations (spec 1 §4 "Loading and locking", spec 2 §8 lock keys). The lock lives in the
// project row (visible to every app process); other calls on the project get 423 with the X-Project-Locked header.
// A long operation that outlasts LONG_OPERATION_REPLY_MS is answered 202 with the header while it goes on; when it
// ends the project is unlocked and `project_unlocked` is published through PostgreSQL NOTIFY to every process.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../auth/messages';
import type { Db } from '../db/db';
import { PROJECT_LOCKED_HEADER } from '../projects/access';

export const UNLOCK_CHANNEL = 'project_unlocked';
/** Settings read from the environment at each use (documented in server/README.md). */
export const lockTtlMs = () => Number(process.env.PROJECT_LOCK_TTL_MS ?? 30 * 60_000);
export const longOperationItems = () => Number(process.env.LONG_OPERATION_ITEMS ?? 5000);
export const longOperationReplyMs = () => Number(process.env.LONG_OPERATION_REPLY_MS ?? 20_000);

export type LockReason = 'network_recalculation_project_locked' | 'operation_took_to_long_project_locked';
export type UnlockStatus = 'succeeded' | 'failed';
export interface UnlockNotice { operationId: string | null; projectId: number; status: UnlockStatus }

/** Takes the lock or throws 423 when another operation holds it. Returns the operation id. */
export async function lockProject(db: Db, projectId: number, reason: LockReason, operationId = randomUUID()): Promise<string> {
  const r = await db.query(
    `UPDATE project SET lock_operation_id = $2, lock_reason = $3, locked_at = now(), locked_until = now() + ($4::text || ' milliseconds')::interval
      WHERE id = $1 AND (lock_operation_id IS NULL OR locked_until < now()) RETURNING id`,
    [projectId, operationId, reason, String(lockTtlMs())]);
  if (!r.rows.length) throw new HttpError(423, 'project_locked', `Project ${projectId} is locked by a running operation.`);
  return operationId;
}

/** Releases the lock (only the given operation's, unless forced) and publishes project_unlocked. */
export async function unlockProject(db: Db, projectId: number, operationId: string | null, status: UnlockStatus): Promise<boolean> {
  const r = operationId === null
    ? await db.query<{ lock_operation_id: string | null }>(
      `UPDATE project p SET lock_operation_id = NULL, lock_reason = NULL, locked_at = NULL, locked_until = NULL
         FROM project old WHERE p.id = $1 AND old.id = p.id RETURNING old.lock_operation_id`, [projectId])
    : await db.query<{ lock_operation_id: string | null }>(
      `UPDATE project SET lock_operation_id = NULL, lock_reason = NULL, locked_at = NULL, locked_until = NULL
        WHERE id = $1 AND lock_operation_id = $2 RETURNING $2::text AS lock_operation_id`, [projectId, operationId]);
  if (!r.rows.length) return false;
  const notice: UnlockNotice = { operationId: r.rows[0].lock_operation_id ?? operationId, projectId, status };
  await db.notify(UNLOCK_CHANNEL, JSON.stringify(notice));
  return true;
}

/**
 * Runs a long operation under the project lock. Resolves with its result, or — when it runs past replyAfterMs —
 * sends 202 {operationId, status: 'running'} with the X-Project-Locked header and lets it finish in the background.
 */
export async function runLocked<T>(db: Db, reply: FastifyReply, projectId: number, fn: () => Promise<T>,
  opts: { reason?: LockReason; replyAfterMs?: number } = {}): Promise<T | undefined> {
  const operationId = await lockProject(db, projectId, opts.reason ?? 'network_recalculation_project_locked');
  const work = fn().then(
    async (v) => { await unlockProject(db, projectId, operationId, 'succeeded'); return v; },
    async (e) => { await unlockProject(db, projectId, operationId, 'failed').catch(() => undefined); throw e; });
  const wait = opts.replyAfterMs ?? longOperationReplyMs();
  // wait ≤ 0: always answer at once and let the operation run in the background.
  if (wait > 0) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((res) => { timer = setTimeout(() => res('late'), wait); });
    try {
      const first = await Promise.race([work, late]);
      if (first !== 'late') return first as T;
    } finally { clearTimeout(timer); }
  }
  work.catch(() => undefined);
  reply.header(PROJECT_LOCKED_HEADER, 'operation_took_to_long_project_locked');
  reply.status(202).send({ operationId, status: 'running' });
  return undefined;
}
