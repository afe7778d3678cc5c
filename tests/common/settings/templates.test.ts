// Settings templates per project type (common/settings): spec 2 §9 and spec 3 §9 defaults, every default valid
// against its own template, stored settings merged over the defaults, tabs per project type (spec 2 §2) with their
// field metadata, AP cabinets and OAPs with the spec's exact errors (spec 2 §8).
import { describe, expect, it } from 'vitest';
import {
  apCabinetFor, defaultDrawers, defaultRow, defaultSettings, effectiveSettings, fieldAt, oapTypes, PROJECT_TYPES, settingsProblems,
  settingsTabs, templateFor, templateRoot, type TableField,
} from 'common/settings/index';

const d = (typeId: number) => defaultSettings(templateFor(typeId)) as Record<string, any>;

describe('template defaults (spec 2 §9, spec 3 §9)', () => {
  it('fttx: network, trench costs, statistics, address determination, colours, clash, route defaults', () => {
    const s = d(10);
    expect(Object.keys(s)).toEqual(['network', 'recompute', 'trenchCosts', 'statistics', 'addressDetermination', 'colorCoding', 'clashDetectionSettings', 'routeAnalysis']);
    expect(s.network).toMatchObject({ ap_cost: 75000, ap_capacity: 100, dp_cost: 5000, dp_capacity: 46, dp_minimum_usage: 75, dp_physical_capacity: 48, dp_desired_average: 42, oap_cost: 15000, dp_generation_method: 'regular', network_generation_method: 'stp' });
    expect(s.network.cable_types.map((c: { fibers: number }) => c.fibers)).toEqual([12, 24, 48, 96, 144, 192, 288]);
    for (const dt of s.network.duct_types) expect(dt.capacity).toBeGreaterThanOrEqual(1), expect(dt.capacity).toBeLessThanOrEqual(24);
    expect(s.trenchCosts.default).toEqual({ cost: 85, method: '=', priority: 0, active: true });
    expect(Object.fromEntries(Object.entries(s.trenchCosts).map(([k, v]) => [k, (v as { cost: number }).cost]))).toMatchObject({
      obstruction: 1000, preference: 1, general_hindrance: 100, polluted_soil: 100, directional_drilling: 85, asphalt_sawing: 120,
      moling: 15, tree_crossing: 50, tree_drilling: 50, water_crossing: 250, klic: 3, survey: 5, backbone: 2, bridge_crossing: 100,
      building: 33.5, normal_trench: 8, other_area: 25, surface_asphalt: 120, surface_sand: 5, barrier_light: 33.5, barrier_medium: 500, barrier_heavy: 1000,
    });
    expect(s.trenchCosts.other_area.method).toBe('+');
    for (const e of Object.values(s.trenchCosts) as { priority: number }[]) expect(e.priority >= 0 && e.priority <= 7).toBe(true);
    expect(s.statistics).toMatchObject({ kerf_loss: 6, overlength_vbo: 7, overlength_dp: 10, vertical_cable_per_story: 3, gravity_loop: 0.5, gravity_loop_min_floors: 10, duplex_internal_cable: 3, tag_distance_built_up: 5, tag_distance_rural: 10, cable_reel_length: 6000, duct_reel_length: 6000 });
    expect(s.addressDetermination).toEqual({ max_vbos_per_cap: 44, floors_per_high_rise: 3 });
    expect(s.colorCoding.inner_duct_colours).toEqual(['red', 'white', 'yellow', 'blue', 'green', 'violet', 'brown', 'black', 'orange', 'turquoise', 'pink', 'grey']);
    expect(s.clashDetectionSettings.buffer).toBe(1);
    for (const r of s.clashDetectionSettings.rules) expect(r).toMatchObject({ priority: 'medium', buffer: 1 });
    expect(s.routeAnalysis).toMatchObject({ generated_pole_distance: 30, road_offset: 3 });
  });

  it('fttx AP and OAP types follow the project type', () => {
    expect(d(10).network.ap_types).toEqual(['AP-S', 'AP-M', 'AP-L']);
    expect(d(10).network.oap_types).toEqual(['OAP-S', 'OAP-M']);
    expect(d(13).network.oap_types).toEqual([]);
    expect(d(1).network.ap_types).toEqual([]);
  });

  it('heat (GHS 19, GHP 28): trench, temperatures, pipe geometry, NEN7171, DN20–DN300, carriers', () => {
    for (const id of [19, 28]) {
      const s = d(id);
      expect(Object.keys(s)).toEqual(['network', 'trenchCosts', 'clashDetectionSettings', 'routeAnalysis']);
      expect(s.network).toMatchObject({ trench_width: 0.3, exclusion_zone: 1, depth: 1, supply_temperature: 70, return_temperature: 40, pipe_depth: 800, sand_bed: 100, pipe_distance: 200, offset: 250, digging_angle: 45, preset: 'NEN7171' });
      expect(s.network.pipe_types.map((p: { name: string }) => p.name)).toEqual(['DN20', 'DN25', 'DN32', 'DN40', 'DN50', 'DN65', 'DN80', 'DN100', 'DN125', 'DN150', 'DN200', 'DN250', 'DN300']);
      expect(s.network.pipe_catalogue[0]).toMatchObject({ dnSize: 20, manufacturer: 'Generic' });
      expect(s.network.carriers).toEqual([{ name: 'heat', supplyTemperature: 70, returnTemperature: 40 }]);
    }
  });

  it('low voltage 30: trench width 0.3, transformer and cable types with capacity lists, conduit rules', () => {
    const s = d(30);
    expect(s.network.trench_width).toBe(0.3);
    expect(s.network.transformer_types[0]).toEqual({ name: '250 kVA', selected: true, power: 250, maxLoad: 100, cost: 25000 });
    expect(s.network.cable_types[0].capacity[0]).toEqual({ maxCurrent: 250, maxLength: 250 });
    expect(s.network.conduit_rules.length).toBeGreaterThan(0);
    expect(s.network.dp_capacity).toBeUndefined();
  });

  it('geotrace 29: turn radius 2 and route determination; water 2 and 31: flow and pressure limits', () => {
    expect(d(29).network.turn_radius).toBe(2);
    expect(d(29).routeDetermination.weights.road).toEqual({ weight: 1, active: true });
    for (const id of [2, 31]) expect(d(id).network).toMatchObject({ min_flow_velocity: 0.4, max_flow_velocity: 1.5, min_end_pressure: 250 });
  });

  it('every project type: its defaults pass its own template', () => {
    for (const t of PROJECT_TYPES) expect(settingsProblems(templateFor(t.id), d(t.id)), `type ${t.id}`).toEqual([]);
  });

  it('a type unknown to common/settings takes its family template; no family: an error', () => {
    expect(templateFor(99, 'low_voltage').id).toBe('lowVoltage');
    expect(() => templateFor(99)).toThrow('No settings template for project type 99');
  });
});

