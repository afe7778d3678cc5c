// The unsaved-edit records in IndexedDB: database 'netplan-map', object store 'records' with key [projectId, seq]
// (one record per history item, see unsaved-store.ts). One connection per store, opened on first use and given up
// when another page upgrades the database. Upgrades: version 1 kept one entry per project in store 'unsaved' ({actions,
// kept, tiles}): each becomes records (kept = the earlier visit, actions = the newer) and the old store is deleted, so
// those edits are offered once more, never lost; version 2 marked records of earlier visits `kept`: that becomes
// their visit.
import type { Action } from 'engine/actions';
import { entryOf, type UnsavedRecord, type UnsavedStore } from '../unsaved-store';

export const DB_NAME = 'netplan-map';
export const DB_VERSION = 3;
const RECORDS = 'records', LEGACY = 'unsaved';

interface LegacyEntry { projectId: number; actions?: Action[]; kept?: Action[]; tiles?: string[]; savedAt: number }

function upgrade(db: IDBDatabase, tx: IDBTransaction, oldVersion: number): void {
  if (oldVersion >= 2) {
    // version 2 → 3: the `kept` flag (an earlier visit's record) becomes visit 0, the others visit 1
    tx.objectStore(RECORDS).openCursor().onsuccess = (ev) => {
      const cur = (ev.target as IDBRequest<IDBCursorWithValue | null>).result;
      if (!cur) return;
      const { kept, ...r } = cur.value as UnsavedRecord & { kept?: boolean };
      if (r.visit === undefined) cur.update({ ...r, visit: kept ? 0 : 1 });
      cur.continue();
    };
    return;
  }
  const records = db.createObjectStore(RECORDS, { keyPath: ['projectId', 'seq'] });
  if (!db.objectStoreNames.contains(LEGACY)) return;
  tx.objectStore(LEGACY).openCursor().onsuccess = (ev) => {
    const cur = (ev.target as IDBRequest<IDBCursorWithValue | null>).result;
    if (!cur) { db.deleteObjectStore(LEGACY); return; }
    const e = cur.value as LegacyEntry;
    const tiles = e.tiles?.length ? { tiles: e.tiles } : {};
    if (e.kept?.length) records.put({ projectId: e.projectId, seq: 0, visit: 0, actions: e.kept, ...tiles, savedAt: e.savedAt });
    if (e.actions?.length) records.put({ projectId: e.projectId, seq: 1, visit: 1, actions: e.actions, ...tiles, savedAt: e.savedAt });
    cur.continue();
  };
}

function open(idb: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = idb.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = (ev) => upgrade(req.result, req.transaction!, ev.oldVersion);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error(`${DB_NAME}: upgrade blocked by another page`));
  });
}

const ofProject = (projectId: number) => IDBKeyRange.bound([projectId, -Infinity], [projectId, Infinity]);

/** The records in IndexedDB of `idb` (the page's `indexedDB`; tests pass their own factory). */
export function indexedDbStore(idb: IDBFactory): UnsavedStore {
  let conn: Promise<IDBDatabase> | null = null;
  const connect = (): Promise<IDBDatabase> => {
    if (conn) return conn;
    const c = open(idb).then((db) => {
      const drop = () => { if (conn === c) conn = null; };
      db.onversionchange = () => { db.close(); drop(); };
      db.onclose = drop;
      return db;
    });
    c.catch(() => { if (conn === c) conn = null; });
    return (conn = c);
  };
  const transaction = async (mode: IDBTransactionMode): Promise<IDBTransaction> => {
    try { return (await connect()).transaction(RECORDS, mode); } catch {
      conn = null; // closed under us (another page upgraded the database) or failed to open: once more
      return (await connect()).transaction(RECORDS, mode);
    }
  };
  const run = async <T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T> | void): Promise<T> => {
    const tx = await transaction(mode);
    return new Promise<T>((resolve, reject) => {
      const req = fn(tx.objectStore(RECORDS));
      tx.oncomplete = () => resolve((req ? req.result : undefined) as T);
      tx.onabort = () => reject(tx.error ?? new Error(`${DB_NAME}: transaction aborted`));
    });
  };
  return {
    get: (projectId) => run<UnsavedRecord[]>('readonly', (s) => s.getAll(ofProject(projectId)) as IDBRequest<UnsavedRecord[]>)
      .then((r) => entryOf(projectId, r)),
    put: (record) => run<void>('readwrite', (s) => { s.put(record); }),
    remove: (projectId, seqs) => run<void>('readwrite', (s) => { for (const q of seqs) s.delete([projectId, q]); }),
    clear: (projectId) => run<void>('readwrite', (s) => { s.delete(ofProject(projectId)); }),
  };
}
