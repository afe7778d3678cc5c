// The phase panel's read: the project's stored phase features (type 'phase' of the fttx feature service) become the
// phases offered as the active phase, by name, ids taken from the feature's uuid.
import { describe, expect, it } from 'vitest';
import { findLayer, wfsFeatureUrl } from 'layers';
import { phasesOf } from '../../../src/api/endpoints/phases';

describe('project phases', () => {
  it('reads id, name and status from the features, sorted by name; features without an id are left out', () => {
    const list = phasesOf({ features: [
      { id: 'f2', properties: { uuid: 'b', name: 'Phase 2', status: 'scheduled' } },
      { properties: { uuid: 'a', name: 'Phase 1', status: null } },
      { properties: { name: 'no id' } },
    ] });
    expect(list).toEqual([{ id: 'a', name: 'Phase 1', status: null }, { id: 'b', name: 'Phase 2', status: 'scheduled' }]);
  });
  it('asks the project WFS for the phase type of this project', () => {
    const url = decodeURIComponent(wfsFeatureUrl(findLayer('phases')!, { projectId: 7, product: 'fttx', extent: [0, 0, 1, 1] }));
    expect(url).toMatch(/^\/api\/project\/7\/geoserver\/fttx\/ows\?/);
    expect(url).toContain("project_id=7 AND type='phase'");
  });
});
