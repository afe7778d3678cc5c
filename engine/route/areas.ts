// Include/avoid/shaping areas of one route query (spec 3 shaping cost types: obstruction, general hindrance,
// preference, avoid, polluted soil, tree drilling, directional drilling). An edge lies in an area when one of its
// points is inside the polygon (outer ring, not in a hole) or one of its segments crosses a ring. Inside:
// - obstruction: the edge is impassable (every strategy);
// - avoid: unit cost and distance weight × 10 (AVOID_FACTOR); preference / include: × 0.5 (PREFER_FACTOR);
// - any other cost type names a trench cost entry (general_hindrance, polluted_soil, tree_drilling, …): its '=' raises
//   the unit cost to the entry's cost (the higher of the two), '+' adds, '*' multiplies; a cost type with no active
//   entry changes nothing;
// - `multiplier` / `add` on the area override the above (unit cost × multiplier + add). O(E) per query with a
//   bounding-box reject per area and edge.
import type { TrenchCostEntry } from '../capex/types';
import type { Position } from '../types';
import type { RouteGraph } from './graph';
import type { RouteArea } from './types';

export const AVOID_FACTOR = 10;
export const PREFER_FACTOR = 0.5;

export interface AreaEffect {
  /** Unit cost per edge with the areas (Infinity: impassable). */
  unitCosts: Float64Array;
  /** Factor on the distance weights per edge (Infinity: impassable). */
  factors: Float64Array;
}

function inRing(x: number, y: number, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inPolygon(x: number, y: number, polygon: Position[][]): boolean {
  if (!polygon.length || !inRing(x, y, polygon[0])) return false;
  for (let h = 1; h < polygon.length; h++) if (inRing(x, y, polygon[h])) return false;
  return true;
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));

function crosses(ax: number, ay: number, bx: number, by: number, polygon: Position[][]): boolean {
  for (const ring of polygon) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [cx, cy] = ring[i], [dx, dy] = ring[i + 1];
      const o1 = orient(ax, ay, bx, by, cx, cy), o2 = orient(ax, ay, bx, by, dx, dy);
      const o3 = orient(cx, cy, dx, dy, ax, ay), o4 = orient(cx, cy, dx, dy, bx, by);
      if (o1 !== o2 && o3 !== o4) return true;
    }
  }
  return false;
}

/** Whether edge e of the graph lies (partly) in the polygon. */
export function edgeInPolygon(g: RouteGraph, e: number, polygon: Position[][]): boolean {
  const pts = g.edgePoints(e, g.from[e]);
  for (const [x, y] of pts) if (inPolygon(x, y, polygon)) return true;
  for (let i = 0; i + 1 < pts.length; i++) if (crosses(pts[i][0], pts[i][1], pts[i + 1][0], pts[i + 1][1], polygon)) return true;
  return false;
}

/** The unit costs and distance factors per edge under the areas (the graph's arrays are not changed). */
export function applyAreas(g: RouteGraph, areas: readonly RouteArea[], entries: readonly TrenchCostEntry[] = []): AreaEffect {
  const unitCosts = g.unitCosts.slice();
  const factors = new Float64Array(g.edgeCount).fill(1);
  const byName = new Map(entries.filter((e) => e.active).map((e) => [e.name, e]));
  for (const area of areas) {
    const outer = area.polygon[0] ?? [];
    if (outer.length < 3) continue;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const [x, y] of outer) { minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); }
    const type = area.costType;
    const entry = byName.get(type);
    for (let e = 0; e < g.edgeCount; e++) {
      const a = g.from[e], b = g.to[e];
      const ax = g.xy[2 * a], ay = g.xy[2 * a + 1], bx = g.xy[2 * b], by = g.xy[2 * b + 1];
      // geometries may bend outside their ends' box: only the straight default geometry can be rejected by it
      if (!g.geomStart && (Math.max(ax, bx) < minX || Math.min(ax, bx) > maxX || Math.max(ay, by) < minY || Math.min(ay, by) > maxY)) continue;
      if (!edgeInPolygon(g, e, area.polygon)) continue;
      if (area.multiplier !== undefined || area.add !== undefined) {
        unitCosts[e] = unitCosts[e] * (area.multiplier ?? 1) + (area.add ?? 0);
        factors[e] *= area.multiplier ?? 1;
      } else if (type === 'obstruction') { unitCosts[e] = Infinity; factors[e] = Infinity; }
      else if (type === 'avoid') { unitCosts[e] *= AVOID_FACTOR; factors[e] *= AVOID_FACTOR; }
      else if (type === 'preference' || type === 'include') { unitCosts[e] *= PREFER_FACTOR; factors[e] *= PREFER_FACTOR; }
      else if (entry) {
        unitCosts[e] = entry.method === '=' ? Math.max(unitCosts[e], entry.cost) : entry.method === '+' ? unitCosts[e] + entry.cost : unitCosts[e] * entry.cost;
      }
    }
  }
  return { unitCosts, factors };
}
