// The map engine room (no React): a MapLibre map (offline style + backgrounds) with a deck.gl MapboxOverlay
// interleaved, the network drawn from binary chunks, tools driven by MapLibre pointer events in map units, the view
// kept in the URL fragment, edit-resolution checks and keyboard shortcuts. The React screen owns one of these.
import maplibregl from 'maplibre-gl';
import { MapboxOverlay } from '@deck.gl/mapbox';
import type { Layer } from '@deck.gl/core';
import type { Id, Position } from 'engine/types';
import { getObject } from 'engine/model';
import { offlineStyle } from './offline-style';
import { BACKGROUNDS, watchBackgroundErrors, withBackgrounds, type Background, type LayerErrorKind } from './backgrounds';
import {
  canEditAtResolution, fromMaplibreZoom, HIT_TOLERANCE_PX, MAX_POSSIBLE_ZOOM, MAX_ZOOM, MIN_ZOOM, PAN_ANIMATION_MS,
  resolutionForZoom, SELECT_FIT_MAX_ZOOM, STROKE_WIDTH, STROKE_WIDTH_EDIT, toMaplibreZoom, ZOOM_ANIMATION_MS,
} from './constants';
import { extentOf, fromLngLat, groundScale, toLngLat, type Extent } from './geometry';
import { activate, deactivate, EDIT_MODES, Mode, restrictToViewing, type ModeBits } from './modes';
import { formatViewFragment, parseViewFragment } from './view-fragment';
import { NetworkChunks } from './render/network-chunks';
import { modelSource } from './render/model-source';
import { chunkLayers, overlayLayers } from './render/deck-layers';
import type { GroupState } from './render/catalogue-style';
import { defaultStyle, type StyleResolver } from './render/network-style';
import { ImageLayers, imageRequest } from './render/image-layers';
import { imageContext } from './render/image-context';
import { mapFeatureLayers, type FeatureLayers } from './render/feature-layers';
import { engineHitIndex } from './hit-index';
import { ToolSet } from './tool-set';
import type { EditSession } from './edit-session';
import type { EditIntent, PointerEvt, Sketch } from './tools/types';

/** What the layer settings drive: network styling and render groups, and the raster backgrounds by catalogue name. */
export interface LayerView {
  style: StyleResolver;
  /** Changes when `style` would colour differently (then every chunk is rebuilt). */
  styleKey: string;
  groups: ReadonlyMap<string, GroupState>;
  backgrounds: ReadonlyMap<string, { visible: boolean; opacity: number; style?: string }>;
}

/** Catalogue layer name → configured background id. */
export const BACKGROUND_LAYERS: Record<string, string> = { brtAchtergrondkaart: 'brt', luchtfoto: 'luchtfoto' };

export interface ControllerHost {
  notify(key: string, level: 'info' | 'warning' | 'error', params?: Record<string, unknown>, throttleKey?: string): void;
  perform(intent: EditIntent): void;
  undo(): void;
  redo(): void;
  changed(): void;
  /** The view settled after a move or zoom (area loading follows it). */
  viewChanged?(): void;
}

const DEFAULT_CENTER: Position = fromLngLat([5.12, 52.09]);

export class MapController {
  readonly map: maplibregl.Map;
  readonly overlay: MapboxOverlay;
  readonly tools: ToolSet;
  mode: ModeBits = Mode.Select;
  editable = false;
  session: EditSession | null = null;
  chunks: NetworkChunks | null = null;
  selection: Id[] = [];
  loaded = false;
  private raf = 0;
  private pressMoved = false;
  private pressAt: [number, number] | null = null;
  private offSession: (() => void) | null = null;
  private hintShown = false;
  private initialView: ReturnType<typeof parseViewFragment>;
  private layerView: LayerView | null = null;
  /** The network and overlay layers as last handed to deck.gl. */
  lastLayers: Layer[] = [];
  private failedBackgrounds = new Set<string>();
  /** The catalogue's other image layers (render/image-layers.ts). */
  readonly images: ImageLayers;
  /** Feature/wfst layers (render/feature-layers.ts). */ readonly features: FeatureLayers = mapFeatureLayers((k, l, p, t) => this.host.notify(k, l, p, t), () => this.render());

