// Route determination shapes (spec 3 "Route strategies: minimal_cost, minimal_cost_alternative, minimal_distance,
// minimal_private, centerline, other"; "Shaping cost types: obstruction, general hindrance, preference, avoid, polluted
// soil, tree drilling, directional drilling"). Plain data, so a Web Worker and the server can pass them as they are.
import type { Id, Position } from '../types';

export const ROUTE_STRATEGIES = ['minimal_cost', 'minimal_cost_alternative', 'minimal_distance', 'minimal_private', 'centerline'] as const;
/** The strategies this engine computes ('other' of the spec is a manual route: nothing to compute). */
export type RouteStrategy = (typeof ROUTE_STRATEGIES)[number];

/** Edge flags (bits of `RouteGraph.flags`). */
export const PRIVATE = 1;
export const CENTERLINE = 2;

/** An include/avoid/shaping area for one query (polygon rings in the graph's coordinates, first ring outer). */
export interface RouteArea {
  /** obstruction (impassable), avoid, preference, include, or a trench cost entry name (general_hindrance,
   *  polluted_soil, tree_drilling, directional_drilling, …) whose entry acts on the unit cost inside. */
  costType: string;
  polygon: Position[][];
  /** Overrides: the unit cost inside is multiplied by `multiplier`, then `add` (per metre) is added. */
  multiplier?: number;
  add?: number;
}

export interface RouteQuery {
  from: Position;
  to: Position;
  strategy: RouteStrategy;
  areas?: readonly RouteArea[];
}

export interface RouteResult {
  strategy: RouteStrategy;
  found: boolean;
  /** Graph vertex ids from start to end (node ids of the network). */
  nodes: Id[];
  /** Edge ids in route order. */
  edges: Id[];
  /** The route's polyline (edge geometries joined, oriented from start to end). */
  coordinates: Position[];
  /** Metres (sum of edge lengths), cost (sum of length × unit cost, areas included), private metres. */
  length: number;
  cost: number;
  privateLength: number;
  /** minimal_cost_alternative: the best route's cost and the share of this route's length it shares with it. */
  bestCost?: number;
  overlap?: number;
  /** Why nothing was found (unsnappable point, unreachable, no second route). */
  reason?: string;
}

/** Plain edge list input (server, bench, worker): vertices by index. */
export interface EdgeListInput {
  /** Vertex ids and coordinates ([x0, y0, x1, y1, …]). */
  vertexIds: Id[];
  xy: Float64Array;
  edgeIds: Id[];
  /** Vertex indices of each edge's ends. */
  from: Int32Array;
  to: Int32Array;
  /** Metres per edge; unit cost (per metre) per edge; flags (PRIVATE | CENTERLINE). */
  lengths: Float64Array;
  unitCosts: Float64Array;
  flags: Uint8Array;
  /** Optional edge geometries: edge e's points are geomXY[2·geomStart[e] .. 2·geomStart[e+1]) (default: its ends). */
  geomStart?: Int32Array;
  geomXY?: Float64Array;
}
