// A whole read's relations read field by field (engine/field-reads.ts relationTypesOf / hasRelations / eachRelatedOf,
// the relation rows' `rowField` in engine/lazy-column-rows.ts; issue 15): the relation multiplicity rule, the capacity
// rules' neighbours and the capex index's unused lines read every instance's relations without making a relation row
// (the model makes only those of relations to instances outside the answer), and find what the rows of createModel
// find — as loaded, after relations are added and deleted, for instances outside the answer.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { madeCount, rowField } from '../../engine/lazy-rows';
import { columnIndex } from '../../engine/column-index';
import { columnRows, modelOfColumns, type ModelTypes } from '../../engine/model-columns';
import { modelInputFromColumns, networkColumns } from '../../engine/network-arrow';
import { createModel, relationRowsFrom, relationRowsTo, type Model } from '../../engine/model';
import { eachRelatedOf, hasRelations, relationTypesOf } from '../../engine/field-reads';
import { eachNeighbour } from '../../engine/dependents';
import { applyActions } from '../../engine/tx';
import { pentries, prows, type RowBase } from '../../engine/ptable';
import { NetworkValidation, resultKey } from '../../engine/validation/index';
import { relationMultiplicity } from '../../engine/validation/validators';
import { CapexIndex } from '../../engine/capex/index';
import type { Action } from '../../engine/actions';
import type { ObjectRelationType, Relation } from '../../engine/types';
import { arrowOf, build, generatedAnswer, netArb } from './support/arrow-networks';
import { catalogue } from './catalogue';

const rel = (name: string, from: number, to: number): ObjectRelationType =>
  ({ name, fromObjectTypeId: 0, toObjectTypeId: 1, relationType: 'Contains', fromMultiplicity: from, toMultiplicity: to });
// 'contains': one per source; 'feeds': one per target (as the catalogue's trench_contains_duct and access_point_feeds_splicebox)
const TYPES: ModelTypes = { relationTypes: [rel('contains', 1, 0), rel('feeds', 0, 1)] };
const related = (m: Model, id: string, side: 'source' | 'target') => { const out: string[] = []; eachRelatedOf(m, id, side, (x) => out.push(x)); return out; };
const madeRelations = (m: Model) => madeCount((m.relations.base as RowBase<unknown>).rows);
const ends = (m: Model) => [...new Set([...prows(m.relations)].flatMap((r) => [r.fromId, r.toId]))];

function models(bytes: Uint8Array): { m: Model; ref: Model } {
  const c = networkColumns(bytes);
  return { m: modelOfColumns(c, columnRows(c), columnIndex(c), TYPES), ref: createModel({ ...modelInputFromColumns(networkColumns(bytes)), ...TYPES }) };
}