  constructor(container: HTMLElement, private host: ControllerHost, private backgrounds: Background[] = BACKGROUNDS) {
    const v = parseViewFragment(location.hash);
    this.initialView = v;
    const center = v ? [v.x, v.y] as Position : DEFAULT_CENTER;
    this.map = new maplibregl.Map({
      container, style: withBackgrounds(offlineStyle(), this.backgrounds), center: toLngLat(center) as [number, number], zoom: toMaplibreZoom(v?.zoom ?? 16),
      minZoom: toMaplibreZoom(MIN_ZOOM), maxZoom: toMaplibreZoom(MAX_ZOOM), attributionControl: false, doubleClickZoom: false,
      transformRequest: imageRequest(imageContext.token, location.origin),
      // MapLibre clamps at -2; the spec's zoom 0 is MapLibre -1.
    });
    void MAX_POSSIBLE_ZOOM;
    this.images = new ImageLayers(this.map, (kind, name) => this.host.notify(`map.notification.${kind}`, 'error', { layer: name }, `${kind}:${name}`),
      new Set(Object.keys(BACKGROUND_LAYERS)));
    this.overlay = new MapboxOverlay({ interleaved: true, layers: [] });
    this.map.addControl(this.overlay);
    this.map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-left');
    this.map.dragRotate.disable(); this.map.touchZoomRotate.disableRotation();
    const index = engineHitIndex(() => this.session!.index, () => this.session!.model);
    this.tools = new ToolSet({
      index: { nodesAt: (p, t) => (this.session ? index.nodesAt(p, t) : []), edgesAt: (p, t) => (this.session ? index.edgesAt(p, t) : []), inExtent: (e) => (this.session ? index.inExtent!(e) : []) },
      emit: (i) => this.host.perform(i),
      notify: (k, l) => this.host.notify(`map.notification.${k}`, l ?? 'info'),
    });
    this.tools.select.onChange = (ids) => { this.selection = ids; this.render(); this.host.changed(); };
    this.tools.drawSingle.onFinished = () => { this.setMode(deactivate(this.mode, Mode.DrawFeature)); };
    // 'load' can be missed when the first frame races the tile errors: 'idle' and 'render' check again.
    const ready = () => {
      if (this.loaded || !this.map.isStyleLoaded()) return;
      this.loaded = true;
      document.body.dataset.mapLoaded = 'true';
      this.applyBackgrounds();
      this.render();
    };
    watchBackgroundErrors(this.map, this.backgrounds, (kind: LayerErrorKind, name) => {
      const bg = this.backgrounds.find((b) => b.name === name);
      if (bg) this.failedBackgrounds.add(bg.id);
      this.host.notify(`map.notification.${kind}`, 'error', { layer: name }, `${kind}:${name}`);
    });
    this.map.on('load', ready);
    this.map.on('idle', ready);
    this.map.on('render', ready);
    this.wireEvents();
  }

  // ---- view ----
  /** Spec zoom (256-px levels). */
  zoom(): number { return fromMaplibreZoom(this.map.getZoom()); }
  /** Map units per CSS pixel at the centre. */
  resolution(): number { return resolutionForZoom(this.zoom()); }
  canEdit(): boolean { return this.editable && canEditAtResolution(this.resolution()); }
  center(): Position { const c = this.map.getCenter(); return fromLngLat([c.lng, c.lat]); }
  metresPerPixel(): number { const c = this.center(); return this.resolution() * groundScale(c[1]); }
  toScreen(p: Position): [number, number] { const q = this.map.project(toLngLat(p) as [number, number]); return [q.x, q.y]; }
  toMap(x: number, y: number): Position { const ll = this.map.unproject([x, y]); return fromLngLat([ll.lng, ll.lat]); }
  viewExtent(): Extent {
    const b = this.map.getBounds();
    const a = fromLngLat([b.getWest(), b.getSouth()]), c = fromLngLat([b.getEast(), b.getNorth()]);
    return [a[0], a[1], c[0], c[1]];
  }
  setView(zoom: number, center: Position, animate = false): void {
    this.map.easeTo({ zoom: toMaplibreZoom(zoom), center: toLngLat(center) as [number, number], duration: animate ? ZOOM_ANIMATION_MS : 0 });
  }
  /** Fits an extent (map units), up to zoom 20 (select-from-list). */
  fit(extent: Extent, maxZoom = SELECT_FIT_MAX_ZOOM): void {
    const sw = toLngLat([extent[0], extent[1]]), ne = toLngLat([extent[2], extent[3]]);
    this.map.fitBounds([sw as [number, number], ne as [number, number]], { maxZoom: toMaplibreZoom(maxZoom), padding: 40, duration: ZOOM_ANIMATION_MS });
  }
  panTo(p: Position): void { this.map.panTo(toLngLat(p) as [number, number], { duration: PAN_ANIMATION_MS }); }
  zoomBy(delta: number): void { this.map.zoomTo(this.map.getZoom() + delta, { duration: ZOOM_ANIMATION_MS }); }

