// Spatial index (rbush) over nodes and edge SEGMENTS, updated from each diff (and undo/redo). Serves hit-testing
// (nearest within a tolerance in map units), snapping to nodes and edges, and the topology side effects.
// Items are slot numbers into typed arrays (box, object, segment), not objects; the tree is packed in bulk (see
// item-tree.ts) and edited by rbush's own insert/remove afterwards.
import type { Id, Position } from './types';
import type { Model, NetworkObjectRow } from './model';
import { baseEntries, isListBase, overlayGet, pentries, type RowBase } from './ptable';
import type { Diff } from './tx';
import { dist, projectOnSegment } from './geometry';
import { ItemStore, ItemTree } from './item-tree';
import { buildIdTable, idFind, type IdTable } from './id-table';
import { int32Array } from './typed';

export interface SpatialItem { minX: number; minY: number; maxX: number; maxY: number; id: Id; /** -1 node, else segment index */ seg: number }
export interface Hit { id: Id; kind: 'node' | 'edge'; distance: number; point: Position; segment: number }

const NO_ROWS: RowBase<NetworkObjectRow> = { ids: buildIdTable({ keys: [] }).table, rows: [] };

export class SpatialIndex {
  readonly items = new ItemStore();
  readonly tree = new ItemTree(this.items);
  /** Dense object numbers: the model base's own (ids of loaded objects), then ids added later. */
  private baseIds: IdTable;
  private baseRows: readonly NetworkObjectRow[];
  private extraAt = new Map<Id, number>();
  private extraIds: Id[] = [];
  /** Per dense object: first item slot and item count (0 = not indexed). */
  private first: Int32Array = new Int32Array(16);
  private count: Int32Array = new Int32Array(16);
  private indexed = 0;
  /** Freed runs of item slots by length, reused by later inserts. */
  private freeRuns = new Map<number, number[]>();

  constructor(base: RowBase<NetworkObjectRow> = NO_ROWS) {
    this.baseIds = base.ids;
    this.baseRows = base.rows;
  }

  static fromModel(m: Model): SpatialIndex {
    const b = m.networkObjects.base;
    const s = new SpatialIndex(isListBase(b) ? NO_ROWS : b);
    const n = s.baseRows.length;
    s.items.reserve(n + (n >> 3) + 16);
    s.grow(n + 16);
    const t = m.networkObjects, rows = s.baseRows;
    for (let d = 0; d < n; d++) {
      let o: NetworkObjectRow | null | undefined = rows[d];
      if (t.over !== null) { const v = overlayGet(t, o.id); if (v !== undefined) o = v; }
      if (o) s.add(d, o);
    }
    // rows of later base segments (bulk merges, segments.ts), then overlay rows not in any segment
    for (const seg of t.segs) {
      for (const [k, row] of baseEntries(seg as RowBase<NetworkObjectRow>)) {
        const v = t.over === null ? undefined : overlayGet(t, k);
        const o = v === undefined ? row : v;
        if (o) s.add(s.objectNumber(k, true), o);
      }
    }
    if (t.over !== null) {
      for (const b of t.over) if (b) for (const k in b) { const o = b[k]; if (o && s.objectNumber(k, false) < 0) s.add(s.objectNumber(k, true), o); }
    }
    s.tree.pack(s.items.size);
    return s;
  }

  get size(): number { return this.indexed; }

  private grow(n: number): void {
    if (n <= this.first.length) return;
    let cap = this.first.length;
    while (cap < n) cap *= 2;
    const f = int32Array(cap); f.set(this.first); this.first = f;
    const c = int32Array(cap); c.set(this.count); this.count = c;
  }

  private objectNumber(id: Id, create: boolean): number {
    const d = idFind(this.baseIds, id);
    if (d >= 0) return d;
    let e = this.extraAt.get(id);
    if (e === undefined) {
      if (!create) return -1;
      e = this.baseRows.length + this.extraIds.length;
      this.extraAt.set(id, e);
      this.extraIds.push(id);
      this.grow(e + 1);
    }
    return e;
  }

