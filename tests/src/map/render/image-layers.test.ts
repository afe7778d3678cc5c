// Image layers of the catalogue on the map (spec 3 §7, §8; spec 1 §8): every visible image layer becomes a MapLibre
// raster source + layer in draw order with its opacity, hidden ones are removed, a failing one is hidden with one
// notification naming it; project and atlas layers wait for their address.
import { describe, it, expect, vi } from 'vitest';
import type maplibregl from 'maplibre-gl';
import { imageRequest, ImageLayers, planImageLayers, productOf } from '../../../../src/map/render/image-layers';
import { getLayer } from 'layers';

type Handler = (e: { sourceId?: string; error?: { status?: number } }) => void;
/** A MapLibre stand-in keeping sources, the layer order and paint/layout values. */
function fakeMap() {
  const sources = new Map<string, unknown>();
  const order: string[] = ['background', 'bg-brt', 'deck-custom'];
  const layers = new Map<string, { type: string; paint: Record<string, unknown> }>([['background', { type: 'background', paint: {} }], ['bg-brt', { type: 'raster', paint: {} }], ['deck-custom', { type: 'custom', paint: {} }]]);
  const handlers: Handler[] = [];
  const el = { dataset: {} as Record<string, string> };
  const map = {
    isStyleLoaded: () => true,
    getContainer: () => el,
    on: (ev: string, h: Handler) => { if (ev === 'error') handlers.push(h); },
    getLayer: (id: string) => layers.get(id),
    getSource: (id: string) => sources.get(id),
    getLayersOrder: () => [...order],
    addSource: (id: string, s: unknown) => { if (sources.has(id)) throw new Error(`source ${id} exists`); sources.set(id, s); },
    removeSource: (id: string) => { sources.delete(id); },
    addLayer: (l: { id: string; type: string; paint: Record<string, unknown> }, before?: string) => {
      layers.set(l.id, { type: l.type, paint: { ...l.paint } });
      order.splice(before ? order.indexOf(before) : order.length, 0, l.id);
    },
    removeLayer: (id: string) => { layers.delete(id); order.splice(order.indexOf(id), 1); },
    moveLayer: (id: string, before: string) => { order.splice(order.indexOf(id), 1); order.splice(order.indexOf(before), 0, id); },
    setPaintProperty: (id: string, k: string, v: unknown) => { layers.get(id)!.paint[k] = v; },
  };
  return { map: map as unknown as maplibregl.Map, sources, order, layers, el, fire: (e: Parameters<Handler>[0]) => handlers.forEach((h) => h(e)) };
}
const states = (list: [string, boolean, number][]) => new Map(list.map(([n, visible, opacity]) => [n, { visible, opacity }]));
const origin = 'http://app.test';

