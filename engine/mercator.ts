// Web Mercator (EPSG:3857, the map projection) without proj4, for hot paths: map units ↔ lng/lat degrees, the ground
// scale at a map y (metres per map unit), and ground lengths of lines (each segment scaled at its mid latitude). Used
// by the map, the layers, the server's generators and the benches; proj4 (projection.ts) handles the other CRSs.
import type { Position } from './types';
import { dist } from './geometry';

const R = 6378137;
const HALF = Math.PI * R;

/** Web mercator (EPSG:3857) to lng/lat degrees. */
export function toLngLat(p: Position): Position {
  const lng = (p[0] / HALF) * 180;
  const lat = (Math.atan(Math.exp(p[1] / R)) * 2 - Math.PI / 2) * (180 / Math.PI);
  return [lng, lat];
}

/** Lng/lat degrees to web mercator (EPSG:3857). */
export function fromLngLat(ll: Position): Position {
  const x = (ll[0] * HALF) / 180;
  const y = Math.log(Math.tan(Math.PI / 4 + (ll[1] * Math.PI) / 360)) * R;
  return [x, y];
}

/** Mercator scale at a map y: ground metres per map unit. */
export function groundScale(y: number): number {
  return Math.cos(2 * Math.atan(Math.exp(y / R)) - Math.PI / 2);
}

/** Length of a line in ground metres (each segment scaled at its mid latitude). */
export function groundLength(coords: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < coords.length; i++) {
    sum += dist(coords[i], coords[i + 1]) * groundScale((coords[i][1] + coords[i + 1][1]) / 2);
  }
  return sum;
}
