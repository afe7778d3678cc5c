// Unsaved edits kept across a page reload, one record per history item (IndexedDB, database 'netplan-map', store
// 'records', key [projectId, seq]): a gesture appends its item's actions, an undo removes that record and a redo puts
// it back, so an edit writes one small record instead of every unsaved action. Records of an earlier visit that are
// offered back and not answered yet are marked `kept`. Cleared only after a save or when the user discards them.
// Version 1 kept one entry per project in store 'unsaved'; the upgrade turns each into records (nothing is lost).
import type { Action } from 'engine/actions';

export interface UnsavedRecord {
  projectId: number;
  /** Order of the records of a project (a counter per project, never reused while records exist). */
  seq: number;
  actions: Action[];
  /** Area loading: the tiles the actions need loaded before they can be applied again. */
  tiles?: string[];
  /** From an earlier visit, offered back and not answered yet. */
  kept?: boolean;
  savedAt: number;
}

/** The records of a project seen as one entry: this visit's actions, the kept ones, and the tiles they need. */
export interface UnsavedEntry {
  projectId: number;
  actions: Action[];
  kept?: Action[];
  tiles?: string[];
  records: UnsavedRecord[];
}

export interface UnsavedStore {
  get(projectId: number): Promise<UnsavedEntry | undefined>;
  put(record: UnsavedRecord): Promise<void>;
  remove(projectId: number, seqs: readonly number[]): Promise<void>;
  clear(projectId: number): Promise<void>;
}

/** Assembles a project's records (any order) into its entry; undefined when there are none. */
export function entryOf(projectId: number, records: UnsavedRecord[]): UnsavedEntry | undefined {
  if (!records.length) return undefined;
  const sorted = [...records].sort((a, b) => a.seq - b.seq);
  const own = sorted.filter((r) => !r.kept), kept = sorted.filter((r) => r.kept);
  const tiles = [...new Set(sorted.flatMap((r) => r.tiles ?? []))];
  return {
    projectId, records: sorted, actions: own.flatMap((r) => r.actions),
    ...(kept.length ? { kept: kept.flatMap((r) => r.actions) } : {}), ...(tiles.length ? { tiles } : {}),
  };
}

const DB = 'netplan-map', RECORDS = 'records', LEGACY = 'unsaved', VERSION = 2;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      const records = db.createObjectStore(RECORDS, { keyPath: ['projectId', 'seq'] });
      if (!db.objectStoreNames.contains(LEGACY)) return;
      // version 1: one entry per project → its actions (seq 0) and the ones it kept from a visit before (seq 1)
      const legacy = req.transaction!.objectStore(LEGACY);
      legacy.openCursor().onsuccess = (ev) => {
        const cur = (ev.target as IDBRequest<IDBCursorWithValue | null>).result;
        if (!cur) { db.deleteObjectStore(LEGACY); return; }
        const e = cur.value as { projectId: number; actions: Action[]; kept?: Action[]; tiles?: string[]; savedAt: number };
        if (e.actions?.length) records.put({ projectId: e.projectId, seq: 0, actions: e.actions, tiles: e.tiles, savedAt: e.savedAt });
        if (e.kept?.length) records.put({ projectId: e.projectId, seq: 1, actions: e.kept, tiles: e.tiles, kept: true, savedAt: e.savedAt });
        cur.continue();
      };
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const ofProject = (projectId: number) => IDBKeyRange.bound([projectId, -Infinity], [projectId, Infinity]);

function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest | void): Promise<T> {
  return open().then((db) => new Promise<T>((resolve, reject) => {
    const tx = db.transaction(RECORDS, mode);
    const req = fn(tx.objectStore(RECORDS));
    tx.oncomplete = () => { db.close(); resolve((req ? req.result : undefined) as T); };
    tx.onerror = () => { db.close(); reject(tx.error); };
  }));
}

export const indexedDbStore: UnsavedStore = {
  get: (projectId) => run<UnsavedRecord[]>('readonly', (s) => s.getAll(ofProject(projectId))).then((r) => entryOf(projectId, r)),
  put: (record) => run<void>('readwrite', (s) => s.put(record)).then(() => undefined),
  remove: (projectId, seqs) => run<void>('readwrite', (s) => { for (const q of seqs) s.delete([projectId, q]); }).then(() => undefined),
  clear: (projectId) => run<void>('readwrite', (s) => s.delete(ofProject(projectId))).then(() => undefined),
};

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

/** The store to use: IndexedDB in the browser, memory elsewhere. */
export function defaultStore(): UnsavedStore {
  return typeof indexedDB !== 'undefined' ? indexedDbStore : memoryStore();
}
