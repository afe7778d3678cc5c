// Measure tool (spec 3 §2): clicks add points of a measuring line, double-click or Enter ends it; the length shows
// in m, or km over 100 m. Esc clears. A click after a finished measurement starts a new one.
import type { Position } from 'engine/types';
import { groundLength } from 'engine/mercator';
import { formatLength } from '../measure-format';
import { Tool, type PointerEvt, type Sketch } from './types';

export class MeasureTool extends Tool {
  private points: Position[] = [];
  private cursor: Position | null = null;
  private done = false;

  busy(): boolean { return this.points.length > 0 && !this.done; }

  click(e: PointerEvt): boolean {
    if (this.done) { this.points = []; this.done = false; }
    this.points.push([e.p[0], e.p[1]]);
    return true;
  }

  doubleClick(e: PointerEvt): boolean {
    if (!this.points.length) return false;
    const last = this.points[this.points.length - 1];
    if (last[0] !== e.p[0] || last[1] !== e.p[1]) this.points.push([e.p[0], e.p[1]]);
    this.done = true;
    return true;
  }

  move(e: PointerEvt): void { this.cursor = [e.p[0], e.p[1]]; }

  key(key: string): boolean {
    if (key === 'Escape' && this.points.length) { this.cancel(); return true; }
    if (key === 'Enter' && this.points.length) { this.done = true; return true; }
    return false;
  }

  cancel(): void { this.points = []; this.done = false; }

  /** Current measured length in ground metres (with the cursor while measuring). */
  length(): number { return groundLength(this.line()); }

  text(): string { return formatLength(this.length()); }

  private line(): Position[] {
    return !this.done && this.cursor && this.points.length ? [...this.points, this.cursor] : this.points;
  }

  sketch(): Sketch | null {
    const line = this.line();
    if (line.length < 2) return this.points.length ? { lines: [], points: this.points } : null;
    return { lines: [line], points: this.points, label: { at: line[line.length - 1], text: this.text() } };
  }
}
