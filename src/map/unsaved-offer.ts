// Unsaved edits across visits: after every change the session's pending actions are written to the store; edits kept
// from an earlier visit are offered back (restore / discard) and, until the user answers, kept in the store beside any
// newer edits — a new edit never replaces them. Restoring applies newer-visit edits first, then the older ones.
import type { EditSession } from './edit-session';
import type { UnsavedEntry, UnsavedStore } from './unsaved-store';
import type { AreaLoader } from './area-loader';
import { tileOf } from './area-loader';
import { tilesOfActions } from './area-guard';

export interface StoredEdits { count: number; restore(): Promise<void>; discard(): void }

/**
 * Starts persisting the session's unsaved edits for `projectId`; `entry` is what the store held when the project was
 * opened (read before this call, so it cannot be overwritten unseen). Returns the offer (null when nothing was kept)
 * and a function that stops persisting.
 */
export function trackUnsaved(session: EditSession, store: UnsavedStore, projectId: number, entry: UnsavedEntry | undefined,
  area: AreaLoader | null = null): { stored: StoredEdits | null; off: () => void; flush: () => Promise<void> } {
  let offered: UnsavedEntry | null = entry && (entry.actions.length || entry.kept?.length)
    ? { ...entry, actions: [...entry.actions, ...(entry.kept ?? [])], kept: undefined } : null;
  let last: Promise<void> = Promise.resolve();
  const persist = () => {
    const pending = session.pending();
    const kept = offered?.actions;
    const tiles = area ? [...new Set([...tilesOfActions(session.model, pending, tileOf), ...(offered?.tiles ?? [])])] : undefined;
    last = last.then(() => (pending.length || kept?.length
      ? store.put({ projectId, actions: pending, kept, tiles, savedAt: Date.now() })
      : store.clear(projectId))).catch(() => undefined);
  };
  const off = session.subscribe((e) => { if (e.kind !== 'reset' && e.kind !== 'load') persist(); });
  const stored: StoredEdits | null = offered ? {
    count: offered.actions.length,
    restore: async () => {
      const o = offered;
      if (!o) return;
      if (area && o.tiles?.length) await area.load(o.tiles);
      session.restore(o.actions);
      offered = null;
      persist();
    },
    discard: () => { offered = null; persist(); },
  } : null;
  return { stored, off, flush: () => last };
}
