// Route queries over one RouteGraph: snap both points to the nearest vertex (VertexGrid), weights per strategy (cached
// per strategy when the query has no areas, with ALT landmarks when asked for), A* (search.ts), and the result with its
// true length, cost (metres × unit cost, areas included) and private metres. minimal_cost_alternative is the penalty
// method: the best cost route's edges get their weight × 2, 4, 16, then are closed, until a route that differs from the
// best (another edge set) is found; it is reported with the best route's cost and the share of its length on the best
// route. The alternative's work copy of the costs is kept per router and only the best route's entries are changed.
import type { TrenchCostEntry } from '../capex/types';
import type { Position } from '../types';
import { applyAreas, type AreaEffect } from './areas';
import type { RouteGraph } from './graph';
import { Landmarks } from './landmarks';
import { RouteSearch, type SearchResult, type Weights } from './search';
import { VertexGrid } from './snap';
import { PRIVATE, ROUTE_STRATEGIES, type RouteQuery, type RouteResult, type RouteStrategy } from './types';
import { edgeCosts, weightsFor } from './weights';

export const ALTERNATIVE_PENALTIES = [2, 4, 16, Infinity];

export interface RouterOptions {
  /** The project's trench cost entries: named shaping cost types of areas act through them (areas.ts). */
  trenchCosts?: readonly TrenchCostEntry[];
  /** Farthest a query point may lie from its vertex, in map units (default: any distance). */
  maxSnap?: number;
  /** ALT landmarks per weight set (default 0: off): built on a strategy's first query without areas (k full
   *  Dijkstras, 8·k bytes per vertex); worth it for a long-lived graph (the worker, batch runs), not per request. */
  landmarks?: number;
}

export const isRouteStrategy = (s: unknown): s is RouteStrategy => (ROUTE_STRATEGIES as readonly unknown[]).includes(s);

export class Router {
  private readonly search: RouteSearch;
  private grid?: VertexGrid;
  private readonly cache = new Map<RouteStrategy, Weights>();
  private baseCosts?: Float64Array;
  private costLandmarks?: Landmarks;
  private altWork?: Float64Array;

  constructor(readonly graph: RouteGraph, private readonly options: RouterOptions = {}) {
    this.search = new RouteSearch(graph);
  }

  /** The nearest vertex with an edge to a point, or -1 (none, or farther than maxSnap). */
  snap(p: Position): number {
    this.grid ??= new VertexGrid(this.graph);
    const s = this.grid.nearest(p[0], p[1]);
    return s.vertex >= 0 && s.distance <= (this.options.maxSnap ?? Infinity) ? s.vertex : -1;
  }

  private weights(strategy: RouteStrategy, areas: AreaEffect | null, costs: Float64Array): Weights {
    if (areas) return weightsFor(this.graph, strategy, areas, costs);
    let w = this.cache.get(strategy);
    if (!w) {
      w = weightsFor(this.graph, strategy, null, costs);
      const k = this.options.landmarks ?? 0;
      if (k > 0) {
        // cost-based strategies share the landmarks of the costs (minimal_private: on its second criterion)
        const onCosts = strategy === 'minimal_cost' || strategy === 'minimal_cost_alternative' || strategy === 'minimal_private';
        if (onCosts) this.costLandmarks ??= new Landmarks(this.graph, costs, k);
        w = { ...w, landmarks: onCosts ? this.costLandmarks : new Landmarks(this.graph, w.primary, k) };
      }
      this.cache.set(strategy, w);
    }
    return w;
  }

  route(q: RouteQuery): RouteResult {
    if (!isRouteStrategy(q.strategy)) throw new Error(`Unknown route strategy ${String(q.strategy)}; known: ${ROUTE_STRATEGIES.join(', ')}`);
    const areas = q.areas?.length ? applyAreas(this.graph, q.areas, this.options.trenchCosts) : null;
    const costs = areas ? edgeCosts(this.graph, areas) : (this.baseCosts ??= edgeCosts(this.graph, null));
    const s = this.snap(q.from), t = this.snap(q.to);
    if (s < 0 || t < 0) return this.empty(q.strategy, 'A point lies too far from the street graph.');
    if (q.strategy !== 'minimal_cost_alternative') {
      const r = this.search.run(s, t, this.weights(q.strategy, areas, costs));
      return r.found ? this.result(q.strategy, r, costs) : this.empty(q.strategy, 'No route between the points.');
    }
    const bw = this.weights('minimal_cost', areas, costs);
    const best = this.search.run(s, t, bw);
    if (!best.found) return this.empty(q.strategy, 'No route between the points.');
    const onBest = new Set(best.edges);
    const bestCost = best.primary;
    if (best.edges.length === 0) return { ...this.empty(q.strategy, 'Both points snap to the same vertex: no alternative.'), bestCost };
    // one work copy of the costs per router (areas: per query); only the best route's entries change, restored after
    const w = areas ? costs.slice() : (this.altWork ??= costs.slice());
    try {
      for (const p of ALTERNATIVE_PENALTIES) {
        for (const e of onBest) w[e] = p === Infinity ? Infinity : costs[e] * p;
        // penalties only raise weights: the cost heuristic and landmarks stay consistent
        const alt = this.search.run(s, t, { primary: w, secondary: null, hScale: bw.hScale, landmarks: bw.landmarks });
        if (!alt.found) break;
        if (alt.edges.length === onBest.size && alt.edges.every((e) => onBest.has(e))) continue;
        const r = this.result(q.strategy, alt, costs);
        let shared = 0;
        for (const e of alt.edges) if (onBest.has(e)) shared += this.graph.lengths[e];
        return { ...r, bestCost, overlap: r.length > 0 ? shared / r.length : 0 };
      }
    } finally {
      for (const e of onBest) w[e] = costs[e];
    }
    return { ...this.empty(q.strategy, 'No second route between the points.'), bestCost };
  }

  private empty(strategy: RouteStrategy, reason: string): RouteResult {
    return { strategy, found: false, nodes: [], edges: [], coordinates: [], length: 0, cost: 0, privateLength: 0, reason };
  }

  private result(strategy: RouteStrategy, r: SearchResult, costs: Float64Array): RouteResult {
    const g = this.graph;
    let length = 0, cost = 0, privateLength = 0;
    const coordinates: Position[] = [];
    const v0 = r.vertices[0];
    coordinates.push([g.xy[2 * v0], g.xy[2 * v0 + 1]]);
    r.edges.forEach((e, i) => {
      length += g.lengths[e]; cost += costs[e];
      if (g.flags[e] & PRIVATE) privateLength += g.lengths[e];
      const pts = g.edgePoints(e, r.vertices[i]);
      for (let k = 1; k < pts.length; k++) coordinates.push(pts[k]);
    });
    return {
      strategy, found: true, nodes: r.vertices.map((v) => g.vertexIds[v]), edges: r.edges.map((e) => g.edgeIds[e]),
      coordinates, length, cost, privateLength,
    };
  }
}
