// The unsaved-edit records in IndexedDB (fake-indexeddb, a fresh database per test): records round-trip by project,
// remove and clear touch only what they name, a database of the earlier layouts (version 1: one entry per project in
// store 'unsaved'; version 2: records marked `kept`) is upgraded without losing an edit, the connection is given up
// when another page upgrades or deletes the database and opened again, and two visits over the real store keep and
// offer edits as in memory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createModel, getObject } from 'engine/model';
import type { Action } from 'engine/actions';
import type { NetworkObject } from 'engine/types';
import { EditSession } from '../../../src/map/edit-session';
import { indexedDbStore, DB_NAME, DB_VERSION } from '../../../src/map/unsaved/indexeddb';
import { trackUnsaved } from '../../../src/map/unsaved-offer';

const act = (id: string): Action => ({ code: 0, after: { id, projectId: 7 } } as unknown as Action);
const rec = (projectId: number, seq: number, ids: string[], visit = 0) => ({ projectId, seq, visit, actions: ids.map(act), savedAt: 1 });

/** Opens `DB_NAME` at `version` with the given stores and rows, as an older app version left it. */
function seed(idb: IDBFactory, version: number, stores: Record<string, { keyPath: string | string[]; rows: unknown[] }>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = idb.open(DB_NAME, version);
    req.onupgradeneeded = () => {
      for (const [name, { keyPath, rows }] of Object.entries(stores)) {
        const s = req.result.createObjectStore(name, { keyPath });
        for (const r of rows) s.put(r);
      }
    };
    req.onsuccess = () => { req.result.close(); resolve(); };
    req.onerror = () => reject(req.error);
  });
}

const storeNames = (idb: IDBFactory) => new Promise<string[]>((resolve) => {
  const req = idb.open(DB_NAME);
  req.onsuccess = () => { const n = [...req.result.objectStoreNames]; req.result.close(); resolve(n); };
});

describe('unsaved-edit records in IndexedDB', () => {
  it('keeps records per project in seq order; remove and clear touch only what they name', async () => {
    const s = indexedDbStore(new IDBFactory());
    expect(await s.get(7)).toBeUndefined();
    await s.put(rec(7, 2, ['c']));
    await s.put(rec(7, 0, ['a']));
    await s.put(rec(7, 1, ['b']));
    await s.put(rec(8, 0, ['x']));
    expect((await s.get(7))!.actions).toEqual(['a', 'b', 'c'].map(act));
    await s.remove(7, [1]);
    expect((await s.get(7))!.records.map((r) => r.seq)).toEqual([0, 2]);
    await s.clear(7);
    expect(await s.get(7)).toBeUndefined();
    expect((await s.get(8))!.actions).toEqual([act('x')]);
  });

  it('splits the latest visit\'s records from the earlier visits\' (kept, newest visit first)', async () => {
    const s = indexedDbStore(new IDBFactory());
    await s.put(rec(7, 0, ['v0'], 0));
    await s.put(rec(7, 1, ['v1a'], 1));
    await s.put(rec(7, 2, ['v1b'], 1));
    await s.put(rec(7, 3, ['v3'], 3));
    const e = (await s.get(7))!;
    expect(e.actions).toEqual([act('v3')]);
    expect(e.kept).toEqual(['v1a', 'v1b', 'v0'].map(act));
  });

  it('upgrades a version-1 database: each project\'s entry becomes records, the old store is deleted', async () => {
    const idb = new IDBFactory();
    await seed(idb, 1, { unsaved: { keyPath: 'projectId', rows: [
      { projectId: 7, actions: [act('new')], kept: [act('old')], tiles: ['1_0'], savedAt: 5 },
      { projectId: 8, actions: [act('only')], savedAt: 5 },
    ] } });
    const s = indexedDbStore(idb);
    const e7 = (await s.get(7))!;
    expect(e7.actions).toEqual([act('new')]);
    expect(e7.kept).toEqual([act('old')]);
    expect(e7.tiles).toEqual(['1_0']);
    expect((await s.get(8))!.actions).toEqual([act('only')]);
    expect(await storeNames(idb)).toEqual(['records']);
  });

  it('upgrades a version-2 database: records marked kept become the earlier visit', async () => {
    const idb = new IDBFactory();
    await seed(idb, 2, { records: { keyPath: ['projectId', 'seq'], rows: [
      { projectId: 7, seq: 0, actions: [act('mine')], savedAt: 1 },
      { projectId: 7, seq: 1, actions: [act('older')], kept: true, savedAt: 1 },
    ] } });
    const e = (await indexedDbStore(idb).get(7))!;
    expect(e.actions).toEqual([act('mine')]);
    expect(e.kept).toEqual([act('older')]);
    expect(e.records.every((r) => !('kept' in r))).toBe(true);
  });

  it('gives its connection up when another page upgrades or deletes the database, and opens it again', async () => {
    const idb = new IDBFactory();
    const s = indexedDbStore(idb);
    await s.put(rec(7, 0, ['a']));
    await new Promise<void>((resolve, reject) => { // another tab deletes the database: must not be blocked by ours
      const req = idb.deleteDatabase(DB_NAME);
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('blocked: the store kept its connection open'));
    });
    await s.put(rec(7, 1, ['b'])); // a fresh database
    expect((await s.get(7))!.records.map((r) => r.seq)).toEqual([1]);
    await new Promise<void>((resolve, reject) => { // a newer app version in another tab
      const req = idb.open(DB_NAME, DB_VERSION + 1);
      req.onsuccess = () => { req.result.close(); resolve(); };
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('blocked: the store kept its connection open'));
    });
    await expect(s.put(rec(7, 2, ['c']))).rejects.toThrow(); // this code cannot open the newer database: the write fails
  });

  it('two visits over IndexedDB: the first visit\'s edits are offered back and restored', async () => {
    const objs: NetworkObject[] = [{ id: 'b', projectId: 7, node: { geometry: { type: 'Point', coordinates: [100, 0] } } }];
    const session = () => new EditSession(createModel({ networkObjects: structuredClone(objs) }), { newId: () => 'n', projectId: 7 });
    const store = indexedDbStore(new IDBFactory());
    const s1 = session(), t1 = trackUnsaved(s1, store, 7, await store.get(7));
    for (let i = 1; i <= 22; i++) s1.perform({ type: 'moveNode', id: 'b', to: [100, i] });
    s1.undo();
    await t1.flush();
    const s3 = session(), t3 = trackUnsaved(s3, store, 7, await store.get(7));
    expect(t3.stored?.count).toBe(s1.pending().length);
    await t3.stored!.restore();
    expect(getObject(s3.model, 'b')!.node!.geometry.coordinates).toEqual([100, 21]);
    await t3.flush();
    expect((await store.get(7))!.actions).toEqual(s3.pending());
  });
});
