// Inner-duct colours (12), 60-colour area palette, note defaults (size 7, yellow, font 12, opacity 1), labels cut at 25
// characters with an ellipsis, Ja/Nee, 2-decimal numbers, dimensioning labels from 0.2 m, high-rise labels.
import { describe, it, expect } from 'vitest';
import { AREA_PALETTE, areaColor, innerDuctColor, INNER_DUCT_COLOR_NAMES, COLORS } from 'layers/styles/colors';
import { NOTE_STYLE_DEFAULTS, noteStyle } from 'layers/styles/note';
import { cutLabel, dimensionLabel, featureLabel, formatNumber, jaNee, displayValue } from 'layers/styles/format';

describe('palettes', () => {
  it('12 inner-duct colours in order, cycling after 12', () => {
    expect([...INNER_DUCT_COLOR_NAMES]).toEqual(['red', 'white', 'yellow', 'blue', 'green', 'violet', 'brown', 'black', 'orange', 'turquoise', 'pink', 'grey']);
    expect(innerDuctColor(1).name).toBe('red');
    expect(innerDuctColor(12).name).toBe('grey');
    expect(innerDuctColor(13).name).toBe('red');
    expect(() => innerDuctColor(0)).toThrow('innerDuct index');
  });
  it('60 distinct area colours, cycled', () => {
    expect(AREA_PALETTE).toHaveLength(60);
    expect(new Set(AREA_PALETTE.map((c) => c.join())).size).toBe(60);
    expect(areaColor(60)).toEqual(areaColor(0));
    expect(areaColor(61)).toEqual(areaColor(1));
    expect(areaColor(-1)).toEqual(areaColor(59));
  });
});

describe('note style', () => {
  it('defaults: size 7, yellow, label font 12, opacity 1', () => {
    expect(NOTE_STYLE_DEFAULTS).toMatchObject({ size: 7, color: COLORS.yellow, labelFontSize: 12, opacity: 1 });
    expect(noteStyle({}, 'point')).toMatchObject({ size: 7, labelFontSize: 12, opacity: 1 });
  });
  it('per-note overrides', () => {
    const s = noteStyle({ size: 10, color: '#ff0000', opacity: '0.5', labelPosition: 'NW', labelOrientation: 'alongside_above' }, 'line');
    expect(s).toMatchObject({ size: 10, color: [255, 0, 0, 255], opacity: 0.5, labelPosition: 'NW', labelOrientation: 'alongside_above' });
  });
  it('unsupported geometry', () => {
    expect(() => noteStyle({}, 'circle')).toThrow('Unsupported geometry type.');
  });
});

describe('label and value formatting', () => {
  it('labels are cut at 25 characters with an ellipsis', () => {
    const s25 = 'a'.repeat(25);
    expect(cutLabel(s25)).toBe(s25);
    expect(cutLabel(s25 + 'b')).toBe(s25 + '…');
    expect(cutLabel('short')).toBe('short');
  });
  it('Ja/Nee', () => {
    expect(jaNee(true)).toBe('Ja');
    expect(jaNee(false)).toBe('Nee');
    expect(displayValue(true)).toBe('Ja');
    // network attribute values are text: a Boolean attribute reads 'true' / 'false'
    expect(displayValue('true')).toBe('Ja');
    expect(displayValue('false')).toBe('Nee');
    expect(displayValue('trueish')).toBe('trueish');
    expect(displayValue(null)).toBe('');
    expect(displayValue('b'.repeat(30))).toBe('b'.repeat(25) + '…');
  });
  it('numbers with 2 decimals when fractional', () => {
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(3.14159)).toBe('3.14');
    expect(formatNumber(0.5)).toBe('0.50');
  });
  it('dimensioning labels only for segments of 0.2 m or longer', () => {
    expect(dimensionLabel(0.19999)).toBeNull();
    expect(dimensionLabel(0.2)).toBe('0.20 m');
    expect(dimensionLabel(12.345)).toBe('12.35 m');
  });
  it('high-rise customer connections are labelled by building_name', () => {
    expect(featureLabel({ name: 'CAP-1', building_type: 'highRise', building_name: 'De Toren' }, 'name')).toBe('De Toren');
    expect(featureLabel({ name: 'CAP-1', building_type: 'lowRise', building_name: 'X' }, 'name')).toBe('CAP-1');
    expect(featureLabel({ cable_type: { name: '48v' } }, 'cable_type.name')).toBe('48v');
    expect(featureLabel({ properties: '{"a":1}' }, 'properties.a')).toBe('1');
    expect(featureLabel({}, 'name')).toBeNull();
    expect(featureLabel({ reserved: 'false' }, 'reserved')).toBe('Nee');
    // no field (a network layer labelling by display name): only a high-rise building name
    expect(featureLabel({ name: 'CAP-1' })).toBeNull();
    expect(featureLabel({ building_type: 'highRise', building_name: 'De Toren' })).toBe('De Toren');
  });
});
