// Coordinate systems of the project WFS: stored data is EPSG:3857; srsName and bbox CRS may be any system the engine's
// projections know (EPSG:4326, 3857/900913, 28992, 32632), converted with the engine's proj4 definitions. GeoJSON is
// always written x/y (longitude/latitude), rounded the engine's way (2 decimals in metres, 8 in degrees).
import proj4 from 'proj4';
import { CRS_DEFS, COORDINATE_DECIMALS, GEOGRAPHIC_DECIMALS, normalizeCrs, roundTo, type Crs } from '../../engine/projection';
import { invalid } from './ows-error';

export const STORAGE_CRS: Crs = 'EPSG:3857';

export interface Srs { crs: Crs; /** true when the request named it as urn:ogc:def:crs:EPSG::4326 (lat/lon axis order) */ latLon: boolean }

export function parseSrs(param: string, value: string): Srs {
  try {
    const crs = normalizeCrs(value);
    return { crs, latLon: crs === 'EPSG:4326' && /^urn:ogc:def:crs:EPSG:[\d.]*:4326$/i.test(value.trim()) };
  } catch (e) {
    throw invalid(param, (e as Error).message.replace(/^crs: /, ''));
  }
}

/** The name written in the GeoJSON `crs` member and the capabilities. */
export function crsUrn(crs: Crs): string {
  return crs === 'EPSG:4326' ? 'urn:ogc:def:crs:OGC:1.3:CRS84' : `urn:ogc:def:crs:EPSG::${crs.slice(5)}`;
}

export type Convert = (p: number[]) => number[];

/** A position converter from one system to another (rounded for the target). */
export function converter(from: Crs, to: Crs): Convert {
  const d = to === 'EPSG:4326' ? GEOGRAPHIC_DECIMALS : COORDINATE_DECIMALS;
  if (from === to || CRS_DEFS[from] === CRS_DEFS[to]) return (p) => [roundTo(p[0], d), roundTo(p[1], d)];
  const t = proj4(CRS_DEFS[from], CRS_DEFS[to]);
  return (p) => { const q = t.forward([p[0], p[1]]); return [roundTo(q[0], d), roundTo(q[1], d)]; };
}

/** A bbox in `srs` as a box in storage units: the envelope of its corners and edge midpoints after conversion. */
export function bboxToStorage(param: string, b: { minx: number; miny: number; maxx: number; maxy: number }, srs: Srs): [number, number, number, number] {
  let { minx, miny, maxx, maxy } = b;
  if (srs.latLon) [minx, miny, maxx, maxy] = [miny, minx, maxy, maxx];
  if (srs.crs === 'EPSG:4326') {
    if (miny < -90 || maxy > 90 || minx < -180 || maxx > 180) throw invalid(param, 'longitude/latitude out of range');
    miny = Math.max(miny, -85.0511287798);
    maxy = Math.min(maxy, 85.0511287798);
  }
  if (srs.crs === STORAGE_CRS || srs.crs === 'EPSG:900913') return [minx, miny, maxx, maxy];
  const t = proj4(CRS_DEFS[srs.crs], CRS_DEFS[STORAGE_CRS]);
  const xs: number[] = [], ys: number[] = [];
  for (const x of [minx, (minx + maxx) / 2, maxx]) {
    for (const y of [miny, (miny + maxy) / 2, maxy]) {
      const q = t.forward([x, y]);
      xs.push(q[0]); ys.push(q[1]);
    }
  }
  const out: [number, number, number, number] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  if (!out.every(Number.isFinite)) throw invalid(param, 'cannot be converted to EPSG:3857');
  return out;
}

/** Storage box → WGS84 lon/lat envelope (for capabilities). */
export function storageToWgs84(b: [number, number, number, number]): [number, number, number, number] {
  const c = converter(STORAGE_CRS, 'EPSG:4326');
  const lo = c([b[0], b[1]]), hi = c([b[2], b[3]]);
  return [lo[0], lo[1], hi[0], hi[1]];
}

type Geo = { type: string; coordinates: unknown };

/** Converts every position of a GeoJSON geometry (the six simple kinds). */
export function convertGeometry<G extends Geo | null>(g: G, conv: Convert): G {
  if (!g) return g;
  const walk = (c: unknown): unknown => (Array.isArray(c) && typeof c[0] === 'number' ? conv(c as number[]) : (c as unknown[]).map(walk));
  return { type: g.type, coordinates: walk(g.coordinates) } as G;
}
