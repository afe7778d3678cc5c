// Web mercator helpers (engine/mercator.ts), the one module for them (map, server generator, benches): EPSG:3857 map
// units ↔ lng/lat degrees, ground scale (metres per map unit) and ground length of lines.
import { describe, expect, it } from 'vitest';
import { fromLngLat, groundLength, groundScale, toLngLat } from 'engine/mercator';
import { transformPosition } from 'engine/projection';

describe('web mercator', () => {
  it('agrees with proj4 (which rounds to 0.01) and round-trips', () => {
    const utrecht = fromLngLat([5.07, 52.09]);
    const proj = transformPosition([5.07, 52.09], 'EPSG:4326', 'EPSG:3857');
    expect(Math.abs(utrecht[0] - proj[0])).toBeLessThanOrEqual(0.005);
    expect(Math.abs(utrecht[1] - proj[1])).toBeLessThanOrEqual(0.005);
    const back = toLngLat(utrecht);
    expect(back[0]).toBeCloseTo(5.07, 10);
    expect(back[1]).toBeCloseTo(52.09, 10);
  });

  it('scales map units to ground metres by cos(latitude)', () => {
    expect(groundScale(0)).toBe(1);
    const [, y] = fromLngLat([0, 60]);
    expect(groundScale(y)).toBeCloseTo(0.5, 10);
    expect(groundLength([[0, y - 50], [0, y + 50]])).toBeCloseTo(50, 3);
  });
});
