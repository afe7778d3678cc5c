// Input features for the factory: GeoJSON-like features in longitude/latitude (the loaders reproject EPSG:3857 WFS
// answers); multi-geometries are flattened into their parts.
import type { GeometryKind, Props } from '../types';

export type Coord = [number, number] | number[];
export type FeatureGeometry =
  | { type: 'Point'; coordinates: Coord }
  | { type: 'MultiPoint'; coordinates: Coord[] }
  | { type: 'LineString'; coordinates: Coord[] }
  | { type: 'MultiLineString'; coordinates: Coord[][] }
  | { type: 'Polygon'; coordinates: Coord[][] }
  | { type: 'MultiPolygon'; coordinates: Coord[][][] };

export interface LayerFeature { id?: string | number; geometry: FeatureGeometry | null; properties: Props | null }

/** The parts of a feature as the layer's geometry kind: points → [pt], lines → [path], polygons → [outer ring]. */
export function parts(f: LayerFeature, kind: GeometryKind): Coord[][] {
  const g = f.geometry;
  if (!g) return [];
  switch (kind) {
    case 'point':
      return g.type === 'Point' ? [[g.coordinates]] : g.type === 'MultiPoint' ? g.coordinates.map((c) => [c]) : [];
    case 'line':
      return g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : [];
    case 'polygon':
      return g.type === 'Polygon' ? [g.coordinates[0] ?? []] : g.type === 'MultiPolygon' ? g.coordinates.map((p) => p[0] ?? []) : [];
  }
}

/** Label anchor: the point, the middle vertex of a line, the vertex mean of a ring. */
export function anchor(path: Coord[], kind: GeometryKind): [number, number] {
  if (kind !== 'polygon') {
    const c = path[Math.floor((path.length - 1) / 2)];
    return [c[0], c[1]];
  }
  const n = path.length > 1 && path[0][0] === path[path.length - 1][0] && path[0][1] === path[path.length - 1][1] ? path.length - 1 : path.length;
  let x = 0, y = 0;
  for (let i = 0; i < n; i++) { x += path[i][0]; y += path[i][1]; }
  return [x / n, y / n];
}
