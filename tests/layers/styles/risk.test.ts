// Risk grid: classes normaal green, gemiddeld yellow, hoog orange, zeerhoog red; value bands at 70000, 200000, 500000.
import { describe, it, expect } from 'vitest';
import { riskClassColor, riskFeatureColor, riskValueClass, riskValueColor } from 'layers/styles/risk';
import { COLORS } from 'layers/styles/colors';

describe('risk grid styling', () => {
  it('named classes', () => {
    expect(riskClassColor('normaal')).toEqual(COLORS.green);
    expect(riskClassColor('gemiddeld')).toEqual(COLORS.yellow);
    expect(riskClassColor('hoog')).toEqual(COLORS.orange);
    expect(riskClassColor('zeerhoog')).toEqual(COLORS.red);
    expect(riskClassColor('other')).toBeNull();
  });
  it.each([
    [0, 'normaal'], [69999.99, 'normaal'], [70000, 'gemiddeld'], [199999, 'gemiddeld'], [200000, 'hoog'], [499999, 'hoog'],
    [500000, 'zeerhoog'], [1000000, 'zeerhoog'], [2000000, 'zeerhoog'],
  ])('value %d is %s', (v, cls) => {
    expect(riskValueClass(v)).toBe(cls);
  });
  it('negative or non-numbers have no class', () => {
    expect(riskValueClass(-1)).toBeNull();
    expect(riskValueClass(NaN)).toBeNull();
    expect(riskValueColor(-1)).toBeNull();
  });
  it('a feature uses class first, else risk (number or text)', () => {
    expect(riskFeatureColor({ class: 'hoog', risk: 1 })).toEqual(COLORS.orange);
    expect(riskFeatureColor({ risk: 70000 })).toEqual(COLORS.yellow);
    expect(riskFeatureColor({ risk: '600000' })).toEqual(COLORS.red);
    expect(riskFeatureColor({})).toBeNull();
  });
});
