// Water (gw), low-voltage, energy-system (esdl) and geotrace catalogue (spec 3 §2 families).
import type { LayerEntry } from '../types';
import { ESDL_TYPES, family, PT, projectWfs, WATER_TYPES } from './define';

const gw = family('gw', WATER_TYPES, { type: 'network' });
const lv = family('lv', [PT.lowVoltage], { type: 'network' });
const esdl = family('esdl', ESDL_TYPES);
const gt = family('geotrace', [PT.geotrace]);

export const UTILITY_LAYERS: LayerEntry[] = [
  gw({ name: 'waterPipes', geometry: 'line', objectTypes: ['pipe', 'connector_pipe', 'prospective_pipe'], styles: ['waterPipe'], labelField: 'diameter', labelMinZoom: 21, minZoom: 11 }),
  gw({ name: 'waterBranchPoints', geometry: 'point', objectTypes: ['branch_point'], styles: ['waterBranchPoint'], minZoom: 16 }),
  gw({ name: 'waterValves', geometry: 'point', objectTypes: ['valve'], styles: ['waterValve'], labelMinZoom: 19, minZoom: 16 }),
  gw({ name: 'waterFireHydrants', geometry: 'point', objectTypes: ['fire_hydrant'], styles: ['waterFireHydrant'], labelMinZoom: 19, minZoom: 14 }),
  gw({ name: 'waterServicePoints', geometry: 'point', objectTypes: ['service_point'], styles: ['waterServicePoint'], labelMinZoom: 19, minZoom: 16 }),
  gw({ name: 'waterSectionHulls', type: 'feature', geometry: 'polygon', source: projectWfs('fttx_feature'), featureTypes: ['section_hull'], styles: ['waterSectionHull'], labelField: 'sectionsIndex', minZoom: 11 }),
  gw({ name: 'waterConnectorPipes', type: 'feature', category: 'Reference', geometry: 'line', styles: ['waterPipe'], minZoom: 14, defaultVisible: false,
    source: { kind: 'wfs', url: '/api/project/{projectId}/property/type/connector_pipes/value', typeName: 'connector_pipes' } }),
  gw({ name: 'waterServicePointsReference', type: 'feature', category: 'Reference', geometry: 'point', styles: ['waterServicePoint'], minZoom: 16, defaultVisible: false,
    source: { kind: 'wfs', url: '/api/project/{projectId}/property/type/service_points/value', typeName: 'service_points' } }),
  lv({ name: 'lvCaps', geometry: 'point', objectTypes: ['cap'], styles: ['lvCap'], labelMinZoom: 19, minZoom: 16 }),
  lv({ name: 'lvCustomerCables', geometry: 'line', objectTypes: ['customer_cable'], featureTypes: ['LowVoltageCustomer'], styles: ['lvCable'], labelMinZoom: 18, minZoom: 16 }),
  lv({ name: 'lvJoints', geometry: 'point', objectTypes: ['joint'], styles: ['lvJoint'], labelMinZoom: 18, minZoom: 16 }),
  lv({ name: 'lvLu', geometry: 'point', objectTypes: ['lu'], styles: ['lvLu'], minZoom: 18, defaultVisible: false }),
  lv({ name: 'lvMainCables', geometry: 'line', objectTypes: ['main_cable'], featureTypes: ['LowVoltageMain'], styles: ['lvCable'], labelMinZoom: 18, minZoom: 11 }),
  lv({ name: 'lvMsr', geometry: 'point', objectTypes: ['msr'], styles: ['lvMsr'], labelMinZoom: 17, minZoom: 8 }),
  lv({ name: 'lvMsrAreas', geometry: 'polygon', objectTypes: ['msr_area'], styles: ['lvMsrArea'], minZoom: 11 }),
  lv({ name: 'lvTrenches', geometry: 'line', objectTypes: ['trench'], styles: ['lvTrench'], minZoom: 13 }),
  esdl({ name: 'esdlAssets', geometry: 'point', source: projectWfs('esdl_asset'), styles: ['esdlAsset'], labelField: 'name', labelMinZoom: 17, minZoom: 8 }),
  esdl({ name: 'esdlTransports', geometry: 'line', source: projectWfs('esdl_asset'), featureTypes: ['Transport'], styles: ['esdlTransport'], minZoom: 8 }),
  esdl({ name: 'esdlPorts', geometry: 'point', source: projectWfs('esdl_port'), styles: ['esdlAsset'], minZoom: 18, defaultVisible: false }),
  esdl({ name: 'esdlAreas', geometry: 'polygon', source: projectWfs('esdl_area'), styles: ['esdlArea'], labelField: 'name', minZoom: 8 }),
  gt({ name: 'geotraceNetwork', type: 'network', geometry: 'line', objectTypes: ['trace', 'edge'], styles: ['geotraceNetwork'], minZoom: 8 }),
  gt({ name: 'geotracePotentialNetwork', geometry: 'line', source: projectWfs('fttx_feature'), featureTypes: ['geotrace_potential'], styles: ['geotracePotential'], minZoom: 11 }),
  gt({ name: 'geotraceRoutes', geometry: 'line', source: projectWfs('fttx_feature'), featureTypes: ['geotrace_route'], styles: ['geotraceRoute', 'route'], minZoom: 8 }),
  gt({ name: 'geotracePoints', geometry: 'point', source: projectWfs('fttx_feature'), featureTypes: ['a_side', 'z_side'], styles: ['geotracePoint'], labelField: 'name', labelMinZoom: 17, minZoom: 8 }),
];
