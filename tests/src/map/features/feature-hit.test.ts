// Selecting drawn stored features (spec 3 §5: only layers of type feature, network or wfst are selectable): points and
// lines within the hit tolerance, polygons containing the click (not inside a hole), the topmost layer first, only
// geometries the layer draws.
import { describe, it, expect } from 'vitest';
import { getLayer, type LayerFeature } from 'layers';
import { toLngLat } from 'engine/mercator';
import { hitStoredFeature, type HitLayer } from '../../../../src/map/features/feature-hit';

const ll = (x: number, y: number) => toLngLat([x, y]) as [number, number];
const pt = (id: string, x: number, y: number): LayerFeature => ({ id, geometry: { type: 'Point', coordinates: ll(x, y) }, properties: {} });
const square = (id: string, x: number, y: number, s: number, hole = false): LayerFeature => ({
  id, properties: {}, geometry: { type: 'Polygon', coordinates: [
    [ll(x, y), ll(x + s, y), ll(x + s, y + s), ll(x, y + s), ll(x, y)],
    ...(hole ? [[ll(x + s / 4, y + s / 4), ll(x + 3 * s / 4, y + s / 4), ll(x + 3 * s / 4, y + 3 * s / 4), ll(x + s / 4, y + 3 * s / 4), ll(x + s / 4, y + s / 4)]] : []),
  ] } as LayerFeature['geometry'],
});

describe('stored feature hit testing', () => {
  const notes: HitLayer = { entry: getLayer('notes'), features: [pt('n1', 1000, 1000)] };
  const shaping: HitLayer = { entry: getLayer('shaping'), features: [square('s1', 900, 900, 200, true)] };

  it('hits a point within the tolerance, not outside it', () => {
    expect(hitStoredFeature([notes], [1003, 1003], 5)?.feature.id).toBe('n1');
    expect(hitStoredFeature([notes], [1010, 1000], 5)).toBeNull();
  });

  it('prefers the topmost layer; polygons hit inside, not in a hole', () => {
    expect(hitStoredFeature([shaping, notes], [1000, 1000], 5)?.entry.name).toBe('notes');
    expect(hitStoredFeature([shaping, notes], [910, 910], 1)?.entry.name).toBe('shaping');
    expect(hitStoredFeature([shaping], [1000, 1000], 1)).toBeNull(); // the hole
    expect(hitStoredFeature([shaping], [800, 800], 1)).toBeNull();
  });

  it('tests only selectable layer types and the geometries the layer draws', () => {
    expect(hitStoredFeature([{ entry: getLayer('highlightPoints'), features: [pt('h', 0, 0)] }], [0, 0], 5)).toBeNull();
    expect(hitStoredFeature([{ entry: getLayer('noteShapes'), features: [pt('n', 0, 0)] }], [0, 0], 5)).toBeNull();
  });
});
