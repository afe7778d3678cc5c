// Exports of the clash review (issue 14): the table as CSV (the rows shown, in their order) and the clashes as a
// GeoJSON FeatureCollection in WGS84 (lng/lat), one feature per clash with its rule, object, reference and status.
import type { Clash } from 'engine';
import { toLngLat } from 'engine/mercator';
import type { Position } from 'engine/types';

const CSV_COLUMNS = ['id', 'ruleName', 'objectId', 'referenceId', 'referenceLayer', 'status', 'severity', 'priority', 'distance'] as const;
const field = (v: unknown) => { const s = String(v ?? ''); return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s; };

export function clashesCsv(rows: readonly Clash[]): string {
  return [CSV_COLUMNS.join(','), ...rows.map((c) => CSV_COLUMNS.map((k) => field(c[k])).join(','))].join('\n') + '\n';
}

type Coords = Position | Coords[];
const ll = (c: Coords): Coords => (typeof c[0] === 'number' ? toLngLat(c as Position) : (c as Coords[]).map(ll));

export function clashesGeoJson(rows: readonly Clash[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: rows.map((c) => ({
      type: 'Feature', id: c.id,
      geometry: { type: c.geometry.type, coordinates: ll(c.geometry.coordinates as Coords) },
      properties: { ruleName: c.ruleName, objectId: c.objectId, referenceId: c.referenceId, referenceLayer: c.referenceLayer, status: c.status, severity: c.severity, priority: c.priority, distance: c.distance },
    })),
  });
}

/** The extent of a clash's location. */
export function clashExtent(c: Clash): [number, number, number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const walk = (x: Coords) => {
    if (typeof x[0] === 'number') { const [a, b] = x as Position; minX = Math.min(minX, a); minY = Math.min(minY, b); maxX = Math.max(maxX, a); maxY = Math.max(maxY, b); }
    else for (const y of x as Coords[]) walk(y);
  };
  walk(c.geometry.coordinates as Coords);
  return [minX, minY, maxX, maxY];
}
