// Background and geodata reference layers served by our own server: /api/geodata/wms (WMS 1.3.0) and /api/geodata
// (WFS 1.1.0, EPSG:3857, JSON). Zoom ranges from spec 3 §9.
import type { LayerEntry } from '../types';
import { family, MAP_MAX_ZOOM } from './define';

const ref = family('general', [], { category: 'Reference', type: 'image', maxZoom: MAP_MAX_ZOOM, defaultVisible: false, styles: ['image'] });
const wms = (layers: string) => ({ kind: 'wms' as const, url: '/api/geodata/wms/', layers, version: '1.3.0' });
const wfs = (typeName: string) => ({ kind: 'wfs' as const, url: '/api/geodata', typeName, version: '1.1.0' });

export const REFERENCE_LAYERS: LayerEntry[] = [
  ref({ name: 'bgtVegetation', geometry: 'polygon', source: wms('bgt_vegetation'), minZoom: 19 }),
  ref({ name: 'bgtLabels', geometry: 'point', source: wms('bgt_labels'), minZoom: 17 }),
  ref({ name: 'bgtLineOriented', geometry: 'line', source: wms('bgt_line_oriented'), minZoom: 17 }),
  ref({ name: 'bgtEigendom', geometry: 'polygon', source: wms('bgt_eigendom'), minZoom: 17 }),
  ref({ name: 'bgtGeulbedekking', geometry: 'polygon', source: wms('bgt_geulbedekking'), minZoom: 17 }),
  ref({ name: 'riskGridImage', geometry: 'polygon', source: wms('risk_grid'), minZoom: 7 }),
  ref({ name: 'heatNetworks', geometry: 'line', source: wms('heat_networks'), minZoom: 7, group: 'ghs' }),
  ref({ name: 'osmm', category: 'Background', geometry: 'polygon', source: wms('osmm'), minZoom: 0 }),
  ref({ name: 'bgBelgium', category: 'Background', geometry: 'polygon', source: wms('bg_belgium'), minZoom: 0 }),
  ref({ name: 'las', geometry: 'polygon', source: wms('las'), minZoom: 0 }),
  ref({ name: 'treesNeoImage', geometry: 'point', source: wms('trees_neo'), minZoom: 17 }),
  ref({ name: 'osmRoadsGermany', geometry: 'line', source: wms('osm_roads_germany'), minZoom: 7 }),
  ref({ name: 'builtUp', geometry: 'polygon', source: wms('built-up'), minZoom: 7 }),
  ref({ name: 'cadastral', geometry: 'polygon', source: wms('cadastral'), minZoom: 17 }),
  ref({ name: 'foundation', geometry: 'polygon', source: wms('foundation'), minZoom: 7 }),
  ref({ name: 'soil', geometry: 'polygon', source: wms('soil'), minZoom: 0 }),
  ref({ name: 'waterBoards', geometry: 'polygon', source: wms('water_boards'), minZoom: 0 }),
  // vector reference data (WFS)
  ref({ name: 'addressObjects', type: 'feature', geometry: 'point', source: wfs('address_objects'), styles: ['addressObject'], labelField: 'huisnummer', labelMinZoom: 19, minZoom: 18 }),
  ref({ name: 'neighbourhoods', type: 'feature', geometry: 'polygon', source: wfs('neighbourhoods'), styles: ['neighbourhood'], labelField: 'buurtnaam', labelMinZoom: 14, minZoom: 12 }),
  ref({ name: 'roadSections', type: 'feature', geometry: 'line', source: wfs('road_sections'), styles: ['roadSection'], labelField: 'stt_naam', labelMinZoom: 17, minZoom: 15 }),
  ref({ name: 'waterDefences', type: 'feature', geometry: 'polygon', source: wfs('water_defences'), styles: ['waterDefence'], minZoom: 0 }),
  ref({ name: 'riskGrid', type: 'feature', geometry: 'polygon', source: wfs('risk_grid'), styles: ['riskGrid'], minZoom: 12 }),
  ref({ name: 'trees', type: 'feature', geometry: 'point', source: wfs('trees_neo'), styles: ['tree'], minZoom: 17 }),
];
