// The sub-structures of the settings template (spec 2 §3) as editor fields with their default rows: trench cost
// entries, duct and cable types, conduit rules, clash rules, network layers, heat pipe types, the district-heating
// pipe catalogue, low-voltage transformer and cable types, heat carriers and route analysis rules.
import {
  ANALYSIS_PRIORITIES, CABLE_USAGES, CLASH_BUFFER, CLASH_PRIORITIES, CLASH_RULE_PRIORITY, CLASH_STATUSES,
  CLASH_VISUALISATIONS, DEFAULT_TRENCH_COSTS, DN_SIZES, DUCT_CAPACITY, FIBRE_COUNTS, HEAT_DEFAULTS, LV_CABLE_KINDS,
  TRENCH_COST_METHODS, TRENCH_PRIORITY,
} from './constants';
import { bool, entries, group, int, list, num, oneOf, table, text } from './fields';

const name = text('', { maxLength: 100, pattern: '\\S' });

// ---- trench costs ----
export const trenchCostEntry = group({
  cost: num(0, { min: 0, unit: '€/m' }),
  method: oneOf(TRENCH_COST_METHODS, '='),
  priority: int(0, { min: TRENCH_PRIORITY.min, max: TRENCH_PRIORITY.max }),
  active: bool(true),
});
export const trenchCosts = entries(trenchCostEntry, { ...DEFAULT_TRENCH_COSTS });

// ---- fibre ----
export const ductType = {
  name, capacity: int(1, { min: DUCT_CAPACITY.min, max: DUCT_CAPACITY.max }), diameter: num(14, { min: 0, unit: 'mm' }),
  spare_indices: list(int(0, { min: 0, max: DUCT_CAPACITY.max - 1 }), [], { unique: true, maxItems: DUCT_CAPACITY.max }),
  selected: bool(true), category: oneOf(CABLE_USAGES, 'distribution'), layer: text('ducts', { maxLength: 100 }),
};
const duct = (n: string, capacity: number, diameter: number, category: string, layer = 'ducts') =>
  ({ name: n, capacity, diameter, spare_indices: [], selected: true, category, layer });
export const DEFAULT_DUCT_TYPES = [
  duct('1x6', 1, 6, 'single', 'duct_single'), duct('2x14', 2, 14, 'distribution'), duct('3x14', 3, 14, 'distribution'),
  duct('5x14', 5, 14, 'distribution'), duct('7x14', 7, 14, 'feeding'), duct('multi-FU', 24, 7, 'multi_fu'),
  duct('riser', 1, 10, 'riser'), duct('blown', 1, 10, 'blown_fiber'), duct('dg 7x14', 7, 14, 'dg_access_net'),
];
export const cableType = {
  name, capacity: int(12, { min: 1 }), fibers: int(12, { options: FIBRE_COUNTS }), selected: bool(true),
  category: oneOf(CABLE_USAGES, 'distribution'), layer: text('cables', { maxLength: 100 }),
};
export const DEFAULT_CABLE_TYPES = FIBRE_COUNTS.map((f) => ({
  name: `${f}v`, capacity: f, fibers: f, selected: true, category: f >= 96 ? 'feeding' : 'distribution', layer: 'cables',
}));
export const dpCapacityThreshold = { min_connections: int(0, { min: 0 }), dp_capacity: int(1, { min: 1 }) };

// ---- shared by every template ----
export const conduitRule = {
  name, enabled: bool(true), diameter: num(110, { min: 0, unit: 'mm' }), material: text('PVC', { maxLength: 100 }),
  extension: num(1, { min: 0, unit: 'm' }), expression: text('', { maxLength: 2000 }),
};
export const DEFAULT_LV_CONDUIT_RULES = [
  { name: 'crossing road', enabled: true, diameter: 110, material: 'PVC', extension: 1, expression: "cost_type = 'crossing_road'" },
  { name: 'directional drilling', enabled: true, diameter: 125, material: 'PE', extension: 2, expression: "cost_type = 'directional_drilling'" },
];
export const clashRule = {
  name, enabled: bool(true), editable: bool(true), priority: oneOf(CLASH_PRIORITIES, CLASH_RULE_PRIORITY),
  visualisation: oneOf(CLASH_VISUALISATIONS, 'line'), layer: text('', { maxLength: 200 }),
  buffer: num(CLASH_BUFFER, { min: 0, max: 100, unit: 'm' }), resultAction: oneOf(CLASH_STATUSES, 'Unresolved'),
};
/** Default clash rules: one per utility theme of the cable-and-pipe records (KLIC). */
export const DEFAULT_CLASH_RULES = ['electricity_low_voltage', 'electricity_medium_voltage', 'gas_low_pressure', 'gas_high_pressure',
  'water', 'sewer', 'telecom', 'district_heating'].map((layer) => ({
  name: layer, enabled: true, editable: true, priority: CLASH_RULE_PRIORITY, visualisation: 'line', layer, buffer: CLASH_BUFFER, resultAction: 'Unresolved',
}));
export const networkLayer = {
  name, enabled: bool(true), editable: bool(false), layer: text('', { maxLength: 200 }),
  buffer: num(CLASH_BUFFER, { min: 0, max: 100, unit: 'm' }), filter: text(null, { maxLength: 2000, nullable: true }),
};
export const DEFAULT_NETWORK_LAYERS = [{ name: 'project network', enabled: true, editable: false, layer: 'network', buffer: CLASH_BUFFER, filter: null }];
export const clashDetectionSettings = group({
  buffer: num(CLASH_BUFFER, { min: 0, max: 100, unit: 'm' }),
  rules: table(clashRule, DEFAULT_CLASH_RULES, { key: 'name' }),
  network_layers: table(networkLayer, DEFAULT_NETWORK_LAYERS, { key: 'name' }),
});

