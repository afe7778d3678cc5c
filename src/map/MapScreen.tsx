// Map screen (foundation skeleton): an offline MapLibre background with a deck.gl overlay interleaved through
// MapboxOverlay. The map editor work replaces this with the full editor.
import { useEffect, useRef } from 'react';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MapboxOverlay } from '@deck.gl/mapbox';
import { ScatterplotLayer, PathLayer } from '@deck.gl/layers';
import { offlineStyle } from './offline-style';

export function MapScreen() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const map = new maplibregl.Map({ container: ref.current!, style: offlineStyle(), center: [5.12, 52.09], zoom: 15, attributionControl: false });
    const overlay = new MapboxOverlay({
      interleaved: true,
      layers: [
        new PathLayer({ id: 'demo-edges', data: [{ path: [[5.118, 52.089], [5.122, 52.091]] as [number, number][] }], getPath: (d: { path: [number, number][] }) => d.path, getColor: [0, 90, 200], getWidth: 4, widthUnits: 'pixels' }),
        new ScatterplotLayer({ id: 'demo-nodes', data: [{ p: [5.118, 52.089] as [number, number] }, { p: [5.122, 52.091] as [number, number] }], getPosition: (d: { p: [number, number] }) => d.p, getFillColor: [220, 40, 40], getRadius: 6, radiusUnits: 'pixels' }),
      ],
    });
    map.addControl(overlay);
    map.on('load', () => { document.body.dataset.mapLoaded = 'true'; });
    return () => map.remove();
  }, []);
  return <div ref={ref} data-testid="map" style={{ position: 'absolute', inset: 0 }} />;
}
