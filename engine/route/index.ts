// Route determination (issue 14): compact CSR graph, A* per strategy, include/avoid/shaping areas. See README.md.
export * from './types';
export { RouteGraph, type RouteGraphData } from './graph';
export { RouteHeap } from './heap';
export { RouteSearch, type Weights, type SearchResult } from './search';
export { weightsFor, edgeCosts, heuristicScale, CENTERLINE_DETOUR } from './weights';
export { applyAreas, edgeInPolygon, inPolygon, AVOID_FACTOR, PREFER_FACTOR, type AreaEffect } from './areas';
export { VertexGrid, type Snap } from './snap';
export { Router, isRouteStrategy, ALTERNATIVE_PENALTIES, type RouterOptions } from './router';
export { graphFromNetwork, graphFromModel, edgeClass, PRIVATE_TAGS, CENTERLINE_TAGS, type GraphOptions, type RouteWeights } from './build';
export { Landmarks, dijkstraAll } from './landmarks';
export { shapingAreas, type ShapingFeature } from './shaping';
