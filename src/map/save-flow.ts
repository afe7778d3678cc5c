// Save flow (spec 1 §4 Saving): the engine's merged batches are sent one after the other in the spec's order; when
// all succeed the history is marked saved and the stored unsaved edits are cleared; a failed batch stops the flow,
// keeps every edit (history untouched) and says which batch failed. What the server accepted before the failure is
// remembered, so the next save does not send it again (the batches are not idempotent: a create sent twice is
// refused as a duplicate id).
import type { SaveRequest } from 'engine/save';
import type { EditSession } from './edit-session';
import type { UnsavedStore } from './unsaved-store';

export type SaveOutcome =
  | { ok: true; sent: number; skipped: number }
  | { ok: false; failed: SaveRequest; sent: number; skipped: number; error: string };

/** Requests the server accepted during an earlier save of the session that failed part-way. */
const accepted = new WeakMap<EditSession, SaveRequest[]>();

/** An item as canonical JSON (keys sorted; undefined fields left out, as on the wire): equal items, equal keys. */
function itemKey(item: unknown): string {
  return JSON.stringify(item, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));
}

/**
 * `requests` without what `done` already did: of each batch, the items the server accepted in a batch of the same kind
 * are dropped (a batch left empty is dropped and counted as skipped). O(items).
 */
export function withoutAccepted(requests: SaveRequest[], done: readonly SaveRequest[]): { todo: SaveRequest[]; skipped: number } {
  if (!done.length) return { todo: requests, skipped: 0 };
  const gone = new Map<string, Set<string>>();
  for (const d of done) {
    let keys = gone.get(d.kind);
    if (!keys) gone.set(d.kind, (keys = new Set()));
    for (const x of d.items) keys.add(itemKey(x));
  }
  const todo: SaveRequest[] = [];
  let skipped = 0;
  for (const r of requests) {
    const keys = gone.get(r.kind);
    const rest = keys ? r.items.filter((x) => !keys.has(itemKey(x))) : r.items;
    if (!rest.length) { skipped++; continue; }
    todo.push(rest.length === r.items.length ? r : { ...r, items: rest });
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
