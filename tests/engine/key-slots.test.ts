// The values' and relations' id tables given after the rest of a whole read's index (engine/key-slots.ts, issue 15):
// a model built from an index without them holds what createModel builds from the same answer — duplicate values
// and relations found from the lists' order — finds every key once they are computed on its first search, takes the
// slots handed to it later (the worker's) without computing them, and keeps createModel's rules where a key's parts
// hold the separator.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { columnIndex, columnIndexer, type ColumnIndex } from '../../engine/column-index';
import { columnRows, modelOfColumns } from '../../engine/model-columns';
import { columnIdText } from '../../engine/id-text';
import { KeySlotsLater } from '../../engine/key-slots';
import { modelInputFromColumns, networkColumns, type NetworkColumns } from '../../engine/network-arrow';
import { createModel, getValue, type Model } from '../../engine/model';
import { pentries, pget } from '../../engine/ptable';
import { applyActions } from '../../engine/tx';
import { arrowOf, build, netArb, type Net } from './support/arrow-networks';

const TABLES = ['networkObjects', 'pathEdges', 'objectInstances', 'attributeValues', 'relations', 'edgesByNode', 'instancesByObject',
  'pathEdgesByPath', 'pathEdgesByEdge', 'relationsBySource', 'relationsByTarget', 'valuesByInstance'] as const;
const content = (m: Model) => Object.fromEntries(TABLES.map((t) => [t, [...pentries(m[t] as never)].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))]));

/** The worker's index of an answer (values' and relations' slots left for later where it can) and what computes them. */
function workerIndex(c: NetworkColumns): { index: ColumnIndex; keys: () => ReturnType<ReturnType<typeof columnIndexer>['keySlots']> } {
  const ix = columnIndexer(columnIdText(c.ids, c.uuids), c.objects, true);
  return { index: ix.done(c), keys: () => ix.keySlots(c) };
}

const node = (id: string) => ({ id, kind: 'node', scenario_id: null, c: '[0, 0]', from_node_id: null, to_node_id: null, two_way: null, length: null });
const SMALL: Net = {
  objects: [node('n1'), node('n2')],
  insts: [{ id: 'i1', network_object_id: 'n1', object_type_id: 1 }, { id: 'i2', network_object_id: 'n2', object_type_id: 1 }],
  pes: [],
  avs: [{ object_instance_id: 'i1', attribute_type_name: 'Type', value: 'a' }, { object_instance_id: 'i1', attribute_type_name: 'Note', value: 'b' },
    { object_instance_id: 'i2', attribute_type_name: 'Type', value: 'c' }],
  rels: [{ from_id: 'i1', to_id: 'i2', relation_type_name: 'feeds' }],
};

const keyTables = (m: Model) => [m.attributeValues.base.ids, m.relations.base.ids];

