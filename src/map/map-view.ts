// The map view (no React, no editing): MapLibre (offline style + raster backgrounds + the catalogue's image layers)
// with a deck.gl MapboxOverlay interleaved; conversions between screen, lng/lat and map units; the view kept in the
// URL fragment `zoom;x;y` (spec 1 §2) and followed when the fragment changes; zoom animations of 200 ms, pans of 100 ms
// and a 50 ms resize debounce (spec 1 §9). What it draws is handed to `setLayers` by the map controller.
import maplibregl from 'maplibre-gl';
import { MapboxOverlay } from '@deck.gl/mapbox';
import type { Layer } from '@deck.gl/core';
import type { Position } from 'engine/types';
import { offlineStyle } from './offline-style';
import { BACKGROUNDS, watchBackgroundErrors, withBackgrounds, type Background, type LayerErrorKind } from './backgrounds';
import {
  fromMaplibreZoom, MAX_ZOOM, MIN_ZOOM, PAN_ANIMATION_MS, resolutionForZoom, RESIZE_DEBOUNCE_MS, SELECT_FIT_MAX_ZOOM,
  toMaplibreZoom, ZOOM_ANIMATION_MS,
} from './constants';
import type { Extent } from './geometry';
import { fromLngLat, groundScale, toLngLat } from 'engine/mercator';
import { formatViewFragment, parseViewFragment, type MapView as ViewFragment } from './view-fragment';
import { ImageLayers, imageRequest } from './render/image-layers';
import { imageContext } from './render/image-context';

/** Catalogue layer name → configured background id. */
export const BACKGROUND_LAYERS: Record<string, string> = { brtAchtergrondkaart: 'brt', luchtfoto: 'luchtfoto' };

export type BackgroundStates = ReadonlyMap<string, { visible: boolean; opacity: number; style?: string }>;

export interface ViewHost {
  notify(key: string, level: 'info' | 'warning' | 'error', params?: Record<string, unknown>, throttleKey?: string): void;
  /** The style finished loading (first time). */
  ready(): void;
  /** The view settled after a move or zoom. */
  moved(): void;
  /** The zoom changed (edit resolution checks). */
  zoomed(): void;
}

const DEFAULT_CENTER: Position = fromLngLat([5.12, 52.09]);

export class MapView {
  readonly map: maplibregl.Map;
  readonly overlay: MapboxOverlay;
  /** The catalogue's other image layers (render/image-layers.ts). */
  readonly images: ImageLayers;
  loaded = false;
  /** The view the page opened with (from its address), or null. */
  readonly initialView: ViewFragment | null;
  private failedBackgrounds = new Set<string>();
  private resizeTimer: ReturnType<typeof setTimeout> | null = null;
  private resizeObserver: ResizeObserver | null = null;
  /** The container size the canvas was last sized to: a resize to the same size would only clear the drawing buffer
   *  (MapLibre sets the canvas size anyway) and, with a software rasteriser, wait for the frame in flight. */
  private sized: [number, number];
  private readonly onHash = () => this.followFragment();

