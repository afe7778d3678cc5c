// Area loading of large projects (issue 6: a 10⁶-edge project opens and is editable). The network is read in square
// tiles of AREA_TILE map units around the view (the server's bbox read, which adds the closure a whole graph needs)
// and merged into the edit session outside the history. The loader remembers every network object and relation the
// session has loaded or touched, so a later read never brings back a row edited or deleted locally. Past
// AREA_MAX_LOADED_TILES held tiles, those farthest from the view are dropped (issue 15): their rows leave the session
// outside the history unless an edit touched them or a held part needs them (engine/unload.ts), and come back with
// the next read of the tile — a session may visit any number of tiles. With `readAhead` rings, the tiles around the
// view are read ahead while the loader is idle (read-ahead.ts) and a pan onto one takes its answer.
import type { Id, Position } from 'engine/types';
import type { Diff } from 'engine/tx';
import type { MergeRead } from 'engine/merge';
import { pget } from 'engine/ptable';
import type { EditSession } from './edit-session';
import type { Box } from 'engine/unload';
import { ReadAhead } from './read-ahead';

/** Tile size in map units (EPSG:3857; ≈ 1.26 km on the ground in the Netherlands). */
export const AREA_TILE = 2048;
/** More tiles than this in view: nothing new is loaded (zoom-in hint). */
export const AREA_MAX_TILES = 16;
/** Projects with more network objects than this are loaded by area. */
export const AREA_OBJECT_THRESHOLD = 300_000;
/** Tiles a session holds at once (≈ 9 000 objects and ≈ 25 MB of tab memory each at 10⁶-edge density): beyond, the
 *  tiles farthest from the view are dropped. */
export const AREA_MAX_LOADED_TILES = 64;
/** Tile reads running at once. */
const PARALLEL = 2;

export type Extent = [number, number, number, number];

export const tileKey = (tx: number, ty: number): string => `${tx}_${ty}`;
export function tileOf(p: Position): string { return tileKey(Math.floor(p[0] / AREA_TILE), Math.floor(p[1] / AREA_TILE)); }
/** A tile key's column and row. */
export const tileXY = (key: string): [number, number] => key.split('_').map(Number) as [number, number];
export function tileExtent(key: string): Extent {
  const [tx, ty] = tileXY(key);
  return [tx * AREA_TILE, ty * AREA_TILE, (tx + 1) * AREA_TILE, (ty + 1) * AREA_TILE];
}
/** Tile keys covering an extent, nearest to its centre first; null when there are more than `max`. */
export function tilesIn(e: Extent, max = AREA_MAX_TILES): string[] | null {
  const x0 = Math.floor(e[0] / AREA_TILE), x1 = Math.floor(e[2] / AREA_TILE), y0 = Math.floor(e[1] / AREA_TILE), y1 = Math.floor(e[3] / AREA_TILE);
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > max) return null;
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  const out: [number, number][] = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push([x, y]);
  out.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
  return out.map(([x, y]) => tileKey(x, y));
}

export interface AreaStatus { loading: number; loaded: number; tooLarge: boolean; failed: number; objects: number; /** Tiles dropped so far. */ dropped: number }

export class AreaLoader {
  private loaded = new Set<string>();
  private pending = new Map<string, Promise<void>>();
  private queue: string[] = [];
  private waiters = new Map<string, () => void>();
  private required = new Set<string>();
  private running = 0;
  private objects = new Set<Id>();
  private relations = new Set<string>();
  /** Objects an edit, undo or redo touched or referred to: never dropped. */
  private edited = new Set<Id>();
  private view: string[] = [];
  private listeners = new Set<(s: AreaStatus) => void>();
  private off: () => void;
  status: AreaStatus = { loading: 0, loaded: 0, tooLarge: false, failed: 0, objects: 0, dropped: 0 };
  /** Milliseconds of each tile read (request to parsed answer) and of merging it into the session (with the redraw). */
  readonly timings = { read: [] as number[], merge: [] as number[] };
  /** The tiles around the view read ahead (none with `readAhead` 0). */
  readonly ahead: ReadAhead;

  constructor(private session: EditSession, private read: (e: Extent) => Promise<MergeRead>, private onError?: (e: unknown) => void,
    private maxTiles = AREA_MAX_LOADED_TILES, readAhead = 0) {
    this.off = session.subscribe((e) => { if (e.kind !== 'load') this.note(e.diff); });
    this.ahead = new ReadAhead(read, () => this.running === 0 && this.queue.length === 0,
      (k) => this.loaded.has(k) || this.pending.has(k), readAhead);
  }

  dispose(): void { this.off(); this.listeners.clear(); this.queue = []; this.ahead.dispose(); }
  subscribe(l: (s: AreaStatus) => void): () => void { this.listeners.add(l); return () => { this.listeners.delete(l); }; }
  private emit(patch: Partial<AreaStatus>): void {
    this.status = { ...this.status, ...patch, loaded: this.loaded.size, objects: this.objects.size };
    for (const l of this.listeners) l(this.status);
  }

