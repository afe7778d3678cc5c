// The whole network's read, started with the workflow (issue 15): once the extent says a project loads whole (below
// the by-area threshold), the workflow starts the read the map's session will make — the map screen's code, its map
// and its controller start in the meantime, and its session takes the read under way instead of starting its own (it
// started ≈ 0.25–0.3 s after the extent's answer at 100 000 edges). A read nobody takes is dropped after
// PREFETCH_TTL_MS (its subscription released: the answer leaves RTK Query's cache); a taken read that failed is read
// again by the session.
import type { AppDispatch } from '../app/store';
import { networkApi, type NetworkExtent } from '../api/endpoints/network';
import { PREFETCH_TTL_MS, loadsByArea } from './tile-prefetch';

/** A whole read under way (RTK Query's subscription: the taker releases it). */
export type WholeRead = ReturnType<ReturnType<typeof networkApi.endpoints.networkObjects.initiate>>;

const waiting = new Map<number, { read: WholeRead; timer: ReturnType<typeof setTimeout> }>();

/** Starts the whole read of a project that loads whole (once while one waits); returns whether it started one. */
export function prefetchWhole(dispatch: AppDispatch, projectId: number, extent: NetworkExtent): boolean {
  if (loadsByArea(extent) || waiting.has(projectId)) return false;
  const read = dispatch(networkApi.endpoints.networkObjects.initiate({ projectId }));
  waiting.set(projectId, { read, timer: setTimeout(() => { waiting.delete(projectId); read.unsubscribe(); }, PREFETCH_TTL_MS) });
  return true;
}

/** The whole read started for this project, once (then it and its subscription are the caller's); else undefined. */
export function takeWhole(projectId: number): WholeRead | undefined {
  const w = waiting.get(projectId);
  if (!w) return undefined;
  waiting.delete(projectId);
  clearTimeout(w.timer);
  return w.read;
}
