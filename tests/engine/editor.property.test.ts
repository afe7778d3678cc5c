// Property tests (fast-check): random sequences of ≥1,000 edits; after every step the integrity check passes, the
// rbush index answers like a brute-force scan, undo of every item in the window restores the state before it exactly
// and redo returns the head; replaying the merged save batches onto the last saved state gives the head exactly; every
// point a gesture other than drawing changed is one its operation's `touched` named (the loaded-area guard).
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  Editor, checkIntegrity, bruteForceNear, applySaveRequests, pentries, deepEqual, pathEdgesOfPath,
  type Diff, type Intent, type Model, type NetworkObjectRow, type Position,
} from 'engine';
import { model, config } from './ascii';

const STEPS = Number(process.env.ENGINE_PROPERTY_STEPS ?? 1000);

const coord = fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })).map(([x, y]) => [x * 10, y * 10] as Position);
const jitter = fc.constantFrom(0, 0, 0.004, 5);
const op = fc.record({
  kind: fc.constantFrom('edge', 'edge', 'edge', 'node', 'move', 'moveEdge', 'delete', 'segment', 'split', 'splitEdge', 'inst', 'attr', 'path',
    'pathEdge', 'unsnap', 'delinst', 'deleteMany', 'undo', 'undo', 'redo'),
  a: coord, b: coord, c: coord, pick: fc.nat(), j: jitter,
});

function ids(m: Model, pred: (o: { node?: unknown; edge?: unknown }) => boolean): string[] {
  return [...pentries(m.networkObjects)].filter(([, o]) => pred(o)).map(([id]) => id).sort();
}

function toIntent(ed: Editor, o: { kind: string; a: Position; b: Position; c: Position; pick: number; j: number }): Intent | 'undo' | 'redo' | null {
  const m = ed.model;
  const nodes = ids(m, (x) => !!x.node), edges = ids(m, (x) => !!x.edge);
  const a: Position = [o.a[0] + o.j, o.a[1]];
  switch (o.kind) {
    case 'edge': return { type: 'drawEdge', coordinates: o.pick % 3 === 0 ? [a, o.c, o.b] : [a, o.b], instances: o.pick % 2 ? [{ objectTypeId: 4, values: { traceType: o.pick % 5 === 0 ? 'BIS' : 'x' } }] : [{ objectTypeId: 2 }] };
    case 'node': return { type: 'drawNode', coordinates: a, instances: [{ objectTypeId: 6 }] };
    case 'move': return nodes.length ? { type: 'moveNode', id: nodes[o.pick % nodes.length], to: a } : null;
    case 'moveEdge': {
      if (!edges.length) return null;
      const e = m.networkObjects && edges[o.pick % edges.length];
      return { type: 'editEdgeGeometry', id: e, coordinates: [a, o.b] };
    }
    case 'delete': { const all = [...nodes, ...edges]; return all.length ? { type: 'deleteObject', id: all[o.pick % all.length] } : null; }
    case 'segment': return edges.length ? { type: 'deleteSegment', id: edges[o.pick % edges.length], at: a } : null;
    case 'split': return edges.length ? { type: 'drawNode', coordinates: midOf(ed, edges[o.pick % edges.length]) } : null;
    case 'inst': { const all = [...nodes, ...edges]; return all.length ? { type: 'createInstance', networkObjectId: all[o.pick % all.length], objectTypeId: 2 } : null; }
    case 'attr': {
      const insts = [...pentries(m.objectInstances)].filter(([, i]) => i.objectTypeId === 2).map(([id]) => id).sort();
      return insts.length ? { type: 'editAttributes', instanceId: insts[o.pick % insts.length], values: { Existing: o.pick % 2 ? 'true' : 'no', config: o.pick % 3 ? '2x14' : 'bad' } } : null;
    }
    case 'path': {
      if (!edges.length) return null;
      const e = ed.model.networkObjects && edges[o.pick % edges.length];
      const row = [...pentries(m.networkObjects)].find(([id]) => id === e)![1];
      const start = row.edge!.fromNodeId;
      const next = row.edge!.toNodeId;
      const more = ids(m, (x) => !!x.edge).find((id) => { const r = [...pentries(m.networkObjects)].find(([k]) => k === id)![1].edge!; return id !== e && (r.fromNodeId === next || r.toNodeId === next); });
      return { type: 'createPath', edgeIds: more ? [e, more] : [e], startNodeId: start, instances: [{ objectTypeId: 5 }] };
    }
    case 'splitEdge': return edges.length ? { type: 'splitEdge', id: edges[o.pick % edges.length], at: midOf(ed, edges[o.pick % edges.length]) } : null;
    case 'pathEdge': {
      const paths = ids(m, (x) => !x.node && !x.edge);
      if (!paths.length) return null;
      const pes = pathEdgesOfPath(m, paths[o.pick % paths.length]);
      return { type: 'deletePathEdge', id: pes[(o.pick >> 3) % pes.length] };
    }
    case 'deleteMany': { const all = [...nodes, ...edges]; return all.length > 1 ? { type: 'deleteObjects', ids: [all[o.pick % all.length], all[(o.pick >> 2) % all.length]].filter((x, i, a) => a.indexOf(x) === i) } : null; }
    case 'unsnap': return nodes.length ? { type: 'unsnap', ids: [nodes[o.pick % nodes.length]] } : null;
    case 'delinst': { const insts = [...pentries(m.objectInstances)].map(([id]) => id).sort(); return insts.length ? { type: 'deleteInstance', id: insts[o.pick % insts.length] } : null; }
    case 'undo': return 'undo';
    case 'redo': return 'redo';
  }
  return null;
}

