// Geolocation zoom: the 50-unit box around the position and the five error notifications.
import { describe, it, expect } from 'vitest';
import { geolocationBox, geolocationErrorKey, locate } from '../../../src/map/geolocation';
import { fromLngLat } from 'engine/mercator';

describe('geolocation zoom (spec 1 §8, §9)', () => {
  it('maps the browser error codes to no permission, unable to locate, timeout and unknown', () => {
    expect([1, 2, 3, 99, undefined].map(geolocationErrorKey)).toEqual(['geolocation_no_permission', 'geolocation_unavailable', 'geolocation_timeout', 'geolocation_unknown', 'geolocation_unknown']);
  });
  it('reports no browser support', async () => {
    await expect(locate(undefined)).rejects.toThrow('geolocation_unsupported');
  });
  it('boxes 50 units around the position', () => {
    const [x, y] = fromLngLat([5, 52]);
    const b = geolocationBox(5, 52);
    expect(b[2] - b[0]).toBeCloseTo(50, 6); expect(b[3] - b[1]).toBeCloseTo(50, 6);
    expect((b[0] + b[2]) / 2).toBeCloseTo(x, 6); expect((b[1] + b[3]) / 2).toBeCloseTo(y, 6);
  });
  it('resolves the map position and rejects with the key of a denied permission', async () => {
    const ok = { getCurrentPosition: (s: PositionCallback) => s({ coords: { longitude: 5, latitude: 52 } } as GeolocationPosition) } as unknown as Geolocation;
    expect((await locate(ok))[0]).toBeCloseTo(fromLngLat([5, 52])[0], 6);
    const denied = { getCurrentPosition: (_s: PositionCallback, e: PositionErrorCallback) => e({ code: 1 } as GeolocationPositionError) } as unknown as Geolocation;
    await expect(locate(denied)).rejects.toThrow('geolocation_no_permission');
  });
});

import { layerErrorKind } from '../../../src/map/backgrounds';
describe('map layer errors (spec 1 §8)', () => {
  it("'Not authorized' gives map-unauthorized, any other failure map-unavailable", () => {
    expect(layerErrorKind(403)).toBe('map_unauthorized');
    expect(layerErrorKind(undefined, 'Not authorized')).toBe('map_unauthorized');
    expect(layerErrorKind(500)).toBe('map_unavailable');
    expect(layerErrorKind(undefined, 'Failed to fetch')).toBe('map_unavailable');
  });
});
