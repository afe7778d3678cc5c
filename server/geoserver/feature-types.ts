// The WFS feature types of one project, derived from the layer catalogue (layers/): one per catalogue layer fed by the
// network (its object types, resolved in the project's family and the general family), one per stored feature table
// the project's layers read (source typeName of the project geoserver WFS), and the catalogue's stored-feature layer
// names as aliases (table + the layer's type filter). Names may carry the {product}: prefix.
import { CATALOGUE } from '../../layers/catalogue';
import type { LayerEntry } from '../../layers/types';
import type { Queryable } from '../db/db';
import { layerNotFound } from './ows-error';

export type GeometryName = 'Point' | 'LineString' | 'Polygon' | 'Geometry';

interface Base { name: string; title: string; geometry: GeometryName }

export interface NetworkFeatureType extends Base {
  source: 'network';
  layer: LayerEntry;
  objectTypeIds: number[];
  objectTypeNames: string[];
  /** Paths only (cables): the layer's feature types, matched against the derived `feature_type` (ap_to_dp, …). */
  featureTypes?: string[];
}

export interface StoredFeatureType extends Base {
  source: 'stored';
  table: string;
  /** Implicit type filter (a catalogue layer name used as typename). */
  types?: string[];
}

export type FeatureType = NetworkFeatureType | StoredFeatureType;

const GEOM: Record<string, GeometryName> = { point: 'Point', line: 'LineString', polygon: 'Polygon' };

export function offeredTo(e: LayerEntry, projectTypeId: number): boolean {
  return e.projectTypes.length === 0 || e.projectTypes.includes(projectTypeId);
}

/** Stored table of a catalogue entry read through the project geoserver WFS, or undefined. */
export function storedTable(e: LayerEntry): string | undefined {
  return e.source?.kind === 'wfs' && e.source.url.includes('/geoserver/') ? e.source.typeName : undefined;
}

interface ObjectTypeRow { id: number; name: string; geometry_kind: string }

export interface ProjectTypes {
  /** Listed in GetCapabilities, in catalogue order (network layers, then stored tables). */
  listed: FeatureType[];
  /** Every accepted typename (listed + stored-layer aliases), by bare name. */
  byName: Map<string, FeatureType>;
}

export async function projectFeatureTypes(q: Queryable, projectTypeId: number, family: string): Promise<ProjectTypes> {
  const ots = (await q.query<ObjectTypeRow>(
    `SELECT id, name, geometry_kind FROM object_type WHERE family = $1 OR family = 'general' ORDER BY (family = 'general'), id`, [family])).rows;
  const listed: FeatureType[] = [];
  const aliases: FeatureType[] = [];
  const tables = new Map<string, StoredFeatureType>();
  for (const e of CATALOGUE) {
    if (!offeredTo(e, projectTypeId)) continue;
    const table = storedTable(e);
    if (e.objectTypes.length && !table) {
      const rows = ots.filter((o) => e.objectTypes.includes(o.name));
      if (!rows.length) continue;
      const paths = rows.every((o) => o.geometry_kind === 'path');
      listed.push({
        source: 'network', name: e.name, title: e.name, geometry: GEOM[e.geometry] ?? 'Geometry', layer: e,
        objectTypeIds: rows.map((o) => o.id), objectTypeNames: [...new Set(rows.map((o) => o.name))],
        ...(paths && e.featureTypes?.length ? { featureTypes: e.featureTypes } : {}),
      });
    } else if (table) {
      if (!tables.has(table)) tables.set(table, { source: 'stored', name: table, title: table, geometry: 'Geometry', table });
      aliases.push({ source: 'stored', name: e.name, title: e.name, geometry: GEOM[e.geometry] ?? 'Geometry', table, ...(e.featureTypes?.length ? { types: e.featureTypes } : {}) });
    }
  }
  listed.push(...tables.values());
  const byName = new Map<string, FeatureType>();
  for (const t of [...listed, ...aliases]) if (!byName.has(t.name)) byName.set(t.name, t);
  return { listed, byName };
}

/** Resolves a typename (optionally `{product}:name` or `{any prefix}:name`) or throws 'Layer {name} not found in LayerRepository'. */
export function resolveType<T extends { name: string } = FeatureType>(types: { byName: Map<string, T> }, param: string, raw: string): T {
  const name = raw.includes(':') ? raw.slice(raw.lastIndexOf(':') + 1) : raw;
  const t = types.byName.get(name);
  if (!t) throw layerNotFound(param, raw);
  return t;
}
