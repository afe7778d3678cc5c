// Clash detection (issue 14): the network against reference and uploaded features, incremental from the engine's
// diffs. See README.md.
export * from './types';
export * from './bgt';
export * from './rules';
export { ReferenceIndex, type RefEntry } from './references';
export { toShape, shapeBox, segmentsIntersect, closestOnSegment, nearest, clipInside, clashLocation, type Shape } from './geometry';
export { ClashIndex, BUFFER_EPSILON, type ClashOptions } from './clash-index';
export { KLIC_THEME_LAYERS, referenceLayer, withThemeLayer } from './klic-themes';
