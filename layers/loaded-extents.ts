// Loaded-extent tracker for WFS feature loads (spec 3 §4): an extent is marked before loading; a failed load
// un-marks it so the next view change retries. Failures raise 'Failed to load features from {url}'.
import { wfsLoadFailed } from './errors';

export type Extent = [minX: number, minY: number, maxX: number, maxY: number];

const contains = (a: Extent, b: Extent) => a[0] <= b[0] && a[1] <= b[1] && a[2] >= b[2] && a[3] >= b[3];
const same = (a: Extent, b: Extent) => a.every((v, i) => v === b[i]);

export class LoadedExtents {
  private extents: Extent[] = [];

  /** True when the extent lies inside one already loaded (or loading). */
  has(e: Extent): boolean {
    return this.extents.some((x) => contains(x, e));
  }
  mark(e: Extent): void {
    this.extents.push([...e] as Extent);
  }
  unmark(e: Extent): void {
    const i = this.extents.findIndex((x) => same(x, e));
    if (i >= 0) this.extents.splice(i, 1);
  }
  clear(): void {
    this.extents = [];
  }
  get size(): number {
    return this.extents.length;
  }
}

/**
 * Loads features for an extent once: skips extents already covered, marks before the call, and on any failure
 * un-marks and throws 'Failed to load features from {url}'. Returns null when skipped.
 */
export async function loadExtentOnce<T>(
  tracker: LoadedExtents, extent: Extent, url: string, load: (url: string) => Promise<T>,
): Promise<T | null> {
  if (tracker.has(extent)) return null;
  tracker.mark(extent);
  try {
    return await load(url);
  } catch (cause) {
    tracker.unmark(extent);
    const err = wfsLoadFailed(url);
    (err as Error & { cause?: unknown }).cause = cause;
    throw err;
  }
}
