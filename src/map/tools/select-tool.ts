// Select tool (spec 1 §2, spec 2 §4): a click selects the features within the hit tolerance (nodes and edges at that
// location, for the feature-info panel). Multi-select mode clears the selection when started; in it a click only
// deselects highlighted features it hits, and features are added with a box drag. A click that hits no network object
// may select a drawn stored feature (`pickStored`, spec 3 §5): network objects keep their priority where both are hit
// (the network is what is edited; a stored area under every street would otherwise swallow each click).
import type { Id, Position } from 'engine/types';
import { Tool, type PointerEvt, type Sketch, type ToolHost } from './types';

export class SelectTool extends Tool {
  selection: Id[] = [];
  /** Where the last selecting click was (for the feature-info card). */
  at: Position | null = null;
  private multi = false;
  private boxStart: Position | null = null;
  private boxEnd: Position | null = null;
  onChange: ((ids: Id[]) => void) | null = null;
  /** Selects the stored feature at the click when there is one (true), else clears that selection (false). */
  pickStored: ((p: Position, tol: number) => boolean) | null = null;
  /** Clears the stored-feature selection; true when there was one. */
  clearStored: (() => boolean) | null = null;

  constructor(host: ToolHost) { super(host); }

  get multiSelect(): boolean { return this.multi; }

  setMultiSelect(on: boolean): void {
    this.multi = on;
    if (on) this.set([]);
  }

  set(ids: Id[]): void { this.selection = ids; this.onChange?.(ids); }

  click(e: PointerEvt): boolean {
    const hits = [...this.host.index.nodesAt(e.p, e.tol).map((n) => n.id), ...this.host.index.edgesAt(e.p, e.tol).map((x) => x.id)];
    if (this.multi) {
      const keep = this.selection.filter((id) => !hits.includes(id));
      if (keep.length !== this.selection.length) this.set(keep);
      return true;
    }
    this.at = [e.p[0], e.p[1]];
    if (!hits.length && this.pickStored?.(e.p, e.tol)) { if (this.selection.length) this.set([]); return true; }
    this.clearStored?.();
    this.set(hits);
    return true;
  }

  down(e: PointerEvt): boolean {
    if (!this.multi && !e.shift) return false;
    this.boxStart = e.p; this.boxEnd = e.p;
    return true;
  }

  drag(e: PointerEvt): void { if (this.boxStart) this.boxEnd = e.p; }

  up(e: PointerEvt): void {
    if (!this.boxStart) return;
    const a = this.boxStart, b = e.p;
    this.boxStart = null; this.boxEnd = null;
    const ids = this.host.index.inExtent?.([Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])]) ?? [];
    this.set([...this.selection, ...ids.filter((id) => !this.selection.includes(id))]);
  }

  busy(): boolean { return this.boxStart !== null; }

  key(key: string): boolean {
    if (key === 'Escape' && this.selection.length) { this.set([]); return true; }
    if (key === 'Escape' && this.clearStored?.()) return true;
    return false;
  }

  sketch(): Sketch | null {
    if (!this.boxStart || !this.boxEnd) return null;
    const [a, b] = [this.boxStart, this.boxEnd];
    return { lines: [[a, [b[0], a[1]], b, [a[0], b[1]], a]], points: [] };
  }
}
