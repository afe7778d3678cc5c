// Edge weights per strategy (spec 3 route strategies):
// - minimal_distance: metres (× the distance factor of avoid/preference areas);
// - minimal_cost (and the alternative): metres × unit cost (trench cost entries and surface weights, areas applied);
// - minimal_private: private metres first, cost as the tie-break (lexicographic);
// - centerline: metres, × CENTERLINE_DETOUR off edges marked as street centre lines (so a route leaves the centre
//   lines only where that saves more than 3/4 of the way).
// Obstruction areas make an edge impassable (Infinity) in every strategy. Each set of weights carries its A* scale:
// the least weight per map unit of straight-line length over the edges (consistent heuristic).
import type { RouteGraph } from './graph';
import type { Weights } from './search';
import type { AreaEffect } from './areas';
import { CENTERLINE, PRIVATE, type RouteStrategy } from './types';

export const CENTERLINE_DETOUR = 4;

/** Least weight per map unit of straight-line distance between an edge's ends (0 if some edge is free). */
export function heuristicScale(g: RouteGraph, w: Float64Array): number {
  let s = Infinity;
  const { xy, from, to } = g;
  for (let e = 0; e < w.length; e++) {
    const we = w[e];
    if (!(we < Infinity)) continue;
    const a = from[e], b = to[e];
    const d = Math.hypot(xy[2 * a] - xy[2 * b], xy[2 * a + 1] - xy[2 * b + 1]);
    if (d === 0) continue;
    const r = we / d;
    if (r < s) s = r;
  }
  // a hair below, so rounding of the sums never makes the heuristic overestimate
  return Number.isFinite(s) ? s * (1 - 1e-9) : 0;
}

/** Cost per edge: metres × unit cost (areas applied when given). */
export function edgeCosts(g: RouteGraph, areas: AreaEffect | null): Float64Array {
  const unit = areas ? areas.unitCosts : g.unitCosts;
  const c = new Float64Array(g.edgeCount);
  for (let e = 0; e < c.length; e++) c[e] = unit[e] === Infinity ? Infinity : g.lengths[e] * unit[e];
  return c;
}

export function weightsFor(g: RouteGraph, strategy: RouteStrategy, areas: AreaEffect | null, costs = edgeCosts(g, areas)): Weights {
  const m = g.edgeCount;
  const f = areas?.factors;
  switch (strategy) {
    case 'minimal_cost':
    case 'minimal_cost_alternative':
      return { primary: costs, secondary: null, hScale: heuristicScale(g, costs) };
    case 'minimal_distance':
    case 'centerline': {
      const w = new Float64Array(m);
      const center = strategy === 'centerline';
      for (let e = 0; e < m; e++) {
        w[e] = g.lengths[e] * (f ? f[e] : 1) * (center && !(g.flags[e] & CENTERLINE) ? CENTERLINE_DETOUR : 1);
        if (costs[e] === Infinity) w[e] = Infinity;
      }
      return { primary: w, secondary: null, hScale: heuristicScale(g, w) };
    }
    case 'minimal_private': {
      const w = new Float64Array(m);
      for (let e = 0; e < m; e++) w[e] = costs[e] === Infinity ? Infinity : g.flags[e] & PRIVATE ? g.lengths[e] : 0;
      return { primary: w, secondary: costs, hScale: 0, hScale2: heuristicScale(g, costs) };
    }
  }
}