  idOf(d: number): Id {
    return d < this.baseRows.length ? this.baseRows[d].id : this.extraIds[d - this.baseRows.length];
  }

  /** Writes the items of o into free slots (not yet in the tree); returns the number written. */
  private add(d: number, o: NetworkObjectRow): number {
    let k = 0;
    const c = o.node ? null : o.edge?.geometry?.coordinates;
    if (o.node) k = o.node.geometry?.coordinates ? 1 : 0;
    else if (c && c.length >= 2) k = c.length - 1;
    if (k === 0) return 0;
    const run = this.freeRuns.size === 0 ? undefined : this.freeRuns.get(k)?.pop();
    const start = run ?? this.items.alloc(k);
    const it = this.items, minX = it.minX, minY = it.minY, maxX = it.maxX, maxY = it.maxY, obj = it.obj, seg = it.seg;
    if (o.node) {
      const p = o.node.geometry.coordinates, x = p[0], y = p[1];
      minX[start] = x; minY[start] = y; maxX[start] = x; maxY[start] = y; obj[start] = d; seg[start] = -1;
    } else {
      for (let i = 0; i < k; i++) {
        const a = c![i], b = c![i + 1], ax = a[0], ay = a[1], bx = b[0], by = b[1], s = start + i;
        minX[s] = ax < bx ? ax : bx; maxX[s] = ax < bx ? bx : ax;
        minY[s] = ay < by ? ay : by; maxY[s] = ay < by ? by : ay;
        obj[s] = d; seg[s] = i * 4 + ((ax > bx ? 1 : 0) | (ay > by ? 2 : 0));
      }
    }
    this.first[d] = start;
    this.count[d] = k;
    this.indexed++;
    return k;
  }

  private remove(id: Id): void {
    const d = this.objectNumber(id, false);
    if (d < 0 || this.count[d] === 0) return;
    const start = this.first[d], k = this.count[d];
    for (let i = 0; i < k; i++) this.tree.remove(start + i);
    const l = this.freeRuns.get(k);
    if (l) l.push(start); else this.freeRuns.set(k, [start]);
    this.count[d] = 0;
    this.indexed--;
  }

  private insert(o: NetworkObjectRow): void {
    const d = this.objectNumber(o.id, true);
    const k = this.add(d, o);
    for (let i = 0; i < k; i++) this.tree.insert(this.first[d] + i);
  }

  /** Follows a model diff: only network objects whose geometry changed are re-indexed. */
  applyDiff(diff: Diff): void {
    for (const r of diff.removed) if (r.table === 'networkObjects') this.remove(r.key);
    for (const [from, to] of diff.updated) {
      if (to.table !== 'networkObjects') continue;
      const a = from.row as NetworkObjectRow, b = to.row as NetworkObjectRow;
      if (a.node?.geometry === b.node?.geometry && a.edge?.geometry === b.edge?.geometry) continue;
      this.remove(to.key);
      this.insert(b);
    }
    // many additions at once (a read merged by area loading): one bulk load of their items instead of one insert each
    const slots: number[] = [];
    for (const r of diff.added) {
      if (r.table !== 'networkObjects') continue;
      const o = r.row as NetworkObjectRow, d = this.objectNumber(o.id, true), k = this.add(d, o);
      for (let i = 0; i < k; i++) slots.push(this.first[d] + i);
    }
    if (slots.length > 64) this.tree.load(slots);
    else for (const i of slots) this.tree.insert(i);
  }

  /** Raw candidates whose boxes intersect the box. */
  search(minX: number, minY: number, maxX: number, maxY: number): SpatialItem[] {
    const it = this.items;
    return this.tree.collect(minX, minY, maxX, maxY, []).map((i) => ({
      minX: it.minX[i], minY: it.minY[i], maxX: it.maxX[i], maxY: it.maxY[i], id: this.idOf(it.obj[i]), seg: it.seg[i] < 0 ? -1 : it.seg[i] >> 2,
    }));
  }

