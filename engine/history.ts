// Undo/redo history (spec 1 §4 History, §9): one gesture = one item; at most 20 items with a signal when 20 is reached;
// a new change after undo drops the redo tail; canUndo = index ≥ 0; canSave = canUndo (or older unsaved items).
import type { Action } from './actions';

/** History limit 20 items (spec 1 §9). */
export const HISTORY_LIMIT = 20;

export interface HistoryItem {
  id: number;
  /** What the gesture was (e.g. 'draw edge'); for display only. */
  label: string;
  /** The action and all its side effects, in application order. */
  actions: Action[];
  warnings: string[];
}

export interface History {
  items: HistoryItem[];
  /** Index of the last applied item; -1 when nothing can be undone. */
  index: number;
  /**
   * Items that left the undo window but are not saved yet (never lost to the limit), oldest first, in chunks of at
   * most EVICTED_CHUNK items: an eviction copies one chunk and the chunk list, not every evicted item (a plain array
   * copied per gesture made 10k edits allocate ~1 GB). `evictedItems(h)` lists them.
   */
  unsavedEvicted: HistoryItem[][];
  nextId: number;
}

/** Chunk size of `unsavedEvicted`. */
export const EVICTED_CHUNK = 64;

export const emptyHistory = (): History => ({ items: [], index: -1, unsavedEvicted: [], nextId: 1 });

export const canUndo = (h: History): boolean => h.index >= 0;
export const canRedo = (h: History): boolean => h.index < h.items.length - 1;
/** canSave equals canUndo (spec 1 §4); it also holds while items evicted by the limit are unsaved. */
export const canSave = (h: History): boolean => canUndo(h) || h.unsavedEvicted.length > 0;
/** The signal: the window holds 20 items (the app asks for a save). */
export const limitReached = (h: History): boolean => h.items.length >= HISTORY_LIMIT;

export interface PushResult { history: History; item: HistoryItem; limitReached: boolean; evicted: HistoryItem | null }

/** Records one gesture. Drops the redo tail; keeps at most 20 items, moving the oldest to the unsaved list. */
export function pushItem(h: History, actions: Action[], label = '', warnings: string[] = []): PushResult {
  const item: HistoryItem = { id: h.nextId, label, actions, warnings };
  const items = h.items.slice(0, h.index + 1);
  items.push(item);
  let evicted: HistoryItem | null = null;
  let unsavedEvicted = h.unsavedEvicted;
  if (items.length > HISTORY_LIMIT) {
    evicted = items.shift()!;
    const last = unsavedEvicted[unsavedEvicted.length - 1];
    unsavedEvicted = last !== undefined && last.length < EVICTED_CHUNK
      ? [...unsavedEvicted.slice(0, -1), [...last, evicted]]
      : [...unsavedEvicted, [evicted]];
  }
  const history: History = { items, index: items.length - 1, unsavedEvicted, nextId: h.nextId + 1 };
  // the signal is given once, by the push that makes the window reach 20 (not again while it stays full); after an
  // undo the redo tail is gone, so a window of 19 that reaches 20 again signals again
  return { history, item, limitReached: h.index + 1 === HISTORY_LIMIT - 1, evicted };
}

/** The item to undo (apply its actions' inverses in reverse order) and the history after it. */
export function undoStep(h: History): { history: History; item: HistoryItem } | null {
  if (!canUndo(h)) return null;
  return { history: { ...h, index: h.index - 1 }, item: h.items[h.index] };
}

export function redoStep(h: History): { history: History; item: HistoryItem } | null {
  if (!canRedo(h)) return null;
  return { history: { ...h, index: h.index + 1 }, item: h.items[h.index + 1] };
}

/** The evicted, unsaved items, oldest first. */
export function evictedItems(h: History): HistoryItem[] {
  return h.unsavedEvicted.flat();
}

/** Every unsaved action in order: evicted items, then the items up to the index (undone items are not sent). */
export function pendingActions(h: History): Action[] {
  const out: Action[] = [];
  for (const chunk of h.unsavedEvicted) for (const it of chunk) out.push(...it.actions);
  for (let i = 0; i <= h.index; i++) out.push(...h.items[i].actions);
  return out;
}

/** After a successful save the history starts over (nothing left to undo or save). */
export function markSaved(h: History): History {
  return { items: [], index: -1, unsavedEvicted: [], nextId: h.nextId };
}
