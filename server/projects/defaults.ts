// Default project settings template (spec 2 §3 "Project settings template", §9 defaults): the fttx settings a
// project gets until it stores its own.
export function defaultFttxSettings(): Record<string, unknown> {
  return {
    network: {
      access_net_type: 'Dac', ap_cost: 75000, ap_capacity: 100, ap_types: [], dp_cost: 5000, dp_capacity: 46,
      dp_minimum_usage: 75, dp_physical_capacity: 48, dp_desired_average: 42, dp_generation_method: 'regular',
      keep_bridges: false, network_generation_method: 'stp', decrease_dp_capacity: false, dp_capacity_thresholds: [],
      duct_types: [], cable_types: [12, 24, 48, 96, 144, 192, 288].map((f) => ({ name: `${f}v`, capacity: f, fibers: f, selected: true, category: 'distribution', layer: 'cables' })),
      multi_fu_duct_extension: 0, distribution_cable_rejuvenation: false, conduit_rules: [], cascade_dps: false,
      use_existing_oaps: false, oap_cost: 15000, oap_types: [], subcontractor_id: null,
    },
    recompute: { recompute_method: 'full', recompute_areas: true, recompute_cables: true, rename_network: false },
    trenchCosts: [
      ['default', 85, 0], ['road', 20, 1], ['crossing_road', 45, 2], ['house_connection', 50, 1], ['obstruction', 1000, 7],
      ['preference', 1, 3], ['general_hindrance', 100, 4], ['polluted_soil', 100, 4], ['garden_drilling', 33.5, 2],
      ['directional_drilling', 85, 2], ['asphalt_sawing', 120, 3], ['moling', 15, 2], ['tree_drilling', 50, 3],
      ['water_crossing', 250, 5], ['klic', 3, 0], ['survey', 5, 0], ['backbone', 2, 0], ['bridge_crossing', 100, 5],
      ['building', 33.5, 3], ['normal_trench', 8, 1],
    ].map(([name, cost, priority]) => ({ name, cost, method: '=', priority, active: true })),
    statistics: { kerf_loss: 6, overlength_vbo: 7, overlength_dp: 10, vertical_cable_per_story: 3, duplex_internal_cable: 3 },
    addressDetermination: { max_vbos_per_cap: 44, floors_per_high_rise: 3 },
    colorCoding: { inner_duct_colours: ['red', 'white', 'yellow', 'blue', 'green', 'violet', 'brown', 'black', 'orange', 'turquoise', 'pink', 'grey'] },
    clashDetectionSettings: { buffer: 1, rules: [] },
    routeAnalysis: { generated_pole_distance: 30, road_offset: 3 },
  };
}
