// deck.gl layers of the route panel (issue 14), handed to the controller's `setExtraLayers('routes', …)` and drawn
// above the network and the selection: one PathLayer of the found routes coloured by route class (strategy), each
// class its own width (the best cost route widest, drawn first), and the picked start/end points as a ScatterplotLayer.
import type { Layer } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import { toLngLat } from 'engine/mercator';
import type { Position } from 'engine/types';
import type { RouteStrategy } from 'engine/route/index';
import type { RouteRow } from './route-planner';

type Rgba = [number, number, number, number];

/** Colour per route class (strategy); also the swatch in the table. */
export const ROUTE_COLORS: Record<RouteStrategy, Rgba> = {
  minimal_cost: [0, 150, 70, 230],
  minimal_cost_alternative: [230, 120, 0, 230],
  minimal_distance: [30, 100, 220, 230],
  minimal_private: [160, 40, 180, 230],
  centerline: [120, 120, 120, 230],
};
const WIDTH: Record<RouteStrategy, number> = { minimal_cost: 9, minimal_cost_alternative: 6, minimal_distance: 5, minimal_private: 4, centerline: 4 };

export const cssColor = (s: RouteStrategy): string => { const [r, g, b] = ROUTE_COLORS[s]; return `rgb(${r}, ${g}, ${b})`; };

/** The routes (widest first, so narrower ones stay visible on shared edges) and the picked points. */
export function routeLayers(rows: readonly RouteRow[], points: { start: Position | null; end: Position | null }, hidden: ReadonlySet<RouteStrategy> = new Set()): Layer[] {
  const shown = rows.filter((r) => r.result.found && r.result.coordinates.length > 1 && !hidden.has(r.result.strategy))
    .sort((a, b) => WIDTH[b.result.strategy] - WIDTH[a.result.strategy]);
  const ends = [points.start, points.end].filter((p): p is Position => !!p);
  const out: Layer[] = [];
  if (shown.length) {
    out.push(new PathLayer<RouteRow>({
      id: 'route-paths', data: shown, getPath: (d) => d.result.coordinates.map((p) => toLngLat(p)) as never,
      getColor: (d) => ROUTE_COLORS[d.result.strategy], getWidth: (d) => WIDTH[d.result.strategy], widthUnits: 'pixels',
      capRounded: true, jointRounded: true,
    }));
  }
  if (ends.length) {
    out.push(new ScatterplotLayer<Position>({
      id: 'route-ends', data: ends, getPosition: (d) => toLngLat(d) as never, getFillColor: [255, 255, 255, 255],
      getLineColor: [0, 0, 0, 255], stroked: true, lineWidthUnits: 'pixels', getLineWidth: 2, getRadius: 7, radiusUnits: 'pixels',
    }));
  }
  return out;
}
