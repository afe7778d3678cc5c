// Water flow (< 0.4 red, > 1.5 orange), end pressure (≥ 250 normal, < 250 red), and the DP fill state from
// physical capacity, capacity, connections and dp_minimum_usage.
import { describe, it, expect } from 'vitest';
import { attributeNumber, endPressureClass, endPressureColor, waterFlowClass, waterFlowColor } from 'layers/styles/water';
import { dpFillState } from 'layers/styles/dp-fill';
import { COLORS } from 'layers/styles/colors';

describe('water styling', () => {
  it.each([[0.39, 'low'], [0.4, 'normal'], [1.5, 'normal'], [1.51, 'high']])('flow %d → %s', (v, c) => expect(waterFlowClass(v)).toBe(c));
  it('flow colours: below 0.4 red, above 1.5 orange', () => {
    expect(waterFlowColor(0.2)).toEqual(COLORS.red);
    expect(waterFlowColor(2)).toEqual(COLORS.orange);
    expect(waterFlowColor(1)).toEqual(COLORS.blue);
  });
  it.each([[250, 'normal'], [249.99, 'low'], [400, 'normal']])('end pressure %d → %s', (p, c) => expect(endPressureClass(p)).toBe(c));
  it('end pressure below 250 is red', () => {
    expect(endPressureColor(249)).toEqual(COLORS.red);
    expect(endPressureColor(250)).not.toEqual(COLORS.red);
  });
  it('reads values from objectInstances attribute values', () => {
    const props = { objectInstances: [{ attributeValues: [{ attributeTypeName: 'end_pressure', value: '240' }] }] };
    expect(attributeNumber(props, 'end_pressure')).toBe(240);
    expect(attributeNumber(props, 'volumetric_flow')).toBeNull();
  });
});

describe('distribution point fill state', () => {
  const dp = (connections: number) => ({ physical_capacity: 48, capacity: 46, connections });
  it.each([
    [49, 'overPhysicalCapacity'], [48, 'overCapacity'], [47, 'overCapacity'], [46, 'full'],
    [35, 'overMinimumUsage'], [34.5, 'overMinimumUsage'], [34, 'underMinimumUsage'], [0, 'underMinimumUsage'],
  ])('%d connections of 46 (physical 48) → %s', (c, state) => expect(dpFillState(dp(c))).toBe(state));
  it('minimum usage comes from dp_minimum_usage', () => {
    expect(dpFillState(dp(30), 75)).toBe('underMinimumUsage');
    expect(dpFillState(dp(30), 60)).toBe('overMinimumUsage');
  });
  it('connections may be a list; bad counts name the field', () => {
    expect(dpFillState({ physical_capacity: 2, capacity: 2, connections: ['a', 'b'] })).toBe('full');
    expect(() => dpFillState({ capacity: 'x', connections: 1 })).toThrow('dp capacity must be a number');
  });
});
