// Geolocation zoom (spec 1 §2, §8, §9): zooms to a box of 50 map units around the user's position; failures map to
// the five notifications no permission, unable to locate, timeout, unknown, and no browser support.
import type { Position } from 'engine/types';
import { GEOLOCATION_BOX } from './constants';
import type { Extent } from './geometry';
import { fromLngLat } from 'engine/mercator';

export type GeolocationError = 'geolocation_no_permission' | 'geolocation_unavailable' | 'geolocation_timeout' | 'geolocation_unknown' | 'geolocation_unsupported';

/** Maps a GeolocationPositionError code (1 permission denied, 2 position unavailable, 3 timeout) to its message key. */
export function geolocationErrorKey(code: number | undefined): GeolocationError {
  if (code === 1) return 'geolocation_no_permission';
  if (code === 2) return 'geolocation_unavailable';
  if (code === 3) return 'geolocation_timeout';
  return 'geolocation_unknown';
}

/** The extent to fit: a square of GEOLOCATION_BOX map units around the position (lng/lat in). */
export function geolocationBox(lng: number, lat: number, box = GEOLOCATION_BOX): Extent {
  const [x, y] = fromLngLat([lng, lat]);
  const h = box / 2;
  return [x - h, y - h, x + h, y + h];
}

/** Asks the browser for the position; resolves with the map position or rejects with a message key. */
export function locate(geo: Geolocation | undefined = globalThis.navigator?.geolocation, timeout = 10000): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geo) { reject(new Error('geolocation_unsupported')); return; }
    geo.getCurrentPosition(
      (pos) => resolve(fromLngLat([pos.coords.longitude, pos.coords.latitude])),
      (err) => reject(new Error(geolocationErrorKey(err?.code))),
      { enableHighAccuracy: true, timeout },
    );
  });
}
