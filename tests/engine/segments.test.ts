// Base segments (engine/segments.ts): reads merged in bulk become segments of the base; a reverse-index list spanning
// segments reads as their union, the overlay stays on top of all of them, and folds keep every row.
import { describe, expect, it } from 'vitest';
import {
  BULK_MERGE, Editor, createModel, edgesOfNode, getObject, mergeInBulk, pentries, planMerge, segmentCount, fold, type NetworkObject,
} from 'engine';
import { ascii, TYPES, counterIds } from './ascii';

const star = () => ascii('\nA---C---B\n    |\n    D');
const pick = (ids: string[]) => star().filter((o) => ids.includes(o.id));
const known = { object: () => false, relation: () => false };

function session(maxSegments = 10): Editor {
  return new Editor(createModel({ networkObjects: [], objectTypes: TYPES }), {
    newId: counterIds('n'), projectId: 1, bulkMerge: { min: 0, maxSegments, foldMaxRows: 0 },
  });
}
const merge = (ed: Editor, reads: NetworkObject[][]) => { for (const r of reads) ed.merge(r, known); };

describe('base segments', () => {
  it('a node whose edges came with three reads lists all of them (sorted), once in a full scan', () => {
    const ed = session();
    merge(ed, [pick(['A', 'C', 'AC']), pick(['B', 'CB']), pick(['D', 'CD'])]);
    expect(segmentCount(ed.model)).toBe(3);
    expect(edgesOfNode(ed.model, 'C')).toEqual(['AC', 'CB', 'CD']);
    const scanned = [...pentries(ed.model.edgesByNode)].filter(([k]) => k === 'C');
    expect(scanned).toEqual([['C', ['AC', 'CB', 'CD']]]);
  });

  it('a list the overlay changed gets the entries of a later read too', () => {
    const ed = session();
    merge(ed, [pick(['A', 'C', 'AC', 'B', 'CB'])]);
    expect(ed.apply({ type: 'deleteObject', id: 'AC' }).rejected).toBeNull(); // overlay: C lists only CB
    merge(ed, [pick(['D', 'CD'])]);
    expect(edgesOfNode(ed.model, 'C')).toEqual(['CB', 'CD']);
    ed.undo();
    expect(edgesOfNode(ed.model, 'C')).toEqual(['AC', 'CB', 'CD']);
    expect(getObject(ed.model, 'A')).toBeDefined();
  });

  it('too many segments are folded into one; rows and lists stay', () => {
    const ed = session(2);
    merge(ed, [pick(['A', 'C', 'AC']), pick(['B', 'CB']), pick(['D', 'CD'])]);
    expect(segmentCount(ed.model)).toBe(2);
    expect(edgesOfNode(ed.model, 'C')).toEqual(['AC', 'CB', 'CD']);
    const folded = fold(ed.model, 0);
    expect(segmentCount(folded)).toBe(1);
    const all = (m: typeof folded) => [...pentries(m.networkObjects)].map(([k]) => k).sort();
    expect(all(folded)).toEqual(all(ed.model));
    expect(edgesOfNode(folded, 'C')).toEqual(['AC', 'CB', 'CD']);
  });

  it('a merge with deferred folds leaves them to Editor.fold (the map runs it after the frame): same rows after it', () => {
    const reads = () => [pick(['A', 'C', 'AC']), pick(['B', 'CB']), pick(['D', 'CD'])];
    const now = new Editor(createModel({ networkObjects: [], objectTypes: TYPES }), {
      newId: counterIds('n'), projectId: 1, bulkMerge: { min: 0, maxSegments: 10, foldMaxRows: 1e6 },
    });
    const later = new Editor(now.model, { ...now.config, newId: counterIds('m') });
    for (const r of reads()) { now.merge(r, known); later.merge(r, known, { deferFolds: true }); }
    expect(segmentCount(now.model)).toBeLessThan(3); // folded while merging (sizes within 2/3 of each other)
    expect(segmentCount(later.model)).toBe(3);
    const rows = (m: typeof now.model) => [...pentries(m.networkObjects)].map(([k]) => k).sort();
    const before = rows(later.model);
    expect(later.fold()).toBe(true);
    expect(segmentCount(later.model)).toBeLessThan(3);
    expect(rows(later.model)).toEqual(before);
    expect(edgesOfNode(later.model, 'C')).toEqual(['AC', 'CB', 'CD']);
    expect(later.fold()).toBe(false);
    // past the cap a deferred merge still folds at once
    const capped = session(2);
    for (const r of reads()) capped.merge(r, known, { deferFolds: true });
    expect(segmentCount(capped.model)).toBe(2);
  });

  it('a small read, or one holding a row the session has, goes through a transaction instead', () => {
    const ed = new Editor(createModel({ networkObjects: [], objectTypes: TYPES }), { newId: counterIds('n'), projectId: 1 });
    merge(ed, [pick(['A', 'C', 'AC']), pick(['B', 'CB'])]);
    expect(segmentCount(ed.model)).toBe(1); // below the default minimum: overlay rows
    expect(edgesOfNode(ed.model, 'C')).toEqual(['AC', 'CB']);
    const bulk = session();
    merge(bulk, [pick(['A', 'C', 'AC', 'B', 'CB'])]);
    expect(bulk.apply({ type: 'deleteObject', id: 'CB' }).rejected).toBeNull(); // B goes with it (orphan)
    const plan = planMerge(bulk.model, pick(['B', 'CB', 'D', 'CD']), known);
    expect(mergeInBulk(bulk.model, plan, { ...BULK_MERGE, min: 0 })).toBeNull(); // B and CB are in the base
    merge(bulk, [pick(['B', 'CB', 'D', 'CD'])]);
    expect(segmentCount(bulk.model)).toBe(1);
    expect(edgesOfNode(bulk.model, 'C')).toEqual(['AC', 'CB', 'CD']);
  });
});
