// Small hand-made route graphs for the route tests: vertices by name and position, edges by name with optional
// length, unit cost and flags.
import { RouteGraph, type EdgeListInput } from '../../../engine/route/index';

export interface E { id: string; a: string; b: string; length?: number; unit?: number; flags?: number }

export function graph(vertices: Record<string, [number, number]>, edges: E[]): RouteGraph {
  const ids = Object.keys(vertices);
  const at = new Map(ids.map((id, i) => [id, i]));
  const xy = new Float64Array(ids.flatMap((id) => vertices[id]));
  const len = (e: E) => e.length ?? Math.hypot(vertices[e.a][0] - vertices[e.b][0], vertices[e.a][1] - vertices[e.b][1]);
  const input: EdgeListInput = {
    vertexIds: ids, xy, edgeIds: edges.map((e) => e.id),
    from: Int32Array.from(edges.map((e) => at.get(e.a)!)), to: Int32Array.from(edges.map((e) => at.get(e.b)!)),
    lengths: Float64Array.from(edges.map(len)), unitCosts: Float64Array.from(edges.map((e) => e.unit ?? 1)),
    flags: Uint8Array.from(edges.map((e) => e.flags ?? 0)),
  };
  return RouteGraph.build(input);
}

/**
 * Two ways from S (0,0) to T (20,0):
 *   the short way S–M–T along y = 0 (20 m, unit cost 10: 200, private S–M)
 *   the long way S–A–B–T over y = 10 (40 m, unit cost 1: 40), a centre line
 *   a middle way S–C–T over y = -5 (≈ 22.4 m, unit cost 3: ≈ 67)
 */
export const TWO_WAYS = () => graph(
  { S: [0, 0], M: [10, 0], T: [20, 0], A: [0, 10], B: [20, 10], C: [10, -5] },
  [
    { id: 'sm', a: 'S', b: 'M', unit: 10, flags: 1 }, { id: 'mt', a: 'M', b: 'T', unit: 10 },
    { id: 'sa', a: 'S', b: 'A', unit: 1, flags: 2 }, { id: 'ab', a: 'A', b: 'B', unit: 1, flags: 2 }, { id: 'bt', a: 'B', b: 'T', unit: 1, flags: 2 },
    { id: 'sc', a: 'S', b: 'C', unit: 3, flags: 1 }, { id: 'ct', a: 'C', b: 'T', unit: 3, flags: 1 },
  ],
);
