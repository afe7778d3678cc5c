// Fibre catalogue, points and lines (spec 3 §2 legend catalogue, fibre layer types; zoom and label thresholds §9).
import type { LayerEntry } from '../types';
import { ductDrawOrder, DRAW_ORDER } from '../draw-order';
import { family, FIBRE_TYPES, LOW_LEVEL_TYPES, projectWfs } from './define';

const f = family('fttx', FIBRE_TYPES);
const wfs = (type: string) => ({ source: projectWfs('fttx_feature'), featureTypes: [type] });

export const FIBRE_LAYERS: LayerEntry[] = [
  // points
  f({ name: 'pop', geometry: 'point', ...wfs('pop'), labelField: 'name', labelMinZoom: 17, minZoom: 8 }),
  f({ name: 'ap', type: 'network', geometry: 'point', objectTypes: ['access_point'], filter: { field: 'name', prefix: 'OAP', not: true }, labelMinZoom: 17, minZoom: 11 }),
  f({ name: 'oap', type: 'network', geometry: 'point', objectTypes: ['access_point'], filter: { field: 'name', prefix: 'OAP' }, labelMinZoom: 17, minZoom: 11 }),
  f({ name: 'fdp', type: 'network', geometry: 'point', objectTypes: ['splicebox'], filter: { field: 'name', prefix: 'FDP' }, labelMinZoom: 18, minZoom: 14, projectTypes: LOW_LEVEL_TYPES }),
  f({ name: 'dp', type: 'network', geometry: 'point', objectTypes: ['splicebox', 'enclosure'], filter: { field: 'name', prefix: 'FDP', not: true, types: ['splicebox'] }, labelMinZoom: 18, minZoom: 14 }),
  f({ name: 'cap', type: 'network', geometry: 'point', objectTypes: ['customer_connection'], labelMinZoom: 19, minZoom: 16 }),
  f({ name: 'lu', geometry: 'point', ...wfs('lu'), labelField: 'name', labelMinZoom: 19, minZoom: 16, defaultVisible: false }),
  f({ name: 'futureDemand', geometry: 'point', ...wfs('future_demand'), minZoom: 16, defaultVisible: false }),
  f({ name: 'handhole', type: 'network', geometry: 'point', objectTypes: ['point_element'], labelMinZoom: 18, minZoom: 16 }),
  f({ name: 'accessCarrier', geometry: 'point', ...wfs('access_carrier'), labelField: 'name', labelMinZoom: 17, minZoom: 16 }),
  f({ name: 'waypoints', geometry: 'point', type: 'network', objectTypes: ['node'], styles: ['waypoint'], minZoom: 18, defaultVisible: false }),
  f({ name: 'ductJoints', type: 'network', geometry: 'point', objectTypes: ['coupler', 'y_coupler'], styles: ['ductJoint'], labelMinZoom: 18, minZoom: 16 }),
  f({ name: 'microDuctJoints', type: 'network', geometry: 'point', objectTypes: ['midway_weld'], styles: ['microDuctJoint'], labelMinZoom: 19, minZoom: 18 }),
  f({ name: 'pointsOfInterest', geometry: 'point', ...wfs('poi'), styles: ['poi'], labelField: 'description', labelMinZoom: 17, minZoom: 14 }),
  // lines
  f({ name: 'edges', type: 'network', geometry: 'line', objectTypes: ['edge'], styles: ['edge'], minZoom: 16, defaultVisible: false }),
  f({ name: 'internalRoutes', geometry: 'line', ...wfs('internal_route'), styles: ['internalRoute'], minZoom: 18, defaultVisible: false }),
  f({ name: 'ducts', type: 'network', geometry: 'line', objectTypes: ['duct', 'inner_duct'], styles: ['duct'], labelField: 'duct_type', labelMinZoom: 18, minZoom: 16, drawOrder: ductDrawOrder('Medium') }),
  f({ name: 'conduit', type: 'network', geometry: 'line', objectTypes: ['conduit'], labelMinZoom: 18, minZoom: 14, drawOrder: ductDrawOrder('Low') }),
  f({ name: 'cityRing', geometry: 'line', ...wfs('city_ring'), labelField: 'name', labelMinZoom: 17, minZoom: 8, drawOrder: ductDrawOrder('VeryHigh') }),
  f({ name: 'cableApToDp', type: 'network', geometry: 'line', objectTypes: ['cable'], featureTypes: ['ap_to_dp'], labelMinZoom: 18, minZoom: 11, drawOrder: ductDrawOrder('High') }),
  f({ name: 'cableApToOap', type: 'network', geometry: 'line', objectTypes: ['cable'], featureTypes: ['ap_to_oap'], labelMinZoom: 18, minZoom: 11, drawOrder: ductDrawOrder('High') }),
  f({ name: 'cableOapToDp', type: 'network', geometry: 'line', objectTypes: ['cable'], featureTypes: ['oap_to_dp'], labelMinZoom: 18, minZoom: 11, drawOrder: ductDrawOrder('High') }),
  f({ name: 'cableDpToKa', type: 'network', geometry: 'line', objectTypes: ['cable'], featureTypes: ['dp_to_ka'], labelMinZoom: 18, minZoom: 16, drawOrder: ductDrawOrder('High') }),
  f({ name: 'trenches', type: 'network', geometry: 'line', objectTypes: ['trench'], styles: ['trench', 'route'], minZoom: 13, drawOrder: ductDrawOrder('VeryLow') }),
  f({ name: 'trenchesReserved', type: 'network', geometry: 'line', objectTypes: ['trench'], filter: { field: 'reserved', values: ['true'] }, styles: ['trenchReserved'], minZoom: 13, defaultVisible: false, drawOrder: ductDrawOrder('VeryLow') }),
  f({ name: 'trenchesDrillingType', type: 'network', geometry: 'line', objectTypes: ['trench', 'drilling'], filter: { field: 'drilling_type', present: true, types: ['trench'] }, styles: ['trenchDrilling'], minZoom: 18, defaultVisible: false, drawOrder: ductDrawOrder('VeryLow') }),
  f({ name: 'trenchesCoverageType', type: 'network', geometry: 'line', objectTypes: ['trench'], filter: { field: 'coverage_type', present: true }, styles: ['trenchCoverage'], minZoom: 18, defaultVisible: false, drawOrder: ductDrawOrder('VeryLow') }),
  f({ name: 'traces', type: 'network', geometry: 'line', objectTypes: ['trace'], styles: ['trace'], minZoom: 14, defaultVisible: false }),
  f({ name: 'qaLines', geometry: 'line', ...wfs('qa_line'), styles: ['qaLine'], minZoom: 14, defaultVisible: false }),
  f({ name: 'combiLines', geometry: 'line', ...wfs('combi_line'), styles: ['combiLine'], minZoom: 14, defaultVisible: false }),
  f({ name: 'routes', geometry: 'line', ...wfs('route'), styles: ['route'], minZoom: 11, defaultVisible: false }),
  // editing / highlight companions drawn above everything
  f({ name: 'networkDrawing', type: 'wfst', geometry: 'line', source: projectWfs('fttx_feature'), styles: ['trench'], minZoom: 14, defaultVisible: false, drawOrder: DRAW_ORDER.points + 1 }),
];
