// ALT landmarks (A*, landmarks, triangle inequality) for one weight set: k vertices spread over the graph's outline
// (the vertex farthest out in each of k directions from the centre), a full Dijkstra from each, distances kept
// interleaved (dist[v·k + i], Float64Array: exact, so the bound stays a true lower bound). For an undirected graph
// |d(L, t) − d(L, v)| ≤ d(v, t) for every landmark L, so `bound(v)` (the max over landmarks) is a consistent heuristic;
// Router takes the max with the straight-line one. Valid for the weights it was built on and for any weights that are
// nowhere lower (penalties of the alternative); queries with areas (which can lower weights) do not use it. Cost: k
// Dijkstras to build, 8·k bytes per vertex.
import type { RouteGraph } from './graph';
import { RouteHeap } from './heap';

/** Distances from `source` to every vertex over weights w (Infinity: unreachable or impassable edges). */
export function dijkstraAll(g: RouteGraph, source: number, w: Float64Array, heap = new RouteHeap()): Float64Array {
  const d = new Float64Array(g.vertexCount).fill(Infinity);
  const { offsets, targets, adjEdges } = g;
  d[source] = 0;
  heap.clear();
  heap.push(0, 0, source);
  while (heap.size > 0) {
    const key = heap.topKey();
    const v = heap.pop();
    if (key > d[v]) continue;
    for (let k = offsets[v], end = offsets[v + 1]; k < end; k++) {
      const we = w[adjEdges[k]];
      if (!(we < Infinity)) continue;
      const u = targets[k], b = key + we;
      if (b < d[u]) { d[u] = b; heap.push(b, 0, u); }
    }
  }
  return d;
}

export class Landmarks {
  readonly k: number;
  readonly vertices: Int32Array;
  private readonly dist: Float64Array;
  private readonly t: Float64Array;

  constructor(g: RouteGraph, w: Float64Array, k = 6) {
    const n = g.vertexCount, xy = g.xy;
    let cx = 0, cy = 0, m = 0;
    for (let v = 0; v < n; v++) if (g.offsets[v + 1] > g.offsets[v]) { cx += xy[2 * v]; cy += xy[2 * v + 1]; m++; }
    cx /= m || 1; cy /= m || 1;
    const chosen: number[] = [];
    for (let i = 0; i < k; i++) {
      const ax = Math.cos((2 * Math.PI * i) / k), ay = Math.sin((2 * Math.PI * i) / k);
      let best = -1, bestDot = -Infinity;
      for (let v = 0; v < n; v++) {
        if (g.offsets[v + 1] === g.offsets[v]) continue;
        const dot = (xy[2 * v] - cx) * ax + (xy[2 * v + 1] - cy) * ay;
        if (dot > bestDot) { bestDot = dot; best = v; }
      }
      if (best >= 0 && !chosen.includes(best)) chosen.push(best);
    }
    this.k = chosen.length;
    this.vertices = Int32Array.from(chosen);
    this.dist = new Float64Array(n * this.k);
    this.t = new Float64Array(this.k);
    const heap = new RouteHeap();
    chosen.forEach((L, i) => {
      const d = dijkstraAll(g, L, w, heap);
      for (let v = 0; v < n; v++) this.dist[v * this.k + i] = d[v];
    });
  }

  /** Sets the query target (call before `bound`). */
  target(t: number): void { for (let i = 0; i < this.k; i++) this.t[i] = this.dist[t * this.k + i]; }

  /** Lower bound of the distance from v to the target. */
  bound(v: number): number {
    let h = 0;
    const base = v * this.k;
    for (let i = 0; i < this.k; i++) {
      const a = this.dist[base + i], b = this.t[i];
      if (a === Infinity || b === Infinity) continue;
      const d = a > b ? a - b : b - a;
      if (d > h) h = d;
    }
    // a hair below, so the rounding of sums taken in another order never makes it overestimate
    return h * (1 - 1e-9);
  }
}
