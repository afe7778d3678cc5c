// A stored map feature as the feature transaction writes it (spec 3 §3 "Map feature (stored)"): its table (the WFS
// typename), uuid, fixed columns and properties, geometry in EPSG:3857 (map units). Read back from what the map's
// feature loader holds (lng/lat; the server spreads the stored properties on the feature and adds them again as JSON
// text in `properties`), and the store rules of spec 3 §5: undefined properties dropped, object properties serialised
// to text, custom_ and category properties stripped for custom layers.
import type { LayerEntry, LayerFeature } from 'layers';
import { fromLngLat } from 'engine/mercator';

export interface Geometry3857 { type: string; coordinates: unknown }

export interface StoredFeature {
  uuid: string;
  table: string;
  type: string;
  layer: string | null;
  category: string | null;
  name: string | null;
  topologyId: string | null;
  /** The feature's own properties (not the fixed columns). */
  properties: Record<string, unknown>;
  geometry: Geometry3857;
}

/** Columns of the stored table; everything else of a read feature is a property. */
export const FIXED_COLUMNS = ['uuid', 'project_id', 'type', 'layer', 'category', 'name', 'topology_id', 'created_at', 'updated_at', 'properties'] as const;
const FIXED = new Set<string>(FIXED_COLUMNS);

/** RFC 4122 version 4 UUID from the platform's generator (every insert keeps the id it was given). */
export function newUuid(): string {
  return globalThis.crypto.randomUUID();
}

/** Stored table of a catalogue entry fed by the project WFS (its source typename), or null. */
export function tableOf(e: LayerEntry): string | null {
  return e.source?.kind === 'wfs' && e.source.projectFilter ? e.source.typeName : null;
}

/** A custom (user-defined) layer: its features lose custom_ and category properties before storing. */
export function isCustomLayer(e: Pick<LayerEntry, 'category'> | null | undefined, table?: string): boolean {
  return table === 'custom_layer_feature' || e?.category === 'Custom' || e?.category === 'CustomExternal';
}

const DEPTH: Record<string, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };

function mapCoords(c: unknown, depth: number, f: (p: [number, number]) => [number, number]): unknown {
  if (!Array.isArray(c)) throw new Error('coordinates must be arrays');
  return depth === 0 ? f([c[0] as number, c[1] as number]) : c.map((x) => mapCoords(x, depth - 1, f));
}

/** A lng/lat geometry (what the loader keeps) in EPSG:3857 map units. */
export function toMapGeometry(g: { type: string; coordinates: unknown }): Geometry3857 {
  const depth = DEPTH[g.type];
  if (depth === undefined) throw new Error(`Unsupported geometry type ${g.type}`);
  return { type: g.type, coordinates: mapCoords(g.coordinates, depth, (p) => fromLngLat(p) as [number, number]) };
}

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The stored feature behind a feature the map read for a layer (null when it has no uuid or geometry). */
export function storedFromLoaded(e: LayerEntry, f: LayerFeature): StoredFeature | null {
  const p = (f.properties ?? {}) as Record<string, unknown>;
  const fid = typeof f.id === 'string' && f.id.includes('.') ? f.id.slice(f.id.lastIndexOf('.') + 1) : f.id;
  const uuid = str(p.uuid) ?? str(fid);
  if (!uuid || !f.geometry) return null;
  let own: Record<string, unknown> = {};
  if (typeof p.properties === 'string') { try { own = JSON.parse(p.properties) as Record<string, unknown>; } catch { own = {}; } }
  else if (p.properties && typeof p.properties === 'object') own = p.properties as Record<string, unknown>;
  else for (const [k, v] of Object.entries(p)) if (!FIXED.has(k)) own[k] = v;
  return {
    uuid, table: tableOf(e) ?? 'fttx_feature', type: str(p.type) ?? e.featureTypes?.[0] ?? e.name,
    layer: str(p.layer), category: str(p.category), name: str(p.name), topologyId: str(p.topology_id),
    properties: { ...own }, geometry: toMapGeometry(f.geometry as { type: string; coordinates: unknown }),
  };
}

/** Spec 3 §5 before storing: undefined dropped, objects (and arrays) as JSON text, custom layers without custom_* and
 *  category. */
export function storeProperties(props: Record<string, unknown>, custom: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined) continue;
    if (custom && (k.startsWith('custom_') || k === 'category')) continue;
    out[k] = v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
  }
  return out;
}

/** The feature as it will be stored (its properties through the store rules). */
export function prepareForStore(f: StoredFeature, custom: boolean): StoredFeature {
  return { ...f, properties: storeProperties(f.properties, custom) };
}
