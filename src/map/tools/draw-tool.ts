// Draw tool (spec 3 §2, §4–§5; spec 1 §4): one feature at a time, nodes or lines, snapping to nodes and edges. A line
// finishes on double-click, Enter or a click on its last point; Esc cancels ('draw feature interaction cancelled');
// a one-coordinate line is discarded; a node cannot be placed where the click hits a line.
import type { Position } from 'engine/types';
import { groundLength } from 'engine/mercator';
import { pointsEqual as samePoint } from 'engine/geometry';
import { drawTooltip } from '../measure-format';
import { snap, type Snapped } from './snap';
import { Tool, type PointerEvt, type Sketch, type ToolHost } from './types';

export type DrawKind = 'node' | 'line';
export const DRAW_CANCELLED = 'draw_cancelled';
export const DRAW_BLOCKED_ON_LINE = 'draw_blocked_on_line';

export class DrawTool extends Tool {
  private points: Snapped[] = [];
  private cursor: Snapped | null = null;
  /** Called after a feature is finished (single-feature mode ends itself there). */
  onFinished: (() => void) | null = null;

  constructor(host: ToolHost, public kind: DrawKind) { super(host); }

  busy(): boolean { return this.points.length > 0; }

  click(e: PointerEvt): boolean {
    if (this.kind === 'node') return this.placeNode(e);
    const s = snap(this.host.index, e.p, e.tol);
    const last = this.points[this.points.length - 1];
    if (last && samePoint(last.position, s.position, e.tol / 3)) { this.finish(); return true; }
    this.points.push(s);
    return true;
  }

  doubleClick(e: PointerEvt): boolean {
    if (this.kind !== 'line' || this.points.length === 0) return false;
    const s = snap(this.host.index, e.p, e.tol);
    const last = this.points[this.points.length - 1];
    if (!samePoint(last.position, s.position, e.tol / 3)) this.points.push(s);
    this.finish();
    return true;
  }

  move(e: PointerEvt): void {
    this.cursor = snap(this.host.index, e.p, e.tol);
  }

  key(key: string): boolean {
    if (key === 'Escape' && this.points.length > 0) {
      this.cancel();
      this.host.notify(DRAW_CANCELLED, 'info');
      return true;
    }
    if (key === 'Enter' && this.points.length > 0) { this.finish(); return true; }
    if (key === 'Backspace' && this.points.length > 0) { this.points.pop(); return true; }
    return false;
  }

  cancel(): void { this.points = []; }

  private placeNode(e: PointerEvt): boolean {
    const onNode = this.host.index.nodesAt(e.p, e.tol)[0];
    if (!onNode && this.host.index.edgesAt(e.p, e.tol).length > 0) {
      this.host.notify(DRAW_BLOCKED_ON_LINE, 'warning');
      return true;
    }
    this.host.emit({ type: 'drawNode', coordinates: onNode ? [...onNode.position] as Position : [e.p[0], e.p[1]] });
    this.onFinished?.();
    return true;
  }

  /** Ends the line: fewer than two distinct coordinates are discarded. */
  finish(): void {
    const pts = this.points;
    this.points = [];
    const coords: Position[] = [];
    for (const p of pts) if (!coords.length || !samePoint(coords[coords.length - 1], p.position)) coords.push(p.position);
    if (coords.length < 2) return;
    // snapped points lie exactly on their node or edge: the engine finds (or splits) them there itself
    this.host.emit({ type: 'drawEdge', coordinates: coords });
    this.onFinished?.();
  }

  sketch(): Sketch | null {
    const pts = this.points.map((p) => p.position);
    const withCursor = this.cursor ? [...pts, this.cursor.position] : pts;
    const snapPoint = this.cursor && (this.cursor.nodeId || this.cursor.edgeId) ? [this.cursor.position] : [];
    if (this.kind === 'node' || pts.length === 0) return { lines: [], points: snapPoint };
    const t = drawTooltip(groundLength(withCursor));
    return {
      lines: [withCursor],
      points: [...pts, ...snapPoint],
      label: { at: withCursor[withCursor.length - 1], text: t.lengthChange, extra: t.costChange, colour: t.colour },
    };
  }
}