/** Route analysis rules; defaults are the BGT obstruction rules (spec 3 §5: water and closed paving are errors). */
export const analysisRule = {
  name, enabled: bool(true), analyse_type: oneOf(['BGT', 'other'], 'BGT'), classification: text('', { maxLength: 200 }),
  priority: oneOf(ANALYSIS_PRIORITIES, 'Warning'),
};
export const DEFAULT_ANALYSIS_RULES = ([['water', 'Error'], ['closed_paving', 'Error'], ['open_paving', 'Warning'], ['transition', 'Warning'],
  ['vegetation', 'Warning'], ['grass_clinkers', 'Warning']] as const).map(([c, priority]) =>
  ({ name: c.replace('_', ' '), enabled: true, analyse_type: 'BGT', classification: c, priority }));

// ---- heat ----
export const heatPipeType = {
  name, selected: bool(true), material: text('steel', { maxLength: 100 }), diameter: num(0, { min: 0, unit: 'mm' }),
  internalDiameter: num(0, { min: 0, unit: 'mm' }), kValue: num(null, { min: 0, unit: 'W/(m·K)', nullable: true }),
  categories: list(oneOf(['primary', 'secondary', 'connection'], 'secondary'), ['secondary'], { unique: true, maxItems: 3 }),
};
export const DEFAULT_HEAT_PIPE_TYPES = DN_SIZES.map(([dn, outer, inner]) => ({
  name: `DN${dn}`, selected: true, material: 'steel', diameter: outer, internalDiameter: inner, kValue: null,
  categories: dn <= 32 ? ['connection', 'secondary'] : dn >= 150 ? ['primary', 'secondary'] : ['secondary'],
}));
export const dhPipe = {
  manufacturer: text('', { maxLength: 100 }), series: text('', { maxLength: 100 }), dnSize: int(20, { min: 10, max: 1200 }),
  innerDiameter: num(0, { min: 0, unit: 'mm' }), outerDiameterIsolation: num(0, { min: 0, unit: 'mm' }),
  maxFlow: num(null, { min: 0, unit: 'm³/h', nullable: true }), heatLoss: num(null, { min: 0, unit: 'W/m', nullable: true }),
  pipeMaterial: text('steel', { maxLength: 100 }), system: oneOf(['single', 'twin'], 'single'),
};
/** Generic series-1 catalogue; max flow at 1 m/s (the top of the "good" velocity band), heat loss unknown. */
export const DEFAULT_DH_PIPE_CATALOGUE = DN_SIZES.map(([dn, , inner, casing]) => ({
  manufacturer: 'Generic', series: 'Series 1', dnSize: dn, innerDiameter: inner, outerDiameterIsolation: casing,
  maxFlow: Math.round(Math.PI * (inner / 2000) ** 2 * 3600 * 100) / 100, heatLoss: null, pipeMaterial: 'steel', system: 'single',
}));
export const carrier = {
  name, supplyTemperature: num(HEAT_DEFAULTS.supply_temperature, { min: 0, max: 200, unit: '°C' }),
  returnTemperature: num(HEAT_DEFAULTS.return_temperature, { min: 0, max: 200, unit: '°C' }),
};
export const DEFAULT_CARRIERS = [{ name: 'heat', supplyTemperature: HEAT_DEFAULTS.supply_temperature, returnTemperature: HEAT_DEFAULTS.return_temperature }];

// ---- low voltage ----
export const transformerType = {
  name, selected: bool(true), power: num(400, { min: 0, unit: 'kVA' }), maxLoad: num(100, { min: 0, max: 200, unit: '%' }),
  cost: num(0, { min: 0, unit: '€' }),
};
export const DEFAULT_TRANSFORMER_TYPES = [[250, 25000], [400, 30000], [630, 38000], [1000, 50000]].map(([kva, cost]) =>
  ({ name: `${kva} kVA`, selected: true, power: kva, maxLoad: 100, cost }));
export const lvCapacity = { maxCurrent: num(0, { min: 0, unit: 'A' }), maxLength: num(0, { min: 0, unit: 'm' }) };
export const lvCableType = {
  name, category: oneOf(LV_CABLE_KINDS, 'LowVoltageMain'), selected: bool(true), cost: num(0, { min: 0, unit: '€/m' }),
  capacity: table(lvCapacity, [], { maxItems: 50 }),
};
const lv = (n: string, category: string, cost: number, caps: [number, number][]) =>
  ({ name: n, category, selected: true, cost, capacity: caps.map(([maxCurrent, maxLength]) => ({ maxCurrent, maxLength })) });
export const DEFAULT_LV_CABLE_TYPES = [
  lv('4x150 Al', 'LowVoltageMain', 35, [[250, 250], [200, 350], [160, 450]]),
  lv('4x95 Al', 'LowVoltageMain', 28, [[195, 200], [160, 280], [125, 350]]),
  lv('4x35 Cu', 'LowVoltageCustomer', 18, [[80, 60], [63, 80], [35, 120]]),
  lv('4x10 Cu', 'LowVoltageCustomer', 12, [[40, 35], [35, 45], [25, 60]]),
];