  // ---- network ----
  /** Whether the page opened with a view in its address (zoom;x;y). */
  get hasInitialView(): boolean { return !!this.initialView; }

  setSession(session: EditSession | null, fitToData = !this.initialView): void {
    if (session && session === this.session) return;
    this.offSession?.(); this.offSession = null;
    this.session = session;
    if (!session) { this.chunks = null; this.render(); return; }
    const src = modelSource(() => this.session!.model);
    const pts: Position[] = [];
    let count = 0;
    src.forEach((_id, _k, coords) => { count++; if (count % 97 === 1) pts.push(coords[0]); });
    const ext = pts.length ? extentOf(pts) : null;
    // an empty session (a project loaded by area) fills tile by tile: cells of 1 024 units (≈ 2 000 objects at 10⁶ density)
    const cell = ext ? NetworkChunks.chooseCellSize(ext[2] - ext[0], ext[3] - ext[1], count) : 1024;
    this.chunks = new NetworkChunks(src, { cellSize: cell, style: this.layerView?.style ?? defaultStyle });
    this.chunks.build();
    this.offSession = session.subscribe((e) => {
      this.chunks?.update(e.ids);
      this.selection = this.selection.filter((id) => getObject(session.model, id));
      this.render();
    });
    if (fitToData && ext) this.fit([ext[0] - 20, ext[1] - 20, ext[2] + 20, ext[3] + 20], 19);
    this.applyBackgrounds(); // project image layers need the project id
    this.render();
  }

  // ---- layers ----
  /** Applies resolved layer settings: visibility/opacity are layer props; a new style key rebuilds the buffers. */
  setLayerView(v: LayerView): void {
    const restyle = this.layerView?.styleKey !== v.styleKey;
    this.layerView = v;
    if (restyle) this.chunks?.restyle(v.style);
    this.applyBackgrounds();
    this.render();
  }

  private applyBackgrounds(): void {
    const v = this.layerView;
    if (!v || !this.loaded) return;
    this.images.apply(v.backgrounds, { projectId: this.session?.editor.config.projectId, atlas: imageContext.atlas(), origin: location.origin });
    for (const [name, id] of Object.entries(BACKGROUND_LAYERS)) {
      const s = v.backgrounds.get(name);
      if (!s || !this.map.getLayer(`bg-${id}`)) continue;
      const shown = s.visible && !this.failedBackgrounds.has(id);
      this.map.setLayoutProperty(`bg-${id}`, 'visibility', shown ? 'visible' : 'none');
      this.map.setPaintProperty(`bg-${id}`, 'raster-opacity', s.opacity);
    }
  }

  // ---- modes ----
  setMode(bits: ModeBits): void {
    if ((bits & EDIT_MODES) && !this.canEdit()) {
      if (this.editable) this.host.notify('map.notification.zoom_in_to_edit', 'info', undefined, 'zoom_in_to_edit');
      bits = restrictToViewing(bits);
    }
    if (bits !== this.mode) this.tools.cancelAll();
    this.mode = bits;
    this.render(); this.host.changed();
  }
  toggleMode(m: number): void { this.setMode(this.mode & m ? deactivate(this.mode, m) : activate(this.mode, m)); }

  /** Above the edit resolution editing ends: select mode with a hint. */
  private checkResolution(): void {
    if ((this.mode & EDIT_MODES) && !this.canEdit()) {
      this.tools.cancelAll();
      this.mode = restrictToViewing(this.mode);
      if (!this.hintShown) this.host.notify('map.notification.zoom_in_to_edit', 'info', undefined, 'zoom_in_to_edit');
      this.hintShown = true;
      this.host.changed();
    } else if (this.canEdit()) this.hintShown = false;
  }

