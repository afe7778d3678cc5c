// Exports of the route panel (issue 14): the alternatives table as CSV (one line per strategy: found, metres, euros,
// private metres and share, overlap with the best route, edge count, reason) and the routes as a GeoJSON
// FeatureCollection of LineStrings in lng/lat (engine/mercator toLngLat; the model is EPSG:3857), with the same
// figures and the edge ids as properties; `downloadText` (src/shell/download.ts) saves either.
import { toLngLat } from 'engine/mercator';
import type { RouteRow } from './route-planner';

export const ROUTE_CSV_HEADER = 'strategy,found,length_m,cost_eur,private_m,private_share,overlap,edges,reason';

const field = (v: string | number | boolean | undefined): string => {
  const s = v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
const round = (v: number, d = 2): number => Math.round(v * 10 ** d) / 10 ** d;

/** The table as CSV (header ROUTE_CSV_HEADER, one line per row, \n). */
export function routesCsv(rows: readonly RouteRow[]): string {
  const lines = rows.map(({ result: r, privateShare }) => [
    r.strategy, r.found, round(r.length), round(r.cost), round(r.privateLength), round(privateShare, 4),
    r.overlap === undefined ? undefined : round(r.overlap, 4), r.edges.length, r.reason,
  ].map(field).join(','));
  return [ROUTE_CSV_HEADER, ...lines].join('\n') + '\n';
}

/** The found routes as GeoJSON LineStrings in lng/lat. */
export function routesGeoJson(rows: readonly RouteRow[]): { type: 'FeatureCollection'; features: unknown[] } {
  return {
    type: 'FeatureCollection',
    features: rows.filter((x) => x.result.found && x.result.coordinates.length > 1).map(({ result: r, privateShare }) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: r.coordinates.map((p) => toLngLat(p)) },
      properties: {
        strategy: r.strategy, length: r.length, cost: r.cost, privateLength: r.privateLength, privateShare,
        ...(r.overlap !== undefined ? { overlap: r.overlap, bestCost: r.bestCost } : {}), edges: r.edges, nodes: r.nodes,
      },
    })),
  };
}

export { downloadText } from '../../shell/download';
