// Rows read through a list's row numbers (engine/list-rows.ts): in random sessions of window reads merged as base
// segments, edits of geometry, attributes, instances and relations (the overlay), undo and dropped areas, every
// accessor that reads rows by row number gives exactly the lookup by key — valuesOf, getValue(Text), instanceRowsOf,
// pathEdgeRowsOf(Edge), relationRowsFrom/To and the relations' field reads — and prows gives pentries' rows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  Editor, createModel, generateNetwork, pentries, pget, type Diff, type Model, type Position,
} from 'engine';
import {
  avKey, getValue, getValueText, instanceRowsOf, pathEdgeRowsOf, pathEdgeRowsOfEdge, relationRowsFrom, relationRowsTo, valuesOf,
} from '../../engine/model';
import { listedRowsAll, listRows, listRowsByKey } from '../../engine/list-rows';
import { eachRelatedOf, hasRelations, relationTypesOf } from '../../engine/field-reads';
import { prows } from '../../engine/ptable';
import type { Box } from '../../engine/unload';
import { counterIds } from './ascii';
import { windowRead as readOf } from './window-read';

const g = generateNetwork(120, { detail: 'ftth' });
const whole = createModel(g);
const X0 = 149_975, Y0 = 459_975;
const NAMES = [...new Set(g.attributeValues?.map((v) => v.attributeTypeName) ?? []), 'name', 'nope'];

/** Every accessor against its definition by key, for every id the session ever saw (gone ones included). */
function expectSame(m: Model, objects: readonly string[], instances: readonly string[]): void {
  for (const id of objects) {
    expect(instanceRowsOf(m, id)).toEqual(listRowsByKey(m.instancesByObject, m.objectInstances, id));
    expect(pathEdgeRowsOf(m, id)).toEqual(listRowsByKey(m.pathEdgesByPath, m.pathEdges, id));
    expect(pathEdgeRowsOfEdge(m, id)).toEqual(listRowsByKey(m.pathEdgesByEdge, m.pathEdges, id));
    // a node's edges often come from several reads (a list spanning segments: read by key)
    expect(listRows(m.edgesByNode, m.networkObjects, id)).toEqual(listRowsByKey(m.edgesByNode, m.networkObjects, id));
  }
  // where listedRowsAll answers true, every listed edge has its row (graph_integrity then looks none up)
  const notAll = objects.filter((id) => listedRowsAll(m.edgesByNode, m.networkObjects as never, id)
    && (pget(m.edgesByNode, id) ?? []).some((e) => pget(m.networkObjects, e) === undefined));
  expect(notAll).toEqual([]);
  const fieldReads: unknown[] = [], byRows: unknown[] = [];
  for (const iid of instances) {
    expect(valuesOf(m, iid)).toEqual(listRowsByKey(m.valuesByInstance, m.attributeValues, iid, (n) => avKey(iid, n)));
    for (const n of NAMES) expect(getValue(m, iid, n)).toBe(pget(m.attributeValues, avKey(iid, n)));
    expect(relationRowsFrom(m, iid)).toEqual(listRowsByKey(m.relationsBySource, m.relations, iid));
    expect(relationRowsTo(m, iid)).toEqual(listRowsByKey(m.relationsByTarget, m.relations, iid));
    // the field reads (engine/field-reads.ts, getValueText), compared once for all instances (one expect: cheaper)
    const from = listRowsByKey(m.relationsBySource, m.relations, iid), to = listRowsByKey(m.relationsByTarget, m.relations, iid);
    const ends: string[][] = [[], []];
    eachRelatedOf(m, iid, 'source', (x) => ends[0].push(x)); eachRelatedOf(m, iid, 'target', (x) => ends[1].push(x));
    fieldReads.push([relationTypesOf(m, iid, 'source'), relationTypesOf(m, iid, 'target'), ends, hasRelations(m, iid), NAMES.map((n) => getValueText(m, iid, n))]);
    byRows.push([from.map((r) => r.objectRelationTypeName), to.map((r) => r.objectRelationTypeName), [from.map((r) => r.toId), to.map((r) => r.fromId)],
      from.length + to.length > 0, NAMES.map((n) => pget(m.attributeValues, avKey(iid, n))?.value)]);
  }
  expect(fieldReads).toEqual(byRows);
  for (const t of [m.networkObjects, m.pathEdges, m.objectInstances, m.attributeValues, m.relations] as const) {
    expect([...prows(t as never)]).toEqual([...pentries(t as never)].map(([, v]) => v));
  }
}

const box = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 4 }))
  .map(([i, j, n]) => [X0 + i * 50, Y0 + j * 50, X0 + (i + n) * 50, Y0 + (j + n) * 50] as Box);
const step = fc.oneof(
  fc.record({ kind: fc.constant('merge' as const), box }),
  fc.record({ kind: fc.constant('merge' as const), box }),
  fc.record({ kind: fc.constantFrom('move', 'delete', 'draw', 'undo', 'attrs', 'dropInstance', 'dropRelation'), pick: fc.nat(), box }),
  fc.record({ kind: fc.constant('drop' as const), box }),
);

