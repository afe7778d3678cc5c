// Unsaved edits kept across a page reload (IndexedDB, database 'netplan-map', store 'unsaved'): the pending engine
// actions per project, written after every change and offered back on return; cleared only after a save or when the
// user discards them explicitly (never silently dropped).
import type { Action } from 'engine/actions';

export interface UnsavedEntry {
  projectId: number;
  /** The session's unsaved actions in order. */
  actions: Action[];
  savedAt: number;
  /** Edits of an earlier visit still offered back (not yet restored or discarded): kept beside newer edits. */
  kept?: Action[];
  /** Area loading: the tiles the actions need loaded before they can be applied again. */
  tiles?: string[];
}
export interface UnsavedStore {
  put(entry: UnsavedEntry): Promise<void>;
  get(projectId: number): Promise<UnsavedEntry | undefined>;
  clear(projectId: number): Promise<void>;
}

const DB = 'netplan-map', STORE = 'unsaved';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => { req.result.createObjectStore(STORE, { keyPath: 'projectId' }); };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  return open().then((db) => new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); resolve(req.result as T); };
    tx.onerror = () => { db.close(); reject(tx.error); };
  }));
}

export const indexedDbStore: UnsavedStore = {
  put: (entry) => run<void>('readwrite', (s) => s.put(entry)).then(() => undefined),
  get: (projectId) => run<UnsavedEntry | undefined>('readonly', (s) => s.get(projectId)),
  clear: (projectId) => run<void>('readwrite', (s) => s.delete(projectId)).then(() => undefined),
};

export function memoryStore(): UnsavedStore {
  const m = new Map<number, UnsavedEntry>();
  return {
    put: async (e) => { m.set(e.projectId, structuredClone(e)); },
    get: async (id) => m.get(id),
    clear: async (id) => { m.delete(id); },
  };
}

/** The store to use: IndexedDB in the browser, memory elsewhere. */
export function defaultStore(): UnsavedStore {
  return typeof indexedDB !== 'undefined' ? indexedDbStore : memoryStore();
}
