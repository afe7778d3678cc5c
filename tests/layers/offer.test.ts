// Layers offered by project type and organisation; the street-level surface-type layer only with coverage permission;
// the aerial street-level layer only with an atlas address; never a layer the organisation's layer offer hides.
import { describe, it, expect } from 'vitest';
import { offeredLayers, isOffered } from 'layers/offer';
import { CATALOGUE, getLayer } from 'layers/catalogue';

const names = (pt: number, extra: Partial<Parameters<typeof offeredLayers>[1]> = {}) =>
  new Set(offeredLayers(CATALOGUE, { projectTypeId: pt, ...extra }).map((e) => e.name));

describe('layers offered', () => {
  it('by project type: fibre project gets fibre layers, not heat/water; heat gets heat', () => {
    const fttx = names(10);
    expect(fttx.has('dp')).toBe(true);
    expect(fttx.has('heatPipes')).toBe(false);
    expect(fttx.has('waterValves')).toBe(false);
    expect(fttx.has('brtAchtergrondkaart')).toBe(true);
    const heat = names(28);
    expect(heat.has('heatPipes')).toBe(true);
    expect(heat.has('dp')).toBe(false);
    expect(names(31).has('waterValves')).toBe(true);
    expect(names(30).has('lvMsr')).toBe(true);
    expect(names(29).has('geotraceNetwork')).toBe(true);
    expect(names(10).has('fdp')).toBe(false);
    expect(names(21).has('fdp')).toBe(true);
  });
  it('by organisation: organisation-bound layers only for that organisation', () => {
    const e = getLayer('netbeheerderOpenData');
    expect(e.organisations.length).toBeGreaterThan(0);
    expect(isOffered(e, { projectTypeId: 10, organisationId: e.organisations[0] })).toBe(true);
    expect(isOffered(e, { projectTypeId: 10, organisationId: 999 })).toBe(false);
    expect(isOffered(e, { projectTypeId: 10 })).toBe(false);
  });
  it('street-level surface types only with coverage permission', () => {
    expect(names(10).has('streetLevelSurfaceTypes')).toBe(false);
    expect(names(10, { permissions: new Set(['cyclomedia.coverage']) }).has('streetLevelSurfaceTypes')).toBe(true);
  });
  it('aerial street-level layer only when the session carries an atlas address', () => {
    expect(names(10).has('streetLevelAerial')).toBe(false);
    expect(names(10, { hasAtlasAddress: true }).has('streetLevelAerial')).toBe(true);
  });
  it("a layer the organisation's layer offer hides is not offered; the others still are", () => {
    const all = names(10);
    expect(all.has('dp')).toBe(true);
    expect(all.has('brtAchtergrondkaart')).toBe(true);
    const offered = names(10, { hidden: new Set(['dp', 'streetLevelSurfaceTypes']), permissions: new Set(['cyclomedia.coverage']) });
    expect(offered.has('dp')).toBe(false);
    // hiding wins over the permission that would offer it
    expect(offered.has('streetLevelSurfaceTypes')).toBe(false);
    expect(offered.has('brtAchtergrondkaart')).toBe(true);
    expect(offered.size).toBe(all.size - 1);
    expect(isOffered(getLayer('dp'), { projectTypeId: 10, hidden: new Set(['dp']) })).toBe(false);
  });
  it('a project type is required', () => {
    expect(() => isOffered(getLayer('dp'), { projectTypeId: undefined as never })).toThrow('projectTypeId is required');
  });
});
