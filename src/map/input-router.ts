// The input router: MapLibre pointer events (in map units, with the hit tolerance in map units) and keyboard events go
// to the tools of the active interaction modes; the tools answer with engine intents, which go to the editor binding.
// It also owns the mode bit set and the edit-resolution rule (spec 1 §4 Map editing: editing only at a resolution of
// at most twice 0.3; above it select mode comes back with a hint). Keys: Esc, Delete, Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y,
// arrows pan (100 ms), + / − zoom (200 ms). A one-shot click handler (`placeNext`: placing a note) takes the next
// click before the tools; Ctrl+Z first offers the undo to `featureUndo` (the last edit was a stored-feature edit).
import type maplibregl from 'maplibre-gl';
import { canEditAtResolution, HIT_TOLERANCE_PX } from './constants';
import { fromLngLat } from 'engine/mercator';
import { activate, deactivate, EDIT_MODES, Mode, restrictToViewing, type ModeBits } from './modes';
import { engineHitIndex } from './hit-index';
import { ToolSet } from './tool-set';
import type { MapView } from './map-view';
import type { EditorBinding } from './editor-binding';
import type { PointerEvt, Sketch } from './tools/types';

export interface RouterHost {
  notify(key: string, level: 'info' | 'warning' | 'error', params?: Record<string, unknown>, throttleKey?: string): void;
  /** Redraw the sketch / overlays (cheap: reuses the chunk layers). */
  render(): void;
}

export interface KeyInput { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }

/** Pixels an arrow key pans. */
const PAN_STEP_PX = 100;

export class InputRouter {
  readonly tools: ToolSet;
  mode: ModeBits = Mode.Select;
  /** The user may edit this project (role, read-only screen). */
  editable = false;
  private pressMoved = false;
  private pressAt: [number, number] | null = null;
  private hintShown = false;
  /** The next map click goes here (map units) instead of to the tools; Esc cancels it. */
  placeNext: ((p: [number, number]) => void) | null = null;
  /** Ctrl+Z: undoes the last stored-feature edit when that was the last edit (true: handled, the network history
   *  is left alone). */
  featureUndo: (() => boolean) | null = null;
  /** Called when placeNext is cancelled by Esc. */
  onPlaceCancelled: (() => void) | null = null;

  constructor(private view: MapView, private binding: EditorBinding, private host: RouterHost) {
    const index = engineHitIndex(() => binding.session!.index, () => binding.session!.model);
    const has = () => !!binding.session;
    this.tools = new ToolSet({
      index: { nodesAt: (p, t) => (has() ? index.nodesAt(p, t) : []), edgesAt: (p, t) => (has() ? index.edgesAt(p, t) : []), inExtent: (e) => (has() ? index.inExtent!(e) : []) },
      emit: (i) => { binding.perform(i); },
      disabled: (i) => binding.disabled(i),
      notify: (k, l) => this.host.notify(`map.notification.${k}`, l ?? 'info'),
    });
    this.tools.select.onChange = (ids) => binding.setSelection(ids);
    this.tools.drawSingle.onFinished = () => { this.setMode(deactivate(this.mode, Mode.DrawFeature)); };
    this.wire(view.map);
  }

  canEdit(): boolean { return this.editable && canEditAtResolution(this.view.resolution()); }

  setMode(bits: ModeBits): void {
    if ((bits & EDIT_MODES) && !this.canEdit()) {
      if (this.editable) this.host.notify('map.notification.zoom_in_to_edit', 'info', undefined, 'zoom_in_to_edit');
      bits = restrictToViewing(bits);
    }
    if (bits !== this.mode) this.tools.cancelAll();
    this.mode = bits;
    this.host.render();
  }
  toggleMode(m: number): void { this.setMode(this.mode & m ? deactivate(this.mode, m) : activate(this.mode, m)); }

