// Coordinates a gesture writes are rounded to COORDINATE_DECIMALS (spec 1 §4) at every vertex — the first, the
// middle and the last — for drawn edges and edited edge geometry alike (a `map(roundPosition)` once rounded
// vertex i to i decimals).
import { describe, it, expect } from 'vitest';
import { Editor, COORDINATE_DECIMALS, type Position } from 'engine';
import { model, config } from './ascii';

const rounded = (p: Position) => p.every((v) => Math.abs(v * 10 ** COORDINATE_DECIMALS - Math.round(v * 10 ** COORDINATE_DECIMALS)) < 1e-6);
const exact = (p: Position) => p.map((v) => Math.round(v * 10 ** COORDINATE_DECIMALS) / 10 ** COORDINATE_DECIMALS);

describe('gesture coordinates are rounded per vertex to COORDINATE_DECIMALS', () => {
  it('drawEdge keeps every vertex at the configured decimals', () => {
    const ed = new Editor(model('A----B'), config());
    const coords: Position[] = [[200.123456, 200.987654], [250.555555, 200.444444], [250.777777, 260.333333], [270.016, 270.004]];
    const r = ed.apply({ type: 'drawEdge', coordinates: coords });
    expect(r.rejected).toBeNull();
    const edges = r.diff.added.flatMap((d) => (d.table === 'networkObjects' && d.row.edge ? [d.row.edge.geometry.coordinates] : []));
    expect(edges).toHaveLength(1);
    expect(edges[0]).toEqual(coords.map(exact));
    for (const p of edges[0]) expect(rounded(p)).toBe(true);
  });

  it('editEdgeGeometry keeps every vertex at the configured decimals', () => {
    const ed = new Editor(model('A----B'), config());
    const coords: Position[] = [[0, 0], [20.123456, 7.654321], [30.333333, 9.999999], [50, 0]];
    const r = ed.apply({ type: 'editEdgeGeometry', id: 'AB', coordinates: coords });
    expect(r.rejected).toBeNull();
    const after = r.diff.updated.map(([, b]) => b).flatMap((d) => (d.table === 'networkObjects' && d.row.edge ? [d.row.edge] : []));
    expect(after.map((e) => e.geometry.coordinates)).toEqual([coords.map(exact)]);
  });
});
