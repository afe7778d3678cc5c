// Spatial index (rbush) over nodes and edge SEGMENTS, updated from each diff (and undo/redo). Serves hit-testing
// (nearest within a tolerance in map units), snapping to nodes and edges, and the topology side effects.
import RBush from 'rbush';
import type { Id, Position } from './types';
import type { Model, NetworkObjectRow } from './model';
import { pentries } from './ptable';
import type { Diff } from './tx';
import { dist, projectOnSegment } from './geometry';

export interface SpatialItem { minX: number; minY: number; maxX: number; maxY: number; id: Id; /** -1 node, else segment index */ seg: number }
export interface Hit { id: Id; kind: 'node' | 'edge'; distance: number; point: Position; segment: number }

function itemsOf(o: NetworkObjectRow): SpatialItem[] {
  if (o.node) {
    const [x, y] = o.node.geometry.coordinates;
    return [{ minX: x, minY: y, maxX: x, maxY: y, id: o.id, seg: -1 }];
  }
  if (o.edge) {
    const c = o.edge.geometry.coordinates;
    const out: SpatialItem[] = [];
    for (let i = 0; i + 1 < c.length; i++) {
      const a = c[i], b = c[i + 1];
      out.push({ minX: Math.min(a[0], b[0]), minY: Math.min(a[1], b[1]), maxX: Math.max(a[0], b[0]), maxY: Math.max(a[1], b[1]), id: o.id, seg: i });
    }
    return out;
  }
  return [];
}

export class SpatialIndex {
  readonly tree = new RBush<SpatialItem>(16);
  private byId = new Map<Id, SpatialItem[]>();
  private geom = new Map<Id, NetworkObjectRow>();

  static fromModel(m: Model): SpatialIndex {
    const s = new SpatialIndex();
    const all: SpatialItem[] = [];
    for (const [id, o] of pentries(m.networkObjects)) {
      const items = itemsOf(o);
      if (!items.length) continue;
      s.byId.set(id, items);
      s.geom.set(id, o);
      for (const it of items) all.push(it);
    }
    s.tree.load(all);
    return s;
  }

  get size(): number { return this.byId.size; }

  private remove(id: Id): void {
    const items = this.byId.get(id);
    if (!items) return;
    for (const it of items) this.tree.remove(it);
    this.byId.delete(id);
    this.geom.delete(id);
  }
  private insert(o: NetworkObjectRow): void {
    const items = itemsOf(o);
    if (!items.length) return;
    this.byId.set(o.id, items);
    this.geom.set(o.id, o);
    for (const it of items) this.tree.insert(it);
  }

  /** Follows a model diff: only network objects whose geometry changed are re-indexed. */
  applyDiff(diff: Diff): void {
    for (const r of diff.removed) if (r.table === 'networkObjects') this.remove(r.key);
    for (const [from, to] of diff.updated) {
      if (to.table !== 'networkObjects') continue;
      const a = from.row as NetworkObjectRow, b = to.row as NetworkObjectRow;
      if (a.node?.geometry === b.node?.geometry && a.edge?.geometry === b.edge?.geometry) { if (this.geom.has(b.id)) this.geom.set(b.id, b); continue; }
      this.remove(to.key);
      this.insert(b);
    }
    for (const r of diff.added) if (r.table === 'networkObjects') this.insert(r.row as NetworkObjectRow);
  }

  /** Raw candidates whose boxes intersect the box. */
  search(minX: number, minY: number, maxX: number, maxY: number): SpatialItem[] {
    return this.tree.search({ minX, minY, maxX, maxY });
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
    const best = new Map<Id, Hit>();
    for (const it of this.search(p[0] - tol, p[1] - tol, p[0] + tol, p[1] + tol)) {
      if (kind === 'node' && it.seg >= 0) continue;
      if (kind === 'edge' && it.seg < 0) continue;
      const o = this.geom.get(it.id)!;
      let h: Hit;
      if (it.seg < 0) {
        const q = o.node!.geometry.coordinates;
        h = { id: it.id, kind: 'node', distance: dist(p, q), point: q, segment: -1 };
      } else {
        const c = o.edge!.geometry.coordinates;
        const pr = projectOnSegment(p, c[it.seg], c[it.seg + 1]);
        h = { id: it.id, kind: 'edge', distance: pr.distance, point: pr.point, segment: it.seg };
      }
      if (h.distance > tol) continue;
      const prev = best.get(h.id);
      if (!prev || h.distance < prev.distance || (h.distance === prev.distance && h.segment < prev.segment)) best.set(h.id, h);
    }
    return [...best.values()].sort((a, b) => a.distance - b.distance || (a.kind === b.kind ? (a.id < b.id ? -1 : 1) : a.kind === 'node' ? -1 : 1));
  }

  /** Nearest feature within tol (nodes win ties with edges), or null. */
  hitTest(p: Position, tol: number): Hit | null {
    return this.near(p, tol)[0] ?? null;
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
