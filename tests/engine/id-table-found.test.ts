// The key found last (engine/id-table.ts `idFind`, noted by a walk over a row base in ptable.ts `baseEntries`): a find
// answered from it is the table's own answer — per table, per key —, and every read made while walking a whole read's
// objects (the map's draw: instance types, style props, path edges, labels) gives what the same read gives outside the
// walk and what createModel's rows give.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildIdTable, foundTable, forgetFound, hashId, holdsFound, idFind, idFindHashed, noteFound } from '../../engine/id-table';
import { columnIndex } from '../../engine/column-index';
import { columnRows, modelOfColumns } from '../../engine/model-columns';
import { modelInputFromColumns, networkColumns } from '../../engine/network-arrow';
import { createModel, getObject, instanceRowsOf, pathEdgeRowsOf, valuesOf, type Model } from '../../engine/model';
import { eachPathEdgeOf, eachValueOfInstanceAt, instanceTypesOf } from '../../engine/field-reads';
import { displayName } from '../../engine/feature-properties';
import { pentries, pget, type PTable } from '../../engine/ptable';
import { GENERATED_TYPES, generateNetwork } from '../../engine/generate';
import { Editor, segmentCount } from '../../engine/index';
import { windowRead } from './window-read';
import { counterIds } from './ascii';
import { generatedAnswer } from './support/arrow-networks';

const probe = (t: Parameters<typeof idFind>[0], k: string) => idFindHashed(t, k, hashId(k));

describe('the key found last', () => {
  it('answers a find of the same key in the same table only: tables sharing keys at other rows get their own rows', () => {
    const a = buildIdTable({ keys: ['x', 'y', 'z'] }).table, b = buildIdTable({ keys: ['z', 'x'] }).table;
    expect(idFind(a, 'x')).toBe(0);
    expect(idFind(b, 'x')).toBe(1);
    expect(idFind(a, 'x')).toBe(0);
    expect(idFind(a, 'z')).toBe(2);
    expect(idFind(b, 'z')).toBe(0);
    expect(idFind(b, 'y')).toBe(-1); // a miss answers -1 and leaves the entry
    expect(foundTable()).toBe(b);
    expect(idFind(b, 'z')).toBe(0);
    noteFound(a, 'y', 2); // a note is trusted (walks note only what the table holds): it answers, in its table only
    expect(idFind(a, 'y')).toBe(2);
    expect(idFind(b, 'y')).toBe(-1);
    forgetFound();
    expect(foundTable()).toBeNull();
    expect(idFind(a, 'y')).toBe(1);
  });

  it('lets go of its tables after the current task', async () => {
    const a = buildIdTable({ keys: ['x'] }).table;
    expect(idFind(a, 'x')).toBe(0);
    expect(holdsFound()).toBe(true);
    await Promise.resolve();
    expect(holdsFound()).toBe(false);
    expect(idFind(a, 'x')).toBe(0);
  });

  it('in any order of finds over tables sharing keys, every find equals the table\'s probe', () => {
    const keys = Array.from({ length: 12 }, (_, i) => (i % 2 ? crypto.randomUUID() : `k${i}`));
    fc.assert(fc.property(
      fc.array(fc.shuffledSubarray(keys, { minLength: 1 }), { minLength: 1, maxLength: 4 }),
      fc.array(fc.tuple(fc.nat(3), fc.nat(13)), { maxLength: 60 }),
      (lists, finds) => {
        const tables = lists.map((l) => buildIdTable({ keys: l }).table);
        for (const [t, k] of finds) {
          const table = tables[t % tables.length], key = k < keys.length ? (' ' + keys[k]).slice(1) : 'none';
          expect(idFind(table, key)).toBe(probe(table, key));
        }
      },
    ), { numRuns: 300 });
  });
});

/** What the map's draw reads of an object (its instance types, its first instance's style props, a path's edges) and
 *  its label. */
function readsOf(m: Model, id: string) {
  const props: [string, unknown][] = [], edges: [string, string][] = [];
  const types = instanceTypesOf(m, id);
  eachValueOfInstanceAt(m, id, 0, (n, v) => props.push([n, v]));
  eachPathEdgeOf(m, id, (e, s) => edges.push([e, s]));
  return { types, props, edges, label: displayName(m, id), object: getObject(m, id) };
}

