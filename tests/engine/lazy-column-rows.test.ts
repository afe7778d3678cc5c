// A whole read's ids, instances and path edges made when first read (engine/lazy-column-rows.ts, issue 15): the map's
// first draw reads every object's instance types and every path's edges field by field and makes none of those rows
// and no id string but the objects'; every way of reading them — by key, an object's or a path's list, the entries, the
// field-by-field reads, after an edit — gives what createModel's eager rows give, in any order.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { madeCount, rowAt } from '../../engine/lazy-rows';
import { holdsHit } from '../../engine/list-rows';
import { columnRows, modelFromColumns, modelOfColumns } from '../../engine/model-columns';
import { columnIds, columnIndex } from '../../engine/column-index';
import { lazyColumnIds } from '../../engine/lazy-column-rows';
import { modelInputFromColumns, networkColumns } from '../../engine/network-arrow';
import {
  createModel, getInstance, getPathEdge, instanceRowsOf, valuesOf, instancesOf, pathEdgeRowsOf, pathEdgeRowsOfEdge, pathEdgesOfPath, type Model,
} from '../../engine/model';
import { eachInstanceOf, eachPathEdgeOf, eachValueOfInstanceAt, instanceTypesOf, makeBaseRows } from '../../engine/field-reads';
import { applyActions } from '../../engine/tx';
import type { Action } from '../../engine/actions';
import { pentries, pget, type RowBase } from '../../engine/ptable';
import { displayName } from '../../engine/feature-properties';
import { arrowOf, build, generatedAnswer, netArb } from './support/arrow-networks';
import { NetworkValidation, resultKey } from '../../engine/validation/index';
import { GENERATED_TYPES } from '../../engine/generate';

const made = (m: Model, t: 'objectInstances' | 'pathEdges') => madeCount((m[t].base as RowBase<unknown>).rows);
const sorted = <T>(l: [string, T][]) => l.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const instancesByFields = (m: Model, o: string) => { const out: [string, number][] = []; eachInstanceOf(m, o, (i, t) => out.push([i, t])); return out; };
const valuesAt = (m: Model, o: string, k: number) => { const out: [string, unknown][] = []; eachValueOfInstanceAt(m, o, k, (n, v) => out.push([n, v])); return out; };
const pathByFields = (m: Model, p: string) => { const out: [string, string][] = []; eachPathEdgeOf(m, p, (e, s) => out.push([e, s])); return out; };

