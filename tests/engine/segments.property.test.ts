// Bulk merges into base segments (engine/segments.ts, mergeInBulk): random sessions of window reads, edits, undo and
// dropped areas give, after every step, exactly the model, diff and spatial index of the same session merged row by row
// in transactions — whatever segments are appended and folded, and whatever the overlay holds when a read arrives; and
// so does a third session given each read as flat rows (the Arrow answer's form, engine/merge.ts MergeRows).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  Editor, SpatialIndex, checkIntegrity, createModel, deepEqual, flatRead, generateNetwork, pentries, segmentCount,
  LIST_TABLES, ROW_TABLES, type Diff, type Model, type Position,
} from 'engine';
import type { Box } from '../../engine/unload';
import { counterIds } from './ascii';
import { windowRead as readOf } from './window-read';

const g = generateNetwork(150, { detail: 'ftth' }); // ≈ 360 objects with instances, values, relations and paths
const whole = createModel(g);
const X0 = 149_975, Y0 = 459_975, SIZE = 350;


function tables(m: Model) {
  const out: Record<string, [string, unknown][]> = {};
  for (const name of [...ROW_TABLES, ...LIST_TABLES]) out[name] = [...pentries(m[name] as never)].sort((a, b) => (a[0] < b[0] ? -1 : 1)) as [string, unknown][];
  return out;
}
const diffKeys = (d: Diff) => ({
  added: d.added.map((r) => `${r.table} ${r.key}`).sort(), removed: d.removed.map((r) => `${r.table} ${r.key}`).sort(),
  updated: d.updated.map(([, r]) => `${r.table} ${r.key}`).sort(),
});
const found = (ix: SpatialIndex) => ix.search(X0 - 50, Y0 - 50, X0 + SIZE + 50, Y0 + SIZE + 50).map((i) => i.id).sort();

const box = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 4 }))
  .map(([i, j, n]) => [X0 + i * 50, Y0 + j * 50, X0 + (i + n) * 50, Y0 + (j + n) * 50] as Box);
const step = fc.oneof(
  fc.record({ kind: fc.constant('merge' as const), box }),
  fc.record({ kind: fc.constant('merge' as const), box }),
  fc.record({ kind: fc.constantFrom('move' as const, 'delete' as const, 'draw' as const, 'undo' as const), pick: fc.nat(), box }),
  fc.record({ kind: fc.constant('drop' as const), box }),
);

describe('bulk merges into base segments', () => {
  it('give the same models, diffs and spatial index as merging row by row, whatever comes between the reads', () => {
    fc.assert(fc.property(fc.array(step, { minLength: 4, maxLength: 24 }), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 2_000 }), (steps, maxSegments, foldMaxRows) => {
      const empty = () => createModel({ networkObjects: [], objectTypes: g.objectTypes });
      const bulk = new Editor(empty(), { newId: counterIds('n'), projectId: 1, bulkMerge: { min: 0, maxSegments, foldMaxRows } });
      const rows = new Editor(empty(), { newId: counterIds('n'), projectId: 1, bulkMerge: { min: Infinity } });
      const flat = new Editor(empty(), { newId: counterIds('n'), projectId: 1, bulkMerge: { min: 0, maxSegments, foldMaxRows } });
      const known = new Set<string>(), rels = new Set<string>(), edited = new Set<string>();
      const note = (d: Diff, edit: boolean) => {
        for (const r of [...d.added, ...d.removed, ...d.updated.map(([, b]) => b)]) {
          if (r.table === 'networkObjects') { known.add(r.key); if (edit) edited.add(r.key); }
          if (r.table === 'relations' && (edit || d.added.includes(r))) rels.add(r.key);
        }
      };
      let segmented = 0;
      for (const s of steps) {
        const ids = [...pentries(rows.model.networkObjects)].map(([id, o]) => [id, o] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
        const results: [unknown, unknown, unknown] = [null, null, null];
        [bulk, flat, rows].forEach((ed, k) => {
          // the caller's bookkeeping (as the area loader keeps it) follows the row-by-row session (the last)
          const keep = (d: Diff, edit: boolean) => { if (k === 2) note(d, edit); return diffKeys(d); };
          if (s.kind === 'merge') {
            const read = readOf(whole, s.box);
            const r = ed.merge(k === 1 ? flatRead(read) : read, { object: (id) => known.has(id), relation: (key) => rels.has(key) });
            results[k] = { diff: keep(r.diff, false), plan: r.plan.objects.slice().sort() };
          } else if (s.kind === 'drop') {
            const r = ed.unload([s.box], () => false, (id) => edited.has(id));
            results[k] = diffKeys(r.diff);
            if (k === 2) for (const d of r.diff.removed) (d.table === 'networkObjects' ? known : rels).delete(d.key);
          } else if (s.kind === 'undo') {
            results[k] = ed.canUndo ? keep(ed.undo()!.diff, true) : null;
          } else {
            const nodes = ids.filter(([, o]) => o.node), edges = ids.filter(([, o]) => o.edge);
            const at: Position = [s.box[0] + 0.5, s.box[1] + 0.25];
            const intent = s.kind === 'move' && nodes.length ? { type: 'moveNode' as const, id: nodes[s.pick % nodes.length][0], to: at }
              : s.kind === 'delete' && edges.length ? { type: 'deleteObject' as const, id: edges[s.pick % edges.length][0] }
              : { type: 'drawEdge' as const, coordinates: [at, [s.box[2] - 0.5, s.box[3] - 0.25]] as Position[], instances: [{ objectTypeId: g.objectTypes![0].id }] };
            const r = ed.apply(intent);
            results[k] = { rejected: r.rejected, diff: keep(r.diff, true) };
          }
        });
        expect(results[0]).toEqual(results[2]);
        expect(results[1]).toEqual(results[2]);
        segmented = Math.max(segmented, segmentCount(bulk.model));
        expect(deepEqual(tables(bulk.model), tables(rows.model))).toBe(true);
        expect(checkIntegrity(bulk.model)).toEqual(checkIntegrity(rows.model));
        expect(found(bulk.index)).toEqual(found(rows.index));
        expect(deepEqual(tables(flat.model), tables(rows.model))).toBe(true);
        expect(found(flat.index)).toEqual(found(rows.index));
      }
      expect(found(SpatialIndex.fromModel(bulk.model))).toEqual(found(rows.index));
      while (rows.canUndo) { rows.undo(); bulk.undo(); flat.undo(); }
      expect(deepEqual(tables(bulk.model), tables(rows.model))).toBe(true);
      expect(deepEqual(tables(flat.model), tables(rows.model))).toBe(true);
      expect(segmented).toBeLessThanOrEqual(maxSegments);
    }), { numRuns: Number(process.env.ENGINE_PROPERTY_RUNS ?? 60) });
  });
});
