// Area loading (engine/merge.ts, Editor.merge): reads of parts of the stored network merge into the session outside
// the history; rows the session already knows never come back; multi-object delete is one gesture.
import { describe, expect, it } from 'vitest';
import { Editor, createModel, getObject, getInstance, getPathEdge, relationsFrom, allObjects, generateNetwork, overlaySize, pentries, deepEqual, flatRead, type NetworkObject } from 'engine';
import { ascii, relatedNetwork, TYPES, RELATION_TYPES, counterIds } from './ascii';

const wire = relatedNetwork;

const pick = (all: NetworkObject[], ids: string[]) => all.filter((o) => ids.includes(o.id));
const config = { newId: counterIds('n'), projectId: 1 };

function knownSet(ids: Set<string>, rels = new Set<string>()) {
  return { object: (id: string) => ids.has(id), relation: (k: string) => rels.has(k) };
}

describe('area loading: merging reads into a session', () => {
  it('two window reads merged one after the other give the same rows as loading everything at once', () => {
    const all = wire();
    const whole = createModel({ networkObjects: all, objectTypes: TYPES, relationTypes: RELATION_TYPES });
    const ed = new Editor(createModel({ networkObjects: [], objectTypes: TYPES, relationTypes: RELATION_TYPES }), config);
    const first = ed.merge(pick(all, ['A', 'B', 'C', 'AB', 'BC', 'P']), knownSet(new Set()));
    expect(first.plan.objects.sort()).toEqual(['A', 'AB', 'B', 'BC', 'C', 'P']);
    expect(first.plan.deferredRelations).toBe(1); // the duct (on EF) is not loaded yet
    expect(relationsFrom(ed.model, 'act')).toEqual([]);
    const second = ed.merge(all, knownSet(new Set(first.plan.objects)));
    expect(second.plan.objects.sort()).toEqual(['AD', 'CF', 'D', 'DE', 'E', 'EF', 'F']);
    const rows = (m: typeof whole) => [...allObjects(m)].map(([id]) => id).sort();
    expect(rows(ed.model)).toEqual(rows(whole));
    expect(relationsFrom(ed.model, 'act')).toEqual(relationsFrom(whole, 'act'));
    expect(getInstance(ed.model, 't-EF')).toEqual(getInstance(whole, 't-EF'));
    // merges are not edits: nothing to undo or save; the spatial index follows
    expect(ed.canUndo).toBe(false);
    expect(ed.saveRequests()).toEqual([]);
    expect(ed.index.edgesNear([60, -20], 1).map((h) => h.id)).toEqual(['EF']);
  });

  it('an object deleted locally is not brought back by a later read, nor an edge whose end node was deleted', () => {
    const all = wire();
    const ed = new Editor(createModel({ networkObjects: [], objectTypes: TYPES, relationTypes: RELATION_TYPES }), config);
    const known = new Set<string>();
    for (const id of ed.merge(pick(all, ['D', 'E', 'DE']), knownSet(known)).plan.objects) known.add(id);
    const r = ed.apply({ type: 'deleteObject', id: 'E' });
    expect(r.rejected).toBeNull();
    for (const d of [...r.diff.removed, ...r.diff.added]) if (d.table === 'networkObjects') known.add(d.key);
    const again = ed.merge(all, knownSet(known));
    expect(getObject(ed.model, 'E')).toBeUndefined();
    expect(getObject(ed.model, 'EF')).toBeUndefined(); // its end node E is gone locally
    // D lost its only loaded edge and was removed as an orphan: AD cannot come either
    expect(getObject(ed.model, 'D')).toBeUndefined();
    expect(getObject(ed.model, 'AD')).toBeUndefined();
    expect(again.plan.skippedEdges).toBe(2);
    expect(getObject(ed.model, 'F')).toBeDefined();
    // the deletion is still the one thing to save
    expect(ed.saveRequests().some((q) => q.method === 'DELETE')).toBe(true);
  });

  it('a read as flat rows (the Arrow answer) merges as its wire objects do: a path over an edge deleted locally stays out', () => {
    const plans = [false, true].map((flat) => {
      const all = wire();
      const ed = new Editor(createModel({ networkObjects: [], objectTypes: TYPES, relationTypes: RELATION_TYPES }), { ...config, newId: counterIds('n') });
      const known = new Set<string>();
      const read = (objs: NetworkObject[]) => (flat ? flatRead(objs) : objs);
      for (const id of ed.merge(read(pick(all, ['A', 'B', 'C', 'AB', 'BC'])), knownSet(known)).plan.objects) known.add(id);
      const r = ed.apply({ type: 'deleteObject', id: 'AB' });
      for (const d of [...r.diff.removed, ...r.diff.added]) if (d.table === 'networkObjects') known.add(d.key);
      const again = ed.merge(read(all), knownSet(known));
      expect(getObject(ed.model, 'P')).toBeUndefined(); // its edge AB is gone locally
      expect(getObject(ed.model, 'EF')).toBeDefined();
      expect(relationsFrom(ed.model, 'act')).toHaveLength(1);
      return { plan: again.plan, rows: [...allObjects(ed.model)].map(([id, o]) => [id, o]).sort() };
    });
    expect(plans[1]).toEqual(plans[0]);
  });

  it('path edges keep the order key they were read with, as a whole load keeps it (a read without one: its place)', () => {
    const all = wire();
    const p = all.find((o) => o.id === 'P')!;
    p.pathEdges = p.pathEdges!.map((pe, i) => ({ ...pe, position: 4 + 3 * i }));
    const whole = createModel({ networkObjects: all, objectTypes: TYPES, relationTypes: RELATION_TYPES });
    for (const read of [all, flatRead(all)]) {
      const ed = new Editor(createModel({ networkObjects: [], objectTypes: TYPES, relationTypes: RELATION_TYPES }), config);
      ed.merge(read, knownSet(new Set()));
      expect(['p1', 'p2'].map((id) => getPathEdge(ed.model, id)?.position)).toEqual([4, 7]);
      expect(getPathEdge(ed.model, 'p2')).toEqual(getPathEdge(whole, 'p2'));
    }
    const bare = new Editor(createModel({ networkObjects: [], objectTypes: TYPES, relationTypes: RELATION_TYPES }), config);
    bare.merge(wire(), knownSet(new Set()));
    expect(['p1', 'p2'].map((id) => getPathEdge(bare.model, id)?.position)).toEqual([0, 1]);
  });
});