describe('rows read through list row numbers', () => {
  it('are the rows looked up by key, whatever segments, overlay and dropped areas the model has', () => {
    fc.assert(fc.property(fc.array(step, { minLength: 3, maxLength: 16 }), fc.boolean(), (steps, compactStart) => {
      // a session starting from a whole load (one base) or empty (every read a segment)
      const start = compactStart ? createModel(g) : createModel({ networkObjects: [], objectTypes: g.objectTypes });
      const ed = new Editor(start, { newId: counterIds('n'), projectId: 1, bulkMerge: { min: 0, maxSegments: 4, foldMaxRows: 1_000 } });
      const objects = new Set<string>(['missing']), instances = new Set<string>(['missing']);
      // objects an edit touched stay when their area is dropped (as the area loader keeps them: undo needs their rows)
      const edited = new Set<string>();
      // what the session has seen (the area loader's bookkeeping: a merge does not bring these again)
      const known = new Set<string>(), rels = new Set<string>();
      const note = (d: Diff, gone = false) => {
        for (const r of [...d.added, ...d.removed, ...d.updated.map(([, b]) => b)]) {
          if (r.table === 'networkObjects') { if (gone) known.delete(r.key); else known.add(r.key); }
          if (r.table === 'relations') { if (gone) rels.delete(r.key); else rels.add(r.key); }
        }
      };
      const keepEdited = (before: Model, r: { diff: Diff }) => {
        note(r.diff);
        const objectOf = (iid: string) => (pget(before.objectInstances, iid) ?? pget(ed.model.objectInstances, iid))?.networkObjectId;
        for (const row of [...r.diff.added, ...r.diff.removed, ...r.diff.updated.flat()]) {
          const ids = row.table === 'networkObjects' ? [row.key] : row.table === 'objectInstances' ? [row.row.networkObjectId]
            : row.table === 'attributeValues' ? [objectOf(row.row.objectInstanceId)] : row.table === 'relations' ? [objectOf(row.row.fromId), objectOf(row.row.toId)]
              : [row.row.pathId, row.row.edgeId];
          for (const id of ids) if (id) edited.add(id);
        }
      };
      const see = () => {
        for (const [id] of pentries(ed.model.networkObjects)) objects.add(id);
        for (const [id] of pentries(ed.model.objectInstances)) instances.add(id);
      };
      see();
      for (const s of steps) {
        const m = ed.model;
        const pick = <T>(xs: T[]): T | undefined => (xs.length ? xs[(s as { pick: number }).pick % xs.length] : undefined);
        if (s.kind === 'merge') note(ed.merge(readOf(whole, s.box), { object: (id) => known.has(id), relation: (k) => rels.has(k) }).diff);
        else if (s.kind === 'drop') note(ed.unload([s.box], () => false, (id) => edited.has(id)).diff, true);
        else if (s.kind === 'undo') { if (ed.canUndo) keepEdited(m, ed.undo()!); }
        else if (s.kind === 'attrs') {
          const inst = pick([...pentries(m.objectInstances)].map(([id]) => id).sort());
          if (inst) keepEdited(m, ed.apply({ type: 'editAttributes', instanceId: inst, values: { name: `x${s.pick}`, [NAMES[s.pick % NAMES.length]]: s.pick % 3 ? 'v' : null } }));
        } else if (s.kind === 'dropInstance') {
          const inst = pick([...pentries(m.objectInstances)].map(([id]) => id).sort());
          if (inst) keepEdited(m, ed.apply({ type: 'deleteInstance', id: inst }));
        } else if (s.kind === 'dropRelation') {
          const r = pick([...pentries(m.relations)].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, v]) => v));
          if (r) keepEdited(m, ed.apply({ type: 'deleteRelation', relation: r }));
        } else {
          const ids = [...pentries(m.networkObjects)].sort((a, b) => (a[0] < b[0] ? -1 : 1));
          const at: Position = [s.box[0] + 0.5, s.box[1] + 0.25];
          const node = pick(ids.filter(([, o]) => o.node)), edge = pick(ids.filter(([, o]) => o.edge));
          if (s.kind === 'move' && node) keepEdited(m, ed.apply({ type: 'moveNode', id: node[0], to: at }));
          else if (s.kind === 'delete' && edge) keepEdited(m, ed.apply({ type: 'deleteObject', id: edge[0] }));
          else keepEdited(m, ed.apply({ type: 'drawEdge', coordinates: [at, [s.box[2] - 0.5, s.box[3] - 0.25]], instances: [{ objectTypeId: g.objectTypes![0].id }] }));
        }
        see();
        expectSame(ed.model, [...objects], [...instances]);
      }
    }), { numRuns: Number(process.env.ENGINE_PROPERTY_RUNS ?? 25) });
  });
});
