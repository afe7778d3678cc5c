// Map constants of spec 3 §9 and spec 1 §9: resolutions, zoom limits, hit tolerance, animation times, edit
// resolution, geolocation box, scale bar, cost per metre. Zoom levels follow the spec's convention (256-px tiles).

/** Zoom factor between resolution levels. */
export const ZOOM_FACTOR = 2;
/** Maximum resolution (zoom 0), map units per pixel. */
export const MAX_RESOLUTION = 156543.03392804097;
/** 29 resolution levels from MAX_RESOLUTION, each halving the previous. */
export const RESOLUTIONS: readonly number[] = Array.from({ length: 29 }, (_, z) => MAX_RESOLUTION / ZOOM_FACTOR ** z);
/** Zoom range offered (possible range 0–28). */
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 24;
export const MAX_POSSIBLE_ZOOM = 28;
/** Select-to-zoom maximum zoom. */
export const SELECT_FIT_MAX_ZOOM = 20;
/** Hit tolerance in CSS pixels. */
export const HIT_TOLERANCE_PX = 15;
/** Animation durations in ms. */
export const ZOOM_ANIMATION_MS = 200;
export const PAN_ANIMATION_MS = 100;
export const RESIZE_DEBOUNCE_MS = 50;
/** Edit resolution; editing is allowed up to twice this. */
export const EDIT_RESOLUTION = 0.3;
export const MAX_EDIT_RESOLUTION = 2 * EDIT_RESOLUTION;
/** Geolocation zoom box: this many map units around the position. */
export const GEOLOCATION_BOX = 50;
/** Scale bar minimum width in pixels. */
export const SCALE_BAR_MIN_WIDTH = 100;
/** Coordinates are rounded to this many decimals. */
export const COORDINATE_DECIMALS = 2;
/** Points are equal within this tolerance (map units). */
export const POINT_TOLERANCE = 0.01;
/** Unsnap offset per ring (map units). */
export const UNSNAP_OFFSET = 10;
/** Labels from this zoom. */
export const LABEL_MIN_ZOOM = 17;
/** Estimated cost per metre of line change, euro. */
export const COST_PER_METRE = 11;
/** Measurements over this many metres are shown in km. */
export const KM_THRESHOLD_M = 100;
/** Stroke width for lines at or below the edit resolution versus above it. */
export const STROKE_WIDTH_EDIT = 6;
export const STROKE_WIDTH = 3;

/** Resolution (map units per CSS px) at a spec zoom level (fractional allowed). */
export function resolutionForZoom(zoom: number): number {
  return MAX_RESOLUTION / ZOOM_FACTOR ** zoom;
}

/** Spec zoom level for a resolution. */
export function zoomForResolution(resolution: number): number {
  return Math.log(MAX_RESOLUTION / resolution) / Math.log(ZOOM_FACTOR);
}

/** MapLibre uses 512-px tiles: its zoom is one less than the spec's (256-px) zoom at the same resolution. */
export function toMaplibreZoom(zoom: number): number {
  return zoom - 1;
}
export function fromMaplibreZoom(mlZoom: number): number {
  return mlZoom + 1;
}

/** Editing is allowed only at a resolution of at most twice the edit resolution. */
export function canEditAtResolution(resolution: number): boolean {
  return resolution <= MAX_EDIT_RESOLUTION + 1e-12;
}

/** Rounds a coordinate to the spec's 2 decimals. */
export function roundCoord(v: number): number {
  return Math.round(v * 100) / 100;
}
