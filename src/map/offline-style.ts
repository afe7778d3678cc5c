// The default background style: needs no network (no tiles, glyphs or sprites), so the map works offline.
import type { StyleSpecification } from 'maplibre-gl';

export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef0eb' } }],
  };
}
