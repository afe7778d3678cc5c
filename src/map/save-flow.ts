// Save flow (spec 1 §4 Saving): the engine's merged batches are sent one after the other in the spec's order; when
// all succeed the history is marked saved and the stored unsaved edits are cleared; a failed batch stops the flow,
// keeps every edit (history untouched) and says which batch failed. What the server accepted before the failure is
// remembered, so the next save does not send it again (the batches are not idempotent: a create sent twice is
// refused as a duplicate id).
import { deepEqual } from 'engine/equal';
import type { SaveRequest } from 'engine/save';
import type { EditSession } from './edit-session';
import type { UnsavedStore } from './unsaved-store';

export type SaveOutcome =
  | { ok: true; sent: number; skipped: number }
  | { ok: false; failed: SaveRequest; sent: number; skipped: number; error: string };

/** Requests the server accepted during an earlier save of the session that failed part-way. */
const accepted = new WeakMap<EditSession, SaveRequest[]>();

/** The list a batch body carries (an array, or the one array field of an object such as {networkObjectIds}). */
function items(body: unknown): { list: unknown[]; wrap: (l: unknown[]) => unknown } | null {
  if (Array.isArray(body)) return { list: body, wrap: (l) => l };
  if (body && typeof body === 'object') {
    const keys = Object.keys(body);
    const arrays = keys.filter((k) => Array.isArray((body as Record<string, unknown>)[k]));
    if (arrays.length === 1) return { list: (body as Record<string, unknown[]>)[arrays[0]], wrap: (l) => ({ ...(body as object), [arrays[0]]: l }) };
  }
  return null;
}

/**
 * `requests` without what `done` already did: a request equal to an accepted one is dropped; of a list request, the
 * items equal to items the server accepted on the same method and path are dropped (an empty request is dropped).
 */
export function withoutAccepted(requests: SaveRequest[], done: readonly SaveRequest[]): { todo: SaveRequest[]; skipped: number } {
  if (!done.length) return { todo: requests, skipped: 0 };
  const todo: SaveRequest[] = [];
  let skipped = 0;
  for (const r of requests) {
    const same = done.filter((d) => d.method === r.method && d.path === r.path);
    if (same.some((d) => deepEqual(d.body, r.body))) { skipped++; continue; }
    const mine = items(r.body);
    if (!mine || !same.length) { todo.push(r); continue; }
    const gone = same.flatMap((d) => items(d.body)?.list ?? []);
    const rest = mine.list.filter((x) => !gone.some((g) => deepEqual(g, x)));
    if (!rest.length) { skipped++; continue; }
    todo.push(rest.length === mine.list.length ? r : { ...r, body: mine.wrap(rest) });
  }
  return { todo, skipped };
}

export async function saveSession(
  session: EditSession, send: (req: SaveRequest) => Promise<void>, store?: UnsavedStore, projectId?: number,
): Promise<SaveOutcome> {
  const done = accepted.get(session) ?? [];
  const { todo, skipped } = withoutAccepted(session.saveRequests(), done);
  let sent = 0;
  for (const req of todo) {
    try {
      await send(req);
      sent++;
    } catch (e) {
      accepted.set(session, [...done, ...todo.slice(0, sent)]);
      return { ok: false, failed: req, sent, skipped, error: e instanceof Error ? e.message : String(e) };
    }
  }
  accepted.delete(session);
  session.markSaved();
  if (store && projectId !== undefined) await store.clear(projectId);
  return { ok: true, sent, skipped };
}
