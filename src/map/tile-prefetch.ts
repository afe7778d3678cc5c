// The tiles of the opening view, read while the map's code, controller and session start (issue 15): once the extent
// says a project loads by area, the workflow reads the tiles the map will open on — the view the address names, else
// the network's centre at AREA_OPEN_ZOOM — for the window's size (the map is never larger), and the area loader takes
// a read waiting here instead of starting its own. At 10⁶ edges the first tile reads otherwise started ≈ 0.6 s after
// the extent's answer. A read nobody takes is forgotten after PREFETCH_TTL_MS; one that failed is read again.
import type { AppDispatch } from '../app/store';
import { networkApi, type NetworkExtent } from '../api/endpoints/network';
import type { MergeRead } from 'engine/merge';
import type { Position } from 'engine/types';
import { RESOLUTIONS, MAX_RESOLUTION } from './constants';
import { AREA_OBJECT_THRESHOLD, tileExtent, tilesIn } from './area-loader';
import { parseViewFragment } from './view-fragment';

/** Zoom (spec levels) a project loaded by area opens at on its network's centre when the address names no view. */
export const AREA_OPEN_ZOOM = 17;
/** How long a read of the opening view waits for the area loader. */
export const PREFETCH_TTL_MS = 10_000;
type Box = [number, number, number, number];

/** Area loading: 'auto' (by the project's size), or forced on/off with localStorage 'netplan.areaLoading'. */
export function loadsByArea(extent: NetworkExtent): boolean {
  let pref: string | null = null;
  try { pref = globalThis.localStorage?.getItem('netplan.areaLoading') ?? null; } catch { /* storage unavailable */ }
  if (pref === 'always') return true;
  if (pref === 'never') return false;
  return extent.count > AREA_OBJECT_THRESHOLD;
}

/** Rings of tiles read ahead around the view (read-ahead.ts): 1, or 0 with localStorage 'netplan.areaReadAhead' = 'off'. */
export function areaReadAhead(): number {
  try { return globalThis.localStorage?.getItem('netplan.areaReadAhead') === 'off' ? 0 : 1; } catch { return 1; }
}

/** One area read (a tile's window) through RTK Query: not cached (the area loader keeps what it merged). */
export function readTile(dispatch: AppDispatch, projectId: number, bbox: Box): Promise<MergeRead> {
  const req = dispatch(networkApi.endpoints.networkObjectsInArea.initiate({ projectId, bbox }, { forceRefetch: true }));
  return req.unwrap().then((p) => p.value).finally(() => req.unsubscribe());
}

/** The view the map opens on: the address's `zoom;x;y`, else the network's centre at AREA_OPEN_ZOOM. */
export function openingView(extent: NetworkExtent, hash: string): { zoom: number; center: Position } | null {
  const v = parseViewFragment(hash);
  if (v) return { zoom: v.zoom, center: [v.x, v.y] };
  const b = extent.bbox;
  return b ? { zoom: AREA_OPEN_ZOOM, center: [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2] } : null;
}

/** The tiles of a view of `size` pixels at `zoom` around `center` (null: more than the loader reads at once). */
export function viewTiles(zoom: number, center: Position, [w, h]: [number, number]): string[] | null {
  const res = Number.isInteger(zoom) && RESOLUTIONS[zoom] !== undefined ? RESOLUTIONS[zoom] : MAX_RESOLUTION / 2 ** zoom;
  const [dx, dy] = [(w / 2) * res, (h / 2) * res];
  return tilesIn([center[0] - dx, center[1] - dy, center[0] + dx, center[1] + dy]);
}

const waiting = new Map<string, { read: Promise<MergeRead>; timer: ReturnType<typeof setTimeout> }>();
const keyOf = (projectId: number, bbox: Box) => `${projectId}|${bbox.join(',')}`;

/** Starts the reads of the opening view's tiles when the project loads by area (nothing otherwise). */
export function prefetchOpeningTiles(dispatch: AppDispatch, projectId: number, extent: NetworkExtent, hash: string, size: [number, number]): string[] {
  if (!loadsByArea(extent)) return [];
  const view = openingView(extent, hash);
  const keys = view ? viewTiles(view.zoom, view.center, size) : null;
  for (const k of keys ?? []) {
    const bbox = tileExtent(k) as Box, key = keyOf(projectId, bbox);
    if (waiting.has(key)) continue;
    const read = readTile(dispatch, projectId, bbox);
    read.catch(() => undefined); // a failure is the loader's to see (it reads again)
    waiting.set(key, { read, timer: setTimeout(() => waiting.delete(key), PREFETCH_TTL_MS) });
  }
  return keys ?? [];
}

/** The area loader's read: the one started for the opening view when there is one (read again if it failed). */
export function areaRead(dispatch: AppDispatch, projectId: number): (bbox: Box) => Promise<MergeRead> {
  return (bbox) => takePrefetched(projectId, bbox)?.catch(() => readTile(dispatch, projectId, bbox)) ?? readTile(dispatch, projectId, bbox);
}

/** The read of this tile started for the opening view, once (then it is the caller's); undefined when there is none. */
export function takePrefetched(projectId: number, bbox: Box): Promise<MergeRead> | undefined {
  const key = keyOf(projectId, bbox), w = waiting.get(key);
  if (!w) return undefined;
  waiting.delete(key);
  clearTimeout(w.timer);
  return w.read;
}
