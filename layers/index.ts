// Layers public entry: the catalogue and map-view contexts, style rules and legends, visibility resolution, the
// one factory (deck.gl / MapLibre), errors and the loaded-extent tracker.
export * from './types';
export { CATALOGUE, getLayer, findLayer } from './catalogue';
export { CATEGORY_ICONS, CATEGORY_KEYS, LEGEND_GROUPS } from './catalogue/categories';
export { MAP_CONTEXTS, CONTEXT_DEFAULTS, isMapContext, type MapContext, type ViewDefaults } from './catalogue/contexts';
export { validateCatalogue, validateEntry } from './catalogue/schema';
export { PT as PROJECT_TYPES } from './catalogue/define';
export { DRAW_LEVEL, DRAW_ORDER, drawOrderFor, ductDrawOrder } from './draw-order';
export { STYLES, getStyle } from './styles';
export { legendFor, type LegendSwatch } from './legend';
export * from './visibility';
export { matchesFilter, layerDraws, filterErrors } from './filter';
export { labelRule, type LabelRule } from './labels';
export { offeredLayers, isOffered, type OfferContext } from './offer';
export * from './errors';
export { LoadedExtents, loadExtentOnce, type Extent } from './loaded-extents';
export * from './factory';
