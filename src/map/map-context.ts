// The map-view context of a workflow step (spec 2 §9): the step's state name where it names a context, otherwise
// the family's main view. Layer settings are stored and resolved per context.
import { isMapContext } from 'layers';
import { FIBRE_TYPES, HEAT_TYPES, PT, WATER_TYPES } from 'layers/catalogue/define';

const inList = (list: readonly number[], id: number) => list.includes(id);
const HEAT_STATES: Record<string, string> = { demand: 'ghsCap', trenches: 'ghsTrench', pipes: 'ghsPipe' };

/** Map-view context for a project type and workflow state name (see the README for the choices). */
export function mapContextFor(projectTypeId: number, stateName?: string | null): string {
  const state = stateName ?? '';
  if (inList(FIBRE_TYPES, projectTypeId)) {
    if (isMapContext(state)) return state;
    return state === 'addresses' ? 'cap' : 'trenches';
  }
  if (projectTypeId === Number(PT.heatPrimary)) return 'ghpNetwork';
  if (inList(HEAT_TYPES, projectTypeId)) return HEAT_STATES[state] ?? 'ghsPipe';
  if (projectTypeId === PT.heatCapex || projectTypeId === PT.capexBuilder) return 'capex_uploads';
  if (projectTypeId === PT.geotrace) return 'geotraceNetwork';
  if (inList(WATER_TYPES, projectTypeId)) return 'water';
  if (projectTypeId === PT.lowVoltage) return 'low_voltage';
  return 'default';
}