describe('deleteObjects: a multi-selection deleted in one gesture', () => {
  it('is one history item, undone in one step', () => {
    const ed = new Editor(createModel({ networkObjects: ascii('\nA---B---C\n|       |\nD---E---F'), objectTypes: TYPES }), config);
    const r = ed.apply({ type: 'deleteObjects', ids: ['AB', 'DE', 'CF'] });
    expect(r.rejected).toBeNull();
    expect(ed.history.items.length).toBe(1);
    for (const id of ['AB', 'DE', 'CF']) expect(getObject(ed.model, id)).toBeUndefined();
    ed.undo();
    for (const id of ['AB', 'DE', 'CF']) expect(getObject(ed.model, id)).toBeDefined();
  });

  it('is disabled with the reason of the first object that cannot go', () => {
    const ed = new Editor(createModel({ networkObjects: wire(), objectTypes: TYPES, relationTypes: RELATION_TYPES }), config);
    expect(ed.disabled({ type: 'deleteObjects', ids: ['DE', 'AB'] })).toBe('edge is used by a path');
    expect(ed.disabled({ type: 'deleteObjects', ids: [] })).toBe('nothing selected');
  });
});

describe('compaction after large merges', () => {
  it('folds merged rows into the base once the overlay outgrows it; rows, edits and undo are unchanged', () => {
    const g = generateNetwork(12_000); // ≈ 22 000 network objects
    const whole = createModel(g);
    const ed = new Editor(createModel({ networkObjects: [], objectTypes: g.objectTypes }), config);
    const wire = [...allObjects(whole)].map(([, o]) => o) as NetworkObject[];
    ed.merge(wire, knownSet(new Set()));
    expect(overlaySize(ed.model.networkObjects)).toBe(0); // compacted: ≥ 4 096 objects, more than the empty base
    const sorted = (m: typeof whole) => [...pentries(m.networkObjects)].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    expect(deepEqual(sorted(ed.model), sorted(whole))).toBe(true);
    const e = wire.find((o) => o.edge)!;
    const c = e.edge!.geometry.coordinates;
    const r = ed.apply({ type: 'splitEdge', id: e.id, at: [(c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2] });
    expect(r.rejected).toBeNull();
    expect(getObject(ed.model, e.id)).not.toEqual(getObject(whole, e.id)); // split: the edge id keeps one half
    ed.undo();
    expect(getObject(ed.model, e.id)).toEqual(getObject(whole, e.id));
    expect(ed.index.edgesNear(c[0], 0.01).map((h) => h.id)).toContain(e.id);
  });
});
