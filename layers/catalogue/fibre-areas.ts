// Fibre catalogue, areas and other polygons, plus as-built, upload and directive-shape variants (spec 3 §2).
import type { LayerEntry } from '../types';
import { family, FIBRE_TYPES, projectWfs } from './define';

const f = family('fttx', FIBRE_TYPES);
const wfs = (type: string) => ({ source: projectWfs('fttx_feature'), featureTypes: [type] });
const cocon = family('cocon', FIBRE_TYPES, { category: 'As-built', defaultVisible: false });
const upload = family('fttx', FIBRE_TYPES, { category: 'Upload', defaultVisible: false, source: projectWfs('custom_layer_feature') });

export const FIBRE_AREA_LAYERS: LayerEntry[] = [
  f({ name: 'projectDemarcation', geometry: 'polygon', ...wfs('project_demarcation'), styles: ['demarcation'], minZoom: 8 }),
  f({ name: 'revisionDemarcation', geometry: 'polygon', ...wfs('revision_demarcation'), styles: ['revisionDemarcation'], minZoom: 8, defaultVisible: false }),
  f({ name: 'apAreas', geometry: 'polygon', ...wfs('ap_area'), styles: ['area'], labelField: 'AP', minZoom: 11 }),
  f({ name: 'oapAreas', geometry: 'polygon', ...wfs('oap_area'), styles: ['area'], labelField: 'OAP', minZoom: 11, defaultVisible: false }),
  f({ name: 'dpAreas', geometry: 'polygon', ...wfs('dp_area'), styles: ['area'], labelField: 'DP', minZoom: 14 }),
  f({ name: 'areas', geometry: 'polygon', ...wfs('area'), styles: ['area'], labelField: 'name', minZoom: 11, defaultVisible: false }),
  f({ name: 'phases', geometry: 'polygon', ...wfs('phase'), styles: ['phase'], labelField: 'name', minZoom: 11, defaultVisible: false }),
  f({ name: 'shaping', geometry: 'polygon', ...wfs('shaping'), styles: ['shaping'], labelField: 'cost_type', minZoom: 14 }),
  f({ name: 'directiveShapes', geometry: 'polygon', ...wfs('directive_shape'), styles: ['directiveShape'], minZoom: 11, defaultVisible: false }),
  // as-built (cocon tiles and feature loads)
  cocon({ name: 'asBuilt', type: 'image', geometry: 'polygon', styles: ['image'], source: { kind: 'xyz', url: '/api/cocon/asbuilt/{z}/{x}/{y}' }, minZoom: 14 }),
  cocon({ name: 'asBuiltCocon', type: 'image', geometry: 'polygon', styles: ['image'], source: { kind: 'xyz', url: '/api/cocon/cocon2/{z}/{x}/{y}' }, minZoom: 14 }),
  cocon({ name: 'asBuiltCabinetUsage', type: 'image', geometry: 'polygon', styles: ['image'], source: { kind: 'xyz', url: '/api/cocon/tabcabperc/{z}/{x}/{y}' }, minZoom: 11 }),
  cocon({ name: 'asBuiltDp', geometry: 'point', styles: ['asBuiltPoint'], source: { kind: 'wfs', url: '/api/cocon/{layer}', typeName: 'cocon_dp', version: '1.1.0' }, labelField: 'name', labelMinZoom: 18, minZoom: 16 }),
  cocon({ name: 'asBuiltPop', geometry: 'point', styles: ['asBuiltPoint'], source: { kind: 'wfs', url: '/api/cocon/{layer}', typeName: 'cocon_pop', version: '1.1.0' }, labelField: 'name', labelMinZoom: 17, minZoom: 11 }),
  cocon({ name: 'asBuiltSlack', geometry: 'point', styles: ['asBuiltPoint'], source: { kind: 'wfs', url: '/api/cocon/{layer}', typeName: 'cocon_slack', version: '1.1.0' }, minZoom: 18 }),
  cocon({ name: 'asBuiltDuct', geometry: 'line', styles: ['asBuiltLine'], source: { kind: 'wfs', url: '/api/cocon/{layer}', typeName: 'cocon_duct', version: '1.1.0' }, minZoom: 16 }),
  cocon({ name: 'asBuiltDrilling', geometry: 'line', styles: ['asBuiltLine'], source: { kind: 'wfs', url: '/api/cocon/{layer}', typeName: 'cocon_drilling', version: '1.1.0' }, minZoom: 16 }),
  // uploads (reference data uploaded into the project: KLIC cable and pipe data, road centre lines, parcels, buildings)
  upload({ name: 'uploadPoints', geometry: 'point', styles: ['uploadPoint'], featureTypes: ['upload_point'] }),
  upload({ name: 'uploadLines', geometry: 'line', styles: ['uploadLine'], featureTypes: ['upload_line'] }),
  upload({ name: 'uploadPolygons', geometry: 'polygon', styles: ['uploadPolygon'], featureTypes: ['upload_polygon'] }),
  upload({ name: 'uploadKlic', category: 'UploadKlic', geometry: 'line', styles: ['uploadLine'], featureTypes: ['klic'] }),
  upload({ name: 'uploadRoadCentreLines', geometry: 'line', styles: ['uploadLine'], featureTypes: ['road_centre_line'] }),
  upload({ name: 'uploadParcels', geometry: 'polygon', styles: ['uploadPolygon'], featureTypes: ['parcel'] }),
  upload({ name: 'uploadBuildings', geometry: 'polygon', styles: ['uploadPolygon'], featureTypes: ['building'] }),
  upload({ name: 'capexUploads', geometry: 'polygon', styles: ['uploadPolygon'], featureTypes: ['capex_upload'], group: 'capex', projectTypes: [18, 22, 23, 24] }),
];
