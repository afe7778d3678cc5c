// The street-level viewer's view direction and field of view on the map (spec 3 §2, §9): a deck.gl PolygonLayer cone
// from the camera position, DIRECTION_INDICATOR_LENGTH (40) metres long on the ground, opening hFov degrees around
// the yaw (degrees clockwise from north), plus the camera point. Handed to the controller's
// `setExtraLayers('street-level', …)`; metre offsets from the camera (COORDINATE_SYSTEM.METER_OFFSETS), so the cone
// keeps its ground size at every zoom.
import { COORDINATE_SYSTEM, type Layer } from '@deck.gl/core';
import { PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import { DIRECTION_INDICATOR_LENGTH } from './street-level-constants';
import type { Orientation } from './street-level-controller';

const ARC_STEPS = 12;

/** The cone's outline in metre offsets [east, north] from the camera: apex, arc from yaw − hFov/2 to yaw + hFov/2. */
export function conePolygon(yaw: number, hFov: number, length = DIRECTION_INDICATOR_LENGTH): [number, number][] {
  const fov = Math.min(Math.max(hFov, 1), 179);
  const out: [number, number][] = [[0, 0]];
  for (let i = 0; i <= ARC_STEPS; i++) {
    const a = ((yaw - fov / 2 + (fov * i) / ARC_STEPS) * Math.PI) / 180;
    out.push([length * Math.sin(a), length * Math.cos(a)]);
  }
  out.push([0, 0]);
  return out;
}

/** The indicator layers for one orientation (none without one). */
export function directionIndicatorLayers(o: Orientation | null): Layer[] {
  if (!o) return [];
  const origin: [number, number] = [o.lng, o.lat];
  return [
    new PolygonLayer<{ polygon: [number, number][] }>({
      id: 'street-level-cone', data: [{ polygon: conePolygon(o.yaw, o.hFov) }], getPolygon: (d) => d.polygon,
      coordinateSystem: COORDINATE_SYSTEM.METER_OFFSETS, coordinateOrigin: [origin[0], origin[1], 0],
      getFillColor: [255, 140, 0, 90], getLineColor: [255, 110, 0, 230], getLineWidth: 2, lineWidthUnits: 'pixels', stroked: true, filled: true,
    }),
    new ScatterplotLayer<[number, number]>({
      id: 'street-level-camera', data: [origin], getPosition: (d) => d, getFillColor: [255, 110, 0, 255],
      getLineColor: [255, 255, 255, 255], stroked: true, lineWidthUnits: 'pixels', getLineWidth: 2, getRadius: 6, radiusUnits: 'pixels',
    }),
  ];
}
