// Modify tool (spec 3 §2): drag a node, an edge vertex, or a point on an edge segment (inserting a vertex there).
// On release one engine intent is emitted (moveNode, or editEdgeGeometry with the vertex moved or inserted: the engine
// moves connected edge ends, and an edge end moves its node); the target
// snaps to another node. Esc during a drag cancels. Shows the length change and cost change while dragging a vertex.
import type { Id, Position } from 'engine/types';
import { groundLength } from 'engine/mercator';
import { pointsEqual as samePoint } from 'engine/geometry';
import { drawTooltip } from '../measure-format';
import { snap } from './snap';
import { Tool, type PointerEvt, type Sketch } from './types';

type Grab =
  | { kind: 'node'; id: Id; from: Position }
  | { kind: 'vertex'; id: Id; index: number; insert: boolean; coords: Position[]; from: Position };

export class ModifyTool extends Tool {
  private grab: Grab | null = null;
  private to: Position | null = null;

  busy(): boolean { return this.grab !== null; }

  down(e: PointerEvt): boolean {
    const node = this.host.index.nodesAt(e.p, e.tol)[0];
    if (node) { this.grab = { kind: 'node', id: node.id, from: node.position }; this.to = node.position; return true; }
    const edge = this.host.index.edgesAt(e.p, e.tol)[0];
    if (!edge) return false;
    const c = edge.coordinates;
    // Nearest existing vertex within tolerance, else insert a vertex on the hit segment.
    let vi = -1, vd = Infinity;
    c.forEach((v, i) => { const d = Math.hypot(v[0] - e.p[0], v[1] - e.p[1]); if (d <= e.tol && d < vd) { vd = d; vi = i; } });
    if (vi >= 0) this.grab = { kind: 'vertex', id: edge.id, index: vi, insert: false, coords: c, from: c[vi] };
    else this.grab = { kind: 'vertex', id: edge.id, index: edge.hit.segment + 1, insert: true, coords: c, from: edge.hit.point };
    this.to = this.grab.from;
    return true;
  }

  drag(e: PointerEvt): void {
    if (!this.grab) return;
    const exclude = this.grab.kind === 'node' ? { nodeId: this.grab.id } : { edgeId: this.grab.id };
    const s = snap(this.host.index, e.p, e.tol, exclude);
    this.to = s.nodeId ? s.position : [e.p[0], e.p[1]];
  }

  up(e: PointerEvt): void {
    if (!this.grab) return;
    this.drag(e);
    const g = this.grab, to = this.to!;
    this.grab = null; this.to = null;
    if (samePoint(g.from, to) && !(g.kind === 'vertex' && g.insert)) return;
    if (g.kind === 'vertex' && g.insert && samePoint(g.from, to)) return;
    if (g.kind === 'node') { this.host.emit({ type: 'moveNode', id: g.id, to }); return; }
    const coordinates = g.coords.slice();
    if (g.insert) coordinates.splice(g.index, 0, to); else coordinates[g.index] = to;
    this.host.emit({ type: 'editEdgeGeometry', id: g.id, coordinates });
  }

  key(key: string): boolean {
    if (key === 'Escape' && this.grab) { this.cancel(); return true; }
    return false;
  }

  cancel(): void { this.grab = null; this.to = null; }

  private editedCoords(): Position[] | null {
    if (!this.grab || this.grab.kind !== 'vertex' || !this.to) return null;
    const c = this.grab.coords.slice();
    if (this.grab.insert) c.splice(this.grab.index, 0, this.to); else c[this.grab.index] = this.to;
    return c;
  }

  sketch(): Sketch | null {
    if (!this.grab || !this.to) return null;
    const coords = this.editedCoords();
    if (!coords || this.grab.kind !== 'vertex') return { lines: [], points: [this.to] };
    const t = drawTooltip(groundLength(coords) - groundLength(this.grab.coords));
    return { lines: [coords], points: [this.to], label: { at: this.to, text: t.lengthChange, extra: t.costChange, colour: t.colour } };
  }
}
