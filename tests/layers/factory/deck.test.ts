// The deck.gl factory: binary attributes (typed positions/colours/widths), draw order, opacity, zoom range, labels from
// the threshold, nothing drawn where the style is empty at that zoom, image entries refused as vector.
import { describe, it, expect } from 'vitest';
import { PathLayer, ScatterplotLayer, SolidPolygonLayer, TextLayer } from '@deck.gl/layers';
import { createDeckLayers, orderDeckLayers, buildAttributes, type LayerFeature } from 'layers/factory';
import { getLayer } from 'layers/catalogue';
import { getStyle } from 'layers/styles';
import { COLORS } from 'layers/styles/colors';

const pt = (x: number, y: number, properties: Record<string, unknown> = {}): LayerFeature => ({ geometry: { type: 'Point', coordinates: [x, y] }, properties });
const line = (coords: number[][], properties: Record<string, unknown> = {}): LayerFeature => ({ geometry: { type: 'LineString', coordinates: coords }, properties });

describe('deck.gl layer factory', () => {
  it('points → ScatterplotLayer with binary positions, colours and radii', () => {
    const dps = [
      pt(5.1, 52.1, { canonical_name: 'DP-1', physical_capacity: 48, capacity: 46, connections: 46 }),
      pt(5.2, 52.2, { canonical_name: 'DP-2', physical_capacity: 48, capacity: 46, connections: 10 }),
    ];
    const d = createDeckLayers(getLayer('dp'), dps, { zoom: 16 });
    expect(d.layers).toHaveLength(1);
    const l = d.layers[0];
    expect(l).toBeInstanceOf(ScatterplotLayer);
    expect(d.attributes.positions).toBeInstanceOf(Float64Array);
    expect([...d.attributes.positions]).toEqual([5.1, 52.1, 5.2, 52.2]);
    expect(d.attributes.colors).toBeInstanceOf(Uint8Array);
    expect([...d.attributes.colors.slice(0, 4)]).toEqual(COLORS.orange); // full
    expect([...d.attributes.colors.slice(4, 8)]).toEqual(COLORS.yellow); // under minimum usage
    expect(d.attributes.widths).toBeInstanceOf(Float32Array);
    const data = l.props.data as { length: number; attributes: Record<string, { value: unknown }> };
    expect(data.length).toBe(2);
    expect(data.attributes.getPosition.value).toBe(d.attributes.positions);
    expect(d.drawOrder).toBe(1100);
    expect(l.props.opacity).toBe(1);
  });

  it('dp_minimum_usage from the project settings changes the fill state', () => {
    const f = [pt(0, 0, { physical_capacity: 48, capacity: 46, connections: 30 })];
    const a = createDeckLayers(getLayer('dp'), f, { zoom: 16, ctx: { dpMinimumUsage: 60 } });
    expect([...a.attributes.colors.slice(0, 4)]).toEqual(COLORS.green);
  });

  it('lines → PathLayer with start indices and per-vertex colours and widths', () => {
    const f = [line([[0, 0], [1, 1], [2, 2]]), line([[5, 5], [6, 6]])];
    const d = createDeckLayers(getLayer('cableApToDp'), f, { zoom: 15, opacity: 0.4 });
    const l = d.layers[0];
    expect(l).toBeInstanceOf(PathLayer);
    expect([...d.attributes.startIndices!]).toEqual([0, 3, 5]);
    expect(d.attributes.colors.length).toBe(5 * 4);
    expect(d.attributes.widths.length).toBe(5);
    expect(l.props.opacity).toBe(0.4);
  });

  it('polygons → SolidPolygonLayer fill + outline; multipolygons flattened', () => {
    const ring = [[0, 0], [1, 0], [1, 1], [0, 0]];
    const f: LayerFeature[] = [{ geometry: { type: 'MultiPolygon', coordinates: [[ring], [ring]] }, properties: { name: 'A' } }];
    const d = createDeckLayers(getLayer('dpAreas'), f, { zoom: 15 });
    expect(d.layers[0]).toBeInstanceOf(SolidPolygonLayer);
    expect(d.layers[1]).toBeInstanceOf(PathLayer);
    expect(d.attributes.length).toBe(2);
    expect(d.attributes.fillColors![3]).toBe(110);
    expect(d.layers[0].props.opacity).toBe(0.5);
  });

  it('outside the zoom range, or hidden, nothing is active', () => {
    const f = [pt(0, 0, { name: 'x' })];
    const out = createDeckLayers(getLayer('cap'), f, { zoom: 12 });
    expect(out.active).toBe(false);
    expect(out.attributes.length).toBe(0);
    expect(out.layers[0].props.visible).toBe(false);
    expect(createDeckLayers(getLayer('cap'), f, { zoom: 17, visible: false }).active).toBe(false);
    expect(createDeckLayers(getLayer('cap'), f, { zoom: 17 }).active).toBe(true);
  });

  it('features whose style is empty at the resolution are not drawn', () => {
    // heatLu style is empty below zoom 16; layer shown from 18 so use a style gate directly
    const gated = getStyle('ductJoint');
    expect(gated.fn({}, 15)).toBeNull();
    expect(buildAttributes([pt(0, 0)], 'point', gated.fn, 15).length).toBe(0);
    expect(buildAttributes([pt(0, 0)], 'point', gated.fn, 16).length).toBe(1);
    // risk grid: features without class or risk have an empty style
    const risk = createDeckLayers(getLayer('riskGrid'), [
      { geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, properties: {} },
      { geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, properties: { risk: 100000 } },
    ], { zoom: 14, visible: true });
    expect(risk.attributes.length).toBe(1);
    expect([...risk.attributes.featureIndex]).toEqual([1]);
  });

  it('labels appear from the label threshold (TextLayer), cut to 25 characters; a network layer labels by the display name', () => {
    // a network feature's `name` is its display name (spec 1 §3 map feature properties)
    const f = [pt(0, 0, { name: 'DP-with-a-very-long-name-that-goes-on', capacity: 1, connections: 0 })];
    const at17 = createDeckLayers(getLayer('dp'), f, { zoom: 17 });
    expect(at17.layers.some((l) => l instanceof TextLayer)).toBe(false);
    const at18 = createDeckLayers(getLayer('dp'), f, { zoom: 18 });
    const text = at18.layers.find((l) => l instanceof TextLayer)!;
    expect(text).toBeDefined();
    expect((text.props.data as { text: string }[])[0].text).toBe('DP-with-a-very-long-name-…');
  });

  it('the chosen style is used when it is one of the entry styles', () => {
    const f = [line([[0, 0], [1, 1]], { flowVelocity: 5, pipeType: 'DN300' })];
    const d = createDeckLayers(getLayer('heatPipes'), f, { zoom: 17, style: 'heatPipeFlowVelocity' });
    expect([...d.attributes.colors.slice(0, 4)]).toEqual(COLORS.red);
    expect(d.attributes.widths[0]).toBe(6);
    const fallback = createDeckLayers(getLayer('heatPipes'), f, { zoom: 17, style: 'nope' });
    expect(fallback.layers[0].id).toBe('heatPipes:heatPipe');
  });

  it('image layers are refused as vector layers', () => {
    expect(() => createDeckLayers(getLayer('luchtfoto'), [], { zoom: 12 })).toThrow('Layer luchtfoto is not a vector layer');
  });

  it('orders layers bottom-to-top by draw order', () => {
    const a = createDeckLayers(getLayer('dpAreas'), [], { zoom: 15 });
    const b = createDeckLayers(getLayer('dp'), [], { zoom: 15 });
    const c = createDeckLayers(getLayer('trenches'), [], { zoom: 15 });
    expect(orderDeckLayers([b, a, c]).map((l) => l.id)).toEqual(['dpAreas:area:fill', 'dpAreas:area:outline', 'trenches:trench', 'dp:dp']);
  });

  it('highlight layers are not pickable', () => {
    expect(createDeckLayers(getLayer('highlights'), [], { zoom: 15 }).layers[0].props.pickable).toBe(false);
    expect(createDeckLayers(getLayer('notes'), [], { zoom: 15 }).layers[0].props.pickable).toBe(true);
  });
});
