// Read-ahead of the tiles around the view (issue 15: pan to unloaded tiles < 500 ms). Once the view's tiles are in and
// the area loader reads nothing else, the ring of tiles around the view is read — one tile at a time, those in the
// direction of the last pan first — and the answers are held, not merged. A pan onto such a tile takes the held
// answer (or the read still on its way) instead of starting the server's read (0.3–0.8 s for a tile read the first
// time at 10⁶ edges); its merge and redraw remain. Held answers of tiles the view moved away from are forgotten, and
// an answer older than READ_AHEAD_TTL_MS is never taken (another user's saves are at most that old in a taken read,
// as in any read that was slow). A failed read-ahead is forgotten silently (the tile's own read reports failures) and
// stops reading ahead until the view moves: a server that is down is not asked again and again.
// Each tab has at most one read-ahead in flight, so a viewer adds one request at a time to the server's load.
import type { MergeRead } from 'engine/merge';
import { AREA_TILE, tileExtent, tileKey, tileXY as xy, type Extent } from './area-loader';

/** How long a held answer may be taken. */
export const READ_AHEAD_TTL_MS = 60_000;

/** The tiles of `rings` rings around the view's tiles, nearest to the view's `extent` (map units; default: its tiles)
 *  first, and ahead of a view moving along `heading` (a unit vector, [0, 0] at rest) before those behind it. */
export function ringTiles(view: string[], heading: [number, number], rings = 1, extent?: Extent): string[] {
  if (!view.length || rings < 1) return [];
  const ps = view.map(xy), inView = new Set(view);
  const x0 = Math.min(...ps.map((p) => p[0])), x1 = Math.max(...ps.map((p) => p[0]));
  const y0 = Math.min(...ps.map((p) => p[1])), y1 = Math.max(...ps.map((p) => p[1]));
  // the view in tile units
  const [ex0, ey0, ex1, ey1] = extent ? extent.map((v) => v / AREA_TILE) : [x0, y0, x1 + 1, y1 + 1];
  const cx = (ex0 + ex1) / 2, cy = (ey0 + ey1) / 2;
  const out: [string, number][] = [];
  for (let x = x0 - rings; x <= x1 + rings; x++) for (let y = y0 - rings; y <= y1 + rings; y++) {
    const k = tileKey(x, y);
    if (inView.has(k)) continue;
    // distance from the view to the tile (ties: from its centre to the tile's), less most of a tile when the view heads
    // for it
    const dx = Math.max(ex0 - (x + 1), 0, x - ex1), dy = Math.max(ey0 - (y + 1), 0, y - ey1);
    const ox = x + 0.5 - cx, oy = y + 0.5 - cy, d = Math.hypot(ox, oy) || 1;
    out.push([k, Math.hypot(dx, dy) + 0.01 * d - 0.9 * (ox * heading[0] + oy * heading[1]) / d]);
  }
  return out.sort((a, b) => a[1] - b[1]).map(([k]) => k);
}

export class ReadAhead {
  private held = new Map<string, { read: Promise<MergeRead>; at: number }>();
  private running = false;
  private ring: string[] = [];
  private centre: [number, number] | null = null;
  private heading: [number, number] = [0, 0];
  private off = false;
  private stalled = false;
  /** Tiles read ahead so far, and those a pan took. */
  readonly counts = { read: 0, taken: 0 };

  /** `idle`: the loader reads nothing else now; `skip`: a tile is loaded or being read by the loader. */
  constructor(private read: (e: Extent) => Promise<MergeRead>, private idle: () => boolean, private skip: (k: string) => boolean,
    private rings = 1, private now: () => number = () => performance.now()) {}

  /** A new view (its tiles, and its extent in map units): the ring around it, the heading from the last view, held
   *  tiles of neither forgotten. */
  aim(view: string[], extent?: Extent): void {
    if (this.off || this.rings < 1) return;
    // a view too large to load (zoomed far out): nothing around it is read ahead, nothing held is kept
    if (!view.length) { this.ring = []; this.held.clear(); this.centre = null; return; }
    const ps = view.map(xy), c: [number, number] = [ps.reduce((s, p) => s + p[0], 0) / ps.length, ps.reduce((s, p) => s + p[1], 0) / ps.length];
    if (this.centre && (c[0] !== this.centre[0] || c[1] !== this.centre[1])) {
      const d = Math.hypot(c[0] - this.centre[0], c[1] - this.centre[1]);
      this.heading = [(c[0] - this.centre[0]) / d, (c[1] - this.centre[1]) / d];
    }
    this.centre = c;
    this.stalled = false;
    this.ring = ringTiles(view, this.heading, this.rings, extent);
    const keep = new Set([...this.ring, ...view]);
    for (const k of [...this.held.keys()]) if (!keep.has(k)) this.held.delete(k);
    this.kick();
  }

  /** Starts the next read of the ring when the loader is idle and no read-ahead runs. */
  kick(): void {
    if (this.off || this.stalled || this.running || !this.idle()) return;
    const t = this.now();
    const k = this.ring.find((r) => !this.skip(r) && !(this.held.has(r) && t - this.held.get(r)!.at < READ_AHEAD_TTL_MS));
    if (!k) return;
    this.running = true;
    this.counts.read++;
    const read = this.read(tileExtent(k));
    const entry = { read, at: t };
    this.held.set(k, entry);
    read.catch(() => { this.stalled = true; if (this.held.get(k) === entry) this.held.delete(k); })
      .finally(() => { this.running = false; this.kick(); });
  }

  /** The held answer (or read on its way) of a tile, once; undefined when there is none or it is too old. */
  take(k: string): Promise<MergeRead> | undefined {
    const h = this.held.get(k);
    if (!h) return undefined;
    this.held.delete(k);
    if (this.now() - h.at >= READ_AHEAD_TTL_MS) return undefined;
    this.counts.taken++;
    return h.read;
  }

  /** Tiles held now (answers or reads on their way). */
  heldTiles(): string[] { return [...this.held.keys()]; }
  dispose(): void { this.off = true; this.held.clear(); this.ring = []; }
}
