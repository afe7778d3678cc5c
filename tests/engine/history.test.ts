// History rules of spec 1 §4/§9: one gesture = one item, at most 20 with a signal, redo tail dropped, canUndo/canSave.
import { describe, it, expect } from 'vitest';
import { Editor, HISTORY_LIMIT, emptyHistory, pushItem, canUndo, canSave, pendingActions, markSaved, limitReached, type Action } from 'engine';
import { EVICTED_CHUNK, evictedItems } from '../../engine/history';
import { model, config } from './ascii';

const act = (i: number): Action => ({ code: 0, after: { id: `n${i}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [i, 0] } } } });

describe('history', () => {
  it('history limit 20 items; a signal is given when 20 is reached', () => {
    let h = emptyHistory();
    const signals: boolean[] = [];
    for (let i = 0; i < 21; i++) { const r = pushItem(h, [act(i)]); h = r.history; signals.push(r.limitReached); }
    expect(HISTORY_LIMIT).toBe(20);
    expect(signals.indexOf(true)).toBe(19);
    expect(h.items).toHaveLength(20);
    expect(evictedItems(h).map((it) => it.actions[0])).toEqual([act(0)]);
    expect(pendingActions(h)).toHaveLength(21); // no edit is lost to the limit
  });
  it('the 20-item signal fires once when 20 is reached, not again at 21 or 22; after an undo and a new edit it fires again; a save starts over', () => {
    let h = emptyHistory();
    const signals: boolean[] = [];
    for (let i = 0; i < 22; i++) { const r = pushItem(h, [act(i)]); h = r.history; signals.push(r.limitReached); }
    expect(signals.map((s, i) => (s ? i : -1)).filter((i) => i >= 0)).toEqual([19]);
    h = { ...h, index: h.index - 1 }; // undo: the window keeps 19 before the redo tail
    const again = pushItem(h, [act(30)]);
    expect(again.limitReached).toBe(true);
    expect(pushItem(again.history, [act(31)]).limitReached).toBe(false);
    let s = markSaved(again.history);
    const after: boolean[] = [];
    for (let i = 0; i < 20; i++) { const r = pushItem(s, [act(40 + i)]); s = r.history; after.push(r.limitReached); }
    expect(after.indexOf(true)).toBe(19);
  });
  it('the editor gives the signal once per gesture that reaches 20 items; the toolbar state stays on while the window is full', () => {
    const ed = new Editor(model('A'), config());
    const draw = (i: number) => ed.apply({ type: 'drawNode', coordinates: [100 * (i + 1), 0] }).limitReached;
    const signals = Array.from({ length: 22 }, (_, i) => draw(i));
    expect(signals.map((s, i) => (s ? i + 1 : 0)).filter(Boolean)).toEqual([20]);
    expect(limitReached(ed.history)).toBe(true);
    ed.undo();
    expect(draw(30)).toBe(true); // 19 → 20 again after an undo
    expect(draw(31)).toBe(false);
    ed.markSaved();
    expect(limitReached(ed.history)).toBe(false);
    const after = Array.from({ length: 20 }, (_, i) => draw(40 + i));
    expect(after.indexOf(true)).toBe(19);
    expect(after.lastIndexOf(true)).toBe(19);
  });
  it('no edit is lost to the limit: hundreds of evicted items stay pending in order, and earlier histories are unchanged', () => {
    let h = emptyHistory();
    const snapshots: ReturnType<typeof emptyHistory>[] = [];
    const n = 3 * EVICTED_CHUNK + HISTORY_LIMIT + 5;
    for (let i = 0; i < n; i++) { h = pushItem(h, [act(i)]).history; snapshots.push(h); }
    expect(pendingActions(h)).toEqual(Array.from({ length: n }, (_, i) => act(i)));
    expect(evictedItems(h)).toHaveLength(n - HISTORY_LIMIT);
    expect(h.unsavedEvicted.every((c) => c.length <= EVICTED_CHUNK)).toBe(true);
    expect(pendingActions(snapshots[99])).toEqual(Array.from({ length: 100 }, (_, i) => act(i)));
    expect(canSave({ ...h, index: -1 })).toBe(true);
  });
  it('canUndo holds when the index is at least 0; canSave equals canUndo', () => {
    let h = emptyHistory();
    expect(canUndo(h)).toBe(false);
    expect(canSave(h)).toBe(false);
    h = pushItem(h, [act(1)]).history;
    expect(h.index).toBe(0);
    expect(canUndo(h)).toBe(true);
    expect(canSave(h)).toBe(true);
    expect(canSave(markSaved(h))).toBe(false);
  });
  it('a new change after an undo discards the redo tail', () => {
    const ed = new Editor(model('A'), config());
    ed.apply({ type: 'drawNode', coordinates: [100, 0] });
    ed.apply({ type: 'drawNode', coordinates: [200, 0] });
    ed.undo();
    expect(ed.canRedo).toBe(true);
    ed.apply({ type: 'drawNode', coordinates: [300, 0] });
    expect(ed.canRedo).toBe(false);
    expect(ed.history.items).toHaveLength(2);
  });
  it('grouped changes (a gesture and its side effects) form one history item', () => {
    const ed = new Editor(model('A----------B'), config());
    const r = ed.apply({ type: 'drawNode', coordinates: [50, 0] });
    expect(ed.history.items).toHaveLength(1);
    expect(r.historyItem!.actions.map((a) => a.code)).toEqual([0, 1, 0]); // node, edit AB, new half
    ed.undo();
    expect(ed.canUndo).toBe(false);
  });
});
