// Heat: flow velocity classes (0, 0.3, 0.6, 1, 4), pressure drop classes (100, 250, 300, 350 Pa/m), capacity bands,
// pipe sizing bands, pipe widths DN20 → 2 … DN300 → 6, energy demand bands 15 wide up to 150.
import { describe, it, expect } from 'vitest';
import {
  capacityBand, energyDemandBand, energyDemandColor, flowVelocityClass, parseDn, pipeSizingClass, pipeWidth,
  PIPE_SIZES, PIPE_SIZING_BOUNDS, pressureDropClass,
} from 'layers/styles/heat';

describe('heat styling', () => {
  it.each([
    [0, 'tooLow'], [0.29, 'tooLow'], [0.3, 'low'], [0.59, 'low'], [0.6, 'good'], [0.99, 'good'], [1, 'high'], [3.99, 'high'],
    [4, 'tooHigh'], [10, 'tooHigh'],
  ])('flow velocity %d → %s', (v, c) => expect(flowVelocityClass(v)).toBe(c));
  it('negative flow velocity has no class', () => expect(flowVelocityClass(-0.1)).toBeNull());

  it.each([
    [0, 'under100'], [99.9, 'under100'], [100, '100-250'], [249, '100-250'], [250, '250-300'], [299, '250-300'],
    [300, '300-350'], [349.9, '300-350'], [350, 'over350'], [1000, 'over350'],
  ])('pressure drop %d Pa/m → %s', (v, c) => expect(pressureDropClass(v)).toBe(c));

  it.each([
    [99, 'smallerPossible'], [100, 'noAction'], [249, 'noAction'], [250, 'largerAdvised'], [300, 'largerRecommended'],
    [350, 'largerRequired'],
  ])('capacity %d → %s', (v, c) => expect(capacityBand(v)).toBe(c));

  it('pipe sizing: five bands per size, no action in the middle, larger-recommended from 3 for DN65 and up', () => {
    expect(Object.keys(PIPE_SIZING_BOUNDS).map(Number)).toEqual([...PIPE_SIZES]);
    const [a, b, c, d] = PIPE_SIZING_BOUNDS[100];
    expect(pipeSizingClass(100, a - 0.01)).toBe('smallerRecommended');
    expect(pipeSizingClass(100, a)).toBe('smallerPossible');
    expect(pipeSizingClass(100, b)).toBe('noAction');
    expect(pipeSizingClass(100, c)).toBe('largerPossible');
    expect(pipeSizingClass(100, d)).toBe('largerRecommended');
    expect(d).toBe(3);
    for (const dn of PIPE_SIZES.filter((s) => s >= 65)) expect(PIPE_SIZING_BOUNDS[dn][3]).toBe(3);
    expect(pipeSizingClass(33, 1)).toBeNull();
  });

  it('pipe widths run 2 (DN20) to 6 (DN300), increasing with size', () => {
    expect(pipeWidth(20)).toBe(2);
    expect(pipeWidth(300)).toBe(6);
    expect(pipeWidth(150)).toBeGreaterThan(pipeWidth(100));
    expect(pipeWidth(10)).toBe(2);
    expect(pipeWidth(400)).toBe(6);
    expect(parseDn('DN125')).toBe(125);
  });

  it.each([
    [0, 0], [14.99, 0], [15, 1], [29.9, 1], [30, 2], [134.9, 8], [135, 9], [149.9, 9], [150, 10], [500, 10],
  ])('energy demand %d GJ → band %d', (gj, band) => expect(energyDemandBand(gj)).toBe(band));
  it('energy demand colours differ per band and run green to red', () => {
    expect(energyDemandBand(-1)).toBeNull();
    const lo = energyDemandColor(0)!;
    const hi = energyDemandColor(150)!;
    expect(lo[1]).toBeGreaterThan(lo[0]);
    expect(hi[0]).toBeGreaterThan(hi[1]);
    expect(energyDemandColor(15)).not.toEqual(energyDemandColor(30));
  });
});
