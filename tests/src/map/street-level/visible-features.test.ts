// The visible network features sent to the street-level viewer (spec 3 §2): nodes and edges meeting the view, as
// WGS84 GeoJSON, nothing outside the view, capped nearest the view's centre.
import { describe, expect, it } from 'vitest';
import { createModel } from 'engine/model';
import { SpatialIndex } from 'engine/spatial';
import { toLngLat } from 'engine/mercator';
import { visibleFeatures } from '../../../../src/map/street-level/visible-features';

const objs = [
  { id: 'a', projectId: 1, node: { geometry: { type: 'Point', coordinates: [570000, 6817000] } } },
  { id: 'b', projectId: 1, node: { geometry: { type: 'Point', coordinates: [570040, 6817000] } } },
  { id: 'e', projectId: 1, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[570000, 6817000], [570040, 6817000]] } } },
  { id: 'far', projectId: 1, node: { geometry: { type: 'Point', coordinates: [580000, 6827000] } } },
];

describe('visible features for the street-level viewer', () => {
  const model = createModel({ networkObjects: objs as never, objectTypes: [] });
  const index = SpatialIndex.fromModel(model);

  it('sends the nodes and edges in the view as lng/lat GeoJSON, nothing outside it', () => {
    const fc = visibleFeatures(model, index, [569990, 6816990, 570050, 6817010]);
    expect(fc.type).toBe('FeatureCollection');
    const byId = new Map(fc.features.map((f) => [f.id, f]));
    expect([...byId.keys()].sort()).toEqual(['a', 'b', 'e']);
    expect(byId.get('a')!.geometry).toEqual({ type: 'Point', coordinates: toLngLat([570000, 6817000]) });
    expect(byId.get('e')!.geometry).toEqual({ type: 'LineString', coordinates: [toLngLat([570000, 6817000]), toLngLat([570040, 6817000])] });
    expect(byId.get('e')!.properties).toEqual({ id: 'e', kind: 'edge' });
  });

  it('keeps the features nearest the view centre when there are more than the cap', () => {
    const fc = visibleFeatures(model, index, [569990, 6816990, 570010, 6817010], 1);
    expect(fc.features.map((f) => f.id)).toEqual(['a']);
  });
});