describe('stored settings over the template', () => {
  const t = templateFor(10);
  it('missing sections, fields, map entries and row columns get defaults; stored values win; unknown keys are dropped', () => {
    const s = effectiveSettings(t, {
      network: { dp_capacity: 45, old_field: 1, cable_types: [{ name: '12v', fibers: 12 }] },
      trenchCosts: { road: { cost: 12 }, custom_gravel: { cost: 7, method: '+' } },
      gone: { x: 1 },
    }) as Record<string, any>;
    expect(s.network.dp_capacity).toBe(45);
    expect(s.network.ap_cost).toBe(75000);
    expect(s.network.old_field).toBeUndefined();
    expect(s.gone).toBeUndefined();
    expect(s.network.cable_types).toEqual([{ name: '12v', fibers: 12, capacity: 12, selected: true, category: 'distribution', layer: 'cables' }]);
    expect(s.trenchCosts.road).toEqual({ cost: 12, method: '=', priority: 2, active: true });
    expect(s.trenchCosts.custom_gravel).toEqual({ cost: 7, method: '+', priority: 0, active: true });
    expect(s.trenchCosts.default.cost).toBe(85);
    expect(s.statistics.kerf_loss).toBe(6);
  });

  it('defaults are fresh copies', () => {
    const a = defaultSettings(t) as Record<string, any>;
    a.network.cable_types.pop();
    a.trenchCosts.default.cost = 1;
    expect((defaultSettings(t) as Record<string, any>).network.cable_types).toHaveLength(7);
    expect((defaultSettings(t) as Record<string, any>).trenchCosts.default.cost).toBe(85);
  });

  it('a new table row has every column at its default', () => {
    const f = fieldAt(templateRoot(t), ['network', 'duct_types']) as TableField;
    expect(defaultRow(f)).toEqual({ name: '', capacity: 1, diameter: 14, spare_indices: [], selected: true, category: 'distribution', layer: 'ducts' });
  });
});

