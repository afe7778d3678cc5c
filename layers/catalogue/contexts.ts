// Named map-view contexts (spec 2 §9, spec 3 §2), each with its own built-in default layer set: the layers listed
// are visible by default in that view (optionally with an opacity); layers not listed fall through to the next rule.
export interface ViewDefault { visible: boolean; opacity?: number }
export type ViewDefaults = Record<string, ViewDefault>;

export const MAP_CONTEXTS = [
  'access_net', 'ap', 'ap_areas', 'cap', 'dp_area_info', 'dp', 'dp_areas', 'fdp', 'garden_trench', 'oap', 'oap_areas',
  'revise_trenches', 'shaping', 'distribution_net', 'trench_coverage', 'trenches', 'trenches_qualification', 'trenchless',
  'lld_ap', 'lld_fdp', 'lld_oap', 'cascades', 'oapCascades', 'ghsCap', 'ghsSubstation', 'ghsTrench', 'ghsPipe', 'ghsShaping',
  'capex_uploads', 'city_ring_backbone', 'phases', 'geotraceNetwork', 'geotraceRouteDetermination', 'ghpNetwork',
] as const;
export type MapContext = (typeof MAP_CONTEXTS)[number];

const on = (...names: string[]): ViewDefaults => Object.fromEntries(names.map((n) => [n, { visible: true }]));
const off = (...names: string[]): ViewDefaults => Object.fromEntries(names.map((n) => [n, { visible: false }]));
const BASE = ['brtAchtergrondkaart', 'projectDemarcation'];

export const CONTEXT_DEFAULTS: Record<MapContext, ViewDefaults> = {
  access_net: { ...on(...BASE, 'dp', 'cap', 'cableDpToKa', 'dpAreas', 'trenches'), ...off('apAreas') },
  ap: on(...BASE, 'pop', 'ap', 'apAreas', 'cap'),
  ap_areas: { ...on(...BASE, 'ap', 'apAreas', 'cap'), apAreas: { visible: true, opacity: 0.5 } },
  cap: on(...BASE, 'cap', 'lu', 'addressObjects'),
  dp_area_info: on(...BASE, 'dp', 'dpAreas', 'cap'),
  dp: on(...BASE, 'dp', 'cap', 'dpAreas', 'trenches'),
  dp_areas: on(...BASE, 'dp', 'dpAreas', 'cap'),
  fdp: on(...BASE, 'fdp', 'cap', 'dpAreas'),
  garden_trench: { ...on(...BASE, 'trenches', 'cap', 'cadastral'), ...off('dpAreas') },
  oap: on(...BASE, 'ap', 'oap', 'oapAreas', 'cableApToOap'),
  oap_areas: on(...BASE, 'oap', 'oapAreas'),
  revise_trenches: on(...BASE, 'trenches', 'edges', 'shaping', 'bgtLineOriented'),
  shaping: on(...BASE, 'shaping', 'trenches', 'bgtVegetation'),
  distribution_net: on(...BASE, 'ap', 'dp', 'cableApToDp', 'cableOapToDp', 'ducts', 'trenches'),
  trench_coverage: on(...BASE, 'trenchesCoverageType', 'streetLevelSurfaceTypes'),
  trenches: on(...BASE, 'trenches', 'trenchesReserved', 'ducts'),
  trenches_qualification: on(...BASE, 'trenches', 'qaLines', 'combiLines', 'traces'),
  trenchless: on(...BASE, 'trenchesDrillingType', 'trenches'),
  lld_ap: on(...BASE, 'ap', 'apAreas', 'ducts', 'ductJoints'),
  lld_fdp: on(...BASE, 'fdp', 'ducts', 'ductJoints', 'microDuctJoints', 'handhole'),
  lld_oap: on(...BASE, 'oap', 'oapAreas', 'ducts', 'ductJoints'),
  cascades: on(...BASE, 'dp', 'cableDpToKa', 'cableApToDp', 'cap'),
  oapCascades: on(...BASE, 'oap', 'cableOapToDp', 'dp'),
  ghsCap: on(...BASE, 'heatCaps', 'heatCapsImage', 'heatLu'),
  ghsSubstation: on(...BASE, 'heatSubstations', 'heatPipes', 'heatPipesImage'),
  ghsTrench: on(...BASE, 'heatTrenches', 'heatPipes', 'heatPipesImage'),
  ghsPipe: on(...BASE, 'heatPipes', 'heatPipesImage', 'heatCaps', 'heatStartingPoints'),
  ghsShaping: on(...BASE, 'heatShaping', 'heatPipes'),
  capex_uploads: on(...BASE, 'capexUploads', 'heatCapexPipes', 'heatCapexCaps'),
  city_ring_backbone: on(...BASE, 'cityRing', 'pop'),
  phases: { ...on(...BASE, 'phases', 'trenches'), phases: { visible: true, opacity: 0.5 } },
  geotraceNetwork: on(...BASE, 'geotraceNetwork', 'geotracePoints'),
  geotraceRouteDetermination: on(...BASE, 'geotracePotentialNetwork', 'geotraceRoutes', 'geotracePoints'),
  ghpNetwork: on(...BASE, 'heatPipes', 'heatSubstations', 'heatStartingPoints', 'heatStartingPointShapes'),
};

export function isMapContext(v: string): v is MapContext {
  return (MAP_CONTEXTS as readonly string[]).includes(v);
}
