// Unsaved edits across visits, written incrementally: after each change only what changed is written — the history
// items that became pending (a new gesture, a redo) are appended as records, the ones that stopped being pending (an
// undo) are removed, items evicted from the 20-item window stay (still unsaved) — O(window) per change, not
// O(unsaved). Edits kept from an earlier visit are offered back (restore / discard) and, until the user answers, kept
// in the store beside newer edits — a new edit never replaces them. Restoring applies newer-visit edits first, then
// the older ones, as one history item.
import type { EditSession } from './edit-session';
import type { UnsavedEntry, UnsavedRecord, UnsavedStore } from './unsaved-store';
import type { AreaLoader } from './area-loader';
import { tileOf } from './area-loader';
import { tilesOfActions } from './area-guard';

export interface StoredEdits { count: number; restore(): Promise<void>; discard(): void }

/**
 * Starts persisting the session's unsaved edits for `projectId`; `entry` is what the store held when the project was
 * opened (read before this call, so it cannot be overwritten unseen). Returns the offer (null when nothing was kept),
 * a function that stops persisting, and `flush` (resolves when the writes so far are done).
 */
export function trackUnsaved(session: EditSession, store: UnsavedStore, projectId: number, entry: UnsavedEntry | undefined,
  area: AreaLoader | null = null): { stored: StoredEdits | null; off: () => void; flush: () => Promise<void> } {
  let offered: UnsavedRecord[] | null = entry?.records.length ? entry.records : null;
  let offeredMarked = false;
  /** History item id → the seq of its record. */
  const stored = new Map<number, number>();
  let nextSeq = Math.max(-1, ...(entry?.records ?? []).map((r) => r.seq)) + 1;
  let last: Promise<void> = Promise.resolve();
  const write = (f: () => Promise<void>) => { last = last.then(f).catch(() => undefined); };

  const persist = () => {
    // records of an earlier visit are marked kept once, on this visit's first change
    if (offered && !offeredMarked) {
      offeredMarked = true;
      for (const r of offered.filter((x) => !x.kept)) { const k = { ...r, kept: true }; write(() => store.put(k)); }
    }
    const h = session.editor.history;
    const gone: number[] = [];
    for (let i = h.index + 1; i < h.items.length; i++) {
      const seq = stored.get(h.items[i].id);
      if (seq !== undefined) { gone.push(seq); stored.delete(h.items[i].id); }
    }
    if (gone.length) write(() => store.remove(projectId, gone));
    for (let i = 0; i <= h.index; i++) {
      const item = h.items[i];
      if (stored.has(item.id)) continue;
      const rec: UnsavedRecord = { projectId, seq: nextSeq++, actions: item.actions, savedAt: Date.now() };
      if (area) rec.tiles = tilesOfActions(session.model, item.actions, tileOf);
      stored.set(item.id, rec.seq);
      write(() => store.put(rec));
    }
  };
  const off = session.subscribe((e) => {
    if (e.kind === 'load') return;
    // saved: nothing is unsaved any more; the clear is queued after the writes still in flight, so none lands after it
    if (e.kind === 'reset') { stored.clear(); offered = null; write(() => store.clear(projectId)); return; }
    persist();
  });
  const dropOffered = () => {
    const seqs = (offered ?? []).map((r) => r.seq);
    offered = null;
    if (seqs.length) write(() => store.remove(projectId, seqs));
  };
  const actionsOf = (records: UnsavedRecord[]) => [...records.filter((r) => !r.kept), ...records.filter((r) => r.kept)].flatMap((r) => r.actions);
  const stored0: StoredEdits | null = offered ? {
    count: actionsOf(offered).length,
    restore: async () => {
      const o = offered;
      if (!o) return;
      const tiles = [...new Set(o.flatMap((r) => r.tiles ?? []))];
      if (area && tiles.length) await area.load(tiles);
      session.restore(actionsOf(o)); // one history item, appended as this visit's record
      dropOffered();
    },
    discard: () => dropOffered(),
  } : null;
  return { stored: stored0, off, flush: () => last };
}
