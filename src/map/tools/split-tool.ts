// Split tool (spec 3 §4–§5): accepts only points on lines. The result position is none (no line hit), head or tail
// (at an end point: nothing is split) or body (the line is split there into two chunks).
import type { Position } from 'engine/types';
import { pointsEqual as samePoint } from 'engine/geometry';
import { Tool, type PointerEvt, type Sketch, type SplitPosition } from './types';
import { hoverHint } from './click-tool';

export const SPLIT_NOT_ON_LINE = 'split_not_on_line';

/** Classifies a split point on a line: at its first coordinate head, at its last tail, otherwise body. */
export function splitPosition(coords: readonly Position[], p: Position, tol: number): SplitPosition {
  if (coords.length < 2) return 'none';
  if (samePoint(coords[0], p, tol)) return 'head';
  if (samePoint(coords[coords.length - 1], p, tol)) return 'tail';
  return 'body';
}

export class SplitTool extends Tool {
  /** Result of the last click (for tests and the status line). */
  last: SplitPosition = 'none';

  click(e: PointerEvt): boolean {
    const edge = this.host.index.edgesAt(e.p, e.tol)[0];
    if (!edge) { this.last = 'none'; this.host.notify(SPLIT_NOT_ON_LINE, 'info'); return true; }
    // End points win within the tolerance, so a click near an end never splits off a sliver.
    this.last = splitPosition(edge.coordinates, edge.hit.point, e.tol);
    if (this.last === 'body') this.host.emit({ type: 'splitEdge', id: edge.id, at: edge.hit.point });
    return true;
  }

  /** Hover: the engine's reason why splitting here would be refused, shown beside the cursor. */
  move(e: PointerEvt): void {
    const edge = this.host.index.edgesAt(e.p, e.tol)[0];
    this.hint = edge ? hoverHint(this.host, { type: 'splitEdge', id: edge.id, at: edge.hit.point }, edge.hit.point) : null;
  }

  sketch(): Sketch | null { return this.hint; }
  private hint: Sketch | null = null;
}
