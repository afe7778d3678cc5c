// The store rules of spec 3 §5 for stored map features, in one place (used by the WFS-T transaction and by
// insertFeatures): a UUID when the given id does not match the UUID pattern, undefined properties dropped, object
// property values kept as JSON text, `custom_*` and `category` properties stripped for custom layers, the six simple
// geometry kinds only ('Unsupported geometry type.') with finite positions, and polygons whose rings self-intersect
// refused ('Polygon should not self intersect.').
import { randomUUID } from 'node:crypto';
import { kinks } from '@turf/turf';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const GEOMETRY_KINDS = ['Point', 'LineString', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiPolygon'] as const;
export const UNSUPPORTED_GEOMETRY = 'Unsupported geometry type.';
export const SELF_INTERSECTING = 'Polygon should not self intersect.';
/** The stored table of custom (uploaded) layers, whose custom_* and category properties are stripped. */
export const CUSTOM_TABLE = 'custom_layer_feature';

const DEPTH: Record<string, number> = { Point: 0, LineString: 1, MultiPoint: 1, Polygon: 2, MultiLineString: 2, MultiPolygon: 3 };

/** A rule broken by one feature: `field` names where (geometry, properties.x, type, …), `message` the spec text. */
export class StoreRuleError extends Error {
  constructor(readonly field: string, message: string) { super(message); }
}

/** The id to store: the given one (lower case) when it matches the UUID pattern, else a new one. */
export function storedUuid(id: unknown): string {
  return typeof id === 'string' && UUID_RE.test(id) ? id.toLowerCase() : randomUUID();
}

/** Checks a GeoJSON geometry of the six simple kinds; returns its box text '(x2,y2),(x1,y1)' or throws naming the field. */
export function geometryBox(g: unknown, field = 'geometry'): string {
  const type = (g as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !(type in DEPTH)) {
    throw new Error(`${field}.type: unsupported geometry type '${String(type)}' (${GEOMETRY_KINDS.join(', ')})`);
  }
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  const walk = (c: unknown, depth: number): void => {
    if (!Array.isArray(c)) throw new Error(`${field}.coordinates: not an array for ${type}`);
    if (depth === 0) {
      if (c.length < 2 || !Number.isFinite(c[0]) || !Number.isFinite(c[1])) throw new Error(`${field}.coordinates: invalid position in ${type}`);
      x1 = Math.min(x1, c[0]); x2 = Math.max(x2, c[0]); y1 = Math.min(y1, c[1]); y2 = Math.max(y2, c[1]);
      return;
    }
    if (!c.length) throw new Error(`${field}.coordinates: empty ${type}`);
    for (const d of c) walk(d, depth - 1);
  };
  walk((g as { coordinates?: unknown }).coordinates, DEPTH[type]);
  return `(${x2},${y2}),(${x1},${y1})`;
}

/** The feature rules of the transaction: kind ('Unsupported geometry type.'), positions, closed rings, no kinks. */
export function checkedGeometryBox(g: { type: string; coordinates: unknown }): string {
  if (!(g.type in DEPTH)) throw new StoreRuleError('geometry', UNSUPPORTED_GEOMETRY);
  let box: string;
  try { box = geometryBox(g); } catch (e) { throw new StoreRuleError('geometry', (e as Error).message.replace(/^geometry\.?/, '')); }
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') {
    const polys = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as number[][][][];
    for (const rings of polys) {
      for (const ring of rings) {
        const a = ring[0], b = ring[ring.length - 1];
        if (ring.length < 4 || a[0] !== b[0] || a[1] !== b[1]) throw new StoreRuleError('geometry', 'a polygon ring must be closed and have at least 4 positions');
      }
      if (kinks({ type: 'Polygon', coordinates: rings }).features.length > 0) throw new StoreRuleError('geometry', SELF_INTERSECTING);
    }
  }
  return box;
}

/** Drops undefined values (and, with `objectsAsText`, turns object/array values into JSON text); strips custom_* and category for the custom table. */
export function storedProperties(props: Record<string, unknown>, table: string, objectsAsText: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const custom = table === CUSTOM_TABLE;
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined) continue;
    if (custom && (k.startsWith('custom_') || k === 'category')) continue;
    out[k] = objectsAsText && v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>; // nested undefined values dropped as well
}
