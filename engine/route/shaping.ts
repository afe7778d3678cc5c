// The project's shaping areas (stored features of type 'shaping', spec 3: cost_type obstruction, avoid, preference,
// include or a trench cost entry name) as route areas: a Polygon is one area, a MultiPolygon one area per polygon;
// features without a cost type or without a polygon are left out. The server's route call and the map's route panel
// both apply them to every query, so the two agree.
import type { Position } from '../types';
import type { RouteArea } from './types';

export interface ShapingFeature { geometry: { type: string; coordinates: unknown }; properties?: Record<string, unknown> | null }

export function shapingAreas(features: readonly ShapingFeature[]): RouteArea[] {
  const out: RouteArea[] = [];
  for (const f of features) {
    const costType = f.properties?.cost_type ?? f.properties?.costType;
    if (typeof costType !== 'string' || !costType.trim()) continue;
    const polys = f.geometry.type === 'Polygon' ? [f.geometry.coordinates as Position[][]]
      : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates as Position[][][] : [];
    for (const polygon of polys) if (polygon.length && polygon[0].length >= 4) out.push({ costType: costType.trim(), polygon });
  }
  return out;
}
