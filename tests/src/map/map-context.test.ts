// Map-view context of a workflow step: the spec's named contexts where the state names one, else the family's view.
import { describe, it, expect } from 'vitest';
import { MAP_CONTEXTS } from 'layers';
import { mapContextFor } from '../../../src/map/map-context';

describe('map-view context of a workflow step', () => {
  it('fibre steps use the named contexts trenches, access_net and distribution_net', () => {
    expect(mapContextFor(10, 'trenches')).toBe('trenches');
    expect(mapContextFor(10, 'access_net')).toBe('access_net');
    expect(mapContextFor(10, 'distribution_net')).toBe('distribution_net');
    expect(mapContextFor(10, 'addresses')).toBe('cap');
    expect(mapContextFor(10, 'project_area')).toBe('trenches');
    expect(mapContextFor(10)).toBe('trenches');
  });
  it('heat, geotrace and capex use their ghs/ghp/geotrace/capex contexts', () => {
    expect(mapContextFor(19, 'pipes')).toBe('ghsPipe');
    expect(mapContextFor(19, 'trenches')).toBe('ghsTrench');
    expect(mapContextFor(17, 'demand')).toBe('ghsCap');
    expect(mapContextFor(28, 'pipes')).toBe('ghpNetwork');
    expect(mapContextFor(29)).toBe('geotraceNetwork');
    expect(mapContextFor(18)).toBe('capex_uploads');
    for (const c of [mapContextFor(19, 'x'), mapContextFor(28), mapContextFor(29), mapContextFor(18)]) expect(MAP_CONTEXTS).toContain(c);
  });
  it('water and low voltage (no named context in the spec) get their own', () => {
    expect(mapContextFor(2)).toBe('water');
    expect(mapContextFor(31)).toBe('water');
    expect(mapContextFor(30)).toBe('low_voltage');
  });
});
