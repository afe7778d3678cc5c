// Style definitions of the heat, heat capex, water, low-voltage, energy-system and geotrace layers (spec 3 §9).
import type { Props, StyleDef } from '../types';
import { rgba } from './colors';
import { byValue, computed, fixed } from './define';
import {
  energyDemandColor, flowVelocityColor, FLOW_VELOCITY_CLASSES, parseDn, pipeWidth, pressureDropColor,
  PRESSURE_DROP_CLASSES, pipeSizingClass, pipeSizingColor, PIPE_SIZING_CLASSES,
} from './heat';
import { attributeNumber, endPressureColor, waterFlowColor } from './water';

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN);
const heatWidth = (p: Props) => pipeWidth(parseDn(p.pipeType) ?? 20);

export const UTILITY_STYLES: StyleDef[] = [
  // heat
  byValue('heatPipe', 'trenchType', { primary: rgba('red'), secondary: rgba('orange') }, rgba('red'), 3),
  computed('heatPipeFlowVelocity', (p) => flowVelocityColor(num(p.flowVelocity)) ?? rgba('grey'), heatWidth,
    FLOW_VELOCITY_CLASSES.map((c) => ({ label: `legend.flow_${c.cls}`, sample: { flowVelocity: c.from, pipeType: 'DN100' } }))),
  computed('heatPipePressureDrop', (p) => pressureDropColor(num(p.specificPressureDrop)) ?? rgba('grey'), heatWidth,
    PRESSURE_DROP_CLASSES.map((c) => ({ label: `legend.pd_${c.cls}`, sample: { specificPressureDrop: c.from, pipeType: 'DN100' } }))),
  computed('heatPipeSizing', (p) => {
    const cls = pipeSizingClass(parseDn(p.pipeType) ?? NaN, num(p.flowVelocity));
    return cls ? pipeSizingColor(cls) : rgba('grey');
  }, heatWidth, PIPE_SIZING_CLASSES.map((c, i) => ({ label: `legend.sizing_${c}`, sample: { pipeType: 'DN100', flowVelocity: [0, 0.35, 1, 2, 3.5][i] } }))),
  computed('heatCapDemand', (p) => energyDemandColor(num(p.gj)) ?? rgba('grey'), 5,
    [0, 45, 90, 150].map((gj) => ({ label: `legend.gj_${gj}`, sample: { gj } })), { minZoom: 14 }),
  fixed('heatCap', rgba('orange'), 5, { minZoom: 14 }),
  fixed('heatLu', rgba('grey'), 3, { minZoom: 16 }),
  fixed('heatSubstation', rgba('darkRed'), 8),
  fixed('heatStartingPoint', rgba('red'), 9),
  fixed('heatSource', rgba('red'), 7),
  fixed('heatConnection', rgba('orange'), 4),
  fixed('heatStartingPointShape', rgba('red'), 2, { fillAlpha: 60 }),
  // water
  computed('waterPipe', (p) => {
    const v = attributeNumber(p, 'volumetric_flow');
    return v === null ? rgba('blue') : waterFlowColor(v);
  }, 3, [0.2, 1, 2].map((v, i) => ({ label: `legend.water_flow_${['low', 'normal', 'high'][i]}`, sample: { volumetric_flow: v } }))),
  computed('waterServicePoint', (p) => {
    const v = attributeNumber(p, 'end_pressure');
    return v === null ? rgba('blue') : endPressureColor(v);
  }, 5, [300, 200].map((v, i) => ({ label: `legend.end_pressure_${['normal', 'low'][i]}`, sample: { end_pressure: v } })), { minZoom: 15 }),
  fixed('waterBranchPoint', rgba('blue'), 4, { minZoom: 15 }),
  fixed('waterValve', rgba('black'), 5, { minZoom: 15 }),
  fixed('waterFireHydrant', rgba('red'), 6),
  fixed('waterSectionHull', rgba('lightBlue'), 2, { fillAlpha: 60 }),
  // low voltage
  byValue('lvCable', 'kind', { LowVoltageMain: rgba('red'), LowVoltageCustomer: rgba('orange') }, rgba('red'), 3),
  fixed('lvCap', rgba('green'), 5, { minZoom: 15 }),
  fixed('lvJoint', rgba('black'), 4, { minZoom: 16 }),
  fixed('lvLu', rgba('grey'), 3, { minZoom: 16 }),
  fixed('lvMsr', rgba('darkRed'), 8),
  fixed('lvMsrArea', rgba('red'), 2, { fillAlpha: 50 }),
  fixed('lvTrench', rgba('brown'), 3),
  // energy system assets
  byValue('esdlAsset', 'assetClass', {
    Consumer: rgba('green'), Producer: rgba('red'), Storage: rgba('blue'), Transport: rgba('grey'), Conversion: rgba('violet'), Joint: rgba('black'),
  }, rgba('grey'), 6),
  fixed('esdlTransport', rgba('grey'), 3),
  fixed('esdlArea', rgba('turquoise'), 2, { fillAlpha: 50 }),
  // geotrace
  fixed('geotraceNetwork', rgba('blue'), 3),
  fixed('geotracePotential', rgba('lightBlue'), 2),
  fixed('geotraceRoute', rgba('green'), 5),
  fixed('geotracePoint', rgba('red'), 6),
];
