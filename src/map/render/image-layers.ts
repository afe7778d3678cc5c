// The catalogue's image layers on the map (spec 3 §7): every offered image layer that is visible becomes a MapLibre
// raster source + layer from the layers factory (WMS with the spec's parameters, WMTS/XYZ, /api/proxy where the entry
// says so, the street-level atlas address), in catalogue draw order below the deck.gl network, with its opacity and
// zoom range; hidden layers are removed. A failing layer (spec 1 §8, spec 3 §8): the tile goes to the error state,
// the layer error stream gets 'Internal server error' ('Not authorized' for 401/403), notifies once (throttled, with
// the layer name) and the layer is hidden until the user turns it off and on again.
import type maplibregl from 'maplibre-gl';
import {
  CATALOGUE, createImageLayer, createLayerErrorStream, findLayer, INTERNAL_SERVER_ERROR, NOT_AUTHORIZED, proxyTransformRequest,
  type ImageLayerSpec, type LayerEntry, type LayerNotificationKey,
} from 'layers';
import { toMaplibreZoom } from '../constants';

export interface ImageState { visible: boolean; opacity: number }
export interface ImageEnv { projectId?: number; atlas?: string | null; origin?: string }

/** Prefix of our source ids (the two configured backgrounds keep their own `bg-*` sources). */
export const IMAGE_SOURCE_PREFIX = 'src-';

/** Product of a project layer address `{product}`: the entry's group for heat / capex, fttx otherwise. */
export function productOf(e: LayerEntry): string {
  return e.group === 'ghs' || e.group === 'hc' ? e.group : 'fttx';
}

/** For the map: absolute tile addresses (MapLibre resolves tile templates outside the page) and the zoom range in
 * MapLibre's 512-px levels (the catalogue's zooms are the spec's 256-px levels). */
function forMap(spec: ImageLayerSpec, origin: string | undefined): ImageLayerSpec {
  const tiles = origin ? spec.source.tiles?.map((t) => (t.startsWith('/') ? `${origin}${t}` : t)) : spec.source.tiles;
  const l = spec.layer as { minzoom?: number; maxzoom?: number };
  const layer = { ...spec.layer, minzoom: Math.max(0, toMaplibreZoom(l.minzoom ?? 0)), maxzoom: Math.min(24, toMaplibreZoom(l.maxzoom ?? 25)) } as ImageLayerSpec['layer'];
  return { ...spec, source: { ...spec.source, tiles }, layer };
}

/** Waiting for what the address needs: a project layer before the project is known, the atlas layer before its
 * address came (GET /api/cyclomedia/atlas). Such a layer is not drawn yet and is not an error. */
export function pending(e: LayerEntry, env: ImageEnv): boolean {
  const s = e.source;
  if (s?.kind === 'wms' && s.projectFilter && !(env.projectId !== undefined && env.projectId >= 1)) return true;
  return (s?.kind === 'xyz' || s?.kind === 'wmts') && !!s.addressFrom && !env.atlas;
}

/** Backgrounds lie below every other image layer. */
const rank = (e: LayerEntry) => (e.category === 'Background' ? 0 : 1);
const CATALOGUE_INDEX = new Map(CATALOGUE.map((e, i) => [e.name, i]));

export interface PlannedImage { name: string; spec?: ImageLayerSpec; error?: string; opacity: number }

/**
 * The image layers to show, bottom to top (backgrounds first, then draw order, then catalogue order): every visible image entry among the
 * resolved layers that is not skipped (the configured backgrounds) nor failed. An entry the factory refuses (e.g. a
 * project layer without a project, the atlas layer without an address) comes back with its error.
 */
export function planImageLayers(
  states: ReadonlyMap<string, ImageState>, env: ImageEnv, skip: ReadonlySet<string> = new Set(), failed: ReadonlySet<string> = new Set(),
): PlannedImage[] {
  const out: { p: PlannedImage; bg: number; order: number; i: number }[] = [];
  for (const [name, s] of states) {
    const e = findLayer(name);
    const i = CATALOGUE_INDEX.get(name) ?? 0;
    if (!e || e.type !== 'image' || skip.has(name) || failed.has(name) || !s.visible) continue;
    if (pending(e, env)) continue;
    try {
      const spec = forMap(createImageLayer(e, { projectId: env.projectId, product: productOf(e), atlas: env.atlas, visible: true, opacity: s.opacity }), env.origin);
      out.push({ p: { name, spec, opacity: s.opacity }, bg: rank(e), order: e.drawOrder, i });
    } catch (err) {
      out.push({ p: { name, error: (err as Error).message, opacity: s.opacity }, bg: rank(e), order: e.drawOrder, i });
    }
  }
  return out.sort((a, b) => a.bg - b.bg || a.order - b.order || a.i - b.i).map((x) => x.p);
}