  /** After a zoom: above the edit resolution editing ends (select mode, one hint until editing is possible again). */
  checkResolution(): void {
    if ((this.mode & EDIT_MODES) && !this.canEdit()) {
      this.tools.cancelAll();
      this.mode = restrictToViewing(this.mode);
      if (!this.hintShown) this.host.notify('map.notification.zoom_in_to_edit', 'info', undefined, 'zoom_in_to_edit');
      this.hintShown = true;
    } else if (this.canEdit()) this.hintShown = false;
    this.host.render();
  }

  sketch(): Sketch | null { return this.tools.sketch(this.mode); }

  private evt(e: { lngLat: maplibregl.LngLat; originalEvent?: MouseEvent }): PointerEvt {
    return { p: fromLngLat([e.lngLat.lng, e.lngLat.lat]), tol: HIT_TOLERANCE_PX * this.view.resolution(), shift: e.originalEvent?.shiftKey };
  }

  private wire(m: maplibregl.Map): void {
    m.on('mousedown', (e) => {
      this.pressMoved = false; this.pressAt = [e.point.x, e.point.y];
      if (this.tools.down(this.mode, this.evt(e))) e.preventDefault();
    });
    m.on('mousemove', (e) => {
      if (this.pressAt && Math.hypot(e.point.x - this.pressAt[0], e.point.y - this.pressAt[1]) > 3) this.pressMoved = true;
      this.tools.move(this.mode, this.evt(e));
      if (this.mode !== Mode.Select || this.tools.busy(this.mode)) this.host.render();
    });
    m.on('mouseup', (e) => { this.pressAt = null; if (this.tools.up(this.evt(e))) this.host.render(); });
    m.on('click', (e) => {
      if (this.pressMoved) { this.pressMoved = false; return; }
      const place = this.placeNext;
      if (place) { this.placeNext = null; const p = this.evt(e).p; place([p[0], p[1]]); this.host.render(); return; }
      this.tools.click(this.mode, this.evt(e)); this.host.render();
    });
    m.on('dblclick', (e) => { if (this.tools.doubleClick(this.mode, this.evt(e))) { e.preventDefault(); this.host.render(); } });
  }

  /** Keyboard: returns true when handled. */
  key(e: KeyInput): boolean {
    const ctrl = e.ctrlKey || e.metaKey;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (ctrl && k === 'z' && !e.shiftKey) { if (!this.featureUndo?.()) this.binding.undo(); return true; }
    if (k === 'Escape' && this.placeNext) { this.placeNext = null; this.onPlaceCancelled?.(); return true; }
    if (ctrl && ((k === 'z' && e.shiftKey) || k === 'y')) { this.binding.redo(); return true; }
    if (k === 'Delete') return this.deleteSelection();
    if (this.tools.key(this.mode, e.key)) { this.host.render(); return true; }
    if (k === 'Escape' && this.mode !== Mode.Select) { this.setMode(Mode.Select); return true; }
    if (ctrl) return false;
    const pan: Record<string, [number, number]> = { ArrowLeft: [-PAN_STEP_PX, 0], ArrowRight: [PAN_STEP_PX, 0], ArrowUp: [0, -PAN_STEP_PX], ArrowDown: [0, PAN_STEP_PX] };
    if (pan[k]) { this.view.panBy(...pan[k]); return true; }
    if (k === '+' || k === '=') { this.view.zoomBy(1); return true; }
    if (k === '-') { this.view.zoomBy(-1); return true; }
    return false;
  }

  /** Deletes the selection in one gesture (one history item), if the engine allows it. */
  deleteSelection(): boolean {
    const ids = this.binding.selection;
    if (!this.canEdit() || !ids.length) return false;
    const e = this.binding.perform({ type: 'deleteObjects', ids: [...ids] });
    if (e && !e.rejected) this.tools.select.set([]);
    return true;
  }

  /** Unsnaps the selected nodes and lines in one gesture. */
  unsnapSelection(): boolean {
    const ids = this.binding.selection;
    if (!this.canEdit() || !ids.length) return false;
    this.binding.perform({ type: 'unsnap', ids: [...ids] });
    return true;
  }
}
