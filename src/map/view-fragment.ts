// The map view in the URL fragment as `zoom;x;y` (spec 1 §2): zoom in spec levels, x and y in map units (EPSG:3857)
// rounded to 2 decimals. Parsing is strict: anything else (e.g. a settings fragment) yields null.
import { MAX_POSSIBLE_ZOOM, MIN_ZOOM, roundCoord } from './constants';

export interface MapView { zoom: number; x: number; y: number }

export function formatViewFragment(v: MapView): string {
  const z = Math.round(v.zoom * 100) / 100;
  return `${z};${roundCoord(v.x)};${roundCoord(v.y)}`;
}

export function parseViewFragment(hash: string): MapView | null {
  const s = hash.startsWith('#') ? hash.slice(1) : hash;
  const parts = decodeURIComponent(s).split(';');
  if (parts.length !== 3) return null;
  const [zoom, x, y] = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (![zoom, x, y].every(Number.isFinite)) return null;
  if (zoom < MIN_ZOOM || zoom > MAX_POSSIBLE_ZOOM) return null;
  return { zoom, x, y };
}
