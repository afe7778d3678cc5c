// Binary attribute building: features → typed arrays (positions, colours, widths) for deck.gl, one style call per
// feature. Features whose style is empty at the zoom are left out. Path/polygon attributes are per vertex; polygons
// (with their holes) are built by polygon-binary.ts.
import type { FeatureStyle, GeometryKind, StyleContext, StyleFn } from '../types';
import { parts, type Coord, type LayerFeature } from './features';
import { buildPolygonAttributes } from './polygon-binary';

export interface BinaryAttributes {
  /** Number of drawn objects (points, paths or polygons). */
  length: number;
  /** Start vertex of each path/polygon (length + 1 entries); absent for points. */
  startIndices?: Uint32Array;
  positions: Float64Array;
  colors: Uint8Array;
  fillColors?: Uint8Array;
  widths: Float32Array;
  /** Source feature index of each object, for picking. */
  featureIndex: Uint32Array;
  /** Polygons: start vertex of every ring (outer and holes, rings + 1 entries), for the outline paths. */
  ringStartIndices?: Uint32Array;
  /** Polygons: the vertex index where each interior ring (hole) starts. */
  holeIndices?: Uint32Array;
  /** Polygons: the fill triangulated with its holes (absolute vertex indices, 3 per triangle). */
  triangles?: Uint32Array;
}

const ONE: Coord[][] = [];
const POINT: Coord[] = [[0, 0]];
/** Parts without allocating for the common single geometries (Point, LineString, Polygon). */
function partsOf(f: LayerFeature, kind: GeometryKind, scratch: Coord[][]): Coord[][] {
  const g = f.geometry;
  if (!g) return ONE;
  if (kind === 'point' && g.type === 'Point') { POINT[0] = g.coordinates; scratch[0] = POINT; return scratch; }
  if (kind === 'line' && g.type === 'LineString') { scratch[0] = g.coordinates; return scratch; }
  return parts(f, kind);
}
const usable = (p: Coord[], kind: GeometryKind) => p.length > 0 && (kind !== 'line' || p.length >= 2);

export function buildAttributes(
  features: readonly LayerFeature[], kind: GeometryKind, style: StyleFn, zoom: number, ctx?: StyleContext,
): BinaryAttributes {
  if (kind === 'polygon') return buildPolygonAttributes(features, style, zoom, ctx);
  const scratch: Coord[][] = [[]];
  // pass 1: style and count
  const styles: (FeatureStyle | null)[] = new Array(features.length);
  let objects = 0;
  let vertices = 0;
  for (let i = 0; i < features.length; i++) {
    const s = style(features[i].properties ?? {}, zoom, ctx);
    styles[i] = s;
    if (!s) continue;
    const ps = partsOf(features[i], kind, scratch);
    for (let j = 0; j < ps.length; j++) {
      if (!usable(ps[j], kind)) continue;
      objects++;
      vertices += ps[j].length;
    }
  }
  const perVertex = kind !== 'point';
  const n = perVertex ? vertices : objects;
  const positions = new Float64Array(vertices * 2);
  const colors = new Uint8Array(n * 4);
  const widths = new Float32Array(n);
  const featureIndex = new Uint32Array(objects);
  const startIndices = perVertex ? new Uint32Array(objects + 1) : undefined;
  // pass 2: fill
  let o = 0;
  let v = 0;
  for (let i = 0; i < features.length; i++) {
    const s = styles[i];
    if (!s) continue;
    const c = s.color;
    const ps = partsOf(features[i], kind, scratch);
    for (let j = 0; j < ps.length; j++) {
      const p = ps[j];
      if (!usable(p, kind)) continue;
      if (startIndices) startIndices[o] = v;
      featureIndex[o] = i;
      for (let q = 0; q < p.length; q++) {
        positions[v * 2] = p[q][0];
        positions[v * 2 + 1] = p[q][1];
        const k = perVertex ? v : o;
        const b = k * 4;
        colors[b] = c[0]; colors[b + 1] = c[1]; colors[b + 2] = c[2]; colors[b + 3] = c[3];
        widths[k] = s.width;
        v++;
      }
      o++;
    }
  }
  if (startIndices) startIndices[objects] = v;
  return { length: objects, startIndices, positions, colors, widths, featureIndex };
}
