// Save flow (spec 1 §4 Saving): the engine's merged batches are sent one after the other in the spec's order; when
// all succeed the history is marked saved and the stored unsaved edits are cleared; a failed batch stops the flow,
// keeps every edit (history untouched) and says which batch failed.
import type { SaveRequest } from 'engine/save';
import type { EditSession } from './edit-session';
import type { UnsavedStore } from './unsaved-store';

export type SaveOutcome = { ok: true; sent: number } | { ok: false; failed: SaveRequest; sent: number; error: string };

export async function saveSession(
  session: EditSession, send: (req: SaveRequest) => Promise<void>, store?: UnsavedStore, projectId?: number,
): Promise<SaveOutcome> {
  const requests = session.saveRequests();
  let sent = 0;
  for (const req of requests) {
    try {
      await send(req);
      sent++;
    } catch (e) {
      return { ok: false, failed: req, sent, error: e instanceof Error ? e.message : String(e) };
    }
  }
  session.markSaved();
  if (store && projectId !== undefined) await store.clear(projectId);
  return { ok: true, sent };
}