describe('values\' and relations\' slots given after the index', () => {
  it('a model built without them holds what createModel holds and finds every key (they are computed on the first search), for random networks', () => {
    let later = 0;
    fc.assert(fc.property(netArb, (r) => {
      const bytes = arrowOf(build(r)), c = networkColumns(bytes);
      const { index } = workerIndex(c);
      if (index.slots.attributeValues === null) later++;
      const m = modelOfColumns(c, columnRows(c), index);
      const ref = createModel(modelInputFromColumns(networkColumns(bytes)));
      const want = content(ref);
      expect(content(m)).toEqual(want);
      for (const t of TABLES) for (const [k, v] of want[t]) expect(pget(m[t] as never, k)).toEqual(v);
      // the full index of the same answer: the same slots, once computed
      const full = columnIndex(networkColumns(bytes));
      expect([pget(m.attributeValues, 'none'), pget(m.relations, 'none')]).toEqual([undefined, undefined]);
      if (!full.dups) expect(keyTables(m).map((t) => t.slots)).toEqual([full.slots.attributeValues, full.slots.relations]);
    }), { numRuns: 300 });
    expect(later).toBeGreaterThan(30); // the property reached answers whose key slots come later
  });

  it('duplicate values and relations are found from the lists without the key tables (the model then follows createModel)', () => {
    const net: Net = {
      objects: [{ id: 'n1', kind: 'node', scenario_id: null, c: '[0, 0]', from_node_id: null, to_node_id: null, two_way: null, length: null }],
      insts: [{ id: 'i1', network_object_id: 'n1', object_type_id: 1 }, { id: 'i2', network_object_id: 'n1', object_type_id: 1 }],
      pes: [],
      avs: [{ object_instance_id: 'i1', attribute_type_name: 'Type', value: 'a' }, { object_instance_id: 'i1', attribute_type_name: 'Type', value: 'b' }],
      rels: [{ from_id: 'i1', to_id: 'i2', relation_type_name: 'feeds' }],
    };
    const c = networkColumns(arrowOf(net));
    const { index } = workerIndex(c);
    expect([index.slots.attributeValues, index.dups]).toEqual([null, true]);
    expect(getValue(modelOfColumns(c, columnRows(c), index), 'i1', 'Type')?.value).toBe('b'); // the later one, as createModel
    const rels = workerIndex(networkColumns(arrowOf({ ...net, avs: [], rels: [...net.rels, { ...net.rels[0] }] }))).index;
    expect([rels.slots.relations, rels.dups]).toEqual([null, true]);
    expect(workerIndex(networkColumns(arrowOf({ ...net, avs: [net.avs[0]] }))).index.dups).toBe(false);
  });

  it('keys whose parts hold the separator are placed with the index (their twins show only as whole keys)', () => {
    // "i\u0001x" + "y" and "i" + "x\u0001y": one key, in two instances' lists
    const net: Net = {
      objects: [{ id: 'n1', kind: 'node', scenario_id: null, c: '[0, 0]', from_node_id: null, to_node_id: null, two_way: null, length: null }],
      insts: [{ id: 'i', network_object_id: 'n1', object_type_id: 1 }, { id: 'i\u0001x', network_object_id: 'n1', object_type_id: 1 }],
      pes: [], rels: [],
      avs: [{ object_instance_id: 'i\u0001x', attribute_type_name: 'y', value: 'a' }, { object_instance_id: 'i', attribute_type_name: 'x\u0001y', value: 'b' }],
    };
    const c = networkColumns(arrowOf(net));
    const { index } = workerIndex(c);
    expect(index.slots.attributeValues).not.toBeNull();
    expect(index.dups).toBe(true);
    const m = modelOfColumns(c, columnRows(c), index);
    expect(content(m)).toEqual(content(createModel(modelInputFromColumns(c))));
    // ids alone: "a\u0001b" → "c" and "a" → "b\u0001c" of one type are one relation key
    const inst = (id: string) => ({ id, network_object_id: 'n1', object_type_id: 1 });
    const rel = networkColumns(arrowOf({
      ...net, avs: [], insts: ['a', 'a\u0001b', 'c', 'b\u0001c'].map(inst),
      rels: [{ from_id: 'a\u0001b', to_id: 'c', relation_type_name: 't' }, { from_id: 'a', to_id: 'b\u0001c', relation_type_name: 't' }],
    }));
    const ri = workerIndex(rel).index;
    expect([ri.slots.relations === null, ri.dups]).toEqual([false, true]);
    expect(content(modelOfColumns(rel, columnRows(rel), ri))).toEqual(content(createModel(modelInputFromColumns(rel))));
  });

  it('slots handed over later are taken as they are; an edit of a value before they come computes them here', async () => {
    const bytes = arrowOf(SMALL);
    const c = networkColumns(bytes);
    const { index, keys } = workerIndex(c);
    expect(index.slots.attributeValues).toBeNull();
    const given = keys();
    index.keysLater = Promise.resolve(given);
    const m = modelOfColumns(c, columnRows(c), index);
    await index.keysLater;
    const [av, rel] = keyTables(m);
    expect([av.pending, rel.pending].every((p) => p !== null)).toBe(true); // nothing searched yet
    for (const [k, v] of pentries(m.attributeValues)) expect(pget(m.attributeValues, k)).toEqual(v);
    expect(pget(m.attributeValues, 'none')).toBeUndefined();
    expect(av.slots).toBe(given.attributeValues); // the worker's array, not one computed here
    expect(av.pending).toBeNull();

    // no slots coming: the first edit of a value computes them
    const c2 = networkColumns(bytes), w2 = workerIndex(c2);
    const m2 = modelOfColumns(c2, columnRows(c2), w2.index);
    const [v] = [...pentries(m2.attributeValues)].map(([, x]) => x);
    const edited = applyActions(m2, [{ code: 11, before: v, after: { ...v, value: 'changed' } }]).model;
    expect(getValue(edited, v.objectInstanceId, v.attributeTypeName)?.value).toBe('changed');
    expect(m2.attributeValues.base.ids.pending).toBeNull();
  });

  it('the holder lets the columns go once it has both tables — one placed with the index, the other handed over', () => {
    const c = networkColumns(arrowOf(SMALL));
    const full = columnIndex(c);
    const held = new KeySlotsLater(c, columnIdText(c.ids, c.uuids), { relations: full.slots.relations! });
    expect(held.complete).toBe(false);
    held.give({ attributeValues: full.slots.attributeValues! });
    expect(held.complete).toBe(true);
    expect(held.slots('relations')).toBe(full.slots.relations); // what it was given, nothing computed
    const computing = new KeySlotsLater(c, columnIdText(c.ids, c.uuids), { relations: full.slots.relations! });
    expect([...computing.slots('attributeValues')]).toEqual([...full.slots.attributeValues!]);
    expect(computing.complete).toBe(true);
  });
});
