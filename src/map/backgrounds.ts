// Background maps: the offline style is always there; configured WMTS/WMS backgrounds (PDOK BRT-Achtergrondkaart,
// PDOK Luchtfoto) are added as raster layers and used when reachable. A failing service gives the map-unavailable
// (or map-unauthorized for 401/403) notification once, with the layer name, and the layer is hidden (spec 1 §8).
import type maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';

export interface Background { id: string; name: string; tiles: string[]; tileSize: number; visible: boolean; attribution: string }

export const BACKGROUNDS: Background[] = [
  {
    id: 'brt', name: 'BRT-Achtergrondkaart', tileSize: 256, visible: true, attribution: 'Kadaster / PDOK',
    tiles: ['https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png'],
  },
  {
    id: 'luchtfoto', name: 'Luchtfoto', tileSize: 256, visible: false, attribution: 'Beeldmateriaal.nl / PDOK',
    tiles: ['https://service.pdok.nl/hwh/luchtfotorgb/wmts/v1_0/Actueel_orthoHR/EPSG:3857/{z}/{x}/{y}.jpeg'],
  },
];

export type LayerErrorKind = 'map_unauthorized' | 'map_unavailable';

/** 'Not authorized' (401/403) gives map-unauthorized; any other failure map-unavailable. */
export function layerErrorKind(status: number | undefined, message?: string): LayerErrorKind {
  return status === 401 || status === 403 || message === 'Not authorized' ? 'map_unauthorized' : 'map_unavailable';
}

/** The offline style with the backgrounds as raster layers above its plain background (below everything else). */
export function withBackgrounds(style: StyleSpecification, list: Background[]): StyleSpecification {
  const sources = { ...style.sources };
  const layers = [...style.layers];
  for (const b of list) {
    sources[`bg-${b.id}`] = { type: 'raster', tiles: b.tiles, tileSize: b.tileSize, attribution: b.attribution, maxzoom: 19 };
    layers.splice(1, 0, { id: `bg-${b.id}`, type: 'raster', source: `bg-${b.id}`, layout: { visibility: b.visible ? 'visible' : 'none' } });
  }
  return { ...style, sources, layers };
}

export function setBackgroundVisible(map: maplibregl.Map, id: string, visible: boolean): void {
  if (map.getLayer(`bg-${id}`)) map.setLayoutProperty(`bg-${id}`, 'visibility', visible ? 'visible' : 'none');
}

/**
 * Watches tile errors of the background sources: the first failure of a layer hides it and reports once (callers
 * notify with a throttle key, so repeats within 10 s do not show again either).
 */
export function watchBackgroundErrors(map: maplibregl.Map, list: Background[], report: (kind: LayerErrorKind, layerName: string) => void): void {
  const failed = new Set<string>();
  map.on('error', (e: { sourceId?: string; error?: { status?: number; message?: string } }) => {
    const id = e.sourceId?.replace(/^bg-/, '');
    const bg = list.find((b) => b.id === id);
    if (!bg || failed.has(bg.id)) return;
    failed.add(bg.id);
    if (map.getLayer(`bg-${bg.id}`)) map.setLayoutProperty(`bg-${bg.id}`, 'visibility', 'none');
    report(layerErrorKind(e.error?.status, e.error?.message), bg.name);
  });
}
