// Material catalogues (issue 16): the same rules as the settings tables they feed (settings validator messages naming
// row and column), composite keys where a table has no name column, and withCatalogue making an organisation's rows
// the defaults of those tables and its AP/OAP models the AP type choices, leaving unchanged catalogues alone.
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_KINDS, catalogueDefs, catalogueProblems, catalogueRows, completeRows, withCatalogue, withoutCatalogueModels,
} from '../../../common/materials/catalogues';
import { DEFAULT_LV_CABLE_TYPES, defaultSettings, settingsProblems, templateFor } from '../../../common/settings/index';
import { catalogueFilter } from '../../../src/materials/catalogue-attributes';

describe('catalogue rules', () => {
  it('every catalogue starts from valid default rows', () => {
    for (const k of CATALOGUE_KINDS) expect(catalogueProblems(k, catalogueDefs()[k].field.default), k).toEqual([]);
  });
  it('names required and unique, numbers in range, enums from their options, at least one row', () => {
    expect(catalogueProblems('transformer_types', [{ name: 'a', power: -1 }])[0].message).toBe('transformer_types[0].power must be a number ≥ 0');
    expect(catalogueProblems('duct_types', [{ name: 'a' }, { name: 'a' }])[0].message).toBe("duct_types[1].name repeats 'a'");
    expect(catalogueProblems('cable_types', [{ name: 'x', fibers: 13 }])[0].message).toMatch(/^cable_types\[0\]\.fibers must be one of 12, 24/);
    expect(catalogueProblems('ap_cabinets', [{ name: 'AP', kind: 'BIG' }])[0].message).toBe('ap_cabinets[0].kind must be one of AP, OAP');
    expect(catalogueProblems('lv_cable_types', [])[0].message).toBe('lv_cable_types must have at least one row');
  });
  it('the district-heating catalogue has no name: manufacturer + series + DN + system must differ', () => {
    const row = { manufacturer: 'M', series: 'S', dnSize: 20 };
    expect(catalogueProblems('dh_pipe_catalogue', [row, { ...row, system: 'twin' }])).toEqual([]);
    expect(catalogueProblems('dh_pipe_catalogue', [row, row])[0].path).toBe('dh_pipe_catalogue[1]');
  });
  it('rows are completed with the column defaults', () => {
    expect(completeRows('transformer_types', [{ name: 'x' }])).toEqual([{ name: 'x', selected: true, power: 400, maxLoad: 100, cost: 0 }]);
  });
});

describe('withCatalogue', () => {
  const cable = { name: '4x240 Al', category: 'LowVoltageMain', selected: true, cost: 52, capacity: [] };
  it("an organisation's rows become the defaults of the tables the catalogue feeds", () => {
    const t = withCatalogue(templateFor(30), { lv_cable_types: [cable] });
    expect((defaultSettings(t).network as { cable_types: unknown[] }).cable_types).toEqual([cable]);
    // the template itself is not changed
    expect((defaultSettings(templateFor(30)).network as { cable_types: unknown[] }).cable_types).toEqual(DEFAULT_LV_CABLE_TYPES);
    // a fibre template is not fed by the LV catalogue
    expect(withCatalogue(templateFor(10), { lv_cable_types: [cable] })).toBe(templateFor(10));
  });
  it('AP cabinet models are the choices of network.ap_types / oap_types', () => {
    const cat = { ap_cabinets: [{ name: 'AP-XL', kind: 'AP' }, { name: 'OAP-X', kind: 'OAP' }] };
    const t = withCatalogue(templateFor(10), cat);
    expect((defaultSettings(t).network as { ap_types: string[]; oap_types: string[] })).toMatchObject({ ap_types: ['AP-XL'], oap_types: ['OAP-X'] });
    expect(settingsProblems(t, { network: { ap_types: ['AP-S'] } })[0].message).toBe('network.ap_types[0] must be one of AP-XL');
    expect(withoutCatalogueModels({ network: { ap_types: ['AP-XL', 'AP-S'] } }, cat)).toEqual({ network: { ap_types: ['AP-S'] } });
  });
  it('attribute editors offer the selected names of a changed catalogue, else the allowed values', () => {
    const type = { name: 'duct_type', type: 'List' } as never;
    const rows = completeRows('duct_types', [{ name: 'a' }, { name: 'b', selected: false }]);
    expect(catalogueFilter({ duct_types: rows })(type, ['x'], { objectTypeId: 1, values: {} })).toEqual(['a']);
    expect(catalogueFilter({})(type, ['x'], { objectTypeId: 1, values: {} })).toEqual(['x']);
    expect(catalogueRows('duct_types', {}).length).toBe(catalogueDefs().duct_types.field.default.length);
  });
});
