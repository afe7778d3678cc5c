// Unsaved edits across visits (issue 6: "never silently dropped"): edits of an earlier visit are offered back and,
// until the user answers, a new edit does not replace them in the store; restore applies them, discard drops only them.
// Each change writes only what changed (one record per history item).
import { describe, expect, it } from 'vitest';
import { createModel, getObject } from 'engine/model';
import type { NetworkObject } from 'engine/types';
import { EditSession } from '../../../src/map/edit-session';
import { memoryStore } from '../../../src/map/unsaved-store';
import { trackUnsaved } from '../../../src/map/unsaved-offer';

const objs: NetworkObject[] = [
  { id: 'a', projectId: 7, node: { geometry: { type: 'Point', coordinates: [0, 0] } } },
  { id: 'b', projectId: 7, node: { geometry: { type: 'Point', coordinates: [100, 0] } } },
  { id: 'e', projectId: 7, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[0, 0], [100, 0]] } } },
];
const session = () => { let n = 0; return new EditSession(createModel({ networkObjects: structuredClone(objs) }), { newId: () => `new-${++n}`, projectId: 7 }); };

/** One visit: a session tracking the store, opened with what the store held. */
async function visit(store: ReturnType<typeof memoryStore>) {
  const s = session();
  const t = trackUnsaved(s, store, 7, await store.get(7));
  return { s, t };
}

describe('unsaved edits offered back', () => {
  it('a new edit made before answering the offer keeps the offered edits in the store', async () => {
    const store = memoryStore();
    const v1 = await visit(store);
    v1.s.perform({ type: 'moveNode', id: 'b', to: [100, 40] });
    await v1.t.flush();
    const v2 = await visit(store);
    expect(v2.t.stored?.count).toBe(v1.s.pending().length);
    v2.s.perform({ type: 'moveNode', id: 'a', to: [0, -40] }); // not answered yet
    await v2.t.flush();
    const kept = await store.get(7);
    expect(kept?.kept).toEqual(v1.s.pending());
    expect(kept?.actions).toEqual(v2.s.pending());
    // a third visit offers both, and restoring them gives both edits
    const v3 = await visit(store);
    expect(v3.t.stored?.count).toBe(v1.s.pending().length + v2.s.pending().length);
    await v3.t.stored!.restore();
    expect(getObject(v3.s.model, 'a')!.node!.geometry.coordinates).toEqual([0, -40]);
    expect(getObject(v3.s.model, 'b')!.node!.geometry.coordinates).toEqual([100, 40]);
    await v3.t.flush();
    expect((await store.get(7))?.kept).toBeUndefined();
  });

  it('discard drops only the offered edits; with nothing else pending the store is cleared', async () => {
    const store = memoryStore();
    const v1 = await visit(store);
    v1.s.perform({ type: 'moveNode', id: 'b', to: [100, 40] });
    await v1.t.flush();
    const v2 = await visit(store);
    v2.s.perform({ type: 'moveNode', id: 'a', to: [0, -40] });
    v2.t.stored!.discard();
    await v2.t.flush();
    expect((await store.get(7))?.actions).toEqual(v2.s.pending());
    expect((await store.get(7))?.kept).toBeUndefined();
    v2.s.undo();
    await v2.t.flush();
    expect(await store.get(7)).toBeUndefined();
  });

  it('each change writes only what changed: one record per gesture, an undo removes it, a redo puts it back; items past the 20-item window stay', async () => {
    const base = memoryStore();
    const ops: string[] = [];
    const store = { ...base, put: (r: Parameters<typeof base.put>[0]) => { ops.push(`put ${r.seq}`); return base.put(r); },
      remove: (p: number, seqs: readonly number[]) => { ops.push(`remove ${seqs.join(',')}`); return base.remove(p, seqs); } };
    const { s, t } = await visit(store);
    for (let i = 1; i <= 25; i++) s.perform({ type: 'moveNode', id: 'b', to: [100, i] });
    await t.flush();
    expect(ops).toEqual(Array.from({ length: 25 }, (_, i) => `put ${i}`));
    expect((await store.get(7))!.records).toHaveLength(25); // 5 evicted from the window, still unsaved
    expect((await store.get(7))!.actions).toEqual(s.pending());
    ops.length = 0;
    s.undo();
    s.undo();
    s.redo();
    await t.flush();
    expect(ops).toEqual(['remove 24', 'remove 23', 'put 25']);
    expect((await store.get(7))!.actions).toEqual(s.pending());
    s.perform({ type: 'moveNode', id: 'a', to: [0, 5] }); // after an undo: the redo tail was already removed
    await t.flush();
    expect((await store.get(7))!.actions).toEqual(s.pending());
    s.markSaved();
    await t.flush();
    expect(await store.get(7)).toBeUndefined();
  });

  it('no offer when nothing was kept', async () => {
    expect((await visit(memoryStore())).t.stored).toBeNull();
  });
});
