// Property: A* (every strategy's weights, with the heuristic) finds a path as short as a plain Dijkstra reference
// (array scan, no heap, no heuristic) on random graphs, with and without ALT landmarks; minimal_private
// lexicographically (private metres, cost).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Landmarks, RouteGraph, RouteSearch, weightsFor, type RouteStrategy } from '../../../engine/route/index';

/** Lexicographic (w, w2) Dijkstra by array scan; w2 absent: single criterion. [d, d2] of t. */
function dijkstra(g: RouteGraph, s: number, t: number, w: Float64Array, w2: Float64Array | null): [number, number] {
  const n = g.vertexCount, d = new Float64Array(n).fill(Infinity), d2 = new Float64Array(n).fill(Infinity), done = new Uint8Array(n);
  const lt = (a: number, a2: number, b: number, b2: number) => a < b - 1e-9 || (Math.abs(a - b) <= 1e-9 && a2 < b2 - 1e-9);
  d[s] = 0; d2[s] = 0;
  for (;;) {
    let v = -1;
    for (let i = 0; i < n; i++) if (!done[i] && d[i] < Infinity && (v < 0 || lt(d[i], d2[i], d[v], d2[v]))) v = i;
    if (v < 0) return [Infinity, Infinity];
    if (v === t) return [d[v], d2[v]];
    done[v] = 1;
    for (let e = 0; e < g.edgeCount; e++) {
      const u = g.from[e] === v ? g.to[e] : g.to[e] === v ? g.from[e] : -1;
      if (u < 0 || !(w[e] < Infinity)) continue;
      const b = d[v] + w[e], b2 = d2[v] + (w2 ? w2[e] : 0);
      if (lt(b, b2, d[u], d2[u])) { d[u] = b; d2[u] = b2; }
    }
  }
}

const arb = fc.record({
  n: fc.integer({ min: 2, max: 25 }),
  pts: fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), { minLength: 25, maxLength: 25 }),
  edges: fc.array(fc.record({ a: fc.nat(24), b: fc.nat(24), extra: fc.double({ min: 1, max: 3, noNaN: true }), unit: fc.double({ min: 0.1, max: 50, noNaN: true }), flags: fc.nat(3) }), { maxLength: 80 }),
  s: fc.nat(24), t: fc.nat(24),
  strategy: fc.constantFrom<RouteStrategy>('minimal_distance', 'minimal_cost', 'centerline', 'minimal_private'),
});

describe('A* equals Dijkstra', () => {
  it('on random graphs, every strategy', () => {
    fc.assert(fc.property(arb, fc.boolean(), ({ n, pts, edges, s, t, strategy }, useLandmarks) => {
      const es = edges.map((e) => ({ ...e, a: e.a % n, b: e.b % n })).filter((e) => e.a !== e.b);
      const xy = new Float64Array(pts.slice(0, n).flat());
      const g = RouteGraph.build({
        vertexIds: Array.from({ length: n }, (_, i) => `v${i}`), xy, edgeIds: es.map((_, i) => `e${i}`),
        from: Int32Array.from(es.map((e) => e.a)), to: Int32Array.from(es.map((e) => e.b)),
        // length ≥ the straight line between the ends (as for real edges)
        lengths: Float64Array.from(es.map((e) => Math.hypot(xy[2 * e.a] - xy[2 * e.b], xy[2 * e.a + 1] - xy[2 * e.b + 1]) * e.extra)),
        unitCosts: Float64Array.from(es.map((e) => e.unit)), flags: Uint8Array.from(es.map((e) => e.flags)),
      });
      const plain = weightsFor(g, strategy, null);
      // with ALT landmarks on half the runs (minimal_private: on its cost criterion)
      const w = useLandmarks ? { ...plain, landmarks: new Landmarks(g, plain.secondary ?? plain.primary, 3) } : plain;
      const r = new RouteSearch(g).run(s % n, t % n, w);
      const [ref, ref2] = dijkstra(g, s % n, t % n, w.primary, w.secondary);
      expect(r.found).toBe(ref < Infinity);
      if (r.found) {
        expect(r.primary).toBeCloseTo(ref, 6);
        // second criterion: as good as the reference's, unless the search's first criterion is exactly smaller (the
        // reference's 1e-9 tie tolerance can prefer a path a few ulps worse on the first criterion)
        if (w.secondary && !(r.primary < ref)) expect(r.secondary).toBeCloseTo(ref2, 6);
        // the path is connected from s to t and its weight is what the search reports
        let sum = 0;
        r.edges.forEach((e, i) => {
          expect([g.from[e], g.to[e]].sort()).toEqual([r.vertices[i], r.vertices[i + 1]].sort());
          sum += w.primary[e];
        });
        expect(sum).toBeCloseTo(r.primary, 6);
      }
    }), { numRuns: 300 });
  });
});
