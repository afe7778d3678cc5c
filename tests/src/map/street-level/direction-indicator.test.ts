// The view direction indicator (spec 3 §2, §9: length 40): a cone from the camera, 40 m long, opening hFov around
// the yaw (clockwise from north), drawn as deck.gl layers in metre offsets from the camera.
import { describe, expect, it } from 'vitest';
import { COORDINATE_SYSTEM } from '@deck.gl/core';
import { conePolygon, directionIndicatorLayers } from '../../../../src/map/street-level/direction-indicator';
import { viewerOrigin } from '../../../../src/map/street-level/StreetLevelPanel';

const angle = ([x, y]: [number, number]) => ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360;

describe('street-level direction indicator', () => {
  it('is a closed cone of length 40 from the camera around the yaw, as wide as the field of view', () => {
    const c = conePolygon(90, 60);
    expect(c[0]).toEqual([0, 0]);
    expect(c.at(-1)).toEqual([0, 0]);
    const arc = c.slice(1, -1);
    for (const p of arc) expect(Math.hypot(p[0], p[1])).toBeCloseTo(40, 9);
    expect(angle(arc[0])).toBeCloseTo(60, 9); // yaw − hFov/2
    expect(angle(arc.at(-1)!)).toBeCloseTo(120, 9); // yaw + hFov/2
    // yaw 0 looks north: the middle of the arc is straight up
    const north = conePolygon(0, 40);
    const mid = north[Math.floor(north.length / 2)];
    expect(mid[0]).toBeCloseTo(0, 9);
    expect(mid[1]).toBeCloseTo(40, 9);
  });

  it('builds the cone in metre offsets from the camera position, nothing without an orientation', () => {
    expect(directionIndicatorLayers(null)).toEqual([]);
    const [cone, camera] = directionIndicatorLayers({ yaw: 45, hFov: 80, lng: 5.1, lat: 52.2 });
    expect(cone.id).toBe('street-level-cone');
    expect(cone.props.coordinateSystem).toBe(COORDINATE_SYSTEM.METER_OFFSETS);
    expect(cone.props.coordinateOrigin).toEqual([5.1, 52.2, 0]);
    expect(camera.props.data).toEqual([[5.1, 52.2]]);
  });

  it('takes the accepted message origin from the configured viewer address', () => {
    expect(viewerOrigin('http://127.0.0.1:4100/viewer/index.html?x=1', 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:4100');
    expect(viewerOrigin('/viewer.html', 'http://127.0.0.1:8080/map')).toBe('http://127.0.0.1:8080');
    expect(viewerOrigin('javascript:alert(1)', 'http://127.0.0.1:8080/')).toBeNull();
    expect(viewerOrigin('', 'http://127.0.0.1:8080/')).toBeNull();
  });
});
