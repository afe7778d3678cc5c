// Plane geometry in map units (EPSG:3857) for the tools: distances, nearest point on a segment or line, web-mercator
// to lng/lat for display, and ground length in metres (map length scaled by cos(latitude)).
import type { Position } from 'engine/types';

const R = 6378137;
const HALF = Math.PI * R;

export function dist(a: Position, b: Position): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export function samePoint(a: Position, b: Position, tol = 0.01): boolean {
  return Math.abs(a[0] - b[0]) <= tol && Math.abs(a[1] - b[1]) <= tol;
}

/** Nearest point on segment ab to p, with t in [0,1] along it. */
export function nearestOnSegment(p: Position, a: Position, b: Position): { point: Position; t: number; d: number } {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  const point: Position = [a[0] + t * dx, a[1] + t * dy];
  return { point, t, d: dist(p, point) };
}

export interface LineHit { point: Position; segment: number; t: number; d: number }

/** Nearest point on a line string: the segment index (0-based, between vertex i and i+1), position and distance. */
export function nearestOnLine(p: Position, coords: readonly Position[]): LineHit {
  let best: LineHit = { point: coords[0], segment: 0, t: 0, d: dist(p, coords[0]) };
  for (let i = 0; i + 1 < coords.length; i++) {
    const h = nearestOnSegment(p, coords[i], coords[i + 1]);
    if (h.d < best.d) best = { point: h.point, segment: i, t: h.t, d: h.d };
  }
  return best;
}

/** Web mercator (EPSG:3857) to lng/lat degrees. */
export function toLngLat(p: Position): Position {
  const lng = (p[0] / HALF) * 180;
  const lat = (Math.atan(Math.exp(p[1] / R)) * 2 - Math.PI / 2) * (180 / Math.PI);
  return [lng, lat];
}

/** Lng/lat degrees to web mercator (EPSG:3857). */
export function fromLngLat(ll: Position): Position {
  const x = (ll[0] * HALF) / 180;
  const y = Math.log(Math.tan(Math.PI / 4 + (ll[1] * Math.PI) / 360)) * R;
  return [x, y];
}

/** Mercator scale at a map y: ground metres per map unit. */
export function groundScale(y: number): number {
  return Math.cos(2 * Math.atan(Math.exp(y / R)) - Math.PI / 2);
}

/** Length of a line in ground metres (each segment scaled at its mid latitude). */
export function groundLength(coords: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < coords.length; i++) {
    sum += dist(coords[i], coords[i + 1]) * groundScale((coords[i][1] + coords[i + 1][1]) / 2);
  }
  return sum;
}

/** Map length of a line in map units. */
export function mapLength(coords: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < coords.length; i++) sum += dist(coords[i], coords[i + 1]);
  return sum;
}

export type Extent = [number, number, number, number];

export function extentOf(points: readonly Position[]): Extent {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x; if (y < minY) minY = y; if (x > maxX) maxX = x; if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}
