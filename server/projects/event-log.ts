// The project event log (spec 2 §7 POST /api/event_log): entries with the user's name for the management dashboard,
// and the "project saved" entry the network save routes write (one per save, not one per batch: a save sends several
// batch calls in a row, so a save by the same user within SAVE_COALESCE_SECONDS of the last one extends that entry).
import type { Queryable } from '../db/db';

export const PROJECT_SAVED = 'PROJECT_SAVED';
export const SAVE_COALESCE_SECONDS = 60;

/** Records a network save of `userId` (inside the save's transaction) and marks the project as changed. */
export async function recordSave(q: Queryable, projectId: number, userId: number): Promise<void> {
  const r = await q.query(
    `UPDATE event_log SET created_at = now()
      WHERE project_id = $1 AND id = (SELECT max(id) FROM event_log WHERE project_id = $1)
        AND type = $3 AND user_id = $2 AND created_at > now() - make_interval(secs => $4) RETURNING id`,
    [projectId, userId, PROJECT_SAVED, SAVE_COALESCE_SECONDS]);
  if (!r.rows.length) await q.query('INSERT INTO event_log (project_id, user_id, type) VALUES ($1, $2, $3)', [projectId, userId, PROJECT_SAVED]);
  await q.query('UPDATE project SET updated_at = now() WHERE id = $1', [projectId]);
}

export interface EventEntry { id: number; projectId: number; userId: number | null; userName: string | null; type: string; createdAt: string }

/** The project's events, newest first, with the user's name (null for system entries such as the demo seed). */
export async function eventsOf(q: Queryable, projectId: number, limit = 500): Promise<EventEntry[]> {
  const r = await q.query<{ id: string; user_id: number | null; name: string | null; type: string; created_at: Date | string }>(
    `SELECT e.id, e.user_id, u.name, e.type, e.created_at FROM event_log e LEFT JOIN users u ON u.id = e.user_id
      WHERE e.project_id = $1 ORDER BY e.id DESC LIMIT $2`, [projectId, limit]);
  return r.rows.map((e) => ({
    id: Number(e.id), projectId, userId: e.user_id, userName: e.name, type: e.type, createdAt: new Date(e.created_at).toISOString(),
  }));
}
