// Snapping a query point to the nearest graph vertex that has an edge: a uniform grid over the vertices (cell ≈ the
// mean edge length scaled so a cell holds a few vertices) in CSR form (Int32Array cell offsets and vertex lists),
// searched ring by ring outward until the nearest found can no longer be beaten. Built once per graph in O(V).
import type { RouteGraph } from './graph';

export interface Snap { vertex: number; distance: number }

export class VertexGrid {
  private readonly minX: number; private readonly minY: number; private readonly cell: number;
  private readonly nx: number; private readonly ny: number;
  private readonly start: Int32Array; private readonly items: Int32Array;

  constructor(private readonly g: RouteGraph) {
    const n = g.vertexCount, xy = g.xy;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, used = 0;
    for (let v = 0; v < n; v++) {
      if (g.offsets[v + 1] === g.offsets[v]) continue;
      used++;
      const x = xy[2 * v], y = xy[2 * v + 1];
      if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y;
    }
    if (!used) { minX = minY = 0; maxX = maxY = 1; }
    const w = Math.max(maxX - minX, 1e-9), h = Math.max(maxY - minY, 1e-9);
    this.cell = Math.max(Math.sqrt((w * h * 4) / Math.max(used, 1)), 1e-6);
    this.minX = minX; this.minY = minY;
    this.nx = Math.min(Math.floor(w / this.cell) + 1, 1 << 14); this.ny = Math.min(Math.floor(h / this.cell) + 1, 1 << 14);
    const cells = this.nx * this.ny;
    const start = new Int32Array(cells + 1);
    const cellOf = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) {
      if (g.offsets[v + 1] === g.offsets[v]) continue;
      const c = this.cellAt(xy[2 * v], xy[2 * v + 1]);
      cellOf[v] = c; start[c + 1]++;
    }
    for (let c = 0; c < cells; c++) start[c + 1] += start[c];
    const fill = start.slice(0, cells), items = new Int32Array(start[cells]);
    for (let v = 0; v < n; v++) if (cellOf[v] >= 0) items[fill[cellOf[v]]++] = v;
    this.start = start; this.items = items;
  }

  private ix(x: number): number { return Math.min(this.nx - 1, Math.max(0, Math.floor((x - this.minX) / this.cell))); }
  private iy(y: number): number { return Math.min(this.ny - 1, Math.max(0, Math.floor((y - this.minY) / this.cell))); }
  private cellAt(x: number, y: number): number { return this.iy(y) * this.nx + this.ix(x); }

  /** The nearest vertex with an edge (vertex -1 when the graph has none). */
  nearest(x: number, y: number): Snap {
    const cx = this.ix(x), cy = this.iy(y), xy = this.g.xy;
    // distance from the point to the grid box: rings nearer than that hold nothing
    const outX = Math.max(this.minX - x, 0, x - (this.minX + this.nx * this.cell)), outY = Math.max(this.minY - y, 0, y - (this.minY + this.ny * this.cell));
    const base = Math.hypot(outX, outY);
    let best = -1, bestD = Infinity;
    const maxR = Math.max(this.nx, this.ny);
    for (let r = 0; r <= maxR; r++) {
      if (best >= 0 && (r - 1) * this.cell + base > bestD) break;
      for (let j = cy - r; j <= cy + r; j++) {
        if (j < 0 || j >= this.ny) continue;
        const edge = j === cy - r || j === cy + r;
        for (let i = cx - r; i <= cx + r; i += edge ? 1 : 2 * r || 1) {
          if (i < 0 || i >= this.nx) continue;
          const c = j * this.nx + i;
          for (let k = this.start[c]; k < this.start[c + 1]; k++) {
            const v = this.items[k];
            const d = Math.hypot(xy[2 * v] - x, xy[2 * v + 1] - y);
            if (d < bestD || (d === bestD && v < best)) { bestD = d; best = v; }
          }
        }
      }
    }
    return { vertex: best, distance: bestD };
  }
}
