// Planar geometry helpers in map units — the one module for them (engine, map tools, server): point equality within
// 0.01 (spec 3 §5), distances, projection of a point on a segment and on a line, line length, bounding box and
// splitting a line at a point (split positions none/head/body/tail, spec 3 §4). Web mercator: mercator.ts.
import type { Position } from './types';

/** Points are equal within a 0.01 tolerance (spec 3 §5). */
export const POINT_TOLERANCE = 0.01;

/** Floating-point slack so that 0.01 apart (after rounding to 2 decimals) still counts as within 0.01. */
export const EPSILON = 1e-9;

export function pointsEqual(a: Position, b: Position, tol = POINT_TOLERANCE): boolean {
  return Math.abs(a[0] - b[0]) <= tol + EPSILON && Math.abs(a[1] - b[1]) <= tol + EPSILON;
}

export function dist(a: Position, b: Position): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export interface SegmentProjection { point: Position; t: number; distance: number }

/** Nearest point of segment a–b to p (t in [0,1] along the segment). */
export function projectOnSegment(p: Position, a: Position, b: Position): SegmentProjection {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const point: Position = [a[0] + t * dx, a[1] + t * dy];
  return { point, t, distance: dist(p, point) };
}

export interface LineProjection extends SegmentProjection { segment: number }

/** Nearest point of a line to p: its segment (0-based, vertex i to i+1; the first of equals) and t along it; null
 *  for fewer than two coordinates. */
export function projectOnLine(p: Position, c: readonly Position[]): LineProjection | null {
  let best: LineProjection | null = null;
  for (let i = 0; i + 1 < c.length; i++) {
    const proj = projectOnSegment(p, c[i], c[i + 1]);
    if (!best || proj.distance < best.distance) best = { ...proj, segment: i };
  }
  return best;
}

export function lineLength(c: readonly Position[]): number {
  let s = 0;
  for (let i = 1; i < c.length; i++) s += dist(c[i - 1], c[i]);
  return s;
}

/** An edge with two or fewer coordinates whose ends are equal counts as zero length (spec 1 §5); longer: length 0. */
export function isZeroLength(c: readonly Position[]): boolean {
  if (c.length < 2) return true;
  if (c.length <= 2) return pointsEqual(c[0], c[c.length - 1]);
  return lineLength(c) <= POINT_TOLERANCE;
}

export type SplitPosition = 'none' | 'head' | 'body' | 'tail';

export interface SplitResult {
  position: SplitPosition;
  /** Two chunks when position is 'body'; else the line unchanged as one chunk, or none when 'none'. */
  chunks: Position[][];
  /** The split point on the line (snapped), when within tolerance. */
  at?: Position;
  segment?: number;
}

/**
 * Splits a line at point p (within tolerance): at its head or tail nothing is split; on its body it gives two chunks
 * sharing the split point; away from the line the position is 'none'.
 */
export function splitLine(c: readonly Position[], p: Position, tolerance = POINT_TOLERANCE): SplitResult {
  const best = projectOnLine(p, c);
  if (!best || best.distance > tolerance + EPSILON) return { position: 'none', chunks: [] };
  const at = best.point;
  if (pointsEqual(at, c[0])) return { position: 'head', chunks: [c.slice()], at: c[0], segment: 0 };
  if (pointsEqual(at, c[c.length - 1])) return { position: 'tail', chunks: [c.slice()], at: c[c.length - 1], segment: c.length - 2 };
  const i = best.segment;
  // a split at an interior vertex reuses it
  const atVertex = pointsEqual(at, c[i + 1]) ? i + 1 : pointsEqual(at, c[i]) ? i : -1;
  if (atVertex >= 0) {
    return { position: 'body', chunks: [c.slice(0, atVertex + 1), c.slice(atVertex)], at: c[atVertex], segment: i };
  }
  return { position: 'body', chunks: [[...c.slice(0, i + 1), at], [at, ...c.slice(i + 1)]], at, segment: i };
}

export function bboxOf(c: readonly Position[]): [number, number, number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of c) {
    if (p[0] < minX) minX = p[0];
    if (p[1] < minY) minY = p[1];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] > maxY) maxY = p[1];
  }
  return [minX, minY, maxX, maxY];
}

/** Whether p lies inside the ring (even-odd rule; a point on the boundary may count either way). */
export function pointInRing(p: Position, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether p lies inside a polygon given as rings (the first the outer ring, the others holes). */
export function pointInPolygon(p: Position, rings: readonly (readonly Position[])[]): boolean {
  if (!rings.length || !pointInRing(p, rings[0])) return false;
  for (let k = 1; k < rings.length; k++) if (pointInRing(p, rings[k])) return false;
  return true;
}

const orient = (a: Position, b: Position, c: Position): number => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));

/** Whether segments a–b and c–d cross at a point inside both (touching at an end or overlapping does not count). */
export function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  return o1 * o2 < 0 && o3 * o4 < 0;
}
