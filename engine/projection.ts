// Projections with proj4 (spec 1 §3, §9; spec 3 §5): EPSG:4326, 3857, 900913, 28992 (RD New), 32632. Geometries are
// Point or LineString only (others an Error); coordinates in map units are rounded to 2 decimals.
import proj4 from 'proj4';
import type { Geometry, Position } from './types';

export const CRS_DEFS: Record<string, string> = {
  'EPSG:4326': '+proj=longlat +datum=WGS84 +no_defs',
  'EPSG:3857': '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs',
  'EPSG:900913': '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs',
  // Amersfoort / RD New with the 7-parameter datum shift to WGS84 (EPSG:15739 / epsg.io definition).
  'EPSG:28992': '+proj=sterea +lat_0=52.15616055555555 +lon_0=5.38763888888889 +k=0.9999079 +x_0=155000 +y_0=463000 +ellps=bessel +towgs84=565.417,50.3319,465.552,-0.398957,0.343988,-1.8774,4.0725 +units=m +no_defs',
  'EPSG:32632': '+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs',
};
export type Crs = 'EPSG:4326' | 'EPSG:3857' | 'EPSG:900913' | 'EPSG:28992' | 'EPSG:32632';
export const SUPPORTED_CRS = Object.keys(CRS_DEFS) as Crs[];
/** Coordinates: 2 decimals (spec 1 §9). */
export const COORDINATE_DECIMALS = 2;
/** Geographic coordinates keep 8 decimals (≈1 mm); 2 decimals only apply to map units (metres). */
export const GEOGRAPHIC_DECIMALS = 8;

for (const [code, def] of Object.entries(CRS_DEFS)) proj4.defs(code, def);

export function isGeographic(crs: string): boolean {
  return normalizeCrs(crs) === 'EPSG:4326';
}

export function normalizeCrs(crs: string): Crs {
  const m = /^(?:EPSG|epsg)[:]{1,2}(\d+)$|^urn:ogc:def:crs:EPSG::(\d+)$|^(\d+)$/.exec(crs.trim());
  const code = m ? `EPSG:${m[1] ?? m[2] ?? m[3]}` : crs;
  if (code === 'EPSG:4258' || /CRS84$/.test(crs)) return 'EPSG:4326';
  if (!(code in CRS_DEFS)) throw new Error(`crs: unsupported coordinate system '${crs}' (supported: ${SUPPORTED_CRS.join(', ')})`);
  return code as Crs;
}

export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r;
}

export function roundPosition(p: Position, decimals = COORDINATE_DECIMALS): Position {
  return [roundTo(p[0], decimals), roundTo(p[1], decimals)];
}

/** Throws unless the geometry is a Point or LineString with finite numeric coordinates. */
export function assertSupportedGeometry(g: unknown): asserts g is Geometry {
  const t = (g as { type?: unknown } | null)?.type;
  if (t !== 'Point' && t !== 'LineString') throw new Error(`geometry.type: unsupported geometry type '${String(t)}' (only Point and LineString)`);
  const c = (g as { coordinates?: unknown }).coordinates;
  const okPos = (p: unknown) => Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);
  if (t === 'Point' ? !okPos(c) : !(Array.isArray(c) && c.length >= 2 && c.every(okPos))) {
    throw new Error(`geometry.coordinates: invalid coordinates for ${t}`);
  }
}

/** Transforms a Point/LineString between coordinate systems; output rounded (2 decimals in map units). */
export function transformGeometry<G extends Geometry>(g: G, from: string, to: string): G {
  assertSupportedGeometry(g);
  const f = normalizeCrs(from), t = normalizeCrs(to);
  const decimals = isGeographic(t) ? GEOGRAPHIC_DECIMALS : COORDINATE_DECIMALS;
  const conv = f === t ? null : proj4(f, t);
  const one = (p: Position): Position => roundPosition(conv ? (conv.forward([p[0], p[1]]) as Position) : [p[0], p[1]], decimals);
  if (g.type === 'Point') return { type: 'Point', coordinates: one(g.coordinates) } as G;
  return { type: 'LineString', coordinates: g.coordinates.map(one) } as G;
}

export function transformPosition(p: Position, from: string, to: string): Position {
  return transformGeometry({ type: 'Point', coordinates: p }, from, to).coordinates;
}
