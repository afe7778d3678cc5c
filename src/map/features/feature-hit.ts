// Hit testing of the drawn stored features (spec 3 §5: selectable only on layers of type feature, network or wfst; no
// GPU picking): the click in map units against the features a layer holds (lng/lat, converted per test), topmost
// layer first — points and lines within the hit tolerance, polygons containing the click or with their outline within
// it. Within a layer the feature drawn last (on top) wins. Features are projected to map units once per features array
// (cached), with their box as a first test.
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

/** A feature in map units, with its box (made once per features array: a click does not reproject). */
interface Prepared { box: [number, number, number, number]; points: C[]; lines: C[][]; polygons: C[][][] }

function prepare(g: LayerFeature['geometry']): Prepared | null {
  if (!g) return null;
  const c = g.coordinates as unknown;
  const p: Prepared = { box: [Infinity, Infinity, -Infinity, -Infinity], points: [], lines: [], polygons: [] };
  switch (g.type) {
    case 'Point': p.points.push(mp(c)); break;
    case 'MultiPoint': p.points.push(...(c as unknown[]).map(mp)); break;
    case 'LineString': p.lines.push((c as unknown[]).map(mp)); break;
    case 'MultiLineString': p.lines.push(...(c as unknown[][]).map((l) => l.map(mp))); break;
    case 'Polygon': p.polygons.push((c as unknown[][]).map((r) => r.map(mp))); break;
    case 'MultiPolygon': p.polygons.push(...(c as unknown[][][]).map((poly) => poly.map((r) => r.map(mp)))); break;
    default: return null;
  }
  for (const q of [...p.points, ...p.lines.flat(), ...p.polygons.flat(2)]) {
    p.box = [Math.min(p.box[0], q[0]), Math.min(p.box[1], q[1]), Math.max(p.box[2], q[0]), Math.max(p.box[3], q[1])];
  }
  return p;
}

function preparedHit(f: Prepared, q: C, tol: number): boolean {
  if (q[0] < f.box[0] - tol || q[0] > f.box[2] + tol || q[1] < f.box[1] - tol || q[1] > f.box[3] + tol) return false;
  return f.points.some((x) => dist(q, x) <= tol) || f.lines.some((l) => lineNear(q, l, tol)) || f.polygons.some((r) => polygonHit(q, r, tol));
}

/** Whether a lng/lat geometry is hit by the map-unit point `p` within `tol` map units. */
export function geometryHit(g: LayerFeature['geometry'], p: Position, tol: number): boolean {
  const f = prepare(g);
  return !!f && preparedHit(f, [p[0], p[1]], tol);
}

const KINDS: Record<string, string[]> = { point: ['Point', 'MultiPoint'], line: ['LineString', 'MultiLineString'], polygon: ['Polygon', 'MultiPolygon'] };
/** Prepared features per features array and layer geometry kind (the loader hands a new array when features arrive). */
const cache = new WeakMap<readonly LayerFeature[], Map<string, (Prepared | null)[]>>();

function preparedOf(features: readonly LayerFeature[], kind: string): (Prepared | null)[] {
  let byKind = cache.get(features);
  if (!byKind) cache.set(features, byKind = new Map());
  let list = byKind.get(kind);
  if (!list) {
    const kinds = KINDS[kind] ?? [];
    // only what the layer draws: a point note is not a hit of the note shapes layer
    list = features.map((f) => (f.geometry && kinds.includes(f.geometry.type) ? prepare(f.geometry) : null));
    byKind.set(kind, list);
  }
  return list;
}

/** The topmost hit: `layers` bottom to top (draw order); only selectable layer types are tested. */
export function hitStoredFeature(layers: readonly HitLayer[], p: Position, tol: number): FeatureHit | null {
  const q: C = [p[0], p[1]];
  for (let i = layers.length - 1; i >= 0; i--) {
    const { entry, features } = layers[i];
    if (!SELECTABLE_TYPES.includes(entry.type)) continue;
    const prepared = preparedOf(features, entry.geometry);
    for (let j = prepared.length - 1; j >= 0; j--) {
      const f = prepared[j];
      if (f && preparedHit(f, q, tol)) return { entry, feature: features[j] };
    }
  }
  return null;
}
