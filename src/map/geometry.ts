// Map-side geometry for the tools: the nearest point of a line string (segment index, position, distance) and the
// extent of points. Everything else comes from the engine's one geometry module (planar: engine/geometry.ts) and its
// web-mercator module (engine/mercator.ts), re-exported here under the names the tools use.
import type { Position } from 'engine/types';
import { dist, pointsEqual, projectOnSegment } from 'engine/geometry';

export { dist } from 'engine/geometry';
export { toLngLat, fromLngLat, groundScale, groundLength } from 'engine/mercator';

/** Points equal within a tolerance (spec 3 §5: 0.01 by default). */
export const samePoint = (a: Position, b: Position, tol = 0.01): boolean => pointsEqual(a, b, tol);

export interface LineHit { point: Position; segment: number; t: number; d: number }

/** Nearest point on a line string: the segment index (0-based, between vertex i and i+1), position and distance. */
export function nearestOnLine(p: Position, coords: readonly Position[]): LineHit {
  let best: LineHit = { point: coords[0], segment: 0, t: 0, d: dist(p, coords[0]) };
  for (let i = 0; i + 1 < coords.length; i++) {
    const h = projectOnSegment(p, coords[i], coords[i + 1]);
    if (h.distance < best.d) best = { point: h.point, segment: i, t: h.t, d: h.distance };
  }
  return best;
}

export type Extent = [number, number, number, number];

export function extentOf(points: readonly Position[]): Extent {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x; if (y < minY) minY = y; if (x > maxX) maxX = x; if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}
