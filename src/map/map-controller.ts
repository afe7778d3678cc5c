// The map controller: composes the view (map-view.ts: MapLibre + deck.gl), the editor binding (editor-binding.ts:
// engine session → diffs → chunk buffers, plug-ins) and the input router (input-router.ts: pointer/keyboard → tools →
// engine intents), draws once per animation frame, and is the external store React reads through
// useSyncExternalStore: `getSnapshot()` returns the same object until something the screen shows has changed, so
// React renders on changes (history, mode, selection, tooltip, scale), never once per map frame. A select click that
// hits no network object selects a drawn stored feature (`storedSelection`, highlighted like the network selection).
import { onStoredFeaturesChanged } from './stored-features-events';
import type { Layer } from '@deck.gl/core';
import type { Id, Position } from 'engine/types';
import { STROKE_WIDTH, STROKE_WIDTH_EDIT } from './constants';
import { MapView, type BackgroundStates } from './map-view';
import { EditorBinding } from './editor-binding';
import { InputRouter, type KeyInput } from './input-router';
import type { ModeBits } from './modes';
import { overlayLayers } from './render/deck-layers';
import { layerTaken, pluginsAfterDraw, whenDrawn, type DrawSource } from './draw-wait';
import type { GroupState } from './render/catalogue-style';
import type { StyleResolver } from './render/network-style';
import { mapFeatureLayers, type FeatureLayers } from './render/feature-layers';
import type { Background } from './backgrounds';
import type { EditSession } from './edit-session';
import type { Extent } from './geometry';
import { mapSnapshot, sameSnapshot, type MapSnapshot } from './map-snapshot';
import { ValueStore, type StoredSelection } from './features/stored-selection';
import { storedFromLoaded } from './features/stored-feature';
import { highlightOf } from './features/highlight';

export { BACKGROUND_LAYERS } from './map-view';
export type { MapSnapshot } from './map-snapshot';

/** What the layer settings drive: network styling and render groups, and the raster backgrounds by catalogue name. */
export interface LayerView {
  style: StyleResolver;
  /** Changes when `style` would colour differently (then every chunk is rebuilt). */
  styleKey: string;
  groups: ReadonlyMap<string, GroupState>;
  backgrounds: BackgroundStates;
}

export interface ControllerHost {
  notify(key: string, level: 'info' | 'warning' | 'error', params?: Record<string, unknown>, throttleKey?: string): void;
  /** The view settled after a move or zoom (area loading follows it). */
  viewChanged?(): void;
}

export class MapController {
  readonly view: MapView;
  readonly binding: EditorBinding;
  readonly router: InputRouter;
  /** Feature/wfst layers (render/feature-layers.ts). */
  readonly features: FeatureLayers;
  /** The selected stored feature (select tool on a drawn feature/wfst layer). */
  readonly storedSelection = new ValueStore<StoredSelection | null>(null);
  /** The network and overlay layers as last handed to deck.gl. */
  lastLayers: Layer[] = [];
  /** Layers of panels drawn above everything else (route alternatives, …), by owner key. */
  private extra = new Map<string, Layer[]>();
  private layerView: LayerView | null = null;
  private raf = 0;
  private snap: MapSnapshot;
  private subscribers = new Set<() => void>();
  private offStored: () => void;

  constructor(container: HTMLElement, private host: ControllerHost, backgrounds?: Background[]) {
    this.view = new MapView(container, {
      notify: host.notify,
      ready: () => { this.applyBackgrounds(); this.render(); },
      moved: () => { this.render(); this.host.viewChanged?.(); },
      zoomed: () => this.router.checkResolution(),
    }, backgrounds);
    // a session change is published at once (not on the next frame): a controlled input that caused it (a checkbox in
    // the feature-info card) must see its new value in the same event
    this.binding = new EditorBinding({ notify: host.notify, changed: () => { this.render(); this.publish(); }, whenDrawn: pluginsAfterDraw() ? (work) => this.whenDrawn(work, 1000) : undefined });
    this.router = new InputRouter(this.view, this.binding, { notify: host.notify, render: () => this.render() });
    this.features = mapFeatureLayers((k, l, p, t) => host.notify(k, l, p, t), () => this.render());
    this.offStored = onStoredFeaturesChanged((pid, layers) => {
      if (pid !== this.binding.session?.editor.config.projectId) return;
      this.features.reload(layers);
      this.render();
    });
    const select = this.router.tools.select;
    select.pickStored = (p, tol) => {
      const hit = this.features.hitAt(p, tol);
      const feature = hit ? storedFromLoaded(hit.entry, hit.feature) : null;
      this.storedSelection.set(hit && feature ? { layer: hit.entry, feature } : null);
      return !!feature;
    };
    select.clearStored = () => { const had = !!this.storedSelection.get(); this.storedSelection.set(null); return had; };
    this.storedSelection.subscribe(() => this.render());
    this.snap = mapSnapshot(this);
  }