describe('settings tabs per project type (spec 2 §2)', () => {
  const tabs = (id: number) => settingsTabs(id).map((t) => t.id);
  it('the spec sets', () => {
    expect(tabs(29)).toEqual(['network', 'trenchCosts', 'clashDetection', 'routeAnalysis', 'routeDetermination']);
    expect(tabs(19)).toEqual(['trenchCosts', 'clashDetection', 'routeAnalysis']);
    expect(tabs(28)).toEqual(['clashDetection', 'routeAnalysis', 'carriers']);
    expect(tabs(10)).toEqual(['trenchCosts', 'clashDetection', 'routeAnalysis']);
    expect(tabs(30)).toEqual(['network', 'trenchCosts', 'clashDetection', 'routeAnalysis', 'conduits', 'cableTypes', 'transformerTypes']);
    expect(tabs(404)).toEqual([]);
  });

  it('each tab names the fields it edits with metadata; LV network leaves the lists with own tabs out', () => {
    const lv = settingsTabs(30);
    const net = lv.find((t) => t.id === 'network')!;
    expect(net.fields.map((f) => f.path)).toEqual(['network.trench_width', 'network.exclusion_zone', 'network.cable_reel_length']);
    expect(net.fields[0].field).toMatchObject({ type: 'number', unit: 'm', min: 0, max: 10, default: 0.3 });
    const cables = lv.find((t) => t.id === 'cableTypes')!;
    expect(cables.profileTypes).toEqual(['cableTypes']);
    const f = cables.fields[0];
    expect(f.path).toBe('network.cable_types');
    expect(f.field.type).toBe('table');
    const row = (f.field as TableField).row;
    expect(row.category).toMatchObject({ type: 'enum', options: ['LowVoltageMain', 'LowVoltageCustomer'] });
    expect((row.capacity as TableField).row.maxCurrent).toMatchObject({ type: 'number', unit: 'A', min: 0 });
    const trench = settingsTabs(10).find((t) => t.id === 'trenchCosts')!.fields[0];
    expect(trench.field).toMatchObject({ type: 'map' });
    expect(settingsTabs(28).find((t) => t.id === 'carriers')!.fields.map((x) => x.path)).toEqual(['network.carriers']);
    expect(settingsTabs(29).find((t) => t.id === 'network')!.fields.map((x) => x.path)).toContain('network.turn_radius');
  });
});

describe('AP cabinets and OAPs (spec 2 §3, §8, §9)', () => {
  it('default drawers: 4 reserved, then available; names as long as the largest number', () => {
    expect(defaultDrawers(6)).toEqual([
      { name: '1', state: 'Unavailable' }, { name: '2', state: 'Unavailable' }, { name: '3', state: 'Unavailable' },
      { name: '4', state: 'Unavailable' }, { name: '5', state: 'Available' }, { name: '6', state: 'Available' },
    ]);
    expect(defaultDrawers(12).map((x) => x.name)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(defaultDrawers(100)[0].name).toBe('001');
  });

  it('looks AP types up in the catalogue of the project type', () => {
    const m = apCabinetFor(10, 'AP-M')!;
    expect(m.cabinets.map((c) => [c.name, c.side, c.row, c.drawers.length])).toEqual([['A', 'front', 1, 12], ['B', 'back', 1, 12]]);
    expect(m.cabinets[0].drawers.slice(3, 5).map((x) => x.state)).toEqual(['Unavailable', 'Available']);
    expect(apCabinetFor('fttx', 'AP-S')!.cabinets).toHaveLength(1);
    expect(apCabinetFor(10, 'nope')).toBeUndefined();
    m.cabinets[0].drawers[5].state = 'Occupied';
    expect(apCabinetFor(10, 'AP-M')!.cabinets[0].drawers[5].state).toBe('Available');
  });

  it('exact errors for project types without cabinets or OAPs', () => {
    expect(() => apCabinetFor(29, 'AP-S')).toThrow(new Error('Unable to find AP cabinet data for project type 29'));
    expect(() => apCabinetFor('geotrace', 'AP-S')).toThrow(new Error('Unable to find AP cabinet data for project type geotrace'));
    expect(() => oapTypes(13)).toThrow(new Error('OAPs not available in project type 13'));
    expect(() => oapTypes(30)).toThrow(new Error('OAPs not available in project type 30'));
    expect(oapTypes(10)).toEqual(['OAP-S', 'OAP-M']);
  });
});
