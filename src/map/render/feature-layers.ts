// The catalogue's feature/wfst layers on the map: what FeatureLoader read, drawn through the one layers factory
// (createDeckLayers) in catalogue draw order. Shapes (areas, below the line order) go under the network, the rest
// above it; visibility, zoom range and opacity are layer props (no rebuild, no read), the buffers are rebuilt only
// when features arrive, the whole zoom level changes (styles and labels depend on it) or another style is chosen. A
// click is tested against the features of the layers drawn visible in the last frame (hitAt, topmost first).
import type { Layer } from '@deck.gl/core';
import { CATALOGUE, createDeckLayers, DRAW_ORDER, findLayer, inZoomRange, type DeckLayerDescriptor, type LayerEntry } from 'layers';
import { imageContext } from './image-context';
import { FeatureLoader, loadable, type FeatureEnv, type FeatureLoaderOptions, type FeatureState } from './feature-loader';
import { hitStoredFeature, type FeatureHit, type HitLayer } from '../features/feature-hit';
import type { Position } from 'engine/types';

export interface FeatureLayerSummary { name: string; features: number; drawn: number; visible: boolean; opacity: number; layerIds: string[] }

interface Built {
  version: number;
  zoom: number;
  style: string | undefined;
  desc: DeckLayerDescriptor;
  /** The last props handed out, with the layers cloned for them. */
  shown?: { visible: boolean; opacity: number; layers: Layer[] };
}

const CATALOGUE_INDEX = new Map(CATALOGUE.map((e, i) => [e.name, i]));

/** The zoom the buffers are built at: the whole level, inside the layer's range. */
export function buildZoom(zoom: number, minZoom: number, maxZoom: number): number {
  return Math.min(maxZoom, Math.max(minZoom, Math.floor(zoom)));
}

export class FeatureLayers {
  readonly loader: FeatureLoader;
  private built = new Map<string, Built>();
  /** The layers drawn visible in the last frame, bottom to top (what a click can hit). */
  private shownOrder: HitLayer[] = [];

  constructor(o: FeatureLoaderOptions) {
    this.loader = new FeatureLoader(o);
  }

  /** Starts the reads the view needs and returns the deck.gl layers, bottom to top: under and over the network. */
  layers(states: ReadonlyMap<string, FeatureState> | undefined, env: FeatureEnv): { below: Layer[]; above: Layer[] } {
    const below: Layer[] = [], above: Layer[] = [];
    if (!states) return { below, above };
    this.loader.update(states, env);
    const drawn: { order: number; i: number; layers: Layer[]; entry: LayerEntry; visible: boolean }[] = [];
    for (const [name, s] of states) {
      const e = findLayer(name);
      const l = this.loader.layer(name);
      if (!loadable(e) || !l) { this.built.delete(name); continue; }
      const visible = s.visible && !this.loader.failed.has(name) && inZoomRange(e, env.zoom);
      let b = this.built.get(name);
      if (!b && (!visible || l.version === 0)) continue; // nothing read yet
      const z = buildZoom(env.zoom, e.minZoom, e.maxZoom);
      if (visible && (!b || b.version !== l.version || b.zoom !== z || b.style !== s.style)) {
        b = { version: l.version, zoom: z, style: s.style, desc: createDeckLayers(e, l.features, { zoom: z, visible: true, opacity: s.opacity, style: s.style }) };
        this.built.set(name, b);
      }
      if (!b) continue;
      if (!b.shown || b.shown.visible !== visible || b.shown.opacity !== s.opacity) {
        b.shown = { visible, opacity: s.opacity, layers: b.desc.layers.map((x) => x.clone({ visible, opacity: s.opacity, pickable: false })) };
      }
      drawn.push({ order: e.drawOrder, i: CATALOGUE_INDEX.get(name) ?? 0, layers: b.shown.layers, entry: e, visible });
    }
    drawn.sort((a, b) => a.order - b.order || a.i - b.i);
    this.shownOrder = drawn.filter((d) => d.visible).map((d) => ({ entry: d.entry, features: this.loader.layer(d.entry.name)?.features ?? [] }));
    for (const d of drawn) (d.order < DRAW_ORDER.lines ? below : above).push(...d.layers);
    return { below, above };
  }

  /** The drawn stored feature at `p` (map units, tolerance `tol`) on the layers visible in the last frame, topmost
   *  first (spec 3 §5: feature, network or wfst layers only). */
  hitAt(p: Position, tol: number): FeatureHit | null {
    return hitStoredFeature(this.shownOrder, p, tol);
  }

  /** Reads these layers again (their stored features changed). */
  reload(names: readonly string[]): void {
    this.loader.reload(names);
    for (const n of names) this.built.delete(n);
  }

  /** What is loaded and drawn per layer (tests, the map's test hook). */
  summary(): FeatureLayerSummary[] {
    return this.loader.names().map((name) => {
      const l = this.loader.layer(name)!, b = this.built.get(name);
      return {
        name, features: l.features.length, drawn: b?.desc.attributes.length ?? 0,
        visible: b?.shown?.visible ?? false, opacity: b?.shown?.opacity ?? l.entry.opacity, layerIds: b?.shown?.layers.map((x) => x.id) ?? [],
      };
    });
  }
}

/** The map's feature layers: reads with `fetch` and the session's bearer token, failures as map notifications. */
export function mapFeatureLayers(
  notify: (key: string, level: 'error', params: Record<string, unknown>, throttleKey: string) => void, changed: () => void,
): FeatureLayers {
  return new FeatureLayers({
    fetch: (url, init) => fetch(url, init), token: imageContext.token, changed,
    notify: (kind, name) => notify(`map.notification.${kind}`, 'error', { layer: name }, `${kind}:${name}`),
  });
}
