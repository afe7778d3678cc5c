// Save flow on the real engine: ordered batches, marking saved, failed batches keep the edits.
import { describe, it, expect } from 'vitest';
import { createModel } from 'engine/model';
import type { SaveRequest } from 'engine/save';
import { EditSession } from '../../../src/map/edit-session';
import { saveSession } from '../../../src/map/save-flow';
import { memoryStore } from '../../../src/map/unsaved-store';

function session() {
  let n = 0;
  const model = createModel({
    networkObjects: [
      { id: 'a', projectId: 7, node: { geometry: { type: 'Point', coordinates: [0, 0] } } },
      { id: 'b', projectId: 7, node: { geometry: { type: 'Point', coordinates: [100, 0] } } },
      { id: 'e', projectId: 7, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[0, 0], [100, 0]] } } },
    ],
  });
  return new EditSession(model, { newId: () => `new-${++n}`, projectId: 7 });
}

describe('edits through the engine and the save flow', () => {
  it('drawing an edge across an existing node gives two edges in one history item; undo and redo', () => {
    const s = session();
    const node = { id: 'mid', projectId: 7, node: { geometry: { type: 'Point' as const, coordinates: [50, 50] as [number, number] } } };
    s.restore([{ code: 0, after: node }]);
    const before = s.state().size;
    const e = s.perform({ type: 'drawEdge', coordinates: [[50, 0], [50, 100]] });
    expect(e.rejected).toBeNull();
    expect(s.state().size).toBe(before + 1);
    const edgesAtMid = s.index.edgesNear([50, 50], 0.5).map((h) => h.id);
    expect(edgesAtMid.length).toBe(2);
    s.undo();
    expect(s.index.edgesNear([50, 50], 0.5)).toHaveLength(0);
    s.redo();
    expect(s.index.edgesNear([50, 50], 0.5)).toHaveLength(2);
  });

  it("a zero-length line is rejected with 'zero length'", () => {
    const s = session();
    const e = s.perform({ type: 'drawEdge', coordinates: [[10, 10], [10.001, 10]] });
    expect(e.warnings).toContain('zero length');
    expect(s.state().canUndo).toBe(false);
  });

  it('save sends the merged batches in order, marks saved and clears the stored edits', async () => {
    const s = session();
    const store = memoryStore();
    s.perform({ type: 'splitEdge', id: 'e', at: [40, 0] });
    await store.put({ projectId: 7, seq: 0, actions: s.pending(), savedAt: 1 });
    const sent: SaveRequest[] = [];
    const out = await saveSession(s, async (r) => { sent.push(r); }, store, 7);
    expect(out).toEqual({ ok: true, sent: sent.length, skipped: 0 });
    const ORDER = ['create nodes', 'create edges', 'create paths', 'create path edges', 'create object instances', 'create relations', 'edit network objects', 'edit path edges', 'edit object instances', 'attribute values', 'delete relations', 'delete object instances', 'delete path edges', 'delete network objects'];
    const idx = sent.map((r) => ORDER.indexOf(r.kind));
    expect(idx.every((v, i) => v >= 0 && (i === 0 || v > idx[i - 1]))).toBe(true);
    expect(sent[0].method).toBe('POST');
    expect(sent.some((r) => r.method === 'DELETE' || r.method === 'PUT')).toBe(true);
    expect(s.state().canSave).toBe(false);
    expect(await store.get(7)).toBeUndefined();
  });

  it('a failed batch keeps the edits and says which batch failed', async () => {
    const s = session();
    const store = memoryStore();
    s.perform({ type: 'moveNode', id: 'b', to: [100, 30] });
    await store.put({ projectId: 7, seq: 0, actions: s.pending(), savedAt: 1 });
    const out = await saveSession(s, async () => { throw new Error('HTTP 500'); }, store, 7);
    expect(out.ok).toBe(false);
    if (!out.ok) { expect(out.error).toBe('HTTP 500'); expect(out.failed.method).toBe('PUT'); }
    expect(s.state().canSave).toBe(true);
    expect(s.state().canUndo).toBe(true);
    expect((await store.get(7))?.actions.length).toBeGreaterThan(0);
  });

  it('after a save that failed part-way, the retry does not send again what the server accepted', async () => {
    const s = session();
    s.perform({ type: 'splitEdge', id: 'e', at: [40, 0] });
    const first: SaveRequest[] = [];
    let n = 0;
    // the server accepts the first two batches, then fails
    const out = await saveSession(s, async (r) => { if (++n > 2) throw new Error('HTTP 500'); first.push(r); });
    expect(out.ok).toBe(false);
    expect(s.state().canSave).toBe(true);
    const retry: SaveRequest[] = [];
    const again = await saveSession(s, async (r) => { retry.push(r); });
    expect(again).toEqual({ ok: true, sent: retry.length, skipped: 2 });
    for (const r of first) expect(retry.some((x) => x.kind === r.kind && JSON.stringify(x.items) === JSON.stringify(r.items))).toBe(false);
    expect(first.length + retry.length).toBeGreaterThan(2);
    expect(s.state().canSave).toBe(false);
  });

  it('edits made after a part-way failure are sent; items the server accepted are left out of their batch', async () => {
    const s = session();
    s.perform({ type: 'drawNode', coordinates: [300, 300] });
    let n = 0;
    const out = await saveSession(s, async () => { if (++n > 1) throw new Error('HTTP 500'); });
    // a single batch (create nodes): accepted, so nothing failed
    expect(out.ok).toBe(true);
    s.perform({ type: 'drawNode', coordinates: [400, 400] });
    s.perform({ type: 'drawNode', coordinates: [500, 500] });
    const reqs = s.saveRequests();
    expect(reqs[0].method).toBe('POST');
    const twoNodes = reqs[0].items.length;
    expect(twoNodes).toBe(2);
    // accept only the first node's create (as if an earlier try had sent it), then the rest
    const { withoutAccepted } = await import('../../../src/map/save-flow');
    const partial = { ...reqs[0], items: [reqs[0].items[0]] };
    const { todo, skipped } = withoutAccepted(reqs, [partial]);
    expect(skipped).toBe(0);
    expect(todo[0].items).toEqual([reqs[0].items[1]]);
  });

  it('accepted items are recognised by content, whatever the order of their fields; other kinds are untouched', async () => {
    const { withoutAccepted } = await import('../../../src/map/save-flow');
    const a = { id: 'n1', projectId: 7, node: { geometry: { type: 'Point', coordinates: [1, 2] } } };
    const b = { id: 'n2', projectId: 7, node: { geometry: { type: 'Point', coordinates: [3, 4] } } };
    const sameAsA = { node: { geometry: { coordinates: [1, 2], type: 'Point' } }, projectId: 7, id: 'n1' };
    const reqs: SaveRequest[] = [
      { kind: 'create nodes', method: 'POST', items: [a, b] },
      { kind: 'delete network objects', method: 'DELETE', items: ['n1'] },
    ];
    const { todo, skipped } = withoutAccepted(reqs, [{ kind: 'create nodes', method: 'POST', items: [sameAsA] }]);
    expect(skipped).toBe(0);
    expect(todo).toEqual([{ kind: 'create nodes', method: 'POST', items: [b] }, reqs[1]]);
    // a whole batch accepted: skipped
    expect(withoutAccepted(reqs, [{ kind: 'delete network objects', method: 'DELETE', items: ['n1'] }])).toEqual({ todo: [reqs[0]], skipped: 1 });
  });

  it('stored unsaved edits restore onto a fresh session as one undoable item', () => {
    const s1 = session();
    s1.perform({ type: 'moveNode', id: 'b', to: [100, 30] });
    const s2 = session();
    s2.restore(s1.pending());
    expect(s2.index.nodesNear([100, 30], 0.1).map((h) => h.id)).toEqual(['b']);
    expect(s2.state().canSave).toBe(true);
  });
});