  // ---- events ----
  private evt(e: { lngLat: maplibregl.LngLat; originalEvent?: MouseEvent }): PointerEvt {
    return { p: fromLngLat([e.lngLat.lng, e.lngLat.lat]), tol: HIT_TOLERANCE_PX * this.resolution(), shift: e.originalEvent?.shiftKey };
  }

  private wireEvents(): void {
    const m = this.map;
    m.on('mousedown', (e) => {
      this.pressMoved = false; this.pressAt = [e.point.x, e.point.y];
      if (this.tools.down(this.mode, this.evt(e))) e.preventDefault();
    });
    m.on('mousemove', (e) => {
      if (this.pressAt && Math.hypot(e.point.x - this.pressAt[0], e.point.y - this.pressAt[1]) > 3) this.pressMoved = true;
      this.tools.move(this.mode, this.evt(e));
      if (this.mode !== Mode.Select || this.tools.busy(this.mode)) this.render();
    });
    m.on('mouseup', (e) => { this.pressAt = null; if (this.tools.up(this.evt(e))) this.render(); });
    m.on('click', (e) => {
      if (this.pressMoved) { this.pressMoved = false; return; }
      this.tools.click(this.mode, this.evt(e)); this.render(); this.host.changed();
    });
    m.on('dblclick', (e) => { if (this.tools.doubleClick(this.mode, this.evt(e))) { e.preventDefault(); this.render(); this.host.changed(); } });
    m.on('zoomend', () => { this.checkResolution(); this.render(); });
    m.on('moveend', () => {
      const c = this.center();
      const frag = `#${formatViewFragment({ zoom: this.zoom(), x: c[0], y: c[1] })}`;
      if (location.hash !== frag) history.replaceState(history.state, '', `${location.pathname}${location.search}${frag}`);
      this.render();
      this.host.viewChanged?.();
    });
  }

  /** Keyboard: Esc, Delete, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y. Returns true when handled. */
  key(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): boolean {
    const ctrl = e.ctrlKey || e.metaKey;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (ctrl && k === 'z' && !e.shiftKey) { this.host.undo(); return true; }
    if (ctrl && ((k === 'z' && e.shiftKey) || k === 'y')) { this.host.redo(); return true; }
    if (k === 'Delete') {
      if (!this.canEdit() || !this.selection.length) return false;
      this.host.perform({ kind: 'deleteObjects', ids: [...this.selection] });
      this.tools.select.set([]);
      return true;
    }
    if (this.tools.key(this.mode, e.key)) { this.render(); this.host.changed(); return true; }
    if (k === 'Escape' && this.mode !== Mode.Select) { this.setMode(Mode.Select); return true; }
    return false;
  }

  sketch(): Sketch | null { return this.tools.sketch(this.mode); }

  // ---- drawing ----
  render(): void {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => { this.raf = 0; this.renderNow(); });
  }

  renderNow(): void {
    const s = this.session;
    const selLines: Position[][] = [], selPoints: Position[] = [];
    if (s) for (const id of this.selection) {
      const o = getObject(s.model, id);
      if (o?.edge) selLines.push(o.edge.geometry.coordinates); else if (o?.node) selPoints.push(o.node.geometry.coordinates);
    }
    const widthScale = (this.canEdit() ? STROKE_WIDTH_EDIT : STROKE_WIDTH) / 3;
    const view = this.loaded ? this.viewExtent() : null;
    const f = this.features.layers(this.layerView?.backgrounds, { projectId: s?.editor.config.projectId, zoom: this.zoom(), extent: view });
    const layers = [
      ...f.below, ...(this.chunks ? chunkLayers(this.chunks.chunks(), { widthScale, view, cellSize: this.chunks.cellSize, groups: this.layerView?.groups, zoom: this.zoom() }) : []),
      ...f.above, ...overlayLayers({ selectedLines: selLines, selectedPoints: selPoints, sketch: this.sketch(), widthScale, view, cellSize: 0 }),
    ];
    this.lastLayers = layers;
    this.overlay.setProps({ layers });
    this.host.changed();
  }

  destroy(): void {
    this.offSession?.();
    cancelAnimationFrame(this.raf);
    this.map.remove();
  }
}
