// The CQL subset of the project WFS (server/geoserver/cql.ts): what the layers send (project_id, type = / IN, BBOX,
// joined by AND) parses into values; anything else is refused with an error naming cql_filter and the position.
import { describe, expect, it } from 'vitest';
import { parseCql } from '../../server/geoserver/cql';
import { OwsError } from '../../server/geoserver/ows-error';

const refused = (src: string, text: RegExp) => {
  let err: unknown;
  try { parseCql(src); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(OwsError);
  expect((err as OwsError).locator).toBe('cql_filter');
  expect((err as OwsError).message).toMatch(text);
};

describe('parseCql', () => {
  it('reads the layer filter: project_id plus a type or a type list plus a bbox', () => {
    expect(parseCql(`project_id=12 AND type='pop'`)).toEqual({ projectIds: [12], types: [['pop']], bboxes: [] });
    expect(parseCql(`project_id = 3 and type IN ('a', 'b''c') AND BBOX(geometry, -1.5, 2, 3e2, 4.25, 'EPSG:4326')`)).toEqual({
      projectIds: [3], types: [['a', "b'c"]], bboxes: [{ minx: -1.5, miny: 2, maxx: 300, maxy: 4.25, crs: 'EPSG:4326' }],
    });
    expect(parseCql('(INCLUDE) AND (BBOX(the_geom,0,0,1,1))')).toEqual({ projectIds: [], types: [], bboxes: [{ minx: 0, miny: 0, maxx: 1, maxy: 1 }] });
  });

  it('keeps quotes inside strings as data', () => {
    expect(parseCql(`type='x'' OR ''1''=''1'`).types).toEqual([["x' OR '1'='1"]]);
  });

  it('refuses OR, other fields, functions, statements and malformed values', () => {
    refused(`type='a' OR type='b'`, /expected AND or the end of the filter but found 'OR/);
    refused(`name='a'`, /expected project_id, type, BBOX or INCLUDE but found 'name='a''/);
    refused('project_id=1; DROP TABLE feature', /unexpected character ';' at position 12/);
    refused('project_id=1.5', /an integer project id/);
    refused(`type='open`, /unterminated string starting at position 5/);
    refused('BBOX(geometry,1,2,3)', /expected ','/);
    refused('BBOX(geometry,3,0,1,1)', /minimum is greater than its maximum/);
    refused('BBOX(other,0,0,1,1)', /geometry property name/);
    refused('', /expected a condition/);
    refused('x'.repeat(9000), /longer than 8000 characters/);
  });
});
