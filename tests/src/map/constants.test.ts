// Map constants of spec 3 §9 and spec 1 §9 (resolutions, zoom limits, tolerances, animation times).
import { describe, it, expect } from 'vitest';
import * as C from '../../../src/map/constants';

describe('map constants (spec 3 §9, spec 1 §9)', () => {
  it('has 29 resolutions from 156543.03392804097 with zoom factor 2', () => {
    expect(C.RESOLUTIONS).toHaveLength(29);
    expect(C.RESOLUTIONS[0]).toBe(156543.03392804097);
    for (let i = 1; i < 29; i++) expect(C.RESOLUTIONS[i - 1] / C.RESOLUTIONS[i]).toBeCloseTo(2, 12);
  });
  it('zoom 0–24 (possible 0–28), hit tolerance 15 px, animations 200/100 ms, geolocation box 50, scale bar 100', () => {
    expect([C.MIN_ZOOM, C.MAX_ZOOM, C.MAX_POSSIBLE_ZOOM]).toEqual([0, 24, 28]);
    expect(C.HIT_TOLERANCE_PX).toBe(15);
    expect([C.ZOOM_ANIMATION_MS, C.PAN_ANIMATION_MS]).toEqual([200, 100]);
    expect(C.GEOLOCATION_BOX).toBe(50);
    expect(C.SCALE_BAR_MIN_WIDTH).toBe(100);
    expect(C.SELECT_FIT_MAX_ZOOM).toBe(20);
  });
  it('editing only at a resolution of at most twice 0.3', () => {
    expect(C.canEditAtResolution(0.6)).toBe(true);
    expect(C.canEditAtResolution(0.3)).toBe(true);
    expect(C.canEditAtResolution(0.61)).toBe(false);
    // zoom 18 has resolution ≈ 0.597: editable; zoom 17 ≈ 1.19: not.
    expect(C.canEditAtResolution(C.resolutionForZoom(18))).toBe(true);
    expect(C.canEditAtResolution(C.resolutionForZoom(17))).toBe(false);
  });
  it('converts between resolution and zoom, and to MapLibre 512-px zoom', () => {
    expect(C.zoomForResolution(C.RESOLUTIONS[20])).toBeCloseTo(20, 9);
    expect(C.toMaplibreZoom(18)).toBe(17);
    expect(C.fromMaplibreZoom(C.toMaplibreZoom(12.5))).toBe(12.5);
  });
  it('rounds coordinates to 2 decimals', () => {
    expect(C.roundCoord(570000.12789)).toBe(570000.13);
  });
});

import { scaleBar } from '../../../src/map/scale-bar';
describe('metric scale bar (minimum width 100)', () => {
  it('picks the smallest 1-2-5 length whose bar is at least 100 px', () => {
    expect(scaleBar(0.3)).toEqual({ widthPx: 50 / 0.3, label: '50 m', metres: 50 });
    expect(scaleBar(1)).toMatchObject({ label: '100 m', widthPx: 100 });
    expect(scaleBar(12).label).toBe('2 km');
    for (const r of [0.01, 0.7, 3.3, 77, 1000]) expect(scaleBar(r).widthPx).toBeGreaterThanOrEqual(100);
  });
});