/** The same reads from createModel's rows. */
function referenceReads(ref: Model, id: string) {
  const inst = instanceRowsOf(ref, id);
  return {
    types: inst.map((i) => i.objectTypeId),
    props: inst.length ? valuesOf(ref, inst[0].id).map((v) => [v.attributeTypeName, v.value]) : [],
    edges: pathEdgeRowsOf(ref, id).map((p) => [p.edgeId, p.startNodeId]),
    label: displayName(ref, id),
    object: getObject(ref, id),
  };
}

describe('reads while walking a model built with duplicate ids, and one with merged segments', () => {
  it('inside a walk over each row table, each key finds the row the walk is at and the reads by id equal those after it', () => {
    const g = generateNetwork(40, { detail: 'ftth' });
    // duplicates: an object, an instance and a relation given twice (the later object and instance win, the first
    // relation); the shadowed rows are dropped, so each walk's rows are the tables' own
    const o = g.networkObjects[3], i = g.objectInstances![5], r = g.relations![0];
    const dup = createModel({ ...g, networkObjects: [...g.networkObjects, { ...o }], objectInstances: [...g.objectInstances!, { ...i }], relations: [...g.relations!, { ...r }] });
    // merged: three overlapping strips read as segments (an object in two strips is in two segments)
    const whole = createModel(g), xs = [...pentries(whole.networkObjects)].flatMap(([, v]) => (v.node ? [v.node.geometry.coordinates[0]] : []));
    const x0 = Math.min(...xs), w = (Math.max(...xs) - x0) / 3;
    const ed = new Editor(createModel({ networkObjects: [], objectTypes: GENERATED_TYPES }), { newId: counterIds('n'), projectId: 1, bulkMerge: { min: 0, maxSegments: 10, foldMaxRows: 0 } });
    for (let k = 0; k < 3; k++) ed.merge(windowRead(whole, [x0 + k * w - w / 4, -1e9, x0 + (k + 1) * w + w / 4, 1e9]), { object: () => false, relation: () => false });
    const merged = ed.model;
    expect(segmentCount(merged)).toBeGreaterThan(1);
    for (const m of [dup, merged]) {
      for (const name of ['networkObjects', 'objectInstances', 'pathEdges', 'attributeValues', 'relations'] as const) {
        const t = m[name] as PTable<unknown>;
        const seen: [string, unknown][] = [];
        for (const [k, v] of pentries(t)) { expect(pget(t, k)).toBe(v); seen.push([k, v]); }
        forgetFound();
        for (const [k, v] of seen) expect(pget(t, k)).toBe(v);
      }
      const inside = new Map<string, unknown>();
      for (const [id] of pentries(m.networkObjects)) inside.set(id, [instanceRowsOf(m, id), pathEdgeRowsOf(m, id), displayName(m, id)]);
      for (const [id, v] of inside) { forgetFound(); expect([instanceRowsOf(m, id), pathEdgeRowsOf(m, id), displayName(m, id)]).toEqual(v); }
    }
  });
});

describe('reads while walking a whole read\'s objects', () => {
  it('each object\'s reads inside the walk (its key noted as found) equal createModel\'s, and the same reads after it', () => {
    const c = networkColumns(generatedAnswer(150));
    const m = modelOfColumns(c, columnRows(c), columnIndex(c));
    const ref = createModel(modelInputFromColumns(c));
    // the lists are keyed by the objects' own id table: the walk's note is what answers their finds
    expect((m.instancesByObject.base as { ids: unknown }).ids).toBe((m.networkObjects.base as { ids: unknown }).ids);
    const inside = new Map<string, ReturnType<typeof readsOf>>();
    for (const [id] of pentries(m.networkObjects as PTable<unknown>)) {
      expect(foundTable()).toBe((m.networkObjects.base as { ids: unknown }).ids);
      inside.set(id, readsOf(m, id));
    }
    expect(inside.size).toBe(c.objects);
    for (const [id, r] of inside) {
      forgetFound();
      expect(r).toEqual(referenceReads(ref, id));
      forgetFound();
      expect(readsOf(m, id)).toEqual(r);
    }
  });
});
