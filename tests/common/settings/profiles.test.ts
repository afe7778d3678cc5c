// Settings profiles (common/settings/profiles.ts): which profile types apply to which project types (from the
// settings tabs), a profile's settings checked against its part of the template, applying profiles onto settings,
// and which applied profiles changed since (spec 2 §3, §4).
import { describe, expect, it } from 'vitest';
import { applyProfiles, profileProblems, profilesToRefresh, profileTypesFor, projectTypesFor } from 'common/settings/index';

describe('profile types per project type', () => {
  it('follow the tabs, mainProfile everywhere', () => {
    expect(profileTypesFor(10)).toEqual(['trenchProfile', 'clashDetection', 'routeAnalysis', 'mainProfile']);
    expect(profileTypesFor(19)).toEqual(['trenchProfile', 'clashDetection', 'routeAnalysis', 'mainProfile']);
    expect(profileTypesFor(28)).toEqual(['clashDetection', 'routeAnalysis', 'carriers', 'mainProfile']);
    expect(profileTypesFor(29)).toEqual(['trenchProfile', 'weights', 'clashDetection', 'routeAnalysis', 'routeDetermination', 'mainProfile']);
    expect(profileTypesFor(30)).toEqual(['trenchProfile', 'cableTypes', 'transformerTypes', 'clashDetection', 'routeAnalysis', 'conduits', 'mainProfile']);
    expect(profileTypesFor(404)).toEqual([]);
    expect(projectTypesFor('carriers')).toEqual([28]);
    expect(projectTypesFor('weights')).toEqual([29]);
    expect(projectTypesFor('transformerTypes')).toEqual([30]);
  });
});

describe('profile settings against the template part', () => {
  it('accepts the part, names a wrong field, refuses other parts', () => {
    expect(profileProblems('trenchProfile', { trenchCosts: { road: { cost: 15 } } }, 10)).toEqual([]);
    expect(profileProblems('trenchProfile', { trenchCosts: { road: { cost: -1 } } }, 10)).toEqual([{ path: 'trenchCosts.road.cost', message: 'trenchCosts.road.cost must be a number ≥ 0' }]);
    expect(profileProblems('trenchProfile', { network: { dp_capacity: 40 } }, 10).map((p) => p.path)).toEqual(['network']);
    expect(profileProblems('cableTypes', { network: { cable_types: [{ name: 'x', cost: 'a' }] } }, 30)).toEqual([{ path: 'network.cable_types[0].cost', message: 'network.cable_types[0].cost must be a number ≥ 0' }]);
    expect(profileProblems('cableTypes', { network: { transformer_types: [] } }, 30).map((p) => p.message)).toEqual(['network.transformer_types is not a known setting']);
    expect(profileProblems('carriers', { network: { carriers: [{ name: 'h', supplyTemperature: 300 }] } }, 28)[0].path).toBe('network.carriers[0].supplyTemperature');
    expect(profileProblems('weights', { routeDetermination: { weights: { road: { weight: -1 } } } }, 29)[0].path).toBe('routeDetermination.weights.road.weight');
    expect(profileProblems('mainProfile', { network: { dp_capacity: 0 } }, 10)[0].message).toBe('network.dp_capacity must be an integer ≥ 1');
    expect(profileProblems('mainProfile', { network: { dp_capacity: 50 } }, 10)[0].message).toContain('must not exceed');
  });

  it('a profile type must apply to its project type', () => {
    expect(profileProblems('carriers', {}, 10)).toEqual([{ path: 'type', message: 'profile type carriers does not apply to project type 10' }]);
    expect(profileProblems('cableTypes', { network: { cable_types: [] } }, 10)[0].path).toBe('type');
  });

  it('without project type: valid for some project type it applies to', () => {
    expect(profileProblems('mainProfile', { network: { transformer_types: [] } }, null)).toEqual([]);
    expect(profileProblems('mainProfile', { network: { dp_capacity: 46 } }, null)).toEqual([]);
    expect(profileProblems('trenchProfile', { trenchCosts: { road: { method: 'x' } } }, null)[0].path).toBe('trenchCosts.road.method');
  });
});

describe('applying profiles', () => {
  it('overwrites the parts, main profile first, leaves the rest and the input alone', () => {
    const stored = { network: { dp_capacity: 40, cable_types: [{ name: 'a' }] }, trenchCosts: { road: { cost: 1 }, moling: { cost: 2 } } };
    const out = applyProfiles(stored, [
      { type: 'trenchProfile', settings: { trenchCosts: { road: { cost: 30 } } } },
      { type: 'mainProfile', settings: { trenchCosts: { road: { cost: 99 } }, statistics: { kerf_loss: 4 } } },
      { type: 'cableTypes', settings: { network: { cable_types: [{ name: 'b' }] } } },
    ]);
    expect(out).toEqual({ network: { dp_capacity: 40, cable_types: [{ name: 'b' }] }, trenchCosts: { road: { cost: 30 } }, statistics: { kerf_loss: 4 } });
    expect(stored.trenchCosts.moling.cost).toBe(2);
    expect(applyProfiles({}, [{ type: 'weights', settings: { routeDetermination: { weights: { road: { weight: 2 } } } } }]))
      .toEqual({ routeDetermination: { weights: { road: { weight: 2 } } } });
  });
});

describe('profiles changed after they were applied', () => {
  const profiles = [{ uuid: 'a', updated_at: '2026-03-02T00:00:00.000Z' }, { uuid: 'b', updated_at: '2026-03-01T00:00:00.000Z' }, { uuid: 'c', updated_at: '2026-03-05T00:00:00.000Z' }];
  const applied = { a: '2026-03-01T00:00:00.000Z', b: '2026-03-01T00:00:00.000Z' };
  it('updated_at > applied_at, never applied ones not, minus those older than the ignore timestamp', () => {
    expect(profilesToRefresh(profiles, applied)).toEqual(['a']);
    expect(profilesToRefresh(profiles, applied, '2026-03-03T00:00:00.000Z')).toEqual([]);
    expect(profilesToRefresh(profiles, applied, '2026-03-01T12:00:00.000Z')).toEqual(['a']);
    expect(profilesToRefresh(profiles, { ...applied, c: '2026-03-04T00:00:00.000Z' }, null)).toEqual(['a', 'c']);
  });
});
