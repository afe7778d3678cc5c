// Unsaved edits written incrementally (issue 11): each change of the session writes only what changed — one record per
// history item appended, removed on undo, put back on redo; items evicted from the 20-item window stay; a save clears
// the project. The store's operations are recorded to check that nothing else is written.
import { describe, expect, it } from 'vitest';
import { createModel } from 'engine/model';
import type { NetworkObject } from 'engine/types';
import { EditSession } from '../../../src/map/edit-session';
import { memoryStore, type UnsavedRecord, type UnsavedStore } from '../../../src/map/unsaved-store';
import { trackUnsaved } from '../../../src/map/unsaved-offer';

const objs: NetworkObject[] = [
  { id: 'a', projectId: 7, node: { geometry: { type: 'Point', coordinates: [0, 0] } } },
  { id: 'b', projectId: 7, node: { geometry: { type: 'Point', coordinates: [100, 0] } } },
  { id: 'e', projectId: 7, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[0, 0], [100, 0]] } } },
];
const session = () => { let n = 0; return new EditSession(createModel({ networkObjects: structuredClone(objs) }), { newId: () => `new-${++n}`, projectId: 7 }); };

/** A memory store that logs each operation ('put 3', 'remove 2,1', 'clear'); `gate` delays every write until released. */
function recording(gate?: Promise<void>) {
  const base = memoryStore(), ops: string[] = [];
  const later = async () => { if (gate) await gate; };
  const store: UnsavedStore = {
    get: base.get,
    put: async (r: UnsavedRecord) => { ops.push(`put ${r.seq}`); await later(); return base.put(r); },
    remove: async (p, seqs) => { ops.push(`remove ${seqs.join(',')}`); await later(); return base.remove(p, seqs); },
    clear: async (p) => { ops.push('clear'); await later(); return base.clear(p); },
  };
  return { store, ops };
}

async function tracked() {
  const { store, ops } = recording();
  const s = session();
  const t = trackUnsaved(s, store, 7, await store.get(7));
  const move = (i: number) => s.perform({ type: 'moveNode', id: 'b', to: [100, i] });
  const stored = async () => { await t.flush(); return (await store.get(7))?.actions ?? []; };
  return { s, t, store, ops, move, stored };
}

describe('unsaved edits written incrementally', () => {
  it('a gesture appends one record holding its history item\'s actions', async () => {
    const { s, ops, move, store, t } = await tracked();
    move(1);
    move(2);
    await t.flush();
    expect(ops).toEqual(['put 0', 'put 1']);
    const recs = (await store.get(7))!.records;
    expect(recs.map((r) => r.actions)).toEqual(s.editor.history.items.map((it) => it.actions));
  });

  it('an undo removes the undone item\'s record and a redo puts it back', async () => {
    const { s, ops, move, stored } = await tracked();
    move(1);
    move(2);
    s.undo();
    expect(await stored()).toEqual(s.pending());
    s.redo();
    expect(await stored()).toEqual(s.pending());
    expect(ops).toEqual(['put 0', 'put 1', 'remove 1', 'put 2']);
  });

  it('a new change after undo writes only its own record; the undone items never come back', async () => {
    const { s, ops, move, stored } = await tracked();
    move(1);
    move(2);
    move(3);
    s.undo();
    s.undo();
    await stored();
    expect(ops.slice(3)).toEqual(['remove 2', 'remove 1']);
    ops.length = 0;
    s.perform({ type: 'moveNode', id: 'a', to: [0, 9] }); // drops the redo tail
    expect(await stored()).toEqual(s.pending());
    expect(ops).toEqual(['put 3']);
    expect(s.editor.history.items).toHaveLength(2);
  });

  it('items evicted from the 20-item window stay stored; each later gesture still writes one record', async () => {
    const { s, ops, move, stored } = await tracked();
    for (let i = 1; i <= 70; i++) move(i);
    expect(s.editor.history.unsavedEvicted.flat()).toHaveLength(50);
    expect(await stored()).toEqual(s.pending());
    expect(ops).toEqual(Array.from({ length: 70 }, (_, i) => `put ${i}`));
    // undo reaches only the window: the evicted ones stay
    for (let i = 0; i < 20; i++) s.undo();
    expect(await stored()).toEqual(s.pending());
    expect(s.pending()).toHaveLength(s.editor.history.unsavedEvicted.flat().flatMap((it) => it.actions).length);
  });

  it('a save clears the project, after the writes still in flight', async () => {
    let release = () => {};
    const { store, ops } = recording(new Promise<void>((r) => { release = r; }));
    const s = session();
    const t = trackUnsaved(s, store, 7, undefined);
    s.perform({ type: 'moveNode', id: 'b', to: [100, 5] });
    s.markSaved(); // the 'reset' event: while the put above still waits
    release();
    await t.flush();
    expect(ops).toEqual(['put 0', 'clear']);
    expect(await store.get(7)).toBeUndefined();
    s.perform({ type: 'moveNode', id: 'b', to: [100, 6] }); // editing goes on after the save
    await t.flush();
    expect((await store.get(7))!.actions).toEqual(s.pending());
  });

  it('edits the session held before tracking started are written at once, evicted ones included', async () => {
    const { store } = recording();
    const s = session();
    for (let i = 1; i <= 25; i++) s.perform({ type: 'moveNode', id: 'b', to: [100, i] });
    const t = trackUnsaved(s, store, 7, undefined);
    await t.flush();
    expect((await store.get(7))!.actions).toEqual(s.pending());
  });

  it('off stops writing', async () => {
    const { s, t, ops, move } = await tracked();
    move(1);
    t.off();
    move(2);
    await t.flush();
    expect(ops).toEqual(['put 0']);
    expect(s.pending().length).toBeGreaterThan(0);
  });

  it('a failed write does not stop the later ones and flush still resolves', async () => {
    const base = memoryStore();
    let fail = true;
    const store: UnsavedStore = { ...base, put: (r) => (fail ? Promise.reject(new Error('quota')) : base.put(r)) };
    const s = session();
    const t = trackUnsaved(s, store, 7, undefined);
    s.perform({ type: 'moveNode', id: 'b', to: [100, 1] });
    await t.flush();
    fail = false;
    s.perform({ type: 'moveNode', id: 'b', to: [100, 2] });
    await t.flush();
    expect((await base.get(7))!.records).toHaveLength(1);
  });
});
