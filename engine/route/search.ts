// A* on the CSR graph with the typed-array heap: weights per edge (Infinity = impassable), optionally a second weight
// minimised lexicographically after the first (minimal_private: private metres, then cost). The heuristic is `hScale ×
// straight-line distance to the target` (minimal_private: on the second criterion), with hScale = the least weight per
// map unit of any edge (weights.ts), so it is consistent (never overestimates an edge) and the first time the target is
// settled its label is optimal; hScale 0 makes it Dijkstra. Per-vertex labels live in typed arrays reset by a query
// stamp, so a query costs O(visited), not O(V). ALT landmarks, when given, add a second consistent bound
// (landmarks.ts).
import type { RouteGraph } from './graph';
import { RouteHeap } from './heap';
import type { Landmarks } from './landmarks';

export interface Weights {
  primary: Float64Array;
  secondary: Float64Array | null;
  /** Heuristic scale: weight per map unit that no edge undercuts (0: plain Dijkstra). */
  hScale: number;
  /** The same for the secondary weight (lexicographic searches; 0 or absent: none). With a primary heuristic of 0
   *  the pair (0, hScale2 × distance) is consistent lexicographically: an edge of primary weight 0 keeps the second
   *  criterion's consistency, any other edge raises the first. */
  hScale2?: number;
  /** ALT landmarks of the primary weights (or, with hScale 0 and a secondary, of the secondary): a second consistent
   *  bound; the heuristic is the larger of the two. */
  landmarks?: Landmarks | null;
}

export interface SearchResult {
  found: boolean;
  /** Edge indices from source to target and the vertices (one more than edges). */
  edges: number[];
  vertices: number[];
  /** Primary / secondary totals of the path. */
  primary: number;
  secondary: number;
  /** Vertices settled (work measure). */
  settled: number;
}

export class RouteSearch {
  private readonly d1: Float64Array; private readonly d2: Float64Array;
  private readonly parent: Int32Array; private readonly seen: Int32Array; private readonly closed: Int32Array;
  private stamp = 0;
  private readonly heap = new RouteHeap();

  constructor(private readonly g: RouteGraph) {
    const n = g.vertexCount;
    this.d1 = new Float64Array(n); this.d2 = new Float64Array(n);
    this.parent = new Int32Array(n); this.seen = new Int32Array(n); this.closed = new Int32Array(n);
  }

  run(source: number, target: number, w: Weights): SearchResult {
    const { g, d1, d2, parent, seen, closed, heap } = this;
    const { offsets, targets, adjEdges, xy } = g;
    const { primary, secondary, hScale } = w;
    const hScale2 = secondary && hScale === 0 ? w.hScale2 ?? 0 : 0;
    const stamp = ++this.stamp;
    const tx = xy[2 * target], ty = xy[2 * target + 1];
    const lm = w.landmarks ?? null;
    lm?.target(target);
    const lm1 = hScale > 0 ? lm : null, lm2 = hScale2 > 0 ? lm : null;
    /** scale × straight-line distance to the target, or the landmarks' bound where larger (0 when scale is 0). */
    const bound = (scale: number, l: Landmarks | null) => (v: number): number => {
      if (scale === 0) return 0;
      const dx = xy[2 * v] - tx, dy = xy[2 * v + 1] - ty, e = scale * Math.sqrt(dx * dx + dy * dy);
      const b = l ? l.bound(v) : 0;
      return b > e ? b : e;
    };
    const h = bound(hScale, lm1), h2 = bound(hScale2, lm2);
    heap.clear();
    seen[source] = stamp; d1[source] = 0; d2[source] = 0; parent[source] = -1;
    heap.push(h(source), h2(source), source);
    let settled = 0, found = false;
    while (heap.size > 0) {
      const v = heap.pop();
      if (closed[v] === stamp) continue;
      closed[v] = stamp; settled++;
      if (v === target) { found = true; break; }
      const a1 = d1[v], a2 = d2[v];
      for (let k = offsets[v], end = offsets[v + 1]; k < end; k++) {
        const e = adjEdges[k], u = targets[k];
        if (closed[u] === stamp) continue;
        const we = primary[e];
        if (!(we < Infinity)) continue;
        const b1 = a1 + we, b2 = secondary ? a2 + secondary[e] : 0;
        if (seen[u] !== stamp || b1 < d1[u] || (b1 === d1[u] && b2 < d2[u])) {
          seen[u] = stamp; d1[u] = b1; d2[u] = b2; parent[u] = k;
          heap.push(b1 + h(u), b2 + h2(u), u);
        }
      }
    }
    if (!found) return { found: false, edges: [], vertices: [], primary: Infinity, secondary: Infinity, settled };
    const edges: number[] = [], vertices: number[] = [target];
    for (let v = target; v !== source;) {
      const k = parent[v];
      const e = adjEdges[k];
      edges.push(e);
      v = g.from[e] === v ? g.to[e] : g.from[e];
      vertices.push(v);
    }
    edges.reverse(); vertices.reverse();
    return { found: true, edges, vertices, primary: d1[target], secondary: d2[target], settled };
  }
}