  // ---- external store (React: useSyncExternalStore) ----
  readonly subscribe = (l: () => void): (() => void) => { this.subscribers.add(l); return () => { this.subscribers.delete(l); }; };
  readonly getSnapshot = (): MapSnapshot => this.snap;
  private publish(): void {
    const next = mapSnapshot(this, this.snap);
    if (sameSnapshot(next, this.snap)) return;
    this.snap = next;
    for (const l of this.subscribers) l();
  }

  // ---- pieces other code reads (tests, benches, the screen) ----
  get map() { return this.view.map; }
  get overlay() { return this.view.overlay; }
  get loaded(): boolean { return this.view.loaded; }
  get session(): EditSession | null { return this.binding.session; }
  get chunks() { return this.binding.chunks; }
  get selection(): Id[] { return this.binding.selection; }
  get tools() { return this.router.tools; }
  get mode(): ModeBits { return this.router.mode; }
  get editable(): boolean { return this.router.editable; }
  set editable(v: boolean) { if (this.router.editable !== v) { this.router.editable = v; this.render(); } }
  get hasInitialView(): boolean { return !!this.view.initialView; }
  canEdit(): boolean { return this.router.canEdit(); }
  zoom(): number { return this.view.zoom(); }
  metresPerPixel(): number { return this.view.metresPerPixel(); }
  toScreen(p: Position): [number, number] { return this.view.toScreen(p); }
  toMap(x: number, y: number): Position { return this.view.toMap(x, y); }
  viewExtent(): Extent { return this.view.viewExtent(); }
  setView(zoom: number, center: Position, animate = false): void { this.view.setView(zoom, center, animate); }
  fit(extent: Extent, maxZoom?: number): void { this.view.fit(extent, maxZoom); }
  setMode(bits: ModeBits): void { this.router.setMode(bits); }
  toggleMode(m: number): void { this.router.toggleMode(m); }
  key(e: KeyInput): boolean { return this.router.key(e); }

  // ---- session and layers ----
  setSession(session: EditSession | null, fitToData = !this.view.initialView): void {
    if (session && session === this.binding.session) return;
    const ext = this.binding.setSession(session);
    if (session && fitToData && ext) this.view.fit([ext[0] - 20, ext[1] - 20, ext[2] + 20, ext[3] + 20], 19, false);
    this.applyBackgrounds(); // project image layers need the project id
    this.render();
  }

  /** Applies resolved layer settings: visibility/opacity are layer props; a new style key rebuilds the buffers. */
  setLayerView(v: LayerView): void {
    const restyle = this.layerView?.styleKey !== v.styleKey;
    this.layerView = v;
    if (restyle) this.binding.restyle(v.style);
    this.applyBackgrounds();
    this.render();
  }

  private applyBackgrounds(): void {
    if (this.layerView) this.view.applyBackgrounds(this.layerView.backgrounds, this.binding.session?.editor.config.projectId);
  }

  /** Sets (or with an empty list removes) the extra layers of one owner (a panel); they are drawn on top. */
  setExtraLayers(key: string, layers: Layer[]): void {
    if (layers.length) this.extra.set(key, layers); else this.extra.delete(key);
    this.render();
  }

  // ---- drawing ----
  render(): void {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => { this.raf = 0; this.renderNow(); });
  }

  /** Runs `work` in a task after the map has drawn the layers handed to deck.gl after this call (draw-wait.ts). */
  whenDrawn(work: () => void, fallbackMs?: number): () => void {
    return whenDrawn(this.drawSource, work, fallbackMs);
  }

  /** deck.gl's draws and the layers handed to it, as draw-wait.ts watches them. */
  readonly drawSource: DrawSource = {
    onDraw: (l) => this.view.onDraw(l), renders: () => this.renders, requestRender: () => this.render(),
    layersTaken: () => this.lastLayers.every(layerTaken),
  };

  private renders = 0;

  renderNow(): void {
    this.renders++;
    const zoom = this.view.zoom();
    const widthScale = (this.router.canEdit() ? STROKE_WIDTH_EDIT : STROKE_WIDTH) / 3;
    const view = this.view.loaded ? this.view.viewExtent() : null;
    const f = this.features.layers(this.layerView?.backgrounds, { projectId: this.binding.session?.editor.config.projectId, zoom, extent: view });
    const sel = this.binding.selected();
    const stored = highlightOf(this.storedSelection.get()?.feature.geometry);
    const layers = [
      ...f.below, ...this.binding.layers({ widthScale, view, groups: this.layerView?.groups, zoom }), ...f.above,
      ...overlayLayers({ selectedLines: [...sel.lines, ...stored.lines], selectedPoints: [...sel.points, ...stored.points], sketch: this.router.sketch(), widthScale, view, cellSize: 0 }),
      ...[...this.extra.values()].flat(),
    ];
    this.lastLayers = layers;
    this.view.setLayers(layers);
    this.publish();
  }

  destroy(): void {
    this.offStored();
    cancelAnimationFrame(this.raf);
    this.binding.setSession(null);
    this.subscribers.clear();
    this.view.destroy();
  }
}
