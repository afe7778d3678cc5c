// Business constants of the project settings (spec 2 §9, spec 3 §4 enumerations and §9): network defaults, trench
// costs, statistics, address determination, heat, clash detection, colour coding, fibre counts and duct capacities.
// Where the spec gives a range ("road 10 to 20") the template takes the upper value; README.md lists those choices.

export const FIBRE_COUNTS = [12, 24, 48, 96, 144, 192, 288] as const;
export const DUCT_CAPACITY = { min: 1, max: 24 } as const;
export const REEL_LENGTH = 6000;
export const INNER_DUCT_COLOURS = ['red', 'white', 'yellow', 'blue', 'green', 'violet', 'brown', 'black', 'orange', 'turquoise', 'pink', 'grey'] as const;

export const ACCESS_NET_TYPES = ['Dac', 'Mixed', 'MultiFu', 'NotConnected', 'Riser', 'BlownFiber'] as const;
export const CABLE_USAGES = ['city_ring', 'feeding', 'distribution', 'dac', 'dg_access_net', 'multi_fu', 'riser', 'blown_fiber', 'single'] as const;
export const DP_GENERATION_METHODS = ['regular', 'relaxed_capacity'] as const;
export const NETWORK_GENERATION_METHODS = ['stp', 'recreate_cables', 'directive_shapes'] as const;
export const RECOMPUTE_METHODS = ['full', 'partial'] as const;
export const ROUTE_STRATEGIES = ['minimal_cost', 'minimal_cost_alternative', 'minimal_distance', 'minimal_private', 'centerline', 'other'] as const;
export const TRACE_TYPES = ['Trench', 'Drilling', 'Aerial', 'Facade'] as const;
export const CLASH_STATUSES = ['Approved', 'ActionRequired', 'Unresolved', 'Info', 'Warning', 'Unknown'] as const;
export const ANALYSIS_PRIORITIES = ['Normal', 'Error', 'Info', 'Warning'] as const;
export const LV_CABLE_KINDS = ['LowVoltageMain', 'LowVoltageCustomer'] as const;

/** Trench cost entry methods: '=' sets the cost, '+' adds to the underlying cost, '*' multiplies it. */
export const TRENCH_COST_METHODS = ['=', '+', '*'] as const;
export const TRENCH_PRIORITY = { min: 0, max: 7 } as const;
export type TrenchCostMethod = (typeof TRENCH_COST_METHODS)[number];
export type TrenchCostEntry = { cost: number; method: TrenchCostMethod; priority: number; active: boolean };

const e = (cost: number, priority: number, method: TrenchCostMethod = '='): TrenchCostEntry => ({ cost, method, priority, active: true });
/** Default trench costs (€/m) by cost type (spec 2 §9); only `default`'s priority 0 is given by the spec. */
export const DEFAULT_TRENCH_COSTS: Readonly<Record<string, TrenchCostEntry>> = {
  default: e(85, 0),
  normal_trench: e(8, 1),
  road: e(20, 2),
  crossing_road: e(45, 3),
  house_connection: e(50, 2),
  obstruction: e(1000, 7),
  preference: e(1, 1),
  general_hindrance: e(100, 5),
  polluted_soil: e(100, 5),
  garden_drilling: e(33.5, 3),
  directional_drilling: e(85, 4),
  asphalt_sawing: e(120, 4),
  moling: e(15, 3),
  tree_crossing: e(50, 4),
  tree_drilling: e(50, 4),
  water_crossing: e(250, 6),
  klic: e(3, 0, '+'),
  survey: e(5, 0, '+'),
  backbone: e(2, 0, '+'),
  bridge_crossing: e(100, 6),
  building: e(33.5, 4),
  other_area: e(25, 2, '+'),
  surface_asphalt: e(120, 3),
  surface_sand: e(5, 1),
  barrier_light: e(33.5, 4),
  barrier_medium: e(500, 6),
  barrier_heavy: e(1000, 7),
};
/** The garden-trench variant multiplies the crossing-road cost by 1.5. */
export const GARDEN_TRENCH_CROSSING_ROAD: TrenchCostEntry = e(1.5, 3, '*');

export const FTTX_NETWORK_DEFAULTS = {
  ap_cost: 75000, ap_capacity: 100, dp_cost: 5000, dp_capacity: 46, dp_minimum_usage: 75, dp_physical_capacity: 48,
  dp_desired_average: 42, oap_cost: 15000,
} as const;
/** Variants the spec names: ap_capacity 8 or 40, dp_capacity 45 or 78, dp_physical_capacity 96. */
export const FTTX_NETWORK_VARIANTS = { ap_capacity: [8, 40], dp_capacity: [45, 78], dp_physical_capacity: [96] } as const;
export const ROUTE_DEFAULTS = { generated_pole_distance: 30, road_offset: 3 } as const;

export const ADDRESS_DETERMINATION_DEFAULTS = { max_vbos_per_cap: 44, floors_per_high_rise: 3 } as const;
export const STATISTICS_DEFAULTS = {
  kerf_loss: 6, overlength_vbo: 7, overlength_dp: 10, vertical_cable_per_story: 3, gravity_loop: 0.5,
  gravity_loop_min_floors: 10, duplex_internal_cable: 3, tag_distance_built_up: 5, tag_distance_rural: 10,
  cable_reel_length: REEL_LENGTH, duct_reel_length: REEL_LENGTH,
} as const;

export const HEAT_DEFAULTS = {
  trench_width: 0.3, exclusion_zone: 1, depth: 1, supply_temperature: 70, return_temperature: 40, pipe_depth: 800,
  sand_bed: 100, pipe_distance: 200, offset: 250, digging_angle: 45, preset: 'NEN7171',
} as const;
export const HEAT_PRESETS = ['NEN7171'] as const;
export const TRENCH_ANGLE = { min: 30, max: 90 } as const;
export const DEFAULT_TRENCH_WIDTH = 0.6;
export const DEFAULT_EXCLUSION_ZONE = 1;
export const LV_TRENCH_WIDTH = 0.3;
export const GEOTRACE_TURN_RADIUS = 2;
export const WATER_DEFAULTS = { min_flow_velocity: 0.4, max_flow_velocity: 1.5, min_end_pressure: 250 } as const;

export const CLASH_BUFFER = 1;
export const CLASH_PRIORITIES = ['low', 'medium', 'high'] as const;
export const CLASH_RULE_PRIORITY = 'medium';
export const CLASH_VISUALISATIONS = ['line', 'buffer', 'point'] as const;

/** Heat pipe sizes DN20–DN300: steel outer and inner diameter and the series-1 casing diameter, in mm (EN 253). */
export const DN_SIZES: readonly (readonly [dn: number, outer: number, inner: number, casing: number])[] = [
  [20, 26.9, 21.7, 90], [25, 33.7, 28.5, 90], [32, 42.4, 37.2, 110], [40, 48.3, 43.1, 110], [50, 60.3, 54.5, 125],
  [65, 76.1, 70.3, 140], [80, 88.9, 82.5, 160], [100, 114.3, 107.1, 200], [125, 139.7, 132.5, 225],
  [150, 168.3, 160.3, 250], [200, 219.1, 210.1, 315], [250, 273, 263, 400], [300, 323.9, 312.7, 450],
];
