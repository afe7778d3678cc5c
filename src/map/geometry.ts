// Map-side geometry types for the tools and the view: the extent of a view or of points (`Extent`, computed by the
// engine's bboxOf) and the tools' edge hit (`LineHit`, `nearestOnLine`). The helpers themselves are the engine's:
// planar ones in engine/geometry.ts, web mercator (lng/lat, ground scale and length) in engine/mercator.ts.
import type { Position } from 'engine/types';
import { dist, projectOnLine } from 'engine/geometry';

export type Extent = [number, number, number, number];

export interface LineHit { point: Position; segment: number; t: number; d: number }

/** Nearest point on a line string: the segment index (0-based, between vertex i and i+1), position and distance. */
export function nearestOnLine(p: Position, coords: readonly Position[]): LineHit {
  const h = projectOnLine(p, coords);
  return h ? { point: h.point, segment: h.segment, t: h.t, d: h.distance } : { point: coords[0], segment: 0, t: 0, d: dist(p, coords[0]) };
}
