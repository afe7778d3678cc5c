// Layer errors (spec 3 §8): the error texts, the layer error stream (403 → 'Not authorized' → map-unauthorized,
// other → map-unavailable; throttled 10 s per key, with the layer name, the layer hidden) and tile failures.

export const NOT_AUTHORIZED = 'Not authorized';
export const INTERNAL_SERVER_ERROR = 'Internal server error';
export const THROTTLE_INTERVAL_MS = 10000;

export class LayerError extends Error {
  constructor(message: string, readonly layerName?: string) {
    super(message);
    this.name = 'LayerError';
  }
}

export const layerNotFound = (name: string) => new LayerError(`Layer ${name} not found in LayerRepository`, name);
export const notVectorLayer = (name: string) => new LayerError(`Layer ${name} is not a vector layer`, name);
export const wfsLoadFailed = (url: string) => new LayerError(`Failed to load features from ${url}`);
export const unsupportedGeometry = () => new LayerError('Unsupported geometry type.');

/** Repeated errors with the same key pass at most once per interval (spec 2 §8 / §9: 10000 ms). */
export function createThrottle(intervalMs = THROTTLE_INTERVAL_MS, now: () => number = Date.now) {
  const last = new Map<string, number>();
  return (key: string): boolean => {
    const t = now();
    const prev = last.get(key);
    if (prev !== undefined && t - prev < intervalMs) return false;
    last.set(key, t);
    return true;
  };
}

export type LayerNotificationKey = 'map-unauthorized' | 'map-unavailable';
export interface LayerNotification { key: LayerNotificationKey; layerName: string; message: string }

export interface LayerErrorSinks {
  notify: (n: LayerNotification) => void;
  hideLayer: (layerName: string) => void;
  now?: () => number;
}

/**
 * The layer error observer: each report hides the layer; a notification (map-unauthorized for 'Not authorized',
 * map-unavailable otherwise) goes out at most once per 10 s per layer and kind.
 */
export function createLayerErrorStream(sinks: LayerErrorSinks) {
  const pass = createThrottle(THROTTLE_INTERVAL_MS, sinks.now);
  return {
    report(layerName: string, message: string): LayerNotification | null {
      sinks.hideLayer(layerName);
      const key: LayerNotificationKey = message === NOT_AUTHORIZED ? 'map-unauthorized' : 'map-unavailable';
      if (!pass(`${key}:${layerName}`)) return null;
      const n = { key, layerName, message };
      sinks.notify(n);
      return n;
    },
  };
}
export type LayerErrorStream = ReturnType<typeof createLayerErrorStream>;

/** Project feature data responses: 403 reports 'Not authorized' for the layer; other statuses are ignored. */
export function reportFeatureStatus(stream: LayerErrorStream, layerName: string, status: number): boolean {
  if (status !== 403) return false;
  stream.report(layerName, NOT_AUTHORIZED);
  return true;
}

/** Street-level imagery: 401 or 403 report 'Not authorized'. */
export function reportStreetLevelStatus(stream: LayerErrorStream, layerName: string, status: number): boolean {
  if (status !== 401 && status !== 403) return false;
  stream.report(layerName, NOT_AUTHORIZED);
  return true;
}

export interface ImageTile { state: 'idle' | 'loading' | 'loaded' | 'error' }

/** A proxied or direct tile image failed: the image goes to the error state, the observer gets 'Internal server error'. */
export function tileFailed(stream: LayerErrorStream, layerName: string, tile: ImageTile): void {
  tile.state = 'error';
  stream.report(layerName, INTERNAL_SERVER_ERROR);
}