  /** Rows of an edit, undo or redo: the session knows them from now on (a read never replaces them), and they and
   *  the objects they refer to are never dropped (an undo must find them). */
  private note(d: Diff): void {
    for (const r of [...d.added, ...d.removed]) {
      if (r.table === 'networkObjects') this.objects.add(r.key);
      else if (r.table === 'relations') this.relations.add(r.key);
    }
    for (const [, to] of d.updated) if (to.table === 'networkObjects') this.objects.add(to.key);
    const m = this.session.model;
    const objectOf = (iid: Id) => { const i = pget(m.objectInstances, iid); if (i) this.edited.add(i.networkObjectId); };
    for (const r of [...d.added, ...d.removed, ...d.updated.flat()]) {
      const row = r.row as unknown as Record<string, unknown>;
      if (r.table === 'networkObjects') {
        this.edited.add(r.key);
        const e = (row as { edge?: { fromNodeId: Id; toNodeId: Id } }).edge;
        if (e) { this.edited.add(e.fromNodeId); this.edited.add(e.toNodeId); }
      } else if (r.table === 'pathEdges') for (const k of ['pathId', 'edgeId', 'startNodeId']) this.edited.add(row[k] as Id);
      else if (r.table === 'objectInstances') this.edited.add(row.networkObjectId as Id);
      else if (r.table === 'attributeValues') objectOf(row.objectInstanceId as Id);
      else if (r.table === 'relations') { objectOf(row.fromId as Id); objectOf(row.toId as Id); }
    }
  }

  /** Loads the tiles of a view that are not loaded yet; with more than AREA_MAX_TILES in view, none. */
  show(view: Extent): Promise<void> {
    const keys = tilesIn(view);
    if (this.status.tooLarge !== !keys) this.emit({ tooLarge: !keys });
    // tiles queued for an earlier view and not started are dropped (a quick pan must not read its whole path)
    const now = new Set(keys ?? []);
    for (const k of [...this.queue]) if (!now.has(k) && !this.required.has(k)) this.drop(k);
    if (!keys) { this.ahead.aim([]); return Promise.resolve(); }
    this.view = keys;
    const loads = this.load(keys, false);
    this.ahead.aim(keys, view);
    return loads;
  }

  /** Drops held tiles beyond the budget, farthest from the view first (never a tile of the view). */
  private trim(): void {
    if (this.loaded.size <= this.maxTiles || !this.view.length) return;
    const inView = new Set(this.view);
    const centre = tileXY;
    const c = this.view.map(centre).reduce((a, b) => [a[0] + b[0] / this.view.length, a[1] + b[1] / this.view.length], [0, 0]);
    const far = [...this.loaded].filter((k) => !inView.has(k))
      .sort((a, b) => { const p = centre(a), q = centre(b); return Math.hypot(q[0] - c[0], q[1] - c[1]) - Math.hypot(p[0] - c[0], p[1] - c[1]); })
      .slice(0, this.loaded.size - this.maxTiles);
    if (!far.length) return;
    for (const k of far) this.loaded.delete(k);
    const held = (b: Box) => {
      const x0 = Math.floor(b[0] / AREA_TILE), x1 = Math.floor(b[2] / AREA_TILE), y0 = Math.floor(b[1] / AREA_TILE), y1 = Math.floor(b[3] / AREA_TILE);
      for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) if (this.loaded.has(tileKey(x, y)) || this.pending.has(tileKey(x, y))) return true;
      return false;
    };
    const { plan } = this.session.unload(far.map(tileExtent), held, (id) => this.edited.has(id));
    for (const id of plan.objects) this.objects.delete(id);
    for (const k of plan.relations) this.relations.delete(k);
    this.emit({ dropped: this.status.dropped + far.length });
  }

  /** Loads the given tiles (already loaded ones are skipped); resolves when all of them are in (or dropped, for tiles
   *  of a view: `required` tiles — stored edits need them — are never dropped). */
  load(keys: string[], required = true): Promise<void> {
    const wait: Promise<void>[] = [];
    for (const k of keys) {
      if (this.loaded.has(k)) continue;
      if (required) this.required.add(k);
      let p = this.pending.get(k);
      if (!p) {
        p = new Promise<void>((resolve) => { this.queue.push(k); this.waiters.set(k, resolve); });
        this.pending.set(k, p);
      }
      wait.push(p);
    }
    this.pump();
    this.emit({ loading: this.pending.size });
    return Promise.all(wait).then(() => undefined);
  }

  private drop(k: string): void {
    this.queue = this.queue.filter((q) => q !== k);
    this.pending.delete(k);
    this.waiters.get(k)?.();
    this.waiters.delete(k);
  }
  private pump(): void {
    while (this.running < PARALLEL && this.queue.length) {
      const k = this.queue.shift()!;
      this.running++;
      this.emit({ loading: this.pending.size });
      const t0 = performance.now();
      const ahead = this.ahead.take(k);
      (ahead ? ahead.catch(() => this.read(tileExtent(k))) : this.read(tileExtent(k))).then((objs) => {
        const t1 = performance.now();
        this.merge(objs);
        this.loaded.add(k);
        this.trim();
        this.required.delete(k);
        this.timings.read.push(t1 - t0);
        this.timings.merge.push(performance.now() - t1);
      }, (e) => {
        this.emit({ failed: this.status.failed + 1 });
        this.onError?.(e);
      }).finally(() => {
        this.running--;
        this.pending.delete(k);
        this.waiters.get(k)?.();
        this.waiters.delete(k);
        this.emit({ loading: this.pending.size });
        this.pump();
        this.ahead.kick();
      });
    }
  }

  /** Merges a read into the session (objects the session knows are skipped). */
  merge(objs: MergeRead): void {
    const { plan, diff } = this.session.merge(objs, { object: (id) => this.objects.has(id), relation: (k) => this.relations.has(k) });
    for (const id of plan.objects) this.objects.add(id);
    for (const r of diff.added) if (r.table === 'relations') this.relations.add(r.key);
  }

  isLoaded(key: string): boolean { return this.loaded.has(key); }
  /** Whether a point lies in a loaded tile (then every edge at a node there is loaded too). */
  contains(p: Position): boolean { return this.loaded.has(tileOf(p)); }
  loadedTiles(): string[] { return [...this.loaded]; }
}
