// Spatial index (spec 1 §4 Map editing, §9; issue 3 "rbush over nodes and edge segments, updated from each diff"):
// on a generated street grid the bulk-packed index answers hit-tests, node and edge snapping like a brute-force
// scan — as loaded, after edits through the Editor (diffs), after undo, and when built from a model with an overlay.
import { describe, it, expect } from 'vitest';
import { Editor, SpatialIndex, bruteForceNear, createModel, generateNetwork, pentries, type Model, type Position } from 'engine';

let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const key = (h: { id: string; distance: number; segment: number }) => `${h.id}:${h.distance.toFixed(6)}:${h.segment}`;

function expectLikeBruteForce(index: SpatialIndex, m: Model, points: Position[], tol: number): void {
  for (const p of points) {
    expect(index.nodesNear(p, tol).map(key)).toEqual(bruteForceNear(m, p, tol, 'node').map(key));
    expect(index.edgesNear(p, tol).map(key)).toEqual(bruteForceNear(m, p, tol, 'edge').map(key));
    expect(index.hitTest(p, tol)?.id ?? null).toBe(bruteForceNear(m, p, tol)[0]?.id ?? null);
  }
}

describe('SpatialIndex over nodes and edge segments', () => {
  const net = generateNetwork(3000);
  const extent = net.grid * net.spacing;
  const points = (n: number): Position[] => Array.from({ length: n }, () => [150000 + rnd() * extent, 460000 + rnd() * extent]);

  it('as loaded: hit-test and snapping equal a linear scan', () => {
    const m = createModel(net);
    const index = SpatialIndex.fromModel(m);
    expect(index.size).toBe([...pentries(m.networkObjects)].filter(([, o]) => o.node || o.edge).length);
    expectLikeBruteForce(index, m, points(300), 20);
    const all = index.search(-Infinity, -Infinity, Infinity, Infinity);
    expect(new Set(all.map((i) => i.id)).size).toBe(index.size);
  });

  it('follows every diff (draws with splits, moves, deletes) and undo', () => {
    const ed = new Editor(createModel(net), { newId: (() => { let i = 0; return () => `x${++i}`; })(), projectId: 1 });
    for (let i = 0; i < 60; i++) {
      const s = net.streetEdgeIds[(i * 97) % net.streetEdgeIds.length];
      const c = [...pentries(ed.model.networkObjects)].find(([k]) => k === s)?.[1].edge?.geometry.coordinates;
      if (!c) continue;
      const a: Position = [(c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2];
      ed.apply({ type: 'drawEdge', coordinates: [a, [a[0] + 30, a[1] + 40]] });
      const h = net.houseNodeIds[(i * 31) % net.houseNodeIds.length];
      ed.apply({ type: 'moveNode', id: h, to: [150000 + rnd() * extent, 460000 + rnd() * extent] });
      if (i % 5 === 0) ed.apply({ type: 'deleteObject', id: net.houseNodeIds[(i * 13) % net.houseNodeIds.length] });
    }
    expectLikeBruteForce(ed.index, ed.model, points(200), 25);
    for (let i = 0; i < 10; i++) ed.undo();
    expectLikeBruteForce(ed.index, ed.model, points(200), 25);
    // an index built from the edited model (base + overlay) answers the same
    expectLikeBruteForce(SpatialIndex.fromModel(ed.model), ed.model, points(100), 25);
  });
});
