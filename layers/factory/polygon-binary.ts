// Binary attributes of polygon layers with their holes: every polygon part (a Polygon, or each part of a
// MultiPolygon) is its outer ring followed by its interior rings in one vertex run. The fill is triangulated here
// (earcut with hole indices, absolute vertex indices for deck.gl's `indices` attribute), the outline draws each ring
// as its own closed path (`ringStartIndices`), so holes are cut and their edges outlined.
import { earcut } from '@math.gl/polygon';
import type { FeatureStyle, StyleContext, StyleFn } from '../types';
import type { Coord, LayerFeature } from './features';
import type { BinaryAttributes } from './binary';

/** The polygon parts of a feature, each as its rings (outer first); empty rings dropped, a part needs an outer ring. */
export function polygonParts(f: LayerFeature): Coord[][][] {
  const g = f.geometry;
  if (!g) return [];
  const list = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  const out: Coord[][][] = [];
  for (const rings of list) {
    const kept = (rings ?? []).filter((r) => Array.isArray(r) && r.length >= 3);
    if (kept.length && kept[0] === rings[0]) out.push(kept);
  }
  return out;
}

export function buildPolygonAttributes(
  features: readonly LayerFeature[], style: StyleFn, zoom: number, ctx?: StyleContext,
): BinaryAttributes {
  // pass 1: style, count parts, rings and vertices
  const styles: (FeatureStyle | null)[] = new Array(features.length);
  const partsByFeature: Coord[][][][] = new Array(features.length);
  let objects = 0, rings = 0, holes = 0, vertices = 0;
  for (let i = 0; i < features.length; i++) {
    const s = style(features[i].properties ?? {}, zoom, ctx);
    styles[i] = s;
    if (!s) continue;
    const ps = polygonParts(features[i]);
    partsByFeature[i] = ps;
    for (const p of ps) {
      objects++;
      rings += p.length;
      holes += p.length - 1;
      for (const r of p) vertices += r.length;
    }
  }
  const positions = new Float64Array(vertices * 2);
  const colors = new Uint8Array(vertices * 4);
  const fillColors = new Uint8Array(vertices * 4);
  const widths = new Float32Array(vertices);
  const featureIndex = new Uint32Array(objects);
  const startIndices = new Uint32Array(objects + 1);
  const ringStartIndices = new Uint32Array(rings + 1);
  const holeIndices = new Uint32Array(holes);
  const triangles: number[] = [];
  // pass 2: fill vertices, ring starts, hole starts and the triangulation per part
  let o = 0, r = 0, h = 0, v = 0;
  for (let i = 0; i < features.length; i++) {
    const s = styles[i];
    if (!s) continue;
    const c = s.color, fc = s.fillColor ?? c;
    for (const part of partsByFeature[i]) {
      const start = v;
      startIndices[o] = start;
      featureIndex[o] = i;
      const localHoles: number[] = [];
      for (let k = 0; k < part.length; k++) {
        ringStartIndices[r++] = v;
        if (k > 0) { holeIndices[h++] = v; localHoles.push(v - start); }
        for (const q of part[k]) {
          positions[v * 2] = q[0]; positions[v * 2 + 1] = q[1];
          const b = v * 4;
          colors[b] = c[0]; colors[b + 1] = c[1]; colors[b + 2] = c[2]; colors[b + 3] = c[3];
          fillColors[b] = fc[0]; fillColors[b + 1] = fc[1]; fillColors[b + 2] = fc[2]; fillColors[b + 3] = fc[3];
          widths[v] = s.width;
          v++;
        }
      }
      const local = earcut(positions.subarray(start * 2, v * 2), localHoles.length ? localHoles : undefined, 2);
      for (const t of local) triangles.push(t + start);
      o++;
    }
  }
  startIndices[objects] = v;
  ringStartIndices[rings] = v;
  return {
    length: objects, startIndices, positions, colors, fillColors, widths, featureIndex,
    ringStartIndices, holeIndices, triangles: Uint32Array.from(triangles),
  };
}
