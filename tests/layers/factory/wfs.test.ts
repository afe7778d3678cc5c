// WFS GetFeature addresses of vector entries (spec 3 §7 first row): project layers read
// /api/project/{id}/geoserver/{product}/ows with typename, srsName EPSG:3857, JSON and a cql_filter of project_id,
// type filter and BBOX; other WFS sources get a bbox parameter; bad input names the layer and field.
import { describe, it, expect } from 'vitest';
import { bboxCql, wfsFeatureUrl } from 'layers/factory';
import { getLayer } from 'layers/catalogue';

const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('WFS feature request', () => {
  it('project layer: typename, srsName, outputFormat and cql_filter with project_id, type and bbox', () => {
    const url = wfsFeatureUrl(getLayer('pointsOfInterest'), { projectId: 7, product: 'fttx', extent: [100.123, 200, 300.456, 400.001] });
    expect(url.startsWith('/api/project/7/geoserver/fttx/ows?')).toBe(true);
    expect(params(url)).toEqual({
      service: 'WFS', request: 'GetFeature', typename: 'fttx_feature', srsName: 'EPSG:3857', outputFormat: 'application/json',
      cql_filter: "project_id=7 AND type='poi' AND BBOX(geometry,100.12,200,300.46,400,'EPSG:3857')",
    });
  });

  it('a layer of several types uses type IN, a layer without types only project_id and bbox', () => {
    expect(params(wfsFeatureUrl(getLayer('geotracePoints'), { projectId: 3, extent: [0, 0, 1, 1] })).cql_filter)
      .toBe("project_id=3 AND type IN ('a_side','z_side') AND BBOX(geometry,0,0,1,1,'EPSG:3857')");
    const notes = wfsFeatureUrl(getLayer('notes'), { projectId: 3, extent: [0, 0, 1, 1] });
    expect(params(notes)).toMatchObject({ typename: 'note', cql_filter: "project_id=3 AND BBOX(geometry,0,0,1,1,'EPSG:3857')" });
  });

  it('heat layers use their product', () => {
    expect(wfsFeatureUrl(getLayer('heatPipes'), { projectId: 9, product: 'ghs', extent: [0, 0, 1, 1] })).toMatch(/^\/api\/project\/9\/geoserver\/ghs\/ows\?/);
  });

  it('other WFS sources get the bbox parameter', () => {
    const url = wfsFeatureUrl(getLayer('trees'), { extent: [1, 2, 3, 4] });
    expect(url.startsWith('/api/geodata?')).toBe(true);
    expect(params(url)).toMatchObject({ version: '1.1.0', typename: 'trees_neo', bbox: '1,2,3,4,EPSG:3857' });
    expect(params(url).cql_filter).toBeUndefined();
  });

  it('refuses a project layer without project, a bad extent, a non-WFS entry', () => {
    expect(() => wfsFeatureUrl(getLayer('pop'), { extent: [0, 0, 1, 1] })).toThrow('layer pop: projectId is required');
    expect(() => wfsFeatureUrl(getLayer('pop'), { projectId: 1, extent: [0, 0, Number.NaN, 1] })).toThrow('layer pop: extent must be');
    expect(() => wfsFeatureUrl(getLayer('pop'), { projectId: 1, extent: [5, 0, 1, 1] })).toThrow('extent must be');
    expect(() => wfsFeatureUrl(getLayer('brtAchtergrondkaart'), { extent: [0, 0, 1, 1] })).toThrow('source must be wfs');
  });

  it('bbox term', () => {
    expect(bboxCql([-1.005, 2, 3, 4])).toBe("BBOX(geometry,-1,2,3,4,'EPSG:3857')");
  });
});
