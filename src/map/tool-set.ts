// Routes pointer and key events to the tools of the active interaction modes. With draw and modify together, a press
// on a feature starts a modify drag and any other click draws.
import { Mode, has, type ModeBits } from './modes';
import { DrawTool, type DrawKind } from './tools/draw-tool';
import { ModifyTool } from './tools/modify-tool';
import { MeasureTool } from './tools/measure-tool';
import { SplitTool } from './tools/split-tool';
import { DeleteFeatureTool, DeleteSegmentTool } from './tools/delete-tools';
import { UnsnapTool } from './tools/unsnap-tool';
import { SelectTool } from './tools/select-tool';
import type { PointerEvt, Sketch, Tool, ToolHost } from './tools/types';

export class ToolSet {
  readonly select: SelectTool;
  readonly draw: DrawTool;
  readonly drawSingle: DrawTool;
  readonly modify: ModifyTool;
  readonly measure: MeasureTool;
  readonly split: SplitTool;
  readonly deleteFeature: DeleteFeatureTool;
  readonly deleteSegment: DeleteSegmentTool;
  readonly unsnap: UnsnapTool;
  private dragging: Tool | null = null;

  constructor(host: ToolHost, drawKind: DrawKind = 'line') {
    this.select = new SelectTool(host);
    this.draw = new DrawTool(host, drawKind);
    this.drawSingle = new DrawTool(host, drawKind);
    this.modify = new ModifyTool(host);
    this.measure = new MeasureTool(host);
    this.split = new SplitTool(host);
    this.deleteFeature = new DeleteFeatureTool(host);
    this.deleteSegment = new DeleteSegmentTool(host);
    this.unsnap = new UnsnapTool(host);
  }

  setDrawKind(kind: DrawKind): void { this.draw.kind = kind; this.drawSingle.kind = kind; }

  /** Active tools in event priority order. */
  active(bits: ModeBits): Tool[] {
    const out: Tool[] = [];
    if (has(bits, Mode.Modify)) out.push(this.modify);
    if (has(bits, Mode.Draw)) out.push(this.draw);
    if (has(bits, Mode.DrawFeature)) out.push(this.drawSingle);
    if (has(bits, Mode.Measure)) out.push(this.measure);
    if (has(bits, Mode.Split)) out.push(this.split);
    if (has(bits, Mode.DeleteFeature)) out.push(this.deleteFeature);
    if (has(bits, Mode.DeleteSegment)) out.push(this.deleteSegment);
    if (has(bits, Mode.Unsnap)) out.push(this.unsnap);
    if (has(bits, Mode.Select)) out.push(this.select);
    return out;
  }

  click(bits: ModeBits, e: PointerEvt): void { for (const t of this.active(bits)) if (t.click(e)) return; }
  doubleClick(bits: ModeBits, e: PointerEvt): boolean { for (const t of this.active(bits)) if (t.doubleClick(e)) return true; return false; }
  move(bits: ModeBits, e: PointerEvt): void {
    if (this.dragging) { this.dragging.drag(e); return; }
    for (const t of this.active(bits)) t.move(e);
  }
  /** True when a tool took the press (the map must not pan). */
  down(bits: ModeBits, e: PointerEvt): boolean {
    for (const t of this.active(bits)) if (t.down(e)) { this.dragging = t; return true; }
    return false;
  }
  up(e: PointerEvt): boolean {
    const t = this.dragging;
    this.dragging = null;
    if (!t) return false;
    t.up(e);
    return true;
  }
  key(bits: ModeBits, key: string): boolean { for (const t of this.active(bits)) if (t.key(key)) return true; return false; }
  cancelAll(): void { for (const t of [this.draw, this.drawSingle, this.modify, this.measure, this.select]) if (t !== this.select) t.cancel(); this.dragging = null; }
  sketch(bits: ModeBits): Sketch | null {
    for (const t of this.active(bits)) { const s = t.sketch(); if (s) return s; }
    return null;
  }
  busy(bits: ModeBits): boolean { return this.active(bits).some((t) => t.busy()); }
}
