// Projections (spec 1 §3, §9; spec 3 §5): EPSG 4326/3857/900913/28992/32632, 2 decimals, Point and LineString only.
import { describe, it, expect } from 'vitest';
import { transformGeometry, transformPosition, assertSupportedGeometry, SUPPORTED_CRS } from 'engine';

describe('projections', () => {
  it('supports the five coordinate systems', () => expect(SUPPORTED_CRS).toEqual(['EPSG:4326', 'EPSG:3857', 'EPSG:900913', 'EPSG:28992', 'EPSG:32632']));
  it('RD New: Amersfoort tower (52.1551744, 5.3872035) is about (155000, 463000)', () => {
    const [x, y] = transformPosition([5.38720621, 52.15517440], 'EPSG:4326', 'EPSG:28992');
    expect(Math.abs(x - 155000)).toBeLessThan(2);
    expect(Math.abs(y - 463000)).toBeLessThan(2);
    expect(Math.round(x * 100) / 100).toBe(x); // 2 decimals
  });
  it('3857 and 900913 agree; 32632 is UTM zone 32', () => {
    const a = transformPosition([9, 45], 'EPSG:4326', 'EPSG:3857');
    expect(transformPosition([9, 45], 'EPSG:4326', 'EPSG:900913')).toEqual(a);
    expect(a).toEqual([1001875.42, 5621521.49]);
    expect(transformPosition([9, 0], 'EPSG:4326', 'EPSG:32632')).toEqual([500000, 0]);
  });
  it('line strings are transformed per coordinate', () => {
    const g = transformGeometry({ type: 'LineString', coordinates: [[0, 0], [1, 1]] }, 'EPSG:4326', 'EPSG:3857');
    expect(g.coordinates[1]).toEqual([111319.49, 111325.14]);
  });
  it('other geometry types are an error', () => {
    expect(() => assertSupportedGeometry({ type: 'Polygon', coordinates: [] })).toThrow("geometry.type: unsupported geometry type 'Polygon'");
    expect(() => transformGeometry({ type: 'Point', coordinates: [0, 0] }, 'EPSG:1234', 'EPSG:3857')).toThrow('unsupported coordinate system');
  });
});
