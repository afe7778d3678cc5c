// Project settings templates (spec 2 §3), one per template id — fttx, heat (GHS/GHP), low voltage, geotrace, water —
// with the sections network, recompute, trenchCosts, statistics, addressDetermination, colorCoding,
// clashDetectionSettings, routeAnalysis (and geotrace's routeDetermination). `templateFor(projectTypeId)` gives the
// template of a project type (defaults and checks depend on its AP cabinet and OAP catalogue);
// `defaultSettings` and `effectiveSettings` build the settings a project reads.
import { apTypeNames, oapTypes } from './cabinets';
import {
  ACCESS_NET_TYPES, ADDRESS_DETERMINATION_DEFAULTS, DEFAULT_EXCLUSION_ZONE, DEFAULT_TRENCH_WIDTH, DP_GENERATION_METHODS,
  FTTX_NETWORK_DEFAULTS as N, GEOTRACE_TURN_RADIUS, HEAT_DEFAULTS as H, HEAT_PRESETS, INNER_DUCT_COLOURS, LV_TRENCH_WIDTH,
  NETWORK_GENERATION_METHODS, RECOMPUTE_METHODS, REEL_LENGTH, ROUTE_DEFAULTS, ROUTE_STRATEGIES, STATISTICS_DEFAULTS as S,
  TRACE_TYPES, TRENCH_ANGLE, WATER_DEFAULTS,
} from './constants';
import { bool, defaultsOf, entries, group, int, list, mergeOver, num, oneOf, table, text, type GroupField, type MapField, type Settings } from './fields';
import {
  analysisRule, cableType, carrier, clashDetectionSettings, conduitRule, DEFAULT_ANALYSIS_RULES, DEFAULT_CABLE_TYPES,
  DEFAULT_CARRIERS, DEFAULT_DH_PIPE_CATALOGUE, DEFAULT_DUCT_TYPES, DEFAULT_HEAT_PIPE_TYPES, DEFAULT_LV_CABLE_TYPES,
  DEFAULT_LV_CONDUIT_RULES, DEFAULT_TRANSFORMER_TYPES, dhPipe, dpCapacityThreshold, ductType, heatPipeType, lvCableType,
  transformerType, trenchCosts,
} from './parts';
import { projectTypeInfo, TEMPLATE_BY_FAMILY, type ProjectTypeInfo, type TemplateId } from './project-types';
import type { SettingsProblem } from './validate';

export type SectionName = 'network' | 'recompute' | 'trenchCosts' | 'statistics' | 'addressDetermination' | 'colorCoding'
  | 'clashDetectionSettings' | 'routeAnalysis' | 'routeDetermination';

export interface SettingsTemplate {
  id: TemplateId;
  /** The project type the template was made for (its AP and OAP types), when made by templateFor. */
  projectTypeId?: number;
  fields: Partial<Record<SectionName, GroupField | MapField>>;
  checks: readonly ((merged: Settings) => SettingsProblem | undefined)[];
}

const m = (unit: 'm' | 'mm' = 'm') => ({ min: 0, unit });
const routeAnalysis = (extra: Record<string, ReturnType<typeof num>> = {}) => group({
  buffer: num(DEFAULT_EXCLUSION_ZONE, m()),
  rules: table(analysisRule, DEFAULT_ANALYSIS_RULES, { key: 'name' }),
  generated_pole_distance: num(ROUTE_DEFAULTS.generated_pole_distance, { min: 1, unit: 'm' }),
  road_offset: num(ROUTE_DEFAULTS.road_offset, m()),
  ...extra,
});
const shared = { trenchCosts, clashDetectionSettings };

function fttxNetwork(apTypes: string[], oaps: string[] | undefined): GroupField {
  return group({
    access_net_type: oneOf(ACCESS_NET_TYPES, 'Dac'),
    ap_cost: num(N.ap_cost, { min: 0, unit: '€' }), ap_capacity: int(N.ap_capacity, { min: 1 }),
    ap_types: list(oneOf(apTypes, null), apTypes, { unique: true, maxItems: 50 }),
    dp_cost: num(N.dp_cost, { min: 0, unit: '€' }), dp_capacity: int(N.dp_capacity, { min: 1 }),
    dp_minimum_usage: num(N.dp_minimum_usage, { min: 0, max: 100, unit: '%' }),
    dp_physical_capacity: int(N.dp_physical_capacity, { min: 1 }), dp_desired_average: num(N.dp_desired_average, { min: 0 }),
    dp_generation_method: oneOf(DP_GENERATION_METHODS, 'regular'), keep_bridges: bool(false),
    network_generation_method: oneOf(NETWORK_GENERATION_METHODS, 'stp'), decrease_dp_capacity: bool(false),
    dp_capacity_thresholds: table(dpCapacityThreshold, [], { maxItems: 50 }),
    duct_types: table(ductType, DEFAULT_DUCT_TYPES, { key: 'name', maxItems: 200 }),
    cable_types: table(cableType, DEFAULT_CABLE_TYPES, { key: 'name', maxItems: 200 }),
    multi_fu_duct_extension: num(0, m()), distribution_cable_rejuvenation: bool(false),
    conduit_rules: table(conduitRule, [], { key: 'name', maxItems: 200 }), cascade_dps: bool(false),
    use_existing_oaps: bool(false), oap_cost: num(N.oap_cost, { min: 0, unit: '€' }),
    oap_types: list(oneOf(oaps ?? [], null), oaps ?? [], { unique: true, maxItems: 50 }),
    subcontractor_id: int(null, { min: 1, nullable: true }),
  });
}

