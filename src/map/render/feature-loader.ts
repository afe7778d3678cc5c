// Loading of the catalogue's feature/wfst layers (spec 3 §4, §7, §8): every offered, visible project WFS layer whose
// zoom range holds the view reads its features for the view (bbox strategy: the view grown by LOAD_BUFFER, an extent
// inside one already loaded is not read again) from GET /api/project/{id}/geoserver/{product}/ows with the bearer
// token. A failed read un-marks its extent; 403 reports 'Not authorized' (map-unauthorized), any other failure
// 'Failed to load features from {url}' (map-unavailable), throttled, with the layer name, and the layer is hidden
// until the user turns it off and on again.
import {
  createLayerErrorStream, findLayer, inZoomRange, LoadedExtents, loadExtentOnce, reportFeatureStatus, wfsFeatureUrl,
  type Extent, type LayerEntry, type LayerFeature, type LayerNotificationKey,
} from 'layers';
import { toLngLat } from 'engine/mercator';
import { productOf, type ImageErrorKind } from './image-layers';

export interface FeatureState { visible: boolean; opacity: number; /** The style chosen in the layer panel. */ style?: string }
export interface FeatureEnv { projectId?: number; zoom: number; extent: Extent | null }
export interface FetchResponse { ok: boolean; status: number; json(): Promise<unknown> }
export type FetchFn = (url: string, init: { headers: Record<string, string> }) => Promise<FetchResponse>;

export interface FeatureLoaderOptions {
  fetch: FetchFn;
  token: () => string | null;
  notify: (kind: ImageErrorKind, layerName: string) => void;
  /** Features arrived or a layer failed: draw again. */
  changed: () => void;
  log?: (message: string, cause?: unknown) => void;
}

/** Share of the view's width/height added on every side of a read (small pans stay inside the loaded extent). */
export const LOAD_BUFFER = 0.25;

export interface LoadedLayer {
  entry: LayerEntry;
  extents: LoadedExtents;
  byId: Map<string, LayerFeature>;
  /** Features in longitude/latitude, the factory's input; a new array whenever features arrive. */
  features: LayerFeature[];
  /** Increases with every read that brought features. */
  version: number;
  loading: number;
}

/** A layer this loader reads: a feature/wfst entry served by the project WFS. */
export function loadable(e: LayerEntry | undefined): e is LayerEntry {
  return !!e && (e.type === 'feature' || e.type === 'wfst') && e.source?.kind === 'wfs' && !!e.source.projectFilter;
}

/** The extent read for a view: grown by LOAD_BUFFER on every side, rounded outwards to centimetres. */
export function loadExtent(view: Extent): Extent {
  const dx = (view[2] - view[0]) * LOAD_BUFFER, dy = (view[3] - view[1]) * LOAD_BUFFER;
  const down = (v: number) => Math.floor(v * 100) / 100, up = (v: number) => Math.ceil(v * 100) / 100;
  return [down(view[0] - dx), down(view[1] - dy), up(view[2] + dx), up(view[3] + dy)];
}

type Geometry = NonNullable<LayerFeature['geometry']>;
const DEPTH: Record<string, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };

function reproject(c: unknown, depth: number): unknown {
  if (!Array.isArray(c)) throw new Error('coordinates must be arrays');
  if (depth === 0) {
    if (!Number.isFinite(c[0]) || !Number.isFinite(c[1])) throw new Error('a position must hold two finite numbers');
    return toLngLat([c[0] as number, c[1] as number]);
  }
  return c.map((x) => reproject(x, depth - 1));
}

/** GeoJSON (EPSG:3857) features → factory features in longitude/latitude; unsupported or broken geometries are left out. */
export function toLayerFeatures(body: unknown): { id: string | null; feature: LayerFeature }[] {
  const list = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(list)) throw new Error('answer is not a GeoJSON FeatureCollection (features missing)');
  const out: { id: string | null; feature: LayerFeature }[] = [];
  for (const f of list as { id?: unknown; geometry?: { type?: string; coordinates?: unknown }; properties?: Record<string, unknown> | null }[]) {
    const g = f?.geometry;
    const depth = g?.type ? DEPTH[g.type] : undefined;
    if (!g || depth === undefined) continue;
    let coordinates: unknown;
    try { coordinates = reproject(g.coordinates, depth); } catch { continue; }
    const props = f.properties ?? {};
    const id = f.id ?? props.uuid ?? props.id;
    out.push({
      id: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
      feature: { id: typeof id === 'string' || typeof id === 'number' ? id : undefined, geometry: { type: g.type, coordinates } as Geometry, properties: props },
    });
  }
  return out;
}

