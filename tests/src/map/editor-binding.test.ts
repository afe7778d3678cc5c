// The editor binding hands every change to the plug-ins (validation, capex, clashes) in order; a load (area tile read in
// or dropped) is drawn at once and reaches them after its frame — never after a later change, never twice.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createModel } from 'engine/model';
import { segmentCount } from 'engine/segments';
import type { NetworkObject } from 'engine/types';
import { EditSession, type ChangeEvent } from '../../../src/map/edit-session';
import { EditorBinding } from '../../../src/map/editor-binding';

const node = (id: string, x: number): NetworkObject => ({ id, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 0] } } });
const known = { object: () => false, relation: () => false };

function bound() {
  const changed = vi.fn();
  const b = new EditorBinding({ notify: () => {}, changed });
  let n = 0;
  const s = new EditSession(createModel({ networkObjects: [node('a', 0)] }), { newId: () => `n${n++}`, projectId: 1 });
  b.setSession(s);
  const seen: ChangeEvent[] = [];
  b.subscribe((e) => seen.push(e));
  return { b, s, seen, changed };
}

afterEach(() => { vi.useRealTimers(); });

describe('EditorBinding: loads reach the plug-ins after their frame', () => {
  it('a merged tile is drawn at once (chunks, redraw) and reaches the plug-ins in a later task', async () => {
    vi.useFakeTimers();
    const { b, s, seen, changed } = bound();
    s.merge([node('t1', 10)], known);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(b.chunks!.chunks().reduce((n, c) => n + c.nodes.length, 0)).toBe(2);
    expect(seen).toHaveLength(0);
    await vi.runAllTimersAsync();
    expect(seen.map((e) => e.kind)).toEqual(['load']);
    expect([...seen[0].ids]).toEqual(['t1']);
  });

  it('an edit after a load waiting for its frame delivers the load first, then the edit, each once', async () => {
    vi.useFakeTimers();
    const { s, seen } = bound();
    s.merge([node('t1', 10)], known);
    s.merge([node('t2', 20)], known);
    s.perform({ type: 'moveNode', id: 't1', to: [11, 1] });
    expect(seen.map((e) => e.kind)).toEqual(['load', 'load', 'edit']);
    expect(seen.map((e) => [...e.ids][0])).toEqual(['t1', 't2', 't1']);
    await vi.runAllTimersAsync();
    expect(seen).toHaveLength(3);
    s.merge([node('t3', 30)], known);
    await vi.runAllTimersAsync();
    expect(seen.map((e) => [...e.ids][0])).toEqual(['t1', 't2', 't1', 't3']);
  });

  it('a plug-in subscribing later starts after the loads already handed to the others', async () => {
    vi.useFakeTimers();
    const { b, s, seen } = bound();
    s.merge([node('t1', 10)], known);
    const late: ChangeEvent[] = [];
    b.subscribe((e) => late.push(e));
    expect(seen.map((e) => e.kind)).toEqual(['load']);
    await vi.runAllTimersAsync();
    expect(late).toHaveLength(0);
    expect(seen).toHaveLength(1);
  });

  it("with the map's draw wait, a load reaches the plug-ins once the map has drawn it; an edit first cancels the wait", async () => {
    vi.useFakeTimers();
    const waits: { work: () => void; cancelled: boolean }[] = [];
    const b = new EditorBinding({ notify: () => {}, changed: () => {}, whenDrawn: (work) => { const w = { work, cancelled: false }; waits.push(w); return () => { w.cancelled = true; }; } });
    const s = new EditSession(createModel({ networkObjects: [node('a', 0)] }), { newId: () => 'x', projectId: 1 });
    b.setSession(s);
    const seen: ChangeEvent[] = [];
    b.subscribe((e) => seen.push(e));
    s.merge([node('t1', 10)], known);
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toHaveLength(0); // frames and tasks passed, the map has not drawn it yet
    expect(waits).toHaveLength(1);
    waits[0].work();
    expect(seen.map((e) => e.kind)).toEqual(['load']);
    s.merge([node('t2', 20)], known);
    expect(waits).toHaveLength(2);
    s.perform({ type: 'moveNode', id: 't2', to: [21, 1] });
    expect(seen.map((e) => e.kind)).toEqual(['load', 'load', 'edit']);
    expect(waits[1].cancelled).toBe(true);
    waits[1].work(); // a late call of a cancelled wait delivers nothing twice
    expect(seen).toHaveLength(3);
  });

  it('binding another session hands the waiting loads over first', () => {
    const { b, s, seen } = bound();
    s.merge([node('t1', 10)], known);
    b.setSession(null);
    expect(seen.map((e) => e.kind)).toEqual(['load']);
  });

  it("a merged tile's segment folds run in a task after the loads reached the plug-ins", async () => {
    vi.useFakeTimers();
    const b = new EditorBinding({ notify: () => {}, changed: () => {} });
    const s = new EditSession(createModel({ networkObjects: [] }), { newId: () => 'x', projectId: 1, bulkMerge: { min: 0, maxSegments: 16, foldMaxRows: 1e6 } });
    b.setSession(s);
    const seen: number[] = [];
    b.subscribe(() => seen.push(segmentCount(s.model)));
    s.merge([node('t1', 10), node('t2', 20)], known);
    s.merge([node('t3', 30), node('t4', 40)], known); // as large as the first: merged at once, it would fold
    expect(segmentCount(s.model)).toBe(2);
    await vi.runAllTimersAsync();
    expect(seen).toEqual([2, 2]); // the plug-ins got both loads before the fold
    expect(segmentCount(s.model)).toBe(1);
    expect(b.chunks!.chunks().reduce((n, c) => n + c.nodes.length, 0)).toBe(4);
  });
});