function midOf(ed: Editor, id: string): Position {
  const c = [...pentries(ed.model.networkObjects)].find(([k]) => k === id)![1].edge!.geometry.coordinates;
  return [(c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2];
}

/** Positions a diff changed: nodes added, removed or moved; edge end coordinates before and after. */
function changedPoints(diff: Diff): Position[] {
  const pts = (r: NetworkObjectRow): Position[] => (r.node ? [r.node.geometry.coordinates] : r.edge ? [r.edge.geometry.coordinates[0], r.edge.geometry.coordinates.at(-1)!] : []);
  const out: Position[] = [];
  for (const d of [...diff.added, ...diff.removed]) if (d.table === 'networkObjects') out.push(...pts(d.row));
  for (const [a, b] of diff.updated) if (a.table === 'networkObjects' && b.table === 'networkObjects' && !deepEqual(a.row, b.row)) out.push(...pts(a.row), ...pts(b.row));
  return out;
}

function checkIndex(ed: Editor, p: Position): void {
  for (const kind of ['node', 'edge'] as const) {
    const fast = (kind === 'node' ? ed.index.nodesNear(p, 7) : ed.index.edgesNear(p, 7)).map((h) => `${h.id}:${h.distance.toFixed(6)}`);
    const slow = bruteForceNear(ed.model, p, 7, kind).map((h) => `${h.id}:${h.distance.toFixed(6)}`);
    expect(fast).toEqual(slow);
  }
}

describe('engine property: random edit sequences', () => {
  it(`keeps integrity, index, undo/redo and save replay exact over ${STEPS} edits`, () => {
    fc.assert(fc.property(fc.array(op, { minLength: STEPS, maxLength: STEPS }), (ops) => {
      const saved0 = model('A----B----C\n|    |\nD----E');
      const ed = new Editor(saved0, config({ familyRules: [{ family: 'zpi', ductTypeId: 2, activityTypeId: 3, traceTypeId: 4, relationTypeName: 'activity_contains_duct' }] }));
      let saved = saved0;
      const states: Model[] = [ed.model]; // states[k] = model after k items of the window
      let step = 0;
      for (const o of ops) {
        step++;
        const it = toIntent(ed, o);
        if (it === 'undo') ed.undo();
        else if (it === 'redo') ed.redo();
        else if (it) {
          const before = ed.history.index;
          const touched = ed.touched(it);
          const r = ed.apply(it);
          if (it.type !== 'drawEdge' && it.type !== 'drawNode') {
            for (const p of changedPoints(r.diff)) {
              if (!touched.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= 0.02)) throw new Error(`step ${step} ${JSON.stringify(it)}: changed ${JSON.stringify(p)} not touched`);
            }
          }
          if (r.historyItem) {
            states.splice(before + 2, states.length, r.model);
            if (states.length > ed.history.items.length + 1) states.shift();
          }
        }
        const fail = (what: string) => { throw new Error(`step ${step} after ${JSON.stringify(it)}: ${what}`); };
        const issues = checkIntegrity(ed.model, { geometry: true });
        if (issues.length) throw new Error(`step ${step} ${JSON.stringify(it)}: ${JSON.stringify(issues.slice(0, 3))}`);
        checkIndex(ed, o.c);
        if (step % 50 === 0) {
          // undo every item in the window, checking each earlier state exactly, then redo back to the head
          const head = ed.model;
          const n = ed.history.index + 1;
          if (!deepEqual(head, states[ed.history.index + 1])) fail('head differs from recorded state');
          for (let k = 0; k < n; k++) {
            ed.undo();
            if (!deepEqual(ed.model, states[ed.history.index + 1])) fail(`undo ${k + 1} of ${n} does not restore the state before`);
          }
          for (let k = 0; k < n; k++) ed.redo();
          if (!deepEqual(ed.model, head)) fail('redo does not return the head');
          // replay merged save batches onto the last saved state
          const replayed = applySaveRequests(saved, ed.saveRequests());
          if (!deepEqual(replayed, ed.model)) fail('replayed save differs from head');
          if (step % 200 === 0) { saved = ed.model; ed.markSaved(); states.splice(0, states.length, ed.model); }
        }
      }
    }), { numRuns: 1, endOnFailure: true, seed: Number(process.env.ENGINE_PROPERTY_SEED ?? 42) });
  });
});
