// Exact planar tests of clash detection (map units, EPSG:3857 metres), in the style of engine/geometry.ts: distance
// between a network node or edge and a reference shape (points, lines, polygons with holes), segment–segment distance
// (0 when they touch, cross or overlap), and the clash location: the part of an edge inside a polygon, the point where
// an edge crosses a line, else the network object's point nearest the reference.
import type { Position } from '../types';
import { dist, pointInPolygon, projectOnSegment } from '../geometry';
import type { ClashGeometry, ReferenceGeometry } from './types';

/** A reference geometry as parts: points, lines and polygons (rings, the first the outer one). */
export interface Shape { points: Position[]; lines: Position[][]; polygons: Position[][][] }

export function toShape(g: ReferenceGeometry): Shape {
  const s: Shape = { points: [], lines: [], polygons: [] };
  switch (g.type) {
    case 'Point': s.points.push(g.coordinates); break;
    case 'MultiPoint': s.points.push(...g.coordinates); break;
    case 'LineString': s.lines.push(g.coordinates); break;
    case 'MultiLineString': s.lines.push(...g.coordinates); break;
    case 'Polygon': s.polygons.push(g.coordinates); break;
    case 'MultiPolygon': s.polygons.push(...g.coordinates); break;
    default: throw new Error(`unsupported reference geometry '${(g as { type: string }).type}'`);
  }
  return s;
}

export function shapeBox(s: Shape): [number, number, number, number] {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  const add = (p: Position) => { if (p[0] < x1) x1 = p[0]; if (p[0] > x2) x2 = p[0]; if (p[1] < y1) y1 = p[1]; if (p[1] > y2) y2 = p[1]; };
  s.points.forEach(add);
  for (const l of s.lines) l.forEach(add);
  for (const poly of s.polygons) poly[0]?.forEach(add);
  return [x1, y1, x2, y2];
}

const cross = (a: Position, b: Position, c: Position): number => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
const onSeg = (a: Position, b: Position, p: Position): boolean =>
  Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);

/** Whether segments a–b and c–d share a point (crossing, touching or overlapping). */
export function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSeg(c, d, a)) || (d2 === 0 && onSeg(c, d, b)) || (d3 === 0 && onSeg(a, b, c)) || (d4 === 0 && onSeg(a, b, d));
}

/** The point of a–b nearest c–d and their distance (0 and a shared point when they intersect). */
export function closestOnSegment(a: Position, b: Position, c: Position, d: Position): { distance: number; at: Position } {
  if (segmentsIntersect(a, b, c, d)) {
    const den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0]);
    if (den !== 0) {
      const t = Math.min(1, Math.max(0, ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den));
      return { distance: 0, at: [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])] };
    }
    // collinear overlap: an end of one lying on the other
    for (const p of [a, b]) if (onSeg(c, d, p)) return { distance: 0, at: p };
    return { distance: 0, at: onSeg(a, b, c) ? c : d };
  }
  let best = { distance: projectOnSegment(a, c, d).distance, at: a };
  const db = projectOnSegment(b, c, d).distance;
  if (db < best.distance) best = { distance: db, at: b };
  for (const p of [c, d]) {
    const pr = projectOnSegment(p, a, b);
    if (pr.distance < best.distance) best = { distance: pr.distance, at: pr.point };
  }
  return best;
}

/** Segments of a network object: an edge's, or one zero-length segment for a node. */
function segmentsOf(net: readonly Position[]): [Position, Position][] {
  if (net.length === 1) return [[net[0], net[0]]];
  const out: [Position, Position][] = [];
  for (let i = 0; i + 1 < net.length; i++) out.push([net[i], net[i + 1]]);
  return out;
}

/** Distance from a network node ([p]) or edge (its coordinates) to a shape, and the network point nearest it. */
export function nearest(net: readonly Position[], s: Shape): { distance: number; at: Position } {
  let best = { distance: Infinity, at: net[0] };
  const segs = segmentsOf(net);
  for (const [a, b] of segs) {
    for (const p of s.points) {
      const pr = projectOnSegment(p, a, b);
      if (pr.distance < best.distance) best = { distance: pr.distance, at: pr.point };
    }
    for (const l of s.lines) {
      for (let j = 0; j + 1 < l.length; j++) {
        const c = closestOnSegment(a, b, l[j], l[j + 1]);
        if (c.distance < best.distance) best = c;
      }
      if (l.length === 1) { const pr = projectOnSegment(l[0], a, b); if (pr.distance < best.distance) best = { distance: pr.distance, at: pr.point }; }
    }
    for (const poly of s.polygons) {
      if (pointInPolygon(a, poly)) return { distance: 0, at: a };
      for (const ring of poly) for (let j = 0; j + 1 < ring.length; j++) {
        const c = closestOnSegment(a, b, ring[j], ring[j + 1]);
        if (c.distance < best.distance) best = c;
      }
    }
    if (best.distance === 0) return best;
  }
  return best;
}

/** The parts of a line inside a polygon (with holes): sub-lines between its crossings with the rings. */
export function clipInside(line: readonly Position[], poly: Position[][]): Position[][] {
  const parts: Position[][] = [];
  let cur: Position[] | null = null;
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i], b = line[i + 1];
    const ts = [0, 1];
    for (const ring of poly) for (let j = 0; j + 1 < ring.length; j++) {
      const c = ring[j], d = ring[j + 1];
      const den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0]);
      if (den === 0) continue;
      const t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den;
      const u = ((c[0] - a[0]) * (b[1] - a[1]) - (c[1] - a[1]) * (b[0] - a[0])) / den;
      if (t > 0 && t < 1 && u >= 0 && u <= 1) ts.push(t);
    }
    ts.sort((x, y) => x - y);
    const at = (t: number): Position => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
    for (let k = 0; k + 1 < ts.length; k++) {
      if (ts[k + 1] - ts[k] <= 0) continue;
      if (pointInPolygon(at((ts[k] + ts[k + 1]) / 2), poly)) {
        const p = at(ts[k]), q = at(ts[k + 1]);
        if (!cur) { cur = [p]; parts.push(cur); }
        cur.push(q);
      } else cur = null;
    }
  }
  return parts;
}

/** Where a network object and a reference clash: the edge's parts inside its polygons (a LineString, or a
 *  MultiLineString for several), else the network point nearest the reference (a crossing point for lines). */
export function clashLocation(net: readonly Position[], s: Shape, at: Position): ClashGeometry {
  if (net.length >= 2 && s.polygons.length) {
    const parts = s.polygons.flatMap((poly) => clipInside(net, poly)).filter((l) => l.length >= 2 && dist(l[0], l[l.length - 1]) + (l.length > 2 ? 1 : 0) > 0);
    if (parts.length === 1) return { type: 'LineString', coordinates: parts[0] };
    if (parts.length > 1) return { type: 'MultiLineString', coordinates: parts };
  }
  return { type: 'Point', coordinates: [at[0], at[1]] };
}
