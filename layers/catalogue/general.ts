// General layers (spec 3 §2): notes, dimensioning lines, clashes, analyses, the user's location, highlights; plus the
// street-level surface-type layer (only with imagery coverage permission). Notes label from the spec's zoom 17; the
// dimensioning lines are stored features (fttx_feature, type dimensioning_line) so the map can select and edit them.
import type { LayerEntry } from '../types';
import { DRAW_ORDER } from '../draw-order';
import { family, MAP_MAX_ZOOM, projectWfs } from './define';

const g = family('general', [], { category: 'Other' });

export const GENERAL_LAYERS: LayerEntry[] = [
  g({ name: 'notes', type: 'wfst', geometry: 'point', source: projectWfs('note'), styles: ['note'], labelField: 'name', minZoom: 8, drawOrder: DRAW_ORDER.points + 50 }),
  g({ name: 'noteShapes', type: 'wfst', geometry: 'polygon', source: projectWfs('note'), styles: ['note'], labelField: 'name', minZoom: 8 }),
  g({ name: 'dimensioningLines', type: 'feature', geometry: 'line', source: projectWfs('fttx_feature'), featureTypes: ['dimensioning_line'], styles: ['dimension'], labelField: 'length', labelMinZoom: 16, minZoom: 16, drawOrder: DRAW_ORDER.points + 40 }),
  g({ name: 'clashes', type: 'feature', geometry: 'polygon', styles: ['clash'], labelField: 'status', labelMinZoom: 16, minZoom: 11, drawOrder: DRAW_ORDER.points + 30 }),
  g({ name: 'analyses', type: 'feature', geometry: 'polygon', styles: ['analysis'], labelField: 'priority', labelMinZoom: 16, minZoom: 11, drawOrder: DRAW_ORDER.points + 30 }),
  g({ name: 'userLocation', type: 'feature', geometry: 'point', styles: ['userLocation'], minZoom: 0, maxZoom: MAP_MAX_ZOOM, drawOrder: DRAW_ORDER.points + 90 }),
  g({ name: 'highlights', type: 'highlight', geometry: 'line', styles: ['highlight'], minZoom: 0, maxZoom: MAP_MAX_ZOOM, drawOrder: DRAW_ORDER.points + 100 }),
  g({ name: 'highlightPoints', type: 'highlight', geometry: 'point', styles: ['highlight'], minZoom: 0, maxZoom: MAP_MAX_ZOOM, drawOrder: DRAW_ORDER.points + 100 }),
  g({ name: 'streetLevelSurfaceTypes', type: 'feature', category: 'Reference', group: 'external', geometry: 'polygon', styles: ['surfaceType'],
    source: { kind: 'wfs', url: '/api/cyclomedia/surface-types', typeName: 'surface_types' }, minZoom: 16, maxZoom: MAP_MAX_ZOOM,
    defaultVisible: false, requiresPermission: 'cyclomedia.coverage', attributions: ['© Cyclomedia'] }),
  g({ name: 'streetLevelAerial', type: 'image', category: 'Reference', group: 'external', geometry: 'polygon', styles: ['image'],
    source: { kind: 'xyz', url: '{atlas}', addressFrom: '/api/cyclomedia/atlas' }, minZoom: 10, maxZoom: MAP_MAX_ZOOM,
    defaultVisible: false, requiresPermission: 'atlas', attributions: ['© Cyclomedia'] }),
];
