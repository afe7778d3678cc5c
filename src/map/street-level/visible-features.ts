// The network features in the map view as GeoJSON (WGS84 lng/lat) for the street-level viewer (spec 3 §2: "the map
// sends the visible features to the viewer"): nodes as Points, edges as LineStrings, found through the session's
// rbush index, at most MAX_VIEWER_FEATURES (the nearest the view's centre kept when there are more).
import { getObject, type Model } from 'engine/model';
import { toLngLat } from 'engine/mercator';
import type { SpatialIndex } from 'engine/spatial';
import type { Id } from 'engine/types';
import type { GeoJsonFeatureCollection } from './protocol';

/** Most features handed to the viewer in one message. */
export const MAX_VIEWER_FEATURES = 5000;

type Extent = readonly [number, number, number, number];

export function visibleFeatures(model: Model, index: SpatialIndex, [x0, y0, x1, y1]: Extent, max = MAX_VIEWER_FEATURES): GeoJsonFeatureCollection {
  const ids = new Map<Id, number>();
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  for (const it of index.search(x0, y0, x1, y1)) {
    const d = Math.hypot((it.minX + it.maxX) / 2 - cx, (it.minY + it.maxY) / 2 - cy);
    const prev = ids.get(it.id);
    if (prev === undefined || d < prev) ids.set(it.id, d);
  }
  let list = [...ids.keys()];
  if (list.length > max) list = list.sort((a, b) => ids.get(a)! - ids.get(b)!).slice(0, max);
  const features: GeoJsonFeatureCollection['features'] = [];
  for (const id of list) {
    const o = getObject(model, id);
    if (o?.node) features.push({ type: 'Feature', id, geometry: { type: 'Point', coordinates: toLngLat(o.node.geometry.coordinates) }, properties: { id, kind: 'node' } });
    else if (o?.edge) features.push({ type: 'Feature', id, geometry: { type: 'LineString', coordinates: o.edge.geometry.coordinates.map((p) => toLngLat(p)) }, properties: { id, kind: 'edge' } });
  }
  return { type: 'FeatureCollection', features };
}
