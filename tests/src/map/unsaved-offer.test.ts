// Unsaved edits across visits (issue 6: "never silently dropped"): edits of an earlier visit are offered back and,
// until the user answers, a new edit does not replace them in the store; restore applies them, discard drops only them.
// (How each change is written: unsaved-tracking.test.ts; the IndexedDB store: unsaved-store.test.ts.)
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

  it('undoing every edit of this visit before answering leaves the offered edits in the store', async () => {
    const store = memoryStore();
    const v1 = await visit(store);
    v1.s.perform({ type: 'moveNode', id: 'b', to: [100, 40] });
    await v1.t.flush();
    const v2 = await visit(store);
    v2.s.perform({ type: 'moveNode', id: 'a', to: [0, -40] });
    v2.s.undo();
    await v2.t.flush();
    expect((await store.get(7))?.actions).toEqual(v1.s.pending());
    expect((await visit(store)).t.stored?.count).toBe(v1.s.pending().length);
  });

  it('over several unanswered visits the offer restores the newest visit first, then the older ones', async () => {
    const store = memoryStore();
    const moves: [number, number][] = [[100, 10], [100, 20], [100, 30]];
    const pend: unknown[][] = [];
    for (const to of moves) { // three visits, none answers the offer
      const v = await visit(store);
      v.s.perform({ type: 'moveNode', id: 'b', to });
      await v.t.flush();
      pend.push(v.s.pending());
    }
    const entry = await store.get(7);
    expect(entry?.actions).toEqual(pend[2]);
    expect(entry?.kept).toEqual([...pend[1], ...pend[0]]);
    const v4 = await visit(store);
    await v4.t.stored!.restore();
    expect(v4.s.pending()).toEqual([...pend[2], ...pend[1], ...pend[0]]);
    expect(getObject(v4.s.model, 'b')!.node!.geometry.coordinates).toEqual([100, 10]); // the oldest visit's edit applied last
    await v4.t.flush();
    const after = await store.get(7);
    expect(after?.records).toHaveLength(1); // the restored item, this visit's own record
    expect(after?.actions).toEqual(v4.s.pending());
  });

  it('no offer when nothing was kept', async () => {
    expect((await visit(memoryStore())).t.stored).toBeNull();
  });
});
