// Rows made when first read (engine/lazy-rows.ts, issue 15): a whole read's attribute values and relations are made
// as they are first read, each once, and every way of reading them — a key lookup, an instance's list, the entries, a
// fold of the base into a segment, an edit — gives what createModel's eager rows give, in any order.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filledRows, hasUnmade, holdsLast, lazyRows, madeCount, rowAt } from '../../engine/lazy-rows';
import { modelFromColumns } from '../../engine/model-columns';
import { modelInputFromColumns, networkColumns } from '../../engine/network-arrow';
import { avKey, createModel, eachValueOf, getValue, relKey, relationRowsFrom, relationRowsTo, valuesOf, type Model } from '../../engine/model';
import { applyActions } from '../../engine/tx';
import { pentries, pget, prows, type RowBase } from '../../engine/ptable';
import { appendSegment, fold } from '../../engine/segments';
import { arrowOf, build, netArb } from './support/arrow-networks';

const made = (m: Model, t: 'attributeValues' | 'relations') => madeCount((m[t].base as RowBase<unknown>).rows);
const sorted = <T>(l: [string, T][]) => l.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

describe('lazy rows', () => {
  it('the cache of the last table read holds it only until the current task ends (a dropped model is not kept alive)', async () => {
    const rows = lazyRows(4, (i) => ({ i }));
    expect(rowAt(rows, 0)).toEqual({ i: 0 });
    expect(holdsLast()).toBe(true);
    await Promise.resolve();
    expect(holdsLast()).toBe(false);
    // read again after the cache let go: its maker is found again, rows still made once
    expect(rowAt(rows, 1)).toEqual({ i: 1 });
    expect(rowAt(rows, 0)).toBe(rowAt(rows, 0));
    expect(madeCount(rows)).toBe(2);
  });

  it('make a row once, on its first read, and keep it in its place', () => {
    let calls = 0;
    const rows = lazyRows(3, (i) => { calls++; return { i }; });
    expect([madeCount(rows), calls]).toEqual([0, 0]);
    const a = rowAt(rows, 1);
    expect(a).toEqual({ i: 1 });
    expect(rowAt(rows, 1)).toBe(a);
    expect([madeCount(rows), calls]).toEqual([1, 1]);
    expect(rowAt(rows, 3)).toBeUndefined();
    expect(hasUnmade(rows)).toBe(true);
    expect(filledRows(rows).map((r) => r.i)).toEqual([0, 1, 2]);
    expect(hasUnmade(rows)).toBe(false);
    expect(filledRows(rows)[1]).toBe(a);
    expect(calls).toBe(3);
    // the maker is let go once the last row is made by reads
    const two = lazyRows(2, (i) => ({ i }));
    rowAt(two, 1);
    expect(hasUnmade(two)).toBe(true);
    rowAt(two, 1); rowAt(two, 0);
    expect(hasUnmade(two)).toBe(false);
    expect(rowAt(two, 0)).toEqual({ i: 0 });
  });

  it('any read order of a whole read\'s values and relations gives createModel\'s rows', () => {
    fc.assert(fc.property(netArb, fc.array(fc.nat(5), { minLength: 1, maxLength: 8 }), (r, order) => {
      const bytes = arrowOf(build(r));
      const m = modelFromColumns(networkColumns(bytes));
      const ref = createModel(modelInputFromColumns(networkColumns(bytes)));
      const insts = [...pentries(ref.objectInstances)].map(([k]) => k);
      const avs = sorted([...pentries(ref.attributeValues)]), rels = sorted([...pentries(ref.relations)]);
      const reads = [
        () => { for (const [k, v] of avs) expect(pget(m.attributeValues, k)).toEqual(v); },
        () => { for (const i of insts) expect(valuesOf(m, i)).toEqual(valuesOf(ref, i)); },
        () => { for (const i of insts) { expect(relationRowsFrom(m, i)).toEqual(relationRowsFrom(ref, i)); expect(relationRowsTo(m, i)).toEqual(relationRowsTo(ref, i)); } },
        () => { for (const [k, v] of rels) expect(pget(m.relations, k)).toEqual(v); },
        () => { expect(sorted([...pentries(m.attributeValues)])).toEqual(avs); expect(sorted([...pentries(m.relations)])).toEqual(rels); },
        () => { expect(sorted([...prows(m.relations)].map((x) => [relKey(x), x] as [string, unknown]))).toEqual(rels); expect(pget(m.attributeValues, avKey('none', 'x'))).toBeUndefined(); },
      ];
      for (const k of order) reads[k]();
      // a row read twice is the same object
      for (const [k] of avs) expect(pget(m.attributeValues, k)).toBe(pget(m.attributeValues, k));
    }), { numRuns: 200 });
  });

  it('a whole read (references inside the answer) makes none of its values and relations before they are read; a fold keeps every unmade row', () => {
    const bytes = arrowOf(build({ nodes: ['a', 'b'], edges: [[0, 1, false, 2]], paths: [], insts: [[0, 1], [2, 2]], values: [[0, 'Type', 'x'], [1, 'Note', 'x'], [1, 'ø', null]], rels: [[0, 1, 'feeds']] }));
    const m = modelFromColumns(networkColumns(bytes));
    expect([made(m, 'attributeValues'), made(m, 'relations')]).toEqual([0, 0]);
    const seg = createModel({ networkObjects: [{ id: 'far', projectId: 1, node: { geometry: { type: 'Point', coordinates: [9, 9] } } }] as never });
    const folded = fold(appendSegment(m, seg, { min: 0, maxSegments: 16, foldMaxRows: 1e9 }, true), 0);
    expect(folded.attributeValues.segs.length + folded.networkObjects.segs.length).toBe(0);
    expect([...pentries(folded.attributeValues)].length).toBe(3);
    expect([...pentries(folded.relations)].length).toBe(1);
    expect(pget(folded.attributeValues, avKey('i1', 'ø'))).toEqual({ objectInstanceId: 'i1', attributeTypeName: 'ø', value: null });
  });

  it('an instance\'s values read for styles and one value read for a label make no other row; after an edit, the edited values', () => {
    const net = { nodes: ['a', 'b'], edges: [[0, 1, false, 2]] as [number, number, boolean, number][], paths: [], insts: [[0, 1], [1, 1], [2, 2]] as [number, number][],
      values: [[0, 'Type', 'x'], [0, 'Note', null], [0, 'ø', 'ø 40'], [2, 'Type', 'true']] as [number, string, string | null][], rels: [] };
    const bytes = arrowOf(build(net as never));
    const m = modelFromColumns(networkColumns(bytes));
    const ref = createModel(modelInputFromColumns(networkColumns(bytes)));
    const pairs = (mm: Model, iid: string) => { const out: [string, unknown][] = []; eachValueOf(mm, iid, (n, v) => out.push([n, v])); return out; };
    for (const iid of ['i0', 'i1', 'i2']) expect(pairs(m, iid)).toEqual(valuesOf(ref, iid).map((v) => [v.attributeTypeName, v.value]));
    expect(pairs(m, 'i0')).toEqual([['Note', null], ['Type', 'x'], ['ø', 'ø 40']]);
    expect(made(m, 'attributeValues')).toBe(0);
    expect(getValue(m, 'i0', 'ø')).toEqual({ objectInstanceId: 'i0', attributeTypeName: 'ø', value: 'ø 40' });
    expect(getValue(m, 'i0', 'none')).toBeUndefined();
    expect(made(m, 'attributeValues')).toBe(1);
    const before = getValue(m, 'i0', 'Type')!;
    const edited = applyActions(m, [{ code: 11, before, after: { ...before, value: 'y' } }]).model;
    expect(pairs(edited, 'i0')).toEqual([['Note', null], ['Type', 'y'], ['ø', 'ø 40']]);
    expect(getValue(edited, 'i0', 'Type')?.value).toBe('y');
    expect(pairs(m, 'i0')).toEqual([['Note', null], ['Type', 'x'], ['ø', 'ø 40']]);
  });

  it('after a value is edited, reading values by row number takes the edit and makes no row; a changed list is read by key', () => {
    const net = { nodes: ['a', 'b'], edges: [[0, 1, false, 2]] as [number, number, boolean, number][], paths: [], insts: [[0, 1], [1, 1], [2, 2]] as [number, number][],
      values: [[0, 'Type', 'x'], [0, 'Note', 'n'], [0, 'ø', 'ø 40'], [2, 'Type', 'true'], [2, 'Note', 'gone']] as [number, string, string | null][], rels: [] };
    const bytes = arrowOf(build(net as never));
    const m = modelFromColumns(networkColumns(bytes));
    const pairs = (mm: Model, iid: string) => { const out: [string, unknown][] = []; eachValueOf(mm, iid, (n, v) => out.push([n, v])); return out; };
    // i0's Type changed (its list stays), i2's Note deleted (its list changes); the rows given, not read from the model
    const typeX = { objectInstanceId: 'i0', attributeTypeName: 'Type', value: 'x' }, gone = { objectInstanceId: 'i2', attributeTypeName: 'Note', value: 'gone' };
    const edits = [{ code: 11 as const, before: typeX, after: { ...typeX, value: 'y' } }, { code: 11 as const, before: gone, after: null }];
    const edited = applyActions(m, edits).model;
    expect(edited.attributeValues.over).not.toBeNull();
    // the edit made the rows it changed (its before-checks read them); the reads of unchanged lists make none
    const byEdit = made(edited, 'attributeValues');
    expect(pairs(edited, 'i0')).toEqual([['Note', 'n'], ['Type', 'y'], ['ø', 'ø 40']]);
    expect(pairs(edited, 'i1')).toEqual([]);
    expect(getValue(edited, 'i0', 'Type')?.value).toBe('y');
    expect(made(edited, 'attributeValues')).toBe(byEdit);
    expect(pairs(edited, 'i2')).toEqual([['Type', 'true']]);
    expect(getValue(edited, 'i2', 'Note')).toBeUndefined();
    const ref = applyActions(createModel(modelInputFromColumns(networkColumns(bytes))), edits).model;
    for (const iid of ['i0', 'i1', 'i2']) expect(pairs(edited, iid)).toEqual(valuesOf(ref, iid).map((v) => [v.attributeTypeName, v.value]));
  });
});
