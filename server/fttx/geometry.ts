// Geometry tests of the fttx feature reads (EPSG:3857 map units, planar): the point hit of GET /features?x&y (a
// feature is hit when its geometry lies within `tolerance` map units of the point: points and lines by distance,
// polygons also when the point is inside) and the area filter (WKT geometry text, features that intersect it).
import { WKTLoader } from '@loaders.gl/wkt';
import { booleanIntersects } from '@turf/turf';
import type { Geometry } from 'geojson';
import type { GeoGeometry } from '../geoserver/geojson';
import { geometryBox } from '../geoserver/stored-features';
import { HttpError } from '../auth/messages';
import { bad } from './validate';

/** Default and largest hit tolerance of GET /features?x&y, in map units (≈ metres at the equator; ≈ 0.6 m per
 *  EPSG:3857 unit at 52° N, so 5 units ≈ 3 m on the ground — a finger or mouse click at zoom 18–19). */
export const HIT_TOLERANCE = 5;
export const MAX_TOLERANCE = 1000;

type Pos = number[];

function segmentDistance(p: Pos, a: Pos, b: Pos): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

const lineDistance = (p: Pos, line: Pos[]) =>
  line.length === 1 ? Math.hypot(p[0] - line[0][0], p[1] - line[0][1])
    : line.slice(1).reduce((m, b, i) => Math.min(m, segmentDistance(p, line[i], b)), Infinity);

function inRing(p: Pos, ring: Pos[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function polygonDistance(p: Pos, rings: Pos[][]): number {
  const edge = rings.reduce((m, r) => Math.min(m, lineDistance(p, r)), Infinity);
  const inside = inRing(p, rings[0]) && !rings.slice(1).some((h) => inRing(p, h));
  return inside ? 0 : edge;
}

/** Planar distance from a point to a geometry (0 inside a polygon). */
export function distanceTo(p: Pos, g: GeoGeometry): number {
  const c = (g as { coordinates: unknown }).coordinates;
  switch (g.type) {
    case 'Point': return lineDistance(p, [c as Pos]);
    case 'MultiPoint': case 'LineString': return lineDistance(p, c as Pos[]);
    case 'MultiLineString': return (c as Pos[][]).reduce((m, l) => Math.min(m, lineDistance(p, l)), Infinity);
    case 'Polygon': return polygonDistance(p, c as Pos[][]);
    case 'MultiPolygon': return (c as Pos[][][]).reduce((m, poly) => Math.min(m, polygonDistance(p, poly)), Infinity);
    default: return Infinity;
  }
}

/** Parses the `area` parameter (WKT in EPSG:3857, an optional `SRID=3857;` prefix) or answers 400 naming it. */
export function parseArea(text: string, field = 'area'): { geometry: Geometry; box: string } {
  const srid = /^\s*SRID=(\d+);/i.exec(text);
  if (srid && srid[1] !== '3857') throw bad(field, `SRID ${srid[1]} is not supported (EPSG:3857 only)`);
  let g: unknown;
  try { g = WKTLoader.parseTextSync?.(text, {}); } catch { g = null; }
  if (!g) throw bad(field, 'not a WKT geometry');
  try {
    return { geometry: g as Geometry, box: geometryBox(g, field) };
  } catch (e) {
    throw new HttpError(400, 'bad_request', (e as Error).message);
  }
}

export function intersects(a: GeoGeometry, b: Geometry): boolean {
  try { return booleanIntersects(a as Geometry, b); } catch { return false; }
}
