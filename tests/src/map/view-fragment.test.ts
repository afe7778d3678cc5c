// Map view kept in the URL fragment as zoom;x;y.
import { describe, it, expect } from 'vitest';
import { formatViewFragment, parseViewFragment } from '../../../src/map/view-fragment';

describe('view in the URL fragment as zoom;x;y (spec 1 §2)', () => {
  it('formats zoom;x;y with coordinates at 2 decimals', () => {
    expect(formatViewFragment({ zoom: 18, x: 570000.126, y: 6815000.004 })).toBe('18;570000.13;6815000');
  });
  it('parses back, with or without #', () => {
    expect(parseViewFragment('#18;570000.13;6815000')).toEqual({ zoom: 18, x: 570000.13, y: 6815000 });
    expect(parseViewFragment('17.5;1;2')).toEqual({ zoom: 17.5, x: 1, y: 2 });
  });
  it('rejects anything else (other fragments, missing parts, zoom out of range)', () => {
    expect(parseViewFragment('#settings')).toBeNull();
    expect(parseViewFragment('18;1')).toBeNull();
    expect(parseViewFragment('18;a;2')).toBeNull();
    expect(parseViewFragment('29;1;2')).toBeNull();
    expect(parseViewFragment('')).toBeNull();
  });
});
