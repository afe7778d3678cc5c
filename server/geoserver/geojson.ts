// GeoJSON FeatureCollection as GeoServer writes it for WFS GetFeature with outputFormat=application/json: features,
// totalFeatures / numberMatched / numberReturned, timeStamp and a named `crs`; geometries converted to srsName.
import { convertGeometry, crsUrn, type Convert } from './crs';
import type { Crs } from '../../engine/projection';

export interface GeoGeometry { type: string; coordinates: unknown }
export interface GeoFeature { type: 'Feature'; id: string; geometry: GeoGeometry | null; properties: Record<string, unknown> }

export function featureCollection(features: GeoFeature[], matched: number, crs: Crs, conv: Convert): string {
  const out = features.map((f) => ({ ...f, geometry: convertGeometry(f.geometry, conv), geometry_name: 'geometry' }));
  return JSON.stringify({
    type: 'FeatureCollection',
    features: out,
    totalFeatures: matched,
    numberMatched: matched,
    numberReturned: out.length,
    timeStamp: new Date().toISOString(),
    crs: { type: 'name', properties: { name: crsUrn(crs) } },
  });
}
