// Instance filters of derived network layers (spec 3 §2 legend catalogue: trenches reserved, by drilling type, by
// coverage type; OAP and AP; FDP and DP): boundary values of each kind of test, and the schema check of filters.
import { describe, it, expect } from 'vitest';
import { CATALOGUE, getLayer, layerDraws, matchesFilter, validateCatalogue, validateEntry } from 'layers';

describe('instance filters', () => {
  it('values: booleans and their texts in any case match; other values, blanks and missing do not', () => {
    const f = getLayer('trenchesReserved').filter!;
    for (const v of [true, 'true', 'TRUE', ' True ']) expect(matchesFilter(f, 'trench', { reserved: v }), String(v)).toBe(true);
    for (const v of [false, 'false', '', null, undefined, 'yes', 1]) expect(matchesFilter(f, 'trench', { reserved: v }), String(v)).toBe(false);
    expect(matchesFilter(f, 'trench', {})).toBe(false);
  });

  it('present: any non-blank value; the test applies only to the listed object types', () => {
    const f = getLayer('trenchesDrillingType').filter!;
    expect(matchesFilter(f, 'trench', { drilling_type: 'pressing' })).toBe(true);
    expect(matchesFilter(f, 'trench', { drilling_type: 'not_applicable' })).toBe(true);
    for (const v of ['', '   ', null, undefined]) expect(matchesFilter(f, 'trench', { drilling_type: v })).toBe(false);
    // a drilling is drawn by the drilling-type layer whatever its attributes
    expect(matchesFilter(f, 'drilling', {})).toBe(true);
    const cov = getLayer('trenchesCoverageType').filter!;
    expect(matchesFilter(cov, 'trench', { coverage_type: 'asphalt' })).toBe(true);
    expect(matchesFilter(cov, 'trench', { coverage_type: ' ' })).toBe(false);
  });

  it('prefix (case-insensitive) and its negation split access points into OAP and AP, spliceboxes into FDP and DP', () => {
    const ap = getLayer('ap'), oap = getLayer('oap'), dp = getLayer('dp'), fdp = getLayer('fdp');
    const draws = (e: typeof ap, type: string | null, name?: string) => layerDraws(e, type, () => (name === undefined ? {} : { name }));
    expect([draws(ap, 'access_point', 'OAP-1'), draws(oap, 'access_point', 'OAP-1')]).toEqual([false, true]);
    expect([draws(ap, 'access_point', 'oap 2'), draws(oap, 'access_point', 'oap 2')]).toEqual([false, true]);
    expect([draws(ap, 'access_point', 'AP Utrecht'), draws(oap, 'access_point', 'AP Utrecht')]).toEqual([true, false]);
    expect([draws(ap, 'access_point', 'XOAP'), draws(oap, 'access_point', 'XOAP')]).toEqual([true, false]);
    expect([draws(ap, 'access_point'), draws(oap, 'access_point')]).toEqual([true, false]);
    expect([draws(dp, 'splicebox', 'FDP-01'), draws(fdp, 'splicebox', 'FDP-01')]).toEqual([false, true]);
    expect([draws(dp, 'splicebox', 'DP-001'), draws(fdp, 'splicebox', 'DP-001')]).toEqual([true, false]);
    // the DP test only concerns spliceboxes: an enclosure is a DP whatever its name
    expect(draws(dp, 'enclosure', 'FDP-9')).toBe(true);
    expect(draws(dp, 'trench', 'DP-1')).toBe(false);
    expect(draws(dp, null, 'DP-1')).toBe(false);
  });

  it('schema: the catalogue filters are valid; a bad filter names the layer and the field', () => {
    expect(validateCatalogue(CATALOGUE)).toEqual([]);
    const base = getLayer('trenchesReserved');
    expect(validateEntry({ ...base, filter: { field: 'reserved' } })).toEqual(['layer trenchesReserved: filter.values exactly one of values, present or prefix is required']);
    expect(validateEntry({ ...base, filter: { field: 'reserved', values: [] } })).toEqual(['layer trenchesReserved: filter.values must be a non-empty list of texts']);
    expect(validateEntry({ ...base, filter: { field: 'reserved', present: true, types: ['duct'] } })).toEqual(["layer trenchesReserved: filter.types must be among the layer's objectTypes"]);
    expect(validateEntry({ ...getLayer('pop'), filter: { field: 'x', present: true } })).toEqual(['layer pop: filter.field is only for network layers']);
  });
});
