// Measure and draw tooltips: m / km over 100 m, and the 11 €/m cost change colours.
import { describe, it, expect } from 'vitest';
import { formatLength, drawTooltip } from '../../../src/map/measure-format';
import { groundLength, fromLngLat, toLngLat } from 'engine/mercator';

describe('measure and draw tooltip texts (spec 3 §2)', () => {
  it('shows m up to 100 m and km over 100 m', () => {
    expect(formatLength(42.123)).toBe('42.12 m');
    expect(formatLength(100)).toBe('100.00 m');
    expect(formatLength(100.5)).toBe('0.10 km');
    expect(formatLength(2345)).toBe('2.35 km');
  });
  it('cost change is 11 € per metre, red when positive, green when negative', () => {
    expect(drawTooltip(10)).toMatchObject({ lengthChange: '+10.00 m', costChange: '+110.00 €', colour: 'red', cost: 110 });
    expect(drawTooltip(-2.5)).toMatchObject({ lengthChange: '-2.50 m', costChange: '-27.50 €', colour: 'green' });
    expect(drawTooltip(0).colour).toBe('neutral');
  });
  it('ground length corrects web-mercator units by latitude', () => {
    const a = fromLngLat([5, 52]);
    const b: [number, number] = [a[0] + 100, a[1]];
    expect(groundLength([a, b])).toBeCloseTo(100 * Math.cos((52 * Math.PI) / 180), 1);
    const back = toLngLat(a);
    expect(back[0]).toBeCloseTo(5, 9); expect(back[1]).toBeCloseTo(52, 9);
  });
});