describe('relation field reads', () => {
  it('each instance\'s relation types and related instances by side, its neighbours, and whether it has any, are the rows\' of createModel; no relation row made', () => {
    fc.assert(fc.property(netArb, (r) => {
      const { m, ref } = models(arrowOf(build(r)));
      const before = madeRelations(m); // (the model makes those of relations to instances outside the answer)
      const ids = [...[...pentries(ref.objectInstances)].map(([k]) => k), ...ends(ref), 'nowhere'];
      for (const id of ids) {
        expect(relationTypesOf(m, id, 'source')).toEqual(relationRowsFrom(ref, id).map((x) => x.objectRelationTypeName));
        expect(relationTypesOf(m, id, 'target')).toEqual(relationRowsTo(ref, id).map((x) => x.objectRelationTypeName));
        expect(hasRelations(m, id)).toBe(relationRowsFrom(ref, id).length + relationRowsTo(ref, id).length > 0);
        expect(related(m, id, 'source')).toEqual(relationRowsFrom(ref, id).map((x) => x.toId));
        expect(related(m, id, 'target')).toEqual(relationRowsTo(ref, id).map((x) => x.fromId));
      }
      // the capacity rules' neighbours (engine/dependents.ts): both sides, through the field reads
      for (const id of ids) {
        const got: string[] = [];
        eachNeighbour(m, id, (x) => got.push(x));
        expect(got).toEqual([...relationRowsFrom(ref, id).map((x) => x.toId), ...relationRowsTo(ref, id).map((x) => x.fromId)]);
      }
      const rows = (m.relations.base as RowBase<Relation>).rows, want = [...prows(ref.relations)];
      expect(rows.map((_, i) => (['fromId', 'toId', 'objectRelationTypeName'] as const).map((f) => rowField(rows, i, f))))
        .toEqual(want.map((x) => [x.fromId, x.toId, x.objectRelationTypeName]));
      expect(madeRelations(m)).toBe(before);
    }), { numRuns: 200 });
  });

  it('after relations are added and deleted the reads give the edited relations', () => {
    fc.assert(fc.property(netArb, fc.nat(), fc.nat(), (r, a, b) => {
      const { m, ref } = models(arrowOf(build(r)));
      const rels = [...prows(ref.relations)], insts = [...pentries(ref.objectInstances)].map(([k]) => k);
      const edits: Action[] = [];
      if (rels.length && a % 3 !== 0) edits.push({ code: 10, before: rels[b % rels.length] });
      if (insts.length >= 2) edits.push({ code: 9, after: { fromId: insts[a % insts.length], toId: insts[b % insts.length], objectRelationTypeName: a % 2 ? 'contains' : 'added' } });
      if (!edits.length) return;
      const tryApply = (mm: Model) => { try { return applyActions(mm, edits).model; } catch (e) { return String(e); } };
      const x = tryApply(m), y = tryApply(ref);
      if (typeof x === 'string' || typeof y === 'string') { expect(x).toEqual(y); return; }
      for (const id of [...insts, ...ends(ref)]) {
        expect(relationTypesOf(x, id, 'source')).toEqual(relationRowsFrom(y, id).map((q) => q.objectRelationTypeName));
        expect(relationTypesOf(x, id, 'target')).toEqual(relationRowsTo(y, id).map((q) => q.objectRelationTypeName));
        expect(hasRelations(x, id)).toBe(relationRowsFrom(y, id).length + relationRowsTo(y, id).length > 0);
        expect([related(x, id, 'source'), related(x, id, 'target')]).toEqual([relationRowsFrom(y, id).map((q) => q.toId), relationRowsTo(y, id).map((q) => q.fromId)]);
      }
    }), { numRuns: 200 });
  });

  it('the relation multiplicity rule, a validation\'s full run and the capex index over a whole read find what they find over createModel\'s rows; no relation row made', () => {
    let failures = 0;
    fc.assert(fc.property(netArb, (r) => {
      const { m, ref } = models(arrowOf(build(r)));
      const before = madeRelations(m);
      const keys = (mm: Model, only = true) => new NetworkValidation(mm, only ? { validators: [relationMultiplicity] } : {}).results().map(resultKey).sort();
      const got = keys(m);
      expect(got).toEqual(keys(ref));
      expect(keys(m, false)).toEqual(keys(ref, false));
      failures += got.length;
      expect(new CapexIndex(m).lines()).toEqual(new CapexIndex(ref).lines());
      expect(madeRelations(m)).toBe(before);
    }), { numRuns: 200 });
    expect(failures).toBeGreaterThan(0);
  });

  it('a validation\'s full run over a generated FTTH network on the real catalogue (the DP capacity rule failing, the capacity rules\' neighbours read) finds what it finds over createModel\'s rows and makes no relation row', () => {
    const bytes = generatedAnswer(400), types = catalogue();
    const c = networkColumns(bytes), m = modelOfColumns(c, columnRows(c), columnIndex(c), types);
    const ref = createModel({ ...modelInputFromColumns(networkColumns(bytes)), ...types });
    const before = madeRelations(m);
    const keys = (mm: Model) => new NetworkValidation(mm).results().map(resultKey).sort();
    const got = keys(m);
    expect(got.some((k) => k.includes('dp_capacity'))).toBe(true);
    expect(got).toEqual(keys(ref));
    expect(new CapexIndex(m).lines()).toEqual(new CapexIndex(ref).lines());
    expect((m.relations.base as RowBase<unknown>).rows.length).toBeGreaterThan(0);
    expect(madeRelations(m)).toBe(before);
  });

  it('the rule reports a source over its type\'s multiplicity and a target over its own, and nothing without a limited type', () => {
    const net = { nodes: ['a'], edges: [], paths: [], insts: [[0, 0], [0, 1], [0, 1], [0, 0]] as [number, number][], values: [],
      rels: [[0, 1, 'contains'], [0, 2, 'contains'], [3, 1, 'feeds'], [2, 1, 'feeds'], [3, 2, 'contains']] as [number, number, string][] };
    const { m } = models(arrowOf(build(net as never)));
    const run = (mm: Model) => new NetworkValidation(mm, { validators: [relationMultiplicity] }).results().map((x) => x.message).sort();
    expect(run(m)).toEqual([
      'Object instance i0 is the source of 2 relations of type contains; at most 1 allowed.',
      'Object instance i1 is the target of 2 relations of type feeds; at most 1 allowed.',
    ]);
    expect(run({ ...m, schema: { ...m.schema, relationTypes: [rel('contains', 0, 0), rel('feeds', 0, 0)] } })).toEqual([]);
    expect(madeRelations(m)).toBe(0);
  });
});