const fttxSections = (apTypes: string[], oaps: string[] | undefined) => ({
  network: fttxNetwork(apTypes, oaps),
  recompute: group({
    recompute_method: oneOf(RECOMPUTE_METHODS, 'full'), recompute_areas: bool(true), recompute_cables: bool(true),
    apply_trenches: bool(true), apply_ducts: bool(true), apply_cables: bool(true), apply_dp_areas: bool(true),
    rename_network: bool(false),
  }),
  trenchCosts,
  statistics: group({
    kerf_loss: num(S.kerf_loss, { min: 0, max: 100, unit: '%' }), overlength_vbo: num(S.overlength_vbo, m()),
    overlength_dp: num(S.overlength_dp, m()), vertical_cable_per_story: num(S.vertical_cable_per_story, m()),
    gravity_loop: num(S.gravity_loop, m()), gravity_loop_min_floors: int(S.gravity_loop_min_floors, { min: 0, unit: 'floors' }),
    duplex_internal_cable: num(S.duplex_internal_cable, m()), tag_distance_built_up: num(S.tag_distance_built_up, m()),
    tag_distance_rural: num(S.tag_distance_rural, m()), cable_reel_length: num(REEL_LENGTH, { min: 1, unit: 'm' }),
    duct_reel_length: num(REEL_LENGTH, { min: 1, unit: 'm' }),
  }),
  addressDetermination: group({
    max_vbos_per_cap: int(ADDRESS_DETERMINATION_DEFAULTS.max_vbos_per_cap, { min: 1 }),
    floors_per_high_rise: int(ADDRESS_DETERMINATION_DEFAULTS.floors_per_high_rise, { min: 1, unit: 'floors' }),
  }),
  colorCoding: group({
    inner_duct_colours: list(oneOf(INNER_DUCT_COLOURS, null), [...INNER_DUCT_COLOURS], { unique: true, minItems: 1, maxItems: 12 }),
  }),
  clashDetectionSettings,
  routeAnalysis: routeAnalysis(),
});

const trench = (width: number) => ({
  trench_width: num(width, { min: 0, max: 10, unit: 'm' }), exclusion_zone: num(DEFAULT_EXCLUSION_ZONE, m()),
});
const heatSections = () => ({
  network: group({
    ...trench(H.trench_width), depth: num(H.depth, m()),
    supply_temperature: num(H.supply_temperature, { min: 0, max: 200, unit: '°C' }),
    return_temperature: num(H.return_temperature, { min: 0, max: 200, unit: '°C' }),
    pipe_depth: num(H.pipe_depth, m('mm')), sand_bed: num(H.sand_bed, m('mm')), pipe_distance: num(H.pipe_distance, m('mm')),
    offset: num(H.offset, m('mm')), digging_angle: num(H.digging_angle, { min: TRENCH_ANGLE.min, max: TRENCH_ANGLE.max, unit: '°' }),
    preset: oneOf(HEAT_PRESETS, H.preset),
    pipe_types: table(heatPipeType, DEFAULT_HEAT_PIPE_TYPES, { key: 'name', maxItems: 200 }),
    pipe_catalogue: table(dhPipe, DEFAULT_DH_PIPE_CATALOGUE, { maxItems: 2000 }),
    carriers: table(carrier, DEFAULT_CARRIERS, { key: 'name', maxItems: 50 }),
  }),
  ...shared,
  routeAnalysis: routeAnalysis(),
});
const lowVoltageSections = () => ({
  network: group({
    ...trench(LV_TRENCH_WIDTH), cable_reel_length: num(REEL_LENGTH, { min: 1, unit: 'm' }),
    transformer_types: table(transformerType, DEFAULT_TRANSFORMER_TYPES, { key: 'name', maxItems: 200 }),
    cable_types: table(lvCableType, DEFAULT_LV_CABLE_TYPES, { key: 'name', maxItems: 200 }),
    conduit_rules: table(conduitRule, DEFAULT_LV_CONDUIT_RULES, { key: 'name', maxItems: 200 }),
  }),
  ...shared,
  routeAnalysis: routeAnalysis(),
});
/** Route determination weights per surface (our choice; the spec names the profile type, not its content). */
const WEIGHTS = { road: 1, pavement: 1, unpaved: 0.8, green: 1.2, private_property: 3, railway: 20, water: 10, building: 100 };
const geotraceSections = () => ({
  network: group({
    ...trench(DEFAULT_TRENCH_WIDTH), turn_radius: num(GEOTRACE_TURN_RADIUS, m()),
    trace_types: list(oneOf(TRACE_TYPES, null), [...TRACE_TYPES], { unique: true, minItems: 1, maxItems: TRACE_TYPES.length }),
    default_trace_type: oneOf(TRACE_TYPES, 'Trench'),
  }),
  ...shared,
  routeAnalysis: routeAnalysis(),
  routeDetermination: group({
    strategies: list(oneOf(ROUTE_STRATEGIES, null), ['minimal_cost', 'minimal_cost_alternative', 'minimal_distance', 'minimal_private'],
      { unique: true, minItems: 1, maxItems: ROUTE_STRATEGIES.length }),
    alternatives: int(1, { min: 0, max: 10 }),
    weights: entries(group({ weight: num(1, { min: 0 }), active: bool(true) }),
      Object.fromEntries(Object.entries(WEIGHTS).map(([k, weight]) => [k, { weight, active: true }]))),
  }),
});
const waterSections = () => ({
  network: group({
    ...trench(DEFAULT_TRENCH_WIDTH),
    min_flow_velocity: num(WATER_DEFAULTS.min_flow_velocity, { min: 0, unit: 'm/s' }),
    max_flow_velocity: num(WATER_DEFAULTS.max_flow_velocity, { min: 0, unit: 'm/s' }),
    min_end_pressure: num(WATER_DEFAULTS.min_end_pressure, { min: 0, unit: 'kPa' }),
    pipe_reel_length: num(REEL_LENGTH, { min: 1, unit: 'm' }),
  }),
  ...shared,
  routeAnalysis: routeAnalysis(),
});