describe('image layers on the map', () => {
  it('plans every visible image layer bottom to top (backgrounds, then draw order, then catalogue order), skipping non-image and configured backgrounds', () => {
    const plan = planImageLayers(states([
      ['trenches', true, 1], ['bgtVegetation', true, 0.85], ['luchtfoto', true, 1], ['kadastralePercelen', true, 0.6],
      ['bgtLabels', false, 0.85], ['osmm', true, 1],
    ]), { origin }, new Set(['luchtfoto']));
    expect(plan.map((p) => p.name)).toEqual(['osmm', 'bgtVegetation', 'kadastralePercelen']);
    const veg = plan[1].spec!;
    expect(veg.source.tiles![0].startsWith(`${origin}/api/geodata/wms/?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=bgt_vegetation&STYLES=&FORMAT=image%2Fpng&TRANSPARENT=TRUE&CRS=EPSG%3A3857`)).toBe(true);
    expect(plan[2].opacity).toBe(0.6);
    // zoom range in MapLibre levels (spec zoom − 1): vegetation from spec zoom 19; backgrounds from 0
    expect(veg.layer).toMatchObject({ minzoom: 18, maxzoom: 24 });
    expect(plan[0].spec!.layer).toMatchObject({ minzoom: 0 });
  });

  it('a project layer waits for the project, the atlas layer for its address; then they are planned', () => {
    const s = states([['heatPipesImage', true, 1], ['streetLevelAerial', true, 0.85]]);
    expect(planImageLayers(s, {})).toEqual([]);
    expect(planImageLayers(s, { projectId: 0 })).toEqual([]); // the test hook's network without a project
    const plan = planImageLayers(s, { projectId: 7, atlas: 'https://atlas.example.test/{z}/{x}/{y}.png' });
    expect(plan.map((p) => p.name).sort()).toEqual(['heatPipesImage', 'streetLevelAerial']);
    const heat = plan.find((p) => p.name === 'heatPipesImage')!.spec!.source.tiles![0];
    expect(heat).toContain('/api/project/7/geoserver/ghs/wms?');
    expect(decodeURIComponent(heat)).toContain("CQL_FILTER=project_id=7 AND type='pipe'");
    expect(productOf(getLayer('heatPipesImage'))).toBe('ghs');
    expect(productOf(getLayer('asBuilt'))).toBe('fttx');
  });

  it('mounts visible layers below the deck.gl layers in draw order, follows opacity, removes hidden ones', () => {
    const f = fakeMap();
    const images = new ImageLayers(f.map, vi.fn());
    images.apply(states([['osmm', true, 1], ['bgtVegetation', true, 0.85]]), { origin });
    expect(f.order).toEqual(['background', 'bg-brt', 'osmm', 'bgtVegetation', 'deck-custom']);
    expect(f.sources.has('src-bgtVegetation')).toBe(true);
    expect(f.el.dataset.imageLayers).toBe('osmm,bgtVegetation');
    images.apply(states([['osmm', true, 1], ['bgtVegetation', true, 0.3]]), { origin });
    expect(f.layers.get('bgtVegetation')!.paint['raster-opacity']).toBe(0.3);
    expect(f.order.filter((x) => x === 'bgtVegetation')).toHaveLength(1); // opacity is a paint change, not a re-add
    images.apply(states([['osmm', false, 1], ['bgtVegetation', true, 0.3]]), { origin });
    expect(f.order).toEqual(['background', 'bg-brt', 'bgtVegetation', 'deck-custom']);
    expect(f.sources.has('src-osmm')).toBe(false);
  });

  it('a failing layer is hidden, notified once with its name (401/403: not authorized), and retried after off/on', () => {
    const f = fakeMap();
    const notify = vi.fn();
    const images = new ImageLayers(f.map, notify);
    const on = states([['bgtVegetation', true, 0.85], ['osmm', true, 1]]);
    images.apply(on, { origin });
    for (let i = 0; i < 5; i++) f.fire({ sourceId: 'src-bgtVegetation', error: { status: 500 } });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('map_unavailable', 'bgtVegetation');
    expect(f.layers.has('bgtVegetation')).toBe(false);
    expect(f.el.dataset.imageFailed).toBe('bgtVegetation');
    images.apply(on, { origin }); // still visible in the settings: stays hidden, no new notification
    expect(f.layers.has('bgtVegetation')).toBe(false);
    f.fire({ sourceId: 'src-osmm', error: { status: 403 } });
    expect(notify).toHaveBeenLastCalledWith('map_unauthorized', 'osmm');
    f.fire({ sourceId: 'src-elsewhere' });
    expect(notify).toHaveBeenCalledTimes(2);
    images.apply(states([['bgtVegetation', false, 0.85]]), { origin });
    images.apply(states([['bgtVegetation', true, 0.85]]), { origin });
    expect(f.layers.has('bgtVegetation')).toBe(true);
  });

  it('adds the bearer token to our /api tiles and the proxy headers to proxied ones; outside tiles go plain', () => {
    const req = imageRequest(() => 'tok', origin);
    expect(req(`${origin}/api/geodata/wms/?LAYERS=x`, 'Tile')).toEqual({ url: `${origin}/api/geodata/wms/?LAYERS=x`, headers: { Authorization: 'Bearer tok' } });
    const p = req(`${origin}/api/proxy?url=http%3A%2F%2Fgeodata.kcaf.nl%2Fwms%3Fa%3D1`, 'Tile');
    expect(p.headers).toMatchObject({ 'X-Proxy-Target-Url': 'http://geodata.kcaf.nl/wms?a=1', 'X-Proxy-Request-Type': 'image', Authorization: 'Bearer tok' });
    expect(req('https://service.pdok.nl/x/1/2/3.png', 'Tile')).toEqual({ url: 'https://service.pdok.nl/x/1/2/3.png' });
    expect(imageRequest(() => null, origin)(`${origin}/api/geodata/wms/?a`, 'Tile')).toEqual({ url: `${origin}/api/geodata/wms/?a` });
  });
});
