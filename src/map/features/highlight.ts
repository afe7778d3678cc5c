// The highlight of a selected stored feature: its geometry (EPSG:3857) as the lines and points the selection overlay
// draws — polygon rings as lines, points as points.
import type { Position } from 'engine/types';
import type { Geometry3857 } from './stored-feature';

export function highlightOf(g: Geometry3857 | null | undefined): { lines: Position[][]; points: Position[] } {
  const lines: Position[][] = [], points: Position[] = [];
  if (!g) return { lines, points };
  const c = g.coordinates as never;
  switch (g.type) {
    case 'Point': points.push(c); break;
    case 'MultiPoint': points.push(...(c as Position[])); break;
    case 'LineString': lines.push(c); break;
    case 'MultiLineString': case 'Polygon': lines.push(...(c as Position[][])); break;
    case 'MultiPolygon': for (const poly of c as Position[][][]) lines.push(...poly); break;
  }
  return { lines, points };
}