const KIND: Record<LayerNotificationKey, ImageErrorKind> = { 'map-unauthorized': 'map_unauthorized', 'map-unavailable': 'map_unavailable' };

export class FeatureLoader {
  /** Layers whose read failed (hidden); cleared when the user hides the layer. */
  readonly failed = new Set<string>();
  private layers = new Map<string, LoadedLayer>();
  private projectId: number | undefined;
  private generation = 0;
  private stream;

  constructor(private o: FeatureLoaderOptions) {
    this.stream = createLayerErrorStream({
      notify: (n) => o.notify(KIND[n.key], n.layerName),
      hideLayer: (name) => { this.failed.add(name); o.changed(); },
    });
  }

  layer(name: string): LoadedLayer | undefined { return this.layers.get(name); }

  /** Forgets what was read of these layers (their stored features changed): the next update reads them again. A read
   *  still in flight for one of them fills the forgotten state, not the new one. */
  reload(names: readonly string[]): void {
    for (const n of names) { this.layers.delete(n); this.failed.delete(n); }
  }
  names(): string[] { return [...this.layers.keys()]; }

  /** The entries that read now: offered (in `states`), visible, not failed, loadable, zoom in range, project known. */
  wanted(states: ReadonlyMap<string, FeatureState>, env: FeatureEnv): LayerEntry[] {
    if (!env.extent || env.projectId === undefined || env.projectId < 1) return [];
    const out: LayerEntry[] = [];
    for (const [name, s] of states) {
      const e = findLayer(name);
      if (s.visible && !this.failed.has(name) && loadable(e) && inZoomRange(e, env.zoom)) out.push(e);
    }
    return out;
  }

  /** Follows the resolved settings and the view: starts the reads the view needs. */
  update(states: ReadonlyMap<string, FeatureState>, env: FeatureEnv): void {
    if (env.projectId !== this.projectId) {
      this.projectId = env.projectId;
      this.generation++;
      this.layers.clear();
      this.failed.clear();
    }
    // hiding a failed layer lets the next "show" try again
    for (const name of [...this.failed]) if (!states.get(name)?.visible) this.failed.delete(name);
    const wanted = this.wanted(states, env);
    if (!wanted.length) return;
    const extent = loadExtent(env.extent!);
    for (const e of wanted) void this.load(e, env.extent!, extent, env.projectId!);
  }

  private state(e: LayerEntry): LoadedLayer {
    let l = this.layers.get(e.name);
    if (!l) {
      l = { entry: e, extents: new LoadedExtents(), byId: new Map(), features: [], version: 0, loading: 0 };
      this.layers.set(e.name, l);
    }
    return l;
  }

  /** Reads `extent` (the grown view) unless the view lies inside an extent loaded (or loading) already. */
  private async load(e: LayerEntry, view: Extent, extent: Extent, projectId: number): Promise<void> {
    const l = this.state(e);
    if (l.extents.has(view)) return;
    const gen = this.generation;
    const url = wfsFeatureUrl(e, { projectId, product: productOf(e), extent });
    const token = this.o.token();
    const headers: Record<string, string> = { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    l.loading++;
    try {
      const got = await loadExtentOnce(l.extents, extent, url, async (u) => {
        const r = await this.o.fetch(u, { headers });
        if (!r.ok) throw Object.assign(new Error(`HTTP ${r.status}`), { status: r.status });
        return toLayerFeatures(await r.json());
      });
      if (!got || gen !== this.generation) return;
      let added = 0;
      for (const [i, { id, feature }] of got.entries()) {
        const key = id ?? `${extent.join(',')}#${i}`;
        if (l.byId.has(key) && id !== null) continue;
        l.byId.set(key, feature);
        added++;
      }
      if (added) { l.features = [...l.byId.values()]; l.version++; this.o.changed(); }
    } catch (err) {
      if (gen !== this.generation) return;
      const status = ((err as { cause?: { status?: number } }).cause)?.status ?? 0;
      (this.o.log ?? ((m, c) => console.error(m, c)))((err as Error).message, (err as { cause?: unknown }).cause);
      if (!reportFeatureStatus(this.stream, e.name, status)) this.stream.report(e.name, (err as Error).message);
    } finally {
      l.loading--;
    }
  }
}