  /** Nodes within tol of p, nearest first. */
  nodesNear(p: Position, tol: number): Hit[] {
    return this.near(p, tol, 'node');
  }
  /** Edges within tol of p (nearest segment per edge), nearest first. */
  edgesNear(p: Position, tol: number): Hit[] {
    return this.near(p, tol, 'edge');
  }

  private near(p: Position, tol: number, kind?: 'node' | 'edge'): Hit[] {
    const it = this.items;
    let best: Map<number, Hit> | null = null;
    for (const i of this.tree.collect(p[0] - tol, p[1] - tol, p[0] + tol, p[1] + tol, [])) {
      const s = it.seg[i];
      if (kind === 'node' && s >= 0) continue;
      if (kind === 'edge' && s < 0) continue;
      let distance: number, point: Position, segment: number;
      if (s < 0) {
        point = [it.minX[i], it.minY[i]];
        distance = dist(p, point);
        segment = -1;
      } else {
        const fx = (s & 1) !== 0, fy = (s & 2) !== 0;
        const a: Position = [fx ? it.maxX[i] : it.minX[i], fy ? it.maxY[i] : it.minY[i]];
        const b: Position = [fx ? it.minX[i] : it.maxX[i], fy ? it.minY[i] : it.maxY[i]];
        const pr = projectOnSegment(p, a, b);
        distance = pr.distance; point = pr.point; segment = s >> 2;
      }
      if (distance > tol) continue;
      const d = it.obj[i];
      best ??= new Map();
      const prev = best.get(d);
      if (!prev || distance < prev.distance || (distance === prev.distance && segment < prev.segment)) {
        best.set(d, { id: prev ? prev.id : this.idOf(d), kind: s < 0 ? 'node' : 'edge', distance, point, segment });
      }
    }
    if (best === null) return [];
    return [...best.values()].sort((a, b) => a.distance - b.distance || (a.kind === b.kind ? (a.id < b.id ? -1 : 1) : a.kind === 'node' ? -1 : 1));
  }

  /** Nearest feature within tol (nodes win ties with edges), or null. */
  hitTest(p: Position, tol: number): Hit | null {
    const hits = this.near(p, tol);
    return hits.length ? hits[0] : null;
  }

  snapToNode(p: Position, tol: number): Hit | null { return this.nodesNear(p, tol)[0] ?? null; }
  /** Projection of p on the nearest edge within tol. */
  snapToEdge(p: Position, tol: number): Hit | null { return this.edgesNear(p, tol)[0] ?? null; }
}

/** Brute-force counterpart (linear scan) used by tests and as the benchmark baseline. */
export function bruteForceNear(m: Model, p: Position, tol: number, kind?: 'node' | 'edge'): Hit[] {
  const best = new Map<Id, Hit>();
  for (const [id, o] of pentries(m.networkObjects)) {
    if (o.node && kind !== 'edge') {
      const d = dist(p, o.node.geometry.coordinates);
      if (d <= tol) best.set(id, { id, kind: 'node', distance: d, point: o.node.geometry.coordinates, segment: -1 });
    } else if (o.edge && kind !== 'node') {
      const c = o.edge.geometry.coordinates;
      for (let i = 0; i + 1 < c.length; i++) {
        const pr = projectOnSegment(p, c[i], c[i + 1]);
        const prev = best.get(id);
        if (pr.distance <= tol && (!prev || pr.distance < prev.distance)) best.set(id, { id, kind: 'edge', distance: pr.distance, point: pr.point, segment: i });
      }
    }
  }
  return [...best.values()].sort((a, b) => a.distance - b.distance || (a.kind === b.kind ? (a.id < b.id ? -1 : 1) : a.kind === 'node' ? -1 : 1));
}
