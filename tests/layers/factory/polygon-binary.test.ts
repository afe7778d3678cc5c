// Polygon holes (spec 3 §2 areas, shapes, upload polygons): interior rings are cut out of the fill (earcut with hole
// indices, deck.gl `indices`), each ring outlined on its own; multipolygon parts are separate polygons.
import { describe, it, expect } from 'vitest';
import { PathLayer, SolidPolygonLayer } from '@deck.gl/layers';
import { buildAttributes, createDeckLayers, type LayerFeature } from 'layers/factory';
import { polygonParts } from 'layers/factory/polygon-binary';
import { getLayer } from 'layers/catalogue';
import { getStyle } from 'layers/styles';

const square = (x0: number, y0: number, s: number) => [[x0, y0], [x0 + s, y0], [x0 + s, y0 + s], [x0, y0 + s], [x0, y0]];
/** 10×10 square with two 2×2 holes: 5 + 5 + 5 vertices. */
const twoHoles: LayerFeature = { geometry: { type: 'Polygon', coordinates: [square(0, 0, 10), square(1, 1, 2), square(6, 6, 2)] }, properties: { name: 'A' } };
const multi: LayerFeature = {
  geometry: { type: 'MultiPolygon', coordinates: [[square(20, 0, 4)], [square(30, 0, 10), square(32, 2, 2)]] }, properties: { name: 'B' },
};
const fill = getStyle('uploadPolygon').fn;

/** Area of the triangulated fill (sum of triangle areas). */
function filledArea(a: ReturnType<typeof buildAttributes>): number {
  const t = a.triangles!, p = a.positions;
  let sum = 0;
  for (let i = 0; i < t.length; i += 3) {
    const [ax, ay, bx, by, cx, cy] = [p[t[i] * 2], p[t[i] * 2 + 1], p[t[i + 1] * 2], p[t[i + 1] * 2 + 1], p[t[i + 2] * 2], p[t[i + 2] * 2 + 1]];
    sum += Math.abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2;
  }
  return sum;
}

describe('polygon holes in binary attributes', () => {
  it('a polygon with 2 holes: one polygon, three rings, hole indices at the start of each interior ring', () => {
    const a = buildAttributes([twoHoles], 'polygon', fill, 16);
    expect(a.length).toBe(1);
    expect([...a.startIndices!]).toEqual([0, 15]);
    expect([...a.ringStartIndices!]).toEqual([0, 5, 10, 15]);
    expect([...a.holeIndices!]).toEqual([5, 10]);
    // the fill covers 100 − 2·4 = 92: both holes are cut
    expect(filledArea(a)).toBeCloseTo(92, 9);
    expect(Math.max(...a.triangles!)).toBeLessThan(15);
  });

  it('a multipolygon: each part its own polygon; hole indices and triangles are absolute vertex indices', () => {
    const a = buildAttributes([twoHoles, multi], 'polygon', fill, 16);
    expect(a.length).toBe(3);
    expect([...a.featureIndex]).toEqual([0, 1, 1]);
    expect([...a.startIndices!]).toEqual([0, 15, 20, 30]);
    expect([...a.ringStartIndices!]).toEqual([0, 5, 10, 15, 20, 25, 30]);
    expect([...a.holeIndices!]).toEqual([5, 10, 25]);
    expect(filledArea(a)).toBeCloseTo(92 + 16 + 96, 9);
    // triangles of the second part stay within its own vertices
    const only = buildAttributes([multi], 'polygon', fill, 16);
    expect([...only.holeIndices!]).toEqual([10]);
    expect(filledArea(only)).toBeCloseTo(16 + 96, 9);
  });

  it('a polygon without holes has none; rings with fewer than 3 points and parts without an outer ring are dropped', () => {
    const plain = buildAttributes([{ geometry: { type: 'Polygon', coordinates: [square(0, 0, 1)] }, properties: {} }], 'polygon', fill, 16);
    expect([...plain.holeIndices!]).toEqual([]);
    expect(filledArea(plain)).toBeCloseTo(1, 9);
    expect(polygonParts({ geometry: { type: 'Polygon', coordinates: [square(0, 0, 1), [[0, 0], [1, 1]]] }, properties: {} })).toHaveLength(1);
    expect(polygonParts({ geometry: { type: 'Polygon', coordinates: [[[0, 0]], square(0, 0, 1)] }, properties: {} })).toHaveLength(0);
    expect(polygonParts({ geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, properties: {} })).toHaveLength(0);
  });

  it('the factory hands the triangulation to SolidPolygonLayer and outlines every ring', () => {
    const d = createDeckLayers(getLayer('uploadPolygons'), [twoHoles, multi], { zoom: 16, visible: true });
    const [fillLayer, outline] = d.layers;
    expect(fillLayer).toBeInstanceOf(SolidPolygonLayer);
    const data = fillLayer.props.data as { length: number; attributes: { indices: { value: Uint32Array } } };
    expect(data.length).toBe(3);
    expect(data.attributes.indices.value).toBe(d.attributes.triangles);
    expect(outline).toBeInstanceOf(PathLayer);
    const od = outline.props.data as { length: number; startIndices: Uint32Array };
    expect(od.length).toBe(6);
    expect(od.startIndices).toBe(d.attributes.ringStartIndices);
  });
});
