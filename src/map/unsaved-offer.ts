// Unsaved edits across visits, written incrementally. After each change of the session only what changed is written,
// found by comparing the history's window (≤ 20 items) with the items stored at the last change — O(window) per
// change, never O(unsaved): an item newly applied (a gesture, a redo, a restore) is put as one record, an item undone is
// removed, items evicted from the window stay (still unsaved), a save (the 'reset' event) clears the project. Edits
// kept from an earlier visit are offered back (restore / discard); until the user answers they stay in the store beside
// newer edits, never replaced or dropped unseen. Restoring applies them, newest visit first, as one history item.
import type { EditSession } from './edit-session';
import { lastSeq, type UnsavedEntry, type UnsavedRecord, type UnsavedStore } from './unsaved-store';
import type { AreaLoader } from './area-loader';
import { tileOf } from './area-loader';
import { tilesOfActions } from './area-guard';
import { evictedItems, type HistoryItem } from 'engine/history';
import type { Action } from 'engine/actions';

export interface StoredEdits { count: number; restore(): Promise<void>; discard(): void }

export interface UnsavedTracking {
  /** The offer of edits kept from an earlier visit; null when nothing was kept. */
  stored: StoredEdits | null;
  /** Stops persisting (writes already queued still run). */
  off: () => void;
  /** Resolves when every write queued so far is done (failed writes are skipped, never rejected). */
  flush: () => Promise<void>;
}

/**
 * Starts persisting the session's unsaved edits for `projectId`; `entry` is what the store held when the project was
 * opened (read before this call, so nothing of it is overwritten unseen: this visit numbers its records after it).
 */
export function trackUnsaved(session: EditSession, store: UnsavedStore, projectId: number, entry: UnsavedEntry | undefined,
  area: AreaLoader | null = null): UnsavedTracking {
  let offered: UnsavedEntry | null = entry?.records.length ? entry : null;
  const visit = lastSeq(entry) + 1;
  let nextSeq = visit;
  /** The applied items of the window at the last change: history item id → seq of its record. */
  let applied = new Map<number, number>();
  let last: Promise<void> = Promise.resolve();
  const write = (f: () => Promise<void>) => { last = last.then(f).catch(() => undefined); };

  const append = (actions: Action[]): number => {
    const rec: UnsavedRecord = { projectId, seq: nextSeq++, visit, actions, savedAt: Date.now() };
    if (area) rec.tiles = tilesOfActions(session.model, actions, tileOf);
    write(() => store.put(rec));
    return rec.seq;
  };
  const persist = () => {
    const h = session.editor.history;
    const undone: number[] = [];
    for (let i = h.index + 1; i < h.items.length; i++) {
      const seq = applied.get(h.items[i].id);
      if (seq !== undefined) undone.push(seq);
    }
    if (undone.length) write(() => store.remove(projectId, undone));
    // items of the last change no longer in the window were evicted: their records stay, they are no longer tracked
    const now = new Map<number, number>();
    for (let i = 0; i <= h.index; i++) {
      const item: HistoryItem = h.items[i];
      now.set(item.id, applied.get(item.id) ?? append(item.actions));
    }
    applied = now;
  };
  // unsaved edits the session already holds (tracking started late): the evicted ones as one record, then the window
  const h0 = session.editor.history;
  if (h0.unsavedEvicted.length) append(evictedItems(h0).flatMap((it) => it.actions));
  persist();

  const off = session.subscribe((e) => {
    if (e.kind === 'load') return;
    // saved: nothing is unsaved any more; the clear is queued after the writes in flight, so none lands after it
    if (e.kind === 'reset') { applied = new Map(); offered = null; write(() => store.clear(projectId)); return; }
    persist();
  });
  const dropOffered = () => {
    const seqs = (offered?.records ?? []).map((r) => r.seq);
    offered = null;
    if (seqs.length) write(() => store.remove(projectId, seqs));
  };
  const stored: StoredEdits | null = offered ? {
    count: offered.actions.length + (offered.kept?.length ?? 0),
    restore: async () => {
      const o = offered;
      if (!o) return;
      if (area && o.tiles?.length) await area.load(o.tiles);
      if (offered !== o) return; // discarded or saved over while the tiles loaded
      session.restore([...o.actions, ...(o.kept ?? [])]); // one history item: appended as this visit's record
      dropOffered();
    },
    discard: () => dropOffered(),
  } : null;
  return { stored, off, flush: () => last };
}
