// Style definitions of the fibre layers (spec 3 §2 legend catalogue, §3 feature properties).
import type { StyleDef } from '../types';
import { rgba, areaColor } from './colors';
import { byValue, computed, fixed } from './define';
import { connectionStatusColor, phaseStatusColor, PHASE_STATUSES } from './status';
import { dpFillColor, dpFillState, DP_FILL_STATES } from './dp-fill';
import { routeClassColor, ROUTE_CLASSES } from './route';

const POINT = 6;
const LINE = 3;

/** Stable area colour: explicit `color` index, otherwise a hash of the name/uuid into the 60-colour palette. */
export function areaIndex(p: Record<string, unknown>): number {
  if (typeof p.color === 'number') return p.color;
  const key = String(p.name ?? p.uuid ?? '');
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(h);
}

export const FIBRE_STYLES: StyleDef[] = [
  fixed('pop', rgba('purple'), 9),
  fixed('ap', rgba('blue'), 8),
  fixed('fdp', rgba('turquoise'), 7),
  fixed('oap', rgba('violet'), 8),
  fixed('handhole', rgba('brown'), 5, { minZoom: 14 }),
  fixed('accessCarrier', rgba('black'), 5, { minZoom: 14 }),
  fixed('futureDemand', rgba('pink'), 4, { minZoom: 15 }),
  fixed('lu', rgba('grey'), 3, { minZoom: 16 }),
  fixed('waypoint', rgba('grey'), 3, { minZoom: 16 }),
  fixed('ductJoint', rgba('brown'), 4, { minZoom: 16 }),
  fixed('microDuctJoint', rgba('orange'), 3, { minZoom: 17 }),
  fixed('poi', rgba('pink'), 6),
  computed('cap', (p) => connectionStatusColor(p.status), 5,
    ['connect', 'reserve', 'dontConnect'].map((s) => ({ label: `legend.${s}`, sample: { status: s } })), { minZoom: 15 }),
  computed('dp', (p, ctx) => {
    try { return dpFillColor(dpFillState(p, ctx?.dpMinimumUsage)); } catch { return rgba('grey'); }
  }, 7, DP_FILL_STATES.map((s) => ({ label: `legend.${s}`, sample: dpSample(s) }))),
  fixed('duct', rgba('grey'), 2, { minZoom: 15 }),
  fixed('conduit', rgba('brown'), 4),
  fixed('edge', rgba('black'), 1, { minZoom: 15 }),
  fixed('internalRoute', rgba('violet'), 1, { minZoom: 17 }),
  fixed('cableApToDp', rgba('blue'), LINE),
  fixed('cableApToOap', rgba('darkGreen'), LINE + 1),
  fixed('cableOapToDp', rgba('turquoise'), LINE),
  fixed('cableDpToKa', rgba('lightBlue'), 2, { minZoom: 15 }),
  byValue('cityRing', 'hierarchy', { ring: rgba('red'), backhaul: rgba('violet') }, rgba('red'), 5),
  fixed('trench', rgba('brown'), LINE),
  byValue('trenchReserved', 'reserved', { true: rgba('orange'), false: rgba('brown') }, rgba('brown'), LINE),
  byValue('trenchDrilling', 'drilling_type', {
    archSinker: rgba('blue'), asphalt_sawing: rgba('black'), directional_drilling: rgba('red'), pressing: rgba('violet'),
    tree_drilling: rgba('darkGreen'), garden_drilling: rgba('lightGreen'), manual_digging: rgba('brown'),
    not_applicable: rgba('grey'), nanodrill: rgba('pink'),
  }, rgba('grey'), LINE),
  byValue('trenchCoverage', 'coverage_type', {
    asphalt: rgba('black'), sand: rgba('yellow'), tiles: rgba('orange'), green: rgba('green'), unknown: rgba('grey'),
  }, rgba('grey'), LINE),
  byValue('trace', 'trace_type', { Trench: rgba('brown'), Drilling: rgba('red'), Aerial: rgba('blue'), Facade: rgba('violet') }, rgba('grey'), LINE),
  byValue('qaLine', 'HAS', { true: rgba('green'), false: rgba('red') }, rgba('red'), LINE),
  byValue('combiLine', 'combi', { combi: rgba('violet'), solo: rgba('turquoise') }, rgba('turquoise'), LINE),
  computed('route', (p) => routeClassColor(p.cost_type), LINE,
    ROUTE_CLASSES.map((r) => ({ label: `legend.${r}`, sample: { cost_type: r } }))),
  computed('phase', (p) => phaseStatusColor(p.status) ?? rgba('grey'), 2,
    PHASE_STATUSES.map((s) => ({ label: `legend.${s}`, sample: { status: s } })), { fillAlpha: 90 }),
  computed('area', (p) => areaColor(areaIndex(p)), 2, [0, 1, 2].map((i) => ({ label: '', sample: { color: i } })), { fillAlpha: 110 }),
  byValue('shaping', 'cost_type', {
    obstruction: rgba('red'), general_hindrance: rgba('orange'), preference: rgba('green'), avoid: rgba('darkRed'),
    polluted_soil: rgba('brown'), tree_drilling: rgba('darkGreen'), directional_drilling: rgba('blue'),
  }, rgba('grey'), 2, { fillAlpha: 90 }),
  fixed('demarcation', rgba('black'), 2, { fillAlpha: 0 }),
  fixed('revisionDemarcation', rgba('orange'), 2, { fillAlpha: 0 }),
  fixed('asBuiltPoint', rgba('darkGreen'), 4),
  fixed('asBuiltLine', rgba('darkGreen'), 2),
  fixed('uploadPoint', rgba('violet'), 4),
  fixed('uploadLine', rgba('violet'), 2),
  fixed('uploadPolygon', rgba('violet'), 1, { fillAlpha: 60 }),
  fixed('directiveShape', rgba('turquoise'), 2, { fillAlpha: 50 }),
];

function dpSample(s: (typeof DP_FILL_STATES)[number]): Record<string, unknown> {
  const c = { overPhysicalCapacity: 50, overCapacity: 47, full: 46, overMinimumUsage: 40, underMinimumUsage: 10 }[s];
  return { physical_capacity: 48, capacity: 46, connections: c };
}
export { POINT };
