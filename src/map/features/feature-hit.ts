// Hit testing of the drawn stored features (spec 3 §5: selectable only on layers of type feature, network or wfst; no
// GPU picking): the click in map units against the features a layer holds (lng/lat, converted per test), topmost
// layer first — points and lines within the hit tolerance, polygons containing the click or with their outline within
// it. Within a layer the feature drawn last (on top) wins.
import type { LayerEntry, LayerFeature } from 'layers';
import { fromLngLat } from 'engine/mercator';
import type { Position } from 'engine/types';
import { dist, pointInPolygon, projectOnSegment } from 'engine/geometry';

export const SELECTABLE_TYPES: readonly string[] = ['feature', 'network', 'wfst'];

export interface HitLayer { entry: LayerEntry; features: readonly LayerFeature[] }
export interface FeatureHit { entry: LayerEntry; feature: LayerFeature }

type C = [number, number];
const mp = (c: unknown): C => fromLngLat(c as Position) as C;

function lineNear(p: C, line: C[], tol: number): boolean {
  if (line.length === 1) return dist(p, line[0]) <= tol;
  for (let i = 1; i < line.length; i++) if (projectOnSegment(p, line[i - 1], line[i]).distance <= tol) return true;
  return false;
}

function polygonHit(p: C, rings: C[][], tol: number): boolean {
  return rings.some((r) => lineNear(p, r, tol)) || pointInPolygon(p, rings);
}

/** Whether a lng/lat geometry is hit by the map-unit point `p` within `tol` map units. */
export function geometryHit(g: LayerFeature['geometry'], p: Position, tol: number): boolean {
  if (!g) return false;
  const q: C = [p[0], p[1]];
  const c = g.coordinates as unknown;
  switch (g.type) {
    case 'Point': return lineNear(q, [mp(c)], tol);
    case 'MultiPoint': return (c as unknown[]).some((x) => lineNear(q, [mp(x)], tol));
    case 'LineString': return lineNear(q, (c as unknown[]).map(mp), tol);
    case 'MultiLineString': return (c as unknown[][]).some((l) => lineNear(q, l.map(mp), tol));
    case 'Polygon': return polygonHit(q, (c as unknown[][]).map((r) => r.map(mp)), tol);
    case 'MultiPolygon': return (c as unknown[][][]).some((poly) => polygonHit(q, poly.map((r) => r.map(mp)), tol));
    default: return false;
  }
}

const KINDS: Record<string, string[]> = { point: ['Point', 'MultiPoint'], line: ['LineString', 'MultiLineString'], polygon: ['Polygon', 'MultiPolygon'] };

/** The topmost hit: `layers` bottom to top (draw order); only selectable layer types are tested. */
export function hitStoredFeature(layers: readonly HitLayer[], p: Position, tol: number): FeatureHit | null {
  for (let i = layers.length - 1; i >= 0; i--) {
    const { entry, features } = layers[i];
    if (!SELECTABLE_TYPES.includes(entry.type)) continue;
    const kinds = KINDS[entry.geometry] ?? [];
    for (let j = features.length - 1; j >= 0; j--) {
      const g = features[j].geometry;
      // only what the layer draws: a point note is not a hit of the note shapes layer
      if (g && kinds.includes(g.type) && geometryHit(g, p, tol)) return { entry, feature: features[j] };
    }
  }
  return null;
}
