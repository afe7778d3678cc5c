// The points each operation touches (`touched`), for the map's "edit only inside the loaded area" guard: new and old
// positions it creates, moves or removes, and both end coordinates and end-node positions of every edge it changes.
// Checked against what each gesture really changed (its diff), and per operation on ASCII fixtures.
import { describe, it, expect } from 'vitest';
import { Editor, touchedPoints, type Diff, type Intent, type Model, type NetworkObjectRow, type Position } from 'engine';
import { model, config } from './ascii';

const near = (p: Position, ps: Position[]) => ps.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= 0.02);

/** Every position a diff changed: nodes added/removed/moved, edge end coordinates before and after. */
function changedPoints(diff: Diff): Position[] {
  const pts = (r: NetworkObjectRow): Position[] => {
    if (r.node) return [r.node.geometry.coordinates];
    if (r.edge) { const c = r.edge.geometry.coordinates; return [c[0], c[c.length - 1]]; }
    return [];
  };
  const out: Position[] = [];
  for (const d of [...diff.added, ...diff.removed]) if (d.table === 'networkObjects') out.push(...pts(d.row));
  for (const [a, b] of diff.updated) {
    if (a.table !== 'networkObjects' || b.table !== 'networkObjects') continue;
    if (JSON.stringify(a.row) !== JSON.stringify(b.row)) out.push(...pts(a.row), ...pts(b.row));
  }
  return out;
}

//   A----B----C
//   |    |
//   D----E    F
const ART = 'A----B----C\n|    |\nD----E    F';

describe('touched: every point a gesture changes is a point it names', () => {
  const cases: [string, Intent][] = [
    ['moveNode', { type: 'moveNode', id: 'B', to: [55, 5] }],
    ['moveNode onto another node (merge)', { type: 'moveNode', id: 'B', to: [100.004, 0] }],
    ['editEdgeGeometry moving both ends', { type: 'editEdgeGeometry', id: 'AB', coordinates: [[2, 3], [20, 8], [48, 2]] }],
    ['splitEdge', { type: 'splitEdge', id: 'BC', at: [70, 0] }],
    ['deleteSegment at an end', { type: 'deleteSegment', id: 'AB', at: [1, 0] }],
    ['deleteObject of a node', { type: 'deleteObject', id: 'B' }],
    ['deleteObject of an edge', { type: 'deleteObject', id: 'BC' }],
    ['deleteObjects', { type: 'deleteObjects', ids: ['AD', 'F'] }],
    ['unsnap a node', { type: 'unsnap', ids: ['B'] }],
    ['unsnap an edge', { type: 'unsnap', ids: ['BE'] }],
    ['drawEdge on empty ground', { type: 'drawEdge', coordinates: [[200, 200], [250, 200], [250, 260]] }],
    ['drawEdge from a node', { type: 'drawEdge', coordinates: [[100, 0], [100, -20]] }],
  ];
  for (const [name, intent] of cases) {
    it(name, () => {
      const ed = new Editor(model(ART), config());
      const before: Model = ed.model;
      const pts = ed.touched(intent);
      expect(pts).toEqual(touchedPoints(before, intent));
      const r = ed.apply(intent);
      expect(r.rejected).toBeNull();
      const changed = changedPoints(r.diff);
      expect(changed.length).toBeGreaterThan(0);
      for (const p of changed) expect(near(p, pts), `${JSON.stringify(p)} not in ${JSON.stringify(pts)}`).toBe(true);
    });
  }
});

describe('touched per operation', () => {
  const m = model(ART);
  it('moveNode: the node, the ends and end nodes of its edges, and the target', () => {
    const pts = touchedPoints(m, { type: 'moveNode', id: 'B', to: [55, 5] });
    for (const p of [[50, 0], [0, 0], [100, 0], [50, -20], [55, 5]] as Position[]) expect(near(p, pts)).toBe(true);
    expect(near([0, -20], pts)).toBe(false); // D: not on an edge of B
  });
  it('editEdgeGeometry: old and new line, and the other edges of both end nodes (a moved end moves them)', () => {
    const pts = touchedPoints(m, { type: 'editEdgeGeometry', id: 'AB', coordinates: [[0, 0], [25, 5], [50, 0]] });
    for (const p of [[0, 0], [25, 5], [50, 0], [0, -20], [100, 0], [50, -20]] as Position[]) expect(near(p, pts)).toBe(true);
  });
  it('deleteSegment: the removed points and the edge ends', () => {
    const ed = new Editor(model('A----B'), config());
    ed.apply({ type: 'editEdgeGeometry', id: 'AB', coordinates: [[0, 0], [10, 30], [20, 30], [50, 0]] });
    const pts = ed.touched({ type: 'deleteSegment', id: 'AB', at: [15, 30] });
    for (const p of [[10, 30], [20, 30], [0, 0], [50, 0]] as Position[]) expect(near(p, pts)).toBe(true);
  });
  it('deleteObject: the ends of an edge; a node and the ends of its edges', () => {
    expect(touchedPoints(m, { type: 'deleteObject', id: 'BC' })).toEqual([[50, 0], [100, 0], [50, 0], [100, 0]]);
    const pts = touchedPoints(m, { type: 'deleteObject', id: 'E' });
    for (const p of [[50, -20], [0, -20], [50, 0]] as Position[]) expect(near(p, pts)).toBe(true);
  });
  it('unsnap: where the moved edge ends go (10 map units away)', () => {
    const pts = touchedPoints(model('A----B----C'), { type: 'unsnap', ids: ['B'] });
    expect(near([60, 0], pts)).toBe(true);
  });
  it('deletePathEdge and createPath: the ends of the edges; drawEdge and drawNode: their coordinates; attributes: none', () => {
    const ed = new Editor(model(ART), config());
    ed.apply({ type: 'createPath', edgeIds: ['AB', 'BC'], startNodeId: 'A' });
    const [first] = [...ed.history.items[0].actions].filter((a) => a.code === 3).map((a) => (a as { after: { id: string } }).after.id);
    expect(ed.touched({ type: 'deletePathEdge', id: first })).toEqual([[0, 0], [50, 0], [0, 0], [50, 0]]);
    expect(ed.touched({ type: 'deleteObject', id: 'x1' })).toHaveLength(8); // a path: the ends of its edges
    expect(touchedPoints(m, { type: 'drawEdge', coordinates: [[1, 2], [3, 4]] })).toEqual([[1, 2], [3, 4]]);
    expect(touchedPoints(m, { type: 'drawNode', coordinates: [7, 8] })).toEqual([[7, 8]]);
    expect(touchedPoints(m, { type: 'editAttributes', instanceId: 'i', values: {} })).toEqual([]);
  });
});
