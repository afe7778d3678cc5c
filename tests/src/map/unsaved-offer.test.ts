// Unsaved edits across visits (issue 6: "never silently dropped"): edits of an earlier visit are offered back and,
// until the user answers, a new edit does not replace them in the store; restore applies them, discard drops only them.
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
    expect(await store.get(7)).toMatchObject({ actions: v2.s.pending(), kept: undefined });
    v2.s.undo();
    await v2.t.flush();
    expect(await store.get(7)).toBeUndefined();
  });

  it('no offer when nothing was kept', async () => {
    expect((await visit(memoryStore())).t.stored).toBeNull();
  });
});