describe('lazy column rows', () => {
  it('the ids: the objects\' text made at once, any other when first read, each equal to the column\'s text', () => {
    fc.assert(fc.property(netArb, fc.array(fc.nat(200), { maxLength: 12 }), (r, reads) => {
      const c = networkColumns(arrowOf(build(r)));
      const ids = lazyColumnIds(c), want = columnIds(c);
      expect(madeCount(ids)).toBe(Math.min(c.objects, want.length));
      for (let i = 0; i < c.objects; i++) expect(ids[i]).toBe(want[i]);
      for (const k of reads) if (want.length) { const i = k % want.length; expect(rowAt(ids, i)).toBe(want[i]); expect(ids[i]).toBe(want[i]); }
      for (let i = 0; i < want.length; i++) expect(rowAt(ids, i)).toBe(want[i]);
    }), { numRuns: 150 });
  });

  it('any read order of a whole read\'s instances and path edges gives createModel\'s rows; a row read twice is the same object', () => {
    fc.assert(fc.property(netArb, fc.array(fc.nat(5), { minLength: 1, maxLength: 8 }), (r, order) => {
      const bytes = arrowOf(build(r));
      const m = modelFromColumns(networkColumns(bytes));
      const ref = createModel(modelInputFromColumns(networkColumns(bytes)));
      const objects = [...pentries(ref.networkObjects)].map(([k]) => k);
      const insts = sorted([...pentries(ref.objectInstances)]), pes = sorted([...pentries(ref.pathEdges)]);
      const reads = [
        () => { for (const o of objects) { expect(instanceTypesOf(m, o)).toEqual(instanceRowsOf(ref, o).map((i) => i.objectTypeId)); expect(instancesByFields(m, o)).toEqual(instancesByFields(ref, o)); } },
        () => { for (const o of objects) { expect(pathByFields(m, o)).toEqual(pathEdgeRowsOf(ref, o).map((p) => [p.edgeId, p.startNodeId])); expect(displayName(m, o)).toBe(displayName(ref, o)); } },
        () => { for (const [k, v] of insts) expect(getInstance(m, k)).toEqual(v); for (const [k, v] of pes) expect(getPathEdge(m, k)).toEqual(v); },
        () => { for (const o of objects) { expect(instanceRowsOf(m, o)).toEqual(instanceRowsOf(ref, o)); expect(instancesOf(m, o)).toEqual(instancesOf(ref, o)); } },
        () => { for (const o of objects) { expect(pathEdgeRowsOf(m, o)).toEqual(pathEdgeRowsOf(ref, o)); expect(pathEdgesOfPath(m, o)).toEqual(pathEdgesOfPath(ref, o)); expect(pathEdgeRowsOfEdge(m, o)).toEqual(pathEdgeRowsOfEdge(ref, o)); } },
        () => { expect(sorted([...pentries(m.objectInstances)])).toEqual(insts); expect(sorted([...pentries(m.pathEdges)])).toEqual(pes); },
      ];
      for (const k of order) reads[k]();
      for (const [k] of insts) expect(getInstance(m, k)).toBe(getInstance(m, k));
      for (const [k] of pes) expect(getPathEdge(m, k)).toBe(getPathEdge(m, k));
    }), { numRuns: 200 });
  });

  it('the draw\'s reads (every object\'s instance types, every path\'s edges, the paths\' names) make no instance or path-edge row and no id string but the objects\' and the named instances\'', () => {
    const net = {
      nodes: ['a', 'b', 'c'], edges: [[0, 1, false, 2], [1, 2, true, null]] as [number, number, boolean, number | null][], paths: [[0, 1]],
      insts: [[0, 1], [1, 2], [1, 3], [3, 1], [5, 2], [5, 0]] as [number, number][], values: [[4, 'name', 'cable 1']] as [number, string, string | null][], rels: [],
    };
    const c = networkColumns(arrowOf(build(net as never)));
    const rows = columnRows(c), m = modelOfColumns(c, rows, columnIndex(c));
    const objects = [...pentries(m.networkObjects)].map(([k]) => k);
    expect(madeCount(rows.ids)).toBe(c.objects);
    expect(objects.map((o) => instanceTypesOf(m, o))).toEqual([[1], [2, 3], [], [1], [], [2, 0]]);
    expect(pathByFields(m, 'p0')).toEqual([['e0', 'a'], ['e1', 'b']]);
    expect(made(m, 'objectInstances') + made(m, 'pathEdges')).toBe(0);
    expect(madeCount(rows.ids)).toBe(c.objects);
    expect(displayName(m, 'p0')).toBe('cable 1');
    expect(made(m, 'objectInstances') + made(m, 'pathEdges')).toBe(0);
    expect(madeCount(rows.ids)).toBe(c.objects + 2); // the path's two instances' ids, to find their names
  });

  it('a list read by row number holds no table of the model after it (a closed project is not kept alive by its last read)', () => {
    const net = { nodes: ['a'], edges: [], paths: [[0]], insts: [[0, 1], [1, 2]] as [number, number][], values: [[0, 'name', 'x']] as [number, string, string | null][], rels: [] };
    const m = modelFromColumns(networkColumns(arrowOf(build(net as never))));
    expect(instanceRowsOf(m, 'a')).toHaveLength(1);
    expect(holdsHit()).toBe(false);
    expect(instanceTypesOf(m, 'p0')).toEqual([2]);
    expect(holdsHit()).toBe(false);
    expect(displayName(m, 'a')).toBe('x');
    expect(holdsHit()).toBe(false);
  });

  it('a validation\'s full run over a whole read finds what it finds over createModel\'s rows (and makes every instance and path-edge row)', () => {
    const bytes = generatedAnswer(300), types = { objectTypes: GENERATED_TYPES };
    const c = networkColumns(bytes), rows = columnRows(c), m = modelOfColumns(c, rows, columnIndex(c), types);
    const ref = createModel({ ...modelInputFromColumns(networkColumns(bytes)), ...types });
    expect(made(m, 'objectInstances') + made(m, 'pathEdges')).toBe(0);
    const keys = (v: NetworkValidation) => v.results().map(resultKey).sort();
    const got = keys(new NetworkValidation(m)), want = keys(new NetworkValidation(ref));
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(want);
    expect([made(m, 'objectInstances'), made(m, 'pathEdges')]).toEqual([rows.instances.length, rows.pathEdges.length]);
  });

  it('makeBaseRows makes every instance and path-edge row in one pass (what a full scan then reads), equal to createModel\'s', () => {
    const bytes = generatedAnswer(60);
    const c = networkColumns(bytes), rows = columnRows(c), m = modelOfColumns(c, rows, columnIndex(c));
    const ref = createModel(modelInputFromColumns(networkColumns(bytes)));
    makeBaseRows(m, ['objectInstances']);
    expect([made(m, 'objectInstances'), made(m, 'pathEdges')]).toEqual([rows.instances.length, 0]);
    makeBaseRows(m, ['pathEdges']);
    expect(made(m, 'pathEdges')).toBe(rows.pathEdges.length);
    expect(sorted([...pentries(m.objectInstances)])).toEqual(sorted([...pentries(ref.objectInstances)]));
    expect(sorted([...pentries(m.pathEdges)])).toEqual(sorted([...pentries(ref.pathEdges)]));
  });

  it('after an edit the field-by-field reads give the edited rows (instances added and deleted, path edges added and moved, a value changed)', () => {
    fc.assert(fc.property(netArb, fc.nat(), fc.nat(), (r, a, b) => {
      const bytes = arrowOf(build(r));
      const m = modelFromColumns(networkColumns(bytes)), ref = createModel(modelInputFromColumns(networkColumns(bytes)));
      const insts = [...pentries(ref.objectInstances)], pes = [...pentries(ref.pathEdges)];
      const edits: Action[] = [];
      if (insts.length && a % 2 === 1) edits.push({ code: 8 as const, before: insts[a % insts.length][1] });
      if (pes.length) { const pe = pes[b % pes.length][1]; edits.push({ code: 4 as const, before: pe, after: { ...pe, startNodeId: 'moved' } }); }
      // an instance and a path edge added: their object's and path's lists change (read by key)
      if (insts.length && b % 2 === 0) edits.push({ code: 6 as const, after: { id: 'added', objectTypeId: 2, networkObjectId: insts[b % insts.length][1].networkObjectId } });
      if (pes.length && a % 3 !== 0) { const pe = pes[a % pes.length][1]; edits.push({ code: 3 as const, after: { ...pe, id: 'pe-added', position: -1 } }); }
      const avs = [...pentries(ref.attributeValues)];
      if (avs.length && a % 4 !== 1) { const v = avs[b % avs.length][1]; edits.push({ code: 11 as const, before: v, after: { ...v, value: 'edited' } }); }
      if (!edits.length) return;
      const tryApply = (mm: Model) => { try { return applyActions(mm, edits); } catch (e) { return String(e); } };
      const x = tryApply(m), y = tryApply(ref);
      if (typeof x === 'string' || typeof y === 'string') { expect(x).toEqual(y); return; }
      for (const [o] of pentries(y.model.networkObjects)) {
        expect(instancesByFields(x.model, o)).toEqual(instanceRowsOf(y.model, o).map((i) => [i.id, i.objectTypeId]));
        expect(pathByFields(x.model, o)).toEqual(pathEdgeRowsOf(y.model, o).map((p) => [p.edgeId, p.startNodeId]));
        expect(instanceTypesOf(x.model, o)).toEqual(instanceRowsOf(y.model, o).map((i) => i.objectTypeId));
        instanceRowsOf(y.model, o).forEach((inst, k) => expect(valuesAt(x.model, o, k)).toEqual(valuesOf(y.model, inst.id).map((v) => [v.attributeTypeName, v.value])));
      }
      expect(pget(x.model.objectInstances, insts[0]?.[0] ?? '')).toEqual(pget(y.model.objectInstances, insts[0]?.[0] ?? ''));
    }), { numRuns: 150 });
  });
});
