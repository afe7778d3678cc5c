// Heat catalogue (spec 3 §2: pipe, cap, lu, substation, starting point; heat sources and connections) and heat capex.
// Heat pipes switch from image to vector at zoom 16, heat caps at 18 (spec 3 §9).
import type { LayerEntry } from '../types';
import { CAPEX_TYPES, family, HEAT_TYPES, projectWfs } from './define';

const h = family('ghs', HEAT_TYPES);
const wfs = (table: string) => ({ source: projectWfs(table) });
const wms = (layers: string) => ({ kind: 'wms' as const, url: '/api/project/{projectId}/geoserver/{product}/wms', layers, projectFilter: true });
const hc = family('hc', CAPEX_TYPES);

export const HEAT_LAYERS: LayerEntry[] = [
  h({ name: 'heatPipesImage', type: 'image', geometry: 'line', styles: ['image'], source: wms('pipe'), featureTypes: ['pipe'], minZoom: 8, maxZoom: 16 }),
  h({ name: 'heatPipes', geometry: 'line', ...wfs('pipe'), styles: ['heatPipe', 'heatPipeFlowVelocity', 'heatPipePressureDrop', 'heatPipeSizing'], labelField: 'pipeType', labelMinZoom: 21, minZoom: 16 }),
  h({ name: 'heatCapsImage', type: 'image', geometry: 'point', styles: ['image'], source: wms('cap'), featureTypes: ['cap'], minZoom: 8, maxZoom: 18 }),
  h({ name: 'heatCaps', geometry: 'point', ...wfs('cap'), styles: ['heatCap', 'heatCapDemand'], labelField: 'name', labelMinZoom: 19, minZoom: 18 }),
  h({ name: 'heatLu', geometry: 'point', ...wfs('lu'), styles: ['heatLu'], minZoom: 18, defaultVisible: false }),
  h({ name: 'heatSubstations', geometry: 'point', ...wfs('substation'), styles: ['heatSubstation'], labelField: 'name', labelMinZoom: 17, minZoom: 11 }),
  h({ name: 'heatStartingPoints', geometry: 'point', ...wfs('starting_point'), styles: ['heatStartingPoint'], labelField: 'name', labelMinZoom: 17, minZoom: 8 }),
  h({ name: 'heatStartingPointShapes', geometry: 'polygon', ...wfs('starting_point_shape'), styles: ['heatStartingPointShape'], minZoom: 11 }),
  h({ name: 'heatShaping', geometry: 'polygon', source: projectWfs('heat_feature'), featureTypes: ['shaping'], styles: ['shaping'], minZoom: 14 }),
  h({ name: 'heatTrenches', geometry: 'line', source: projectWfs('heat_feature'), featureTypes: ['trench'], styles: ['trench'], minZoom: 13 }),
  // reference heat data from geodata (heat sources, connections, heat-exchange stations; WFS 1.0.0)
  h({ name: 'heatSources', category: 'Reference', geometry: 'point', styles: ['heatSource'], source: { kind: 'wfs', url: '/api/geodata/ows', typeName: 'heat_sources', version: '1.0.0' }, minZoom: 11, defaultVisible: false }),
  h({ name: 'heatConnections', category: 'Reference', geometry: 'point', styles: ['heatConnection'], source: { kind: 'wfs', url: '/api/geodata/ows', typeName: 'heat_connections', version: '1.0.0' }, minZoom: 14, defaultVisible: false }),
  h({ name: 'heatExchangeStations', category: 'Reference', geometry: 'point', styles: ['heatSubstation'], source: { kind: 'wfs', url: '/api/geodata/ows', typeName: 'heat_exchange_stations', version: '1.0.0' }, minZoom: 11, defaultVisible: false }),
  // heat capex
  hc({ name: 'heatCapexPipes', geometry: 'line', source: projectWfs('heat_feature'), featureTypes: ['capex_pipe'], styles: ['heatPipe', 'heatPipeSizing'], labelField: 'pipeType', labelMinZoom: 21, minZoom: 11 }),
  hc({ name: 'heatCapexCaps', geometry: 'point', source: projectWfs('heat_feature'), featureTypes: ['capex_cap'], styles: ['heatCapDemand', 'heatCap'], labelField: 'gj', labelMinZoom: 19, minZoom: 14 }),
  hc({ name: 'heatCapexSources', geometry: 'point', source: projectWfs('heat_feature'), featureTypes: ['capex_source'], styles: ['heatSource'], labelField: 'name', labelMinZoom: 17, minZoom: 8 }),
];
