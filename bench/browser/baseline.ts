// Browser bench baseline page: the same MapLibre (offline style) + interleaved deck.gl MapboxOverlay as the app, with
// the network as GeoJSON in editable-layers' EditableGeoJsonLayer. Exposes window.__baseline for bench/browser.bench.ts.
import maplibregl from 'maplibre-gl';
import { MapboxOverlay } from '@deck.gl/mapbox';
import { EditableGeoJsonLayer, ViewMode } from '@deck.gl-community/editable-layers';
import { offlineStyle } from '../../src/map/offline-style';
import { toLngLat } from '../../engine/mercator';
import { benchNetwork as generate } from './network';

type Pos = [number, number];
interface Feature { type: 'Feature'; geometry: { type: 'Point' | 'LineString'; coordinates: unknown }; properties: { id: string } }

const map = new maplibregl.Map({ container: 'map', style: offlineStyle(), center: [5.07, 52.09], zoom: 16, attributionControl: false });
const overlay = new MapboxOverlay({ interleaved: true, layers: [] });
map.addControl(overlay);
const updateLayers = () => (overlay as unknown as { _deck: { layerManager: { updateLayers(): void } } })._deck.layerManager.updateLayers();
const rendered = () => new Promise<number>((r) => map.once('render', () => r(performance.now())));
const loaded = new Promise<void>((r) => map.once('load', () => r()));

let fc: { type: 'FeatureCollection'; features: Feature[] } = { type: 'FeatureCollection', features: [] };
const layer = () => new EditableGeoJsonLayer({ id: 'editable', data: fc as never, mode: ViewMode, selectedFeatureIndexes: [], pickable: false,
  getLineColor: [120, 80, 40, 255], getLineWidth: 3, lineWidthUnits: 'pixels', getFillColor: [220, 40, 40, 255], pointRadiusMinPixels: 4 } as never);

function heapMB(): number { return ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20; }

(window as unknown as { __baseline: unknown }).__baseline = {
  ready: () => loaded.then(() => true),
  /** Wire objects → GeoJSON (lng/lat) → layer → first frame. */
  async load(n: number) {
    const wire = generate(n);
    map.jumpTo({ center: toLngLat(wire.find((o) => o.edge)!.edge!.geometry.coordinates[0]), zoom: 16 }); // = the app's (spec) zoom 17
    await rendered();
    const t0 = performance.now();
    const features: Feature[] = [];
    for (const o of wire) {
      if (o.edge) features.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: o.edge.geometry.coordinates.map(toLngLat) }, properties: { id: o.id } });
      else if (o.node) features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: toLngLat(o.node.geometry.coordinates) }, properties: { id: o.id } });
    }
    fc = { type: 'FeatureCollection', features };
    const frame = rendered();
    overlay.setProps({ layers: [layer()] });
    const tJs = performance.now();
    updateLayers();
    const tUpd = performance.now();
    const tFrame = await frame;
    return { js: tJs - t0, update: tUpd - tJs, frame: tFrame - t0, heapMB: heapMB(), features: features.length };
  },
  /** The same split as the app's: one line replaced by its two halves (a new FeatureCollection, as onEdit gives). */
  async edit(k: number) {
    const i = fc.features.findIndex((f, j) => j >= k && f.geometry.type === 'LineString');
    const [a, b] = fc.features[i].geometry.coordinates as Pos[];
    const m: Pos = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const t0 = performance.now();
    const features = fc.features.slice();
    features.splice(i, 1, { type: 'Feature', geometry: { type: 'LineString', coordinates: [a, m] }, properties: { id: `${k}a` } },
      { type: 'Feature', geometry: { type: 'LineString', coordinates: [m, b] }, properties: { id: `${k}b` } });
    fc = { type: 'FeatureCollection', features };
    const frame = rendered();
    overlay.setProps({ layers: [layer()] });
    const tJs = performance.now();
    updateLayers();
    const tUpd = performance.now();
    return { js: tJs - t0, update: tUpd - tJs, frame: (await frame) - t0 };
  },
  async pan(steps: number) {
    const out: number[] = [];
    for (let s = 0; s < steps; s++) { const f = rendered(); const t0 = performance.now(); map.panBy([40, 0], { duration: 0 }); out.push((await f) - t0); }
    return out;
  },
};