/** Request rewriting for image tiles: proxied tiles get the proxy headers; our own /api tiles the bearer token. */
export function imageRequest(token: () => string | null, origin: string) {
  return (url: string, resourceType?: string): maplibregl.RequestParameters => {
    if (url.includes('/api/proxy?url=')) return proxyTransformRequest(token())(url, resourceType);
    const t = token();
    if (t && (url.startsWith(`${origin}/api/`) || url.startsWith('/api/'))) return { url, headers: { Authorization: `Bearer ${t}` } };
    return { url };
  };
}

export type ImageErrorKind = 'map_unauthorized' | 'map_unavailable';
const KIND: Record<LayerNotificationKey, ImageErrorKind> = { 'map-unauthorized': 'map_unauthorized', 'map-unavailable': 'map_unavailable' };

/** Mounts and unmounts the image layers of the catalogue on one MapLibre map. */
export class ImageLayers {
  /** Layers whose tiles failed (image error state); cleared when the user hides the layer. */
  readonly failed = new Set<string>();
  private mounted = new Map<string, string>(); // name → source tile template
  private stream;

  constructor(private map: maplibregl.Map, notify: (kind: ImageErrorKind, layerName: string) => void, private skip: ReadonlySet<string> = new Set()) {
    this.stream = createLayerErrorStream({
      notify: (n) => notify(KIND[n.key], n.layerName),
      hideLayer: (name) => { this.failed.add(name); this.unmount(name); this.mark(); },
    });
    map.on('error', (e: { sourceId?: string; error?: { status?: number; message?: string } }) => {
      const id = e.sourceId;
      if (!id?.startsWith(IMAGE_SOURCE_PREFIX)) return;
      const name = id.slice(IMAGE_SOURCE_PREFIX.length);
      if (!this.mounted.has(name)) return;
      this.fail(name, e.error?.status === 401 || e.error?.status === 403 ? NOT_AUTHORIZED : INTERNAL_SERVER_ERROR);
    });
  }

  /** Names of the mounted layers, bottom to top. */
  names(): string[] { return [...this.mounted.keys()]; }

  private fail(name: string, message: string): void {
    if (this.failed.has(name)) return;
    this.stream.report(name, message);
  }

  private unmount(name: string): void {
    if (this.map.getLayer(name)) this.map.removeLayer(name);
    if (this.map.getSource(`${IMAGE_SOURCE_PREFIX}${name}`)) this.map.removeSource(`${IMAGE_SOURCE_PREFIX}${name}`);
    this.mounted.delete(name);
  }

  /** The first deck.gl (custom) layer of the style: image layers go below it, above the backgrounds. */
  private firstDeckLayer(): string | undefined {
    return this.map.getLayersOrder().find((id) => this.map.getLayer(id)?.type === 'custom');
  }

  apply(states: ReadonlyMap<string, ImageState>, env: ImageEnv): void {
    if (!this.map.isStyleLoaded()) return;
    // hiding a failed layer lets the next "show" try again
    for (const name of [...this.failed]) if (!states.get(name)?.visible) this.failed.delete(name);
    const plan = planImageLayers(states, env, this.skip, this.failed);
    const wanted = new Set(plan.map((p) => p.name));
    for (const name of [...this.mounted.keys()]) if (!wanted.has(name)) this.unmount(name);
    for (const p of plan) {
      if (!p.spec) { this.fail(p.name, INTERNAL_SERVER_ERROR); continue; }
      const tiles = p.spec.source.tiles?.[0] ?? '';
      if (this.mounted.get(p.name) !== tiles) {
        this.unmount(p.name);
        this.map.addSource(p.spec.sourceId, p.spec.source);
        this.map.addLayer(p.spec.layer, this.firstDeckLayer());
        this.mounted.set(p.name, tiles);
      }
      this.map.setPaintProperty(p.name, 'raster-opacity', p.opacity);
    }
    // catalogue draw order among the mounted ones: move each below the next one up (bottom to top)
    const order = plan.filter((p) => this.mounted.has(p.name)).map((p) => p.name);
    for (let k = order.length - 2; k >= 0; k--) this.map.moveLayer(order[k], order[k + 1]);
    this.mounted = new Map(order.map((n) => [n, this.mounted.get(n)!]));
    this.mark();
  }

  /** The map element carries the mounted and failed layer names (data-image-layers / data-image-failed). */
  private mark(): void {
    const el = this.map.getContainer?.();
    if (!el) return;
    el.dataset.imageLayers = this.names().join(',');
    el.dataset.imageFailed = [...this.failed].join(',');
  }
}
