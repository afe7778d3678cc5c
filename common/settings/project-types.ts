// Project types as the settings see them: the canonical id (the layer document's numbering, spec 3 §1, as the
// server's project_type table and the API use it), the users document's set A ids (spec 2 §9), the family, and the
// settings template and settings-tab set each type gets. Kept in step with server/migrations/020_projects.sql
// (tests/server/settings-templates.test.ts compares the two). README.md explains the mapping.

export type TemplateId = 'fttx' | 'heat' | 'lowVoltage' | 'geotrace' | 'water';
/** The settings-tab sets of spec 2 §2 (GHS and GHP share the heat template but not their tabs); water is ours. */
export type TabSetId = 'fttx' | 'ghs' | 'ghp' | 'lowVoltage' | 'geotrace' | 'water';

export interface ProjectTypeInfo {
  id: number;
  key: string;
  family: string;
  /** Set A ids of the users document (spec 2 §9) for the same type. */
  legacyIds: readonly number[];
  template: TemplateId;
  tabs: TabSetId;
  /** AP cabinet catalogue available (fibre access networks). */
  apCabinets: boolean;
  /** OAP types available (spec 2 §5: not in every project type). */
  oaps: boolean;
}

type Row = [id: number, key: string, family: string, legacy: number[], template: TemplateId, tabs: TabSetId, ap: boolean, oap: boolean];
const ROWS: Row[] = [
  [1, 'zpi', 'zpi', [1], 'fttx', 'fttx', false, false],
  [2, 'drinkingWaterDesign', 'water', [2], 'water', 'water', false, false],
  [3, 'hboMeerwerk', 'fttx', [], 'fttx', 'fttx', true, false],
  [4, 'naAansluitingen', 'fttx', [], 'fttx', 'fttx', true, false],
  [5, 'gzm', 'gzm', [], 'fttx', 'fttx', false, false],
  [9, 'overlay', 'fttx', [], 'fttx', 'fttx', true, true],
  [10, 'fttx', 'fttx', [7, 10], 'fttx', 'fttx', true, true],
  [11, 'caiw', 'fttx', [], 'fttx', 'fttx', true, true],
  [12, 'kpnPon', 'fttx', [], 'fttx', 'fttx', true, true],
  [13, 'largeScaleLowLevel', 'fttx', [], 'fttx', 'fttx', true, false],
  [14, 'caiwLowLevel', 'fttx', [], 'fttx', 'fttx', true, false],
  [15, 'kpnPonLowLevel', 'fttx', [], 'fttx', 'fttx', true, false],
  [17, 'heatQuickScan', 'heat', [], 'heat', 'ghs', false, false],
  [18, 'heatCapex', 'heat', [], 'heat', 'ghs', false, false],
  [19, 'heatSecondary', 'heat', [16], 'heat', 'ghs', false, false],
  [20, 'deltaFiber', 'fttx', [], 'fttx', 'fttx', true, true],
  [21, 'deltaFiberLowLevel', 'fttx', [], 'fttx', 'fttx', true, false],
  [22, 'capexBuilder', 'fttx', [], 'fttx', 'fttx', true, false],
  [23, 'modeler', 'heat', [], 'heat', 'ghs', false, false],
  [24, 'analyzer', 'fttx', [], 'fttx', 'fttx', true, false],
  [25, 'dgFp', 'fttx', [20], 'fttx', 'fttx', true, true],
  [26, 'fttxInternational', 'fttx', [], 'fttx', 'fttx', true, true],
  [27, 'internationalPon', 'fttx', [22], 'fttx', 'fttx', true, true],
  [28, 'heatPrimary', 'heat', [23], 'heat', 'ghp', false, false],
  [29, 'geotrace', 'general', [24], 'geotrace', 'geotrace', false, false],
  [30, 'lowVoltage', 'low_voltage', [25], 'lowVoltage', 'lowVoltage', false, false],
  [31, 'geowater', 'water', [26], 'water', 'water', false, false],
];

export const PROJECT_TYPES: readonly ProjectTypeInfo[] = ROWS.map(([id, key, family, legacyIds, template, tabs, apCabinets, oaps]) =>
  ({ id, key, family, legacyIds, template, tabs, apCabinets, oaps }));

/** A project type by canonical id or key; undefined when unknown. */
export function projectTypeInfo(type: number | string): ProjectTypeInfo | undefined {
  return PROJECT_TYPES.find((t) => (typeof type === 'number' ? t.id === type : t.key === type));
}

/** The template of a project family (for project types added to the database but not to this table). */
export const TEMPLATE_BY_FAMILY: Readonly<Record<string, TemplateId>> = {
  fttx: 'fttx', zpi: 'fttx', gzm: 'fttx', heat: 'heat', low_voltage: 'lowVoltage', general: 'geotrace', water: 'water',
};