  constructor(container: HTMLElement, private host: ViewHost, private backgrounds: Background[] = BACKGROUNDS) {
    const v = parseViewFragment(location.hash);
    this.initialView = v;
    const center = v ? [v.x, v.y] as Position : DEFAULT_CENTER;
    this.map = new maplibregl.Map({
      container, style: withBackgrounds(offlineStyle(), this.backgrounds), center: toLngLat(center) as [number, number], zoom: toMaplibreZoom(v?.zoom ?? 16),
      minZoom: toMaplibreZoom(MIN_ZOOM), maxZoom: toMaplibreZoom(MAX_ZOOM), attributionControl: false, doubleClickZoom: false,
      transformRequest: imageRequest(imageContext.token, location.origin),
      // resizing is debounced here (spec 1 §9: 50 ms), not on every window resize event
      trackResize: false,
    });
    this.sized = [container.clientWidth, container.clientHeight];
    this.images = new ImageLayers(this.map, (kind, name) => this.host.notify(`map.notification.${kind}`, 'error', { layer: name }, `${kind}:${name}`),
      new Set(Object.keys(BACKGROUND_LAYERS)));
    // deck.gl calls onAfterRender after each of its draws inside the map's render (draw-wait.ts follows them)
    this.overlay = new MapboxOverlay({ interleaved: true, layers: [], onAfterRender: () => { for (const l of [...this.drawListeners]) l(); } });
    this.map.addControl(this.overlay);
    this.map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-left');
    this.map.dragRotate.disable(); this.map.touchZoomRotate.disableRotation();
    // 'load' can be missed when the first frame races the tile errors: 'idle' and 'render' check again.
    const ready = () => {
      if (this.loaded || !this.map.isStyleLoaded()) return;
      this.loaded = true;
      document.body.dataset.mapLoaded = 'true';
      this.host.ready();
    };
    watchBackgroundErrors(this.map, this.backgrounds, (kind: LayerErrorKind, name) => {
      const bg = this.backgrounds.find((b) => b.name === name);
      if (bg) this.failedBackgrounds.add(bg.id);
      this.host.notify(`map.notification.${kind}`, 'error', { layer: name }, `${kind}:${name}`);
    });
    this.map.on('load', ready);
    this.map.on('idle', ready);
    this.map.on('render', ready);
    this.map.on('zoomend', () => this.host.zoomed());
    this.map.on('moveend', () => { this.writeFragment(); this.host.moved(); });
    window.addEventListener('hashchange', this.onHash);
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.scheduleResize());
      this.resizeObserver.observe(container);
    }
  }

  // ---- view ----
  /** Spec zoom (256-px levels). */
  zoom(): number { return fromMaplibreZoom(this.map.getZoom()); }
  /** Map units per CSS pixel at the centre. */
  resolution(): number { return resolutionForZoom(this.zoom()); }
  center(): Position { const c = this.map.getCenter(); return fromLngLat([c.lng, c.lat]); }
  metresPerPixel(): number { const c = this.center(); return this.resolution() * groundScale(c[1]); }
  toScreen(p: Position): [number, number] { const q = this.map.project(toLngLat(p) as [number, number]); return [q.x, q.y]; }
  toMap(x: number, y: number): Position { const ll = this.map.unproject([x, y]); return fromLngLat([ll.lng, ll.lat]); }
  viewExtent(): Extent {
    const b = this.map.getBounds();
    const a = fromLngLat([b.getWest(), b.getSouth()]), c = fromLngLat([b.getEast(), b.getNorth()]);
    return [a[0], a[1], c[0], c[1]];
  }
  /** Moves to a view; animated views zoom in 200 ms (spec 1 §9). */
  setView(zoom: number, center: Position, animate = false): void {
    this.map.easeTo({ zoom: toMaplibreZoom(zoom), center: toLngLat(center) as [number, number], duration: animate ? ZOOM_ANIMATION_MS : 0 });
  }
  /** Fits an extent (map units), up to zoom 20 (select-from-list). */
  fit(extent: Extent, maxZoom = SELECT_FIT_MAX_ZOOM, animate = true): void {
    const sw = toLngLat([extent[0], extent[1]]), ne = toLngLat([extent[2], extent[3]]);
    this.map.fitBounds([sw as [number, number], ne as [number, number]], { maxZoom: toMaplibreZoom(maxZoom), padding: 40, duration: animate ? ZOOM_ANIMATION_MS : 0 });
  }
  /** Pans in 100 ms (spec 1 §9). */
  panTo(p: Position): void { this.map.panTo(toLngLat(p) as [number, number], { duration: PAN_ANIMATION_MS }); }
  /** Pans by screen pixels in 100 ms (arrow keys). */
  panBy(dx: number, dy: number): void { this.map.panBy([dx, dy], { duration: PAN_ANIMATION_MS }); }
  /** Zooms by whole levels in 200 ms (keys, zoom control). */
  zoomBy(delta: number): void { this.map.zoomTo(this.map.getZoom() + delta, { duration: ZOOM_ANIMATION_MS }); }

  /** The view follows a changed address fragment (back/forward, a pasted link), animated. */
  private followFragment(): void {
    const v = parseViewFragment(location.hash);
    if (!v) return;
    const c = this.center();
    if (Math.abs(v.zoom - this.zoom()) < 0.01 && Math.abs(v.x - c[0]) < 0.01 && Math.abs(v.y - c[1]) < 0.01) return;
    this.setView(v.zoom, [v.x, v.y], true);
  }

  private writeFragment(): void {
    const c = this.center();
    const frag = `#${formatViewFragment({ zoom: this.zoom(), x: c[0], y: c[1] })}`;
    if (location.hash !== frag) history.replaceState(history.state, '', `${location.pathname}${location.search}${frag}`);
  }

  private scheduleResize(): void {
    if (this.resizeTimer) clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => {
      this.resizeTimer = null;
      // the observer also reports the size it starts with: no resize when nothing changed
      const c = this.map.getContainer(), w = c.clientWidth, h = c.clientHeight;
      if (w === this.sized[0] && h === this.sized[1]) return;
      this.sized = [w, h];
      this.map.resize();
    }, RESIZE_DEBOUNCE_MS);
  }

  // ---- layers ----
  setLayers(layers: Layer[]): void { this.overlay.setProps({ layers }); }

  private readonly drawListeners = new Set<() => void>();
  /** Calls `l` after each deck.gl draw; returns the unsubscribe. */
  onDraw(l: () => void): () => void { this.drawListeners.add(l); return () => { this.drawListeners.delete(l); }; }

  /** Raster backgrounds and image layers by catalogue name (visibility, opacity); failed ones stay hidden. */
  applyBackgrounds(states: BackgroundStates, projectId: number | undefined): void {
    if (!this.loaded) return;
    this.images.apply(states, { projectId, atlas: imageContext.atlas(), origin: location.origin });
    for (const [name, id] of Object.entries(BACKGROUND_LAYERS)) {
      const s = states.get(name);
      if (!s || !this.map.getLayer(`bg-${id}`)) continue;
      const shown = s.visible && !this.failedBackgrounds.has(id);
      this.map.setLayoutProperty(`bg-${id}`, 'visibility', shown ? 'visible' : 'none');
      this.map.setPaintProperty(`bg-${id}`, 'raster-opacity', s.opacity);
    }
  }

  destroy(): void {
    window.removeEventListener('hashchange', this.onHash);
    this.resizeObserver?.disconnect();
    if (this.resizeTimer) clearTimeout(this.resizeTimer);
    this.map.remove();
  }
}
