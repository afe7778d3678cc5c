// Unsaved edits kept across a page reload: one record per history item, keyed [projectId, seq]. A gesture appends its
// item's record, an undo removes it, a redo puts it back; a save or a discard clears them. Each record names the visit
// (page load) that wrote it: the records of the latest visit are its own edits, those of earlier visits are edits that
// were offered back and not answered yet — kept beside the newer ones, restored newest visit first. The IndexedDB
// implementation is `unsaved/indexeddb.ts`; `memoryStore()` has the same behaviour for tests and non-browser use.
import type { Action } from 'engine/actions';
import { indexedDbStore } from './unsaved/indexeddb';

export interface UnsavedRecord {
  projectId: number;
  /** Order of the records of a project: a visit numbers its records from one past the highest seq it found. */
  seq: number;
  /** The visit that wrote the record: its first seq (absent: 0). Higher is newer. */
  visit?: number;
  actions: Action[];
  /** Area loading: the tiles the actions need loaded before they can be applied again. */
  tiles?: string[];
  savedAt: number;
}

/** The records of a project seen as one entry. */
export interface UnsavedEntry {
  projectId: number;
  /** Actions of the latest visit's records, in order. */
  actions: Action[];
  /** Actions of earlier visits' records (offered back, not answered): newest visit first, each visit in order. */
  kept?: Action[];
  /** Tiles every record needs (area loading). */
  tiles?: string[];
  /** Every record, by seq. */
  records: UnsavedRecord[];
}

export interface UnsavedStore {
  /** The project's records as one entry, or undefined when it has none. */
  get(projectId: number): Promise<UnsavedEntry | undefined>;
  /** Writes (or replaces) one record. */
  put(record: UnsavedRecord): Promise<void>;
  /** Deletes the project's records with these seqs. */
  remove(projectId: number, seqs: readonly number[]): Promise<void>;
  /** Deletes every record of the project. */
  clear(projectId: number): Promise<void>;
}

/** Assembles a project's records (any order) into its entry; undefined when there are none. */
export function entryOf(projectId: number, records: UnsavedRecord[]): UnsavedEntry | undefined {
  if (!records.length) return undefined;
  const sorted = [...records].sort((a, b) => a.seq - b.seq);
  let latest = -Infinity;
  for (const r of sorted) latest = Math.max(latest, r.visit ?? 0);
  const own = sorted.filter((r) => (r.visit ?? 0) === latest);
  const kept = sorted.filter((r) => (r.visit ?? 0) !== latest).sort((a, b) => (b.visit ?? 0) - (a.visit ?? 0) || a.seq - b.seq);
  const tiles = new Set<string>();
  for (const r of sorted) for (const t of r.tiles ?? []) tiles.add(t);
  return {
    projectId, records: sorted, actions: own.flatMap((r) => r.actions),
    ...(kept.length ? { kept: kept.flatMap((r) => r.actions) } : {}), ...(tiles.size ? { tiles: [...tiles] } : {}),
  };
}

/** The highest seq of a project's records, -1 when none. */
export function lastSeq(entry: UnsavedEntry | undefined): number {
  let max = -1;
  for (const r of entry?.records ?? []) max = Math.max(max, r.seq);
  return max;
}

/** Records in memory (copied in and out, as IndexedDB does). */
export function memoryStore(): UnsavedStore {
  const m = new Map<string, UnsavedRecord>();
  const key = (p: number, q: number) => `${p}:${q}`;
  return {
    get: async (id) => entryOf(id, [...m.values()].filter((r) => r.projectId === id).map((r) => structuredClone(r))),
    put: async (r) => { m.set(key(r.projectId, r.seq), structuredClone(r)); },
    remove: async (id, seqs) => { for (const q of seqs) m.delete(key(id, q)); },
    clear: async (id) => { for (const [k, r] of m) if (r.projectId === id) m.delete(k); },
  };
}

let shared: UnsavedStore | null = null;

/** The store to use: IndexedDB in the browser (one connection for the page), memory elsewhere. */
export function defaultStore(): UnsavedStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  return (shared ??= indexedDbStore(indexedDB));
}
