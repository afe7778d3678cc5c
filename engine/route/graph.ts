// The compact route graph: CSR adjacency on typed arrays (every edge is two-way: trenches have no direction).
// `offsets[v]..offsets[v+1]` index `targets` (the neighbour vertex) and `adjEdges` (the edge taken); per edge
// Float64Array lengths (m) and unit costs (per m), Uint8Array flags (PRIVATE, CENTERLINE). Built in O(V + E) by a
// counting sort, so 10⁶ edges build in tens of milliseconds. `transferables()`/`fromTransfer()` move it to a Web
// Worker without copying.
import type { Id } from '../types';
import type { EdgeListInput } from './types';

export interface RouteGraphData {
  vertexIds: Id[]; edgeIds: Id[];
  xy: Float64Array; from: Int32Array; to: Int32Array;
  lengths: Float64Array; unitCosts: Float64Array; flags: Uint8Array;
  offsets: Int32Array; targets: Int32Array; adjEdges: Int32Array;
  geomStart: Int32Array | null; geomXY: Float64Array | null;
}

export class RouteGraph implements RouteGraphData {
  vertexIds!: Id[]; edgeIds!: Id[];
  xy!: Float64Array; from!: Int32Array; to!: Int32Array;
  lengths!: Float64Array; unitCosts!: Float64Array; flags!: Uint8Array;
  offsets!: Int32Array; targets!: Int32Array; adjEdges!: Int32Array;
  geomStart!: Int32Array | null; geomXY!: Float64Array | null;
  private index?: Map<Id, number>;

  private constructor(d: RouteGraphData) { Object.assign(this, d); }

  get vertexCount(): number { return this.vertexIds.length; }
  get edgeCount(): number { return this.edgeIds.length; }

  /** Builds the CSR adjacency from an edge list (the input's arrays are kept, not copied). */
  static build(input: EdgeListInput): RouteGraph {
    const n = input.vertexIds.length, m = input.edgeIds.length;
    const offsets = new Int32Array(n + 1);
    for (let e = 0; e < m; e++) { offsets[input.from[e] + 1]++; offsets[input.to[e] + 1]++; }
    for (let v = 0; v < n; v++) offsets[v + 1] += offsets[v];
    const fill = offsets.slice(0, n);
    const targets = new Int32Array(2 * m), adjEdges = new Int32Array(2 * m);
    for (let e = 0; e < m; e++) {
      const a = input.from[e], b = input.to[e];
      let k = fill[a]++; targets[k] = b; adjEdges[k] = e;
      k = fill[b]++; targets[k] = a; adjEdges[k] = e;
    }
    return new RouteGraph({
      vertexIds: input.vertexIds, edgeIds: input.edgeIds, xy: input.xy, from: input.from, to: input.to,
      lengths: input.lengths, unitCosts: input.unitCosts, flags: input.flags, offsets, targets, adjEdges,
      geomStart: input.geomStart ?? null, geomXY: input.geomXY ?? null,
    });
  }

  /** The graph from its data (as received by a worker). */
  static fromData(d: RouteGraphData): RouteGraph { return new RouteGraph(d); }

  /** Plain data; with `transferables()` for postMessage. */
  data(): RouteGraphData {
    const { vertexIds, edgeIds, xy, from, to, lengths, unitCosts, flags, offsets, targets, adjEdges, geomStart, geomXY } = this;
    return { vertexIds, edgeIds, xy, from, to, lengths, unitCosts, flags, offsets, targets, adjEdges, geomStart, geomXY };
  }

  transferables(): ArrayBuffer[] {
    const arrays = [this.xy, this.from, this.to, this.lengths, this.unitCosts, this.flags, this.offsets, this.targets, this.adjEdges, this.geomStart, this.geomXY];
    return [...new Set(arrays.filter((a): a is NonNullable<typeof a> => a !== null).map((a) => a.buffer as ArrayBuffer))];
  }

  /** Vertex index of a node id (-1 when absent). */
  vertexOf(id: Id): number {
    if (!this.index) { this.index = new Map(); this.vertexIds.forEach((v, i) => this.index!.set(v, i)); }
    return this.index.get(id) ?? -1;
  }

  /** Edge e's points as [x, y] from vertex `start` (one of its ends) to the other end. */
  edgePoints(e: number, start: number): [number, number][] {
    const pts: [number, number][] = [];
    if (this.geomStart && this.geomXY) {
      for (let k = this.geomStart[e]; k < this.geomStart[e + 1]; k++) pts.push([this.geomXY[2 * k], this.geomXY[2 * k + 1]]);
    } else {
      const a = this.from[e], b = this.to[e];
      pts.push([this.xy[2 * a], this.xy[2 * a + 1]], [this.xy[2 * b], this.xy[2 * b + 1]]);
    }
    if (start !== this.from[e]) pts.reverse();
    return pts;
  }
}
