// The factory entry point: image entries → MapLibre source + layer; every other type → deck.gl layers.
export { createDeckLayers, orderDeckLayers, buildLabels, inZoomRange } from './deck';
export type { DeckLayerDescriptor, DeckLayerOptions, LabelDatum } from './deck';
export { createImageLayer, wmsTileUrl, tileUrl, proxied, projectCql, proxyTransformRequest, addressRequest, atlasOf } from './image';
export type { ImageLayerSpec, ImageLayerOptions } from './image';
export { buildAttributes } from './binary';
export type { BinaryAttributes } from './binary';
export type { LayerFeature, FeatureGeometry } from './features';
export { wfsFeatureUrl, bboxCql } from './wfs';
export type { WfsRequestOptions } from './wfs';