type Check = SettingsTemplate['checks'][number];
const sect = (s: Settings, k: string) => (s[k] ?? {}) as Record<string, number>;
const notAbove = (section: string, a: string, b: string): Check => (s) =>
  (sect(s, section)[a] > sect(s, section)[b]
    ? { path: `${section}.${a}`, message: `${section}.${a} must not exceed ${section}.${b} (${sect(s, section)[b]})` } : undefined);
const CHECKS: Record<TemplateId, Check[]> = {
  fttx: [notAbove('network', 'dp_capacity', 'dp_physical_capacity'), notAbove('network', 'dp_desired_average', 'dp_capacity')],
  heat: [notAbove('network', 'return_temperature', 'supply_temperature')],
  lowVoltage: [],
  geotrace: [],
  water: [notAbove('network', 'min_flow_velocity', 'max_flow_velocity')],
};

function build(id: TemplateId, info?: ProjectTypeInfo): SettingsTemplate {
  const oaps = info?.oaps ? oapTypes(info.id) : undefined;
  const fields = id === 'fttx' ? fttxSections(info ? apTypeNames(info.id) : [], oaps)
    : id === 'heat' ? heatSections() : id === 'lowVoltage' ? lowVoltageSections() : id === 'geotrace' ? geotraceSections() : waterSections();
  return { id, ...(info ? { projectTypeId: info.id } : {}), fields, checks: CHECKS[id] };
}

export const TEMPLATE_IDS: readonly TemplateId[] = ['fttx', 'heat', 'lowVoltage', 'geotrace', 'water'];
const byType = new Map<number, SettingsTemplate>();
const byId = new Map<TemplateId, SettingsTemplate>();

/** The template of a template id without a project type (fttx: no AP or OAP types). */
export function templateById(id: TemplateId): SettingsTemplate {
  if (!byId.has(id)) byId.set(id, build(id));
  return byId.get(id)!;
}

/**
 * The template of a project type (canonical id). A type this module does not list takes its family's template
 * when `family` is given; otherwise an error.
 */
export function templateFor(projectTypeId: number, family?: string): SettingsTemplate {
  const info = projectTypeInfo(projectTypeId);
  if (info) {
    if (!byType.has(info.id)) byType.set(info.id, build(info.template, info));
    return byType.get(info.id)!;
  }
  const id = family === undefined ? undefined : TEMPLATE_BY_FAMILY[family];
  if (!id) throw new Error(`No settings template for project type ${projectTypeId}`);
  return templateById(id);
}

/** A group over the template's sections (for defaultsOf / mergeOver / fieldAt). */
export const templateRoot = (t: SettingsTemplate): GroupField => group(t.fields as Record<string, GroupField | MapField>);

/** Every section at its default. */
export const defaultSettings = (t: SettingsTemplate): Settings => defaultsOf(templateRoot(t)) as Settings;

/** Stored settings laid over the template's defaults: what GET returns (fields new to the template get defaults). */
export const effectiveSettings = (t: SettingsTemplate, stored: unknown): Settings => mergeOver(templateRoot(t), stored ?? {}) as Settings;
