// Reading and writing rows of the fttx feature table (`feature` with table_name fttx_feature, migration 040) for the
// feature service of spec 3 §7: feature types, the link properties between them (spec 3 §3 "Feature properties
// read"), the read as WFS-shaped GeoJSON (storedFeature), and the one batched properties update every write uses.
import type { Queryable } from '../db/db';
import { HttpError } from '../auth/messages';
import type { GeoFeature, GeoGeometry } from '../geoserver/geojson';

export const FTTX_TABLE = 'fttx_feature';

/** Feature types of the fttx table that the service's calls give a meaning to (server/README.md "fttx feature service"). */
export const T = { cap: 'cap', vbo: 'vbo', dp: 'dp', dpArea: 'dp_area', trench: 'trench', cable: 'cable', duct: 'duct' } as const;

/** Link properties: vbo → cap (`cap_id`), cap and dp area → dp (`DP`), cable → cap (`cap_id`, `start_id`, `end_id`),
 *  trench → cables (`cables` map keyed by cable uuid), cable → ducts (`ducts` list of duct ids). */
export const LINK = { cap: 'cap_id', dp: 'DP', cables: 'cables', ducts: 'ducts', start: 'start_id', end: 'end_id' } as const;

export type Props = Record<string, unknown>;

/** What the link-following calls read of a feature (no geometry: reading it costs most of a row). */
export interface Link { uuid: string; type: string; name: string | null; topology_id: string | null; props: Props }
/** A whole feature row with its properties and geometry parsed. */
export interface Row extends Link {
  project_id: number; layer: string | null; category: string | null; geometry: GeoGeometry;
  created_at: Date | string; updated_at: Date | string;
}
type DbRow = Omit<Row, 'props' | 'geometry'> & { properties: Props | string; geometry: GeoGeometry | string };
const COLUMNS = 'uuid::text AS uuid, project_id, type, layer, category, name, properties, geometry, topology_id, created_at, updated_at';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The feature as the project WFS reads it (server/geoserver/stored-features.ts pageStored): id `fttx_feature.{uuid}`,
 *  the stored properties spread on the feature, the fixed columns winning, `properties` as JSON text. */
export function toFeature(r: Row): GeoFeature {
  const fixed: Props = {
    uuid: r.uuid, project_id: r.project_id, type: r.type, layer: r.layer, category: r.category, name: r.name,
    topology_id: r.topology_id, created_at: iso(r.created_at), updated_at: iso(r.updated_at), properties: JSON.stringify(r.props),
  };
  return { type: 'Feature', id: `${FTTX_TABLE}.${r.uuid}`, geometry: r.geometry, properties: { ...r.props, ...fixed } };
}
export const collection = (rows: Row[]) => ({ type: 'FeatureCollection' as const, features: rows.map(toFeature), totalFeatures: rows.length });

const parsed = <V>(v: V | string): V => (typeof v === 'string' ? JSON.parse(v) as V : v);

/** Rows of the project's fttx features matching `where` ($1 is the project id; more parameters follow). */
export async function selectRows(q: Queryable, projectId: number, where = 'true', params: unknown[] = [], tail = 'ORDER BY uuid'): Promise<Row[]> {
  const r = await q.query<DbRow>(`SELECT ${COLUMNS} FROM feature
    WHERE project_id = $1 AND table_name = '${FTTX_TABLE}' AND (${where}) ${tail}`, [projectId, ...params]);
  return r.rows.map(({ properties, geometry, ...row }) => ({ ...row, props: parsed(properties) ?? {}, geometry: parsed(geometry) }));
}

export const rowsByUuid = (q: Queryable, projectId: number, uuids: string[]) =>
  selectRows(q, projectId, 'uuid = ANY($2::uuid[])', [uuids]);

/** Links (uuid, type, name, topology id, properties) of the project's fttx features matching `where`. */
export async function selectLinks(q: Queryable, projectId: number, where = 'true', params: unknown[] = []): Promise<Link[]> {
  const r = await q.query<Omit<Link, 'props'> & { properties: Props | string }>(`SELECT uuid::text AS uuid, type, name, topology_id, properties
    FROM feature WHERE project_id = $1 AND table_name = '${FTTX_TABLE}' AND (${where}) ORDER BY uuid`, [projectId, ...params]);
  return r.rows.map(({ properties, ...row }) => ({ ...row, props: parsed(properties) ?? {} }));
}

export const linksOfTypes = (q: Queryable, projectId: number, types: string[], where = 'true', params: unknown[] = []) =>
  selectLinks(q, projectId, `type = ANY($2::text[]) AND (${where})`, [types, ...params]);

export const linksByUuid = (q: Queryable, projectId: number, uuids: string[]) =>
  selectLinks(q, projectId, 'uuid = ANY($2::uuid[])', [uuids]);

/** The feature or a 404 naming it (other projects' features are unknown here). */
export async function rowOr404(q: Queryable, projectId: number, uuid: string, type?: string): Promise<Row> {
  const [row] = await rowsByUuid(q, projectId, [uuid]);
  if (!row || (type && row.type !== type)) {
    throw new HttpError(404, 'not_found', `${type ? `${type} feature` : 'Feature'} ${uuid} does not exist in this project.`);
  }
  return row;
}

/** A property that may be an object or its JSON text (spec 3 §5 stores objects as text); undefined when neither. */
export function jsonProp(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (!s.startsWith('{') && !s.startsWith('[')) return undefined;
  try { return JSON.parse(s) as unknown; } catch { return undefined; }
}

/** Writes a value back in the form it was read (JSON text stays text). */
export const sameForm = (was: unknown, value: unknown) => (typeof was === 'string' ? JSON.stringify(value) : value);

/** SQL: `expr` is one of the texts of array parameter `param` (PostgreSQL ≥ 14 hashes long ANY lists; measured
 *  3× faster than an IN (SELECT unnest(…)) semi-join on PGlite). */
export const inTexts = (expr: string, param: string) => `${expr} = ANY(${param}::text[])`;

/** SQL: a link property (`cap_id`, `DP`, …), lower-cased, is one of the texts of `param`. */
export const linkIn = (keys: string[], param: string) => keys.map((k) => inTexts(`lower(properties->>'${k}')`, param)).join(' OR ');

/** Text of a scalar link property (uuid or name), lower-cased when it is a UUID. */
export function linkOf(props: Props, key: string): string | undefined {
  const v = props[key];
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string' || !v.trim()) return undefined;
  return /^[0-9a-f-]{36}$/i.test(v) ? v.toLowerCase() : v;
}

/** Spec 3 §5 store rule for a properties patch: undefined dropped, objects (and arrays) as JSON text. */
export function storable(p: Props): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined) continue;
    out[k] = v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
  }
  return out;
}

/** Replaces the properties of the given rows (one statement); returns how many rows changed. */
export async function writeProps(q: Queryable, projectId: number, items: { uuid: string; props: Props }[]): Promise<number> {
  if (!items.length) return 0;
  const r = await q.query(`UPDATE feature f SET properties = t.p::jsonb, updated_at = now()
    FROM unnest($2::uuid[], $3::text[]) AS t(u, p)
    WHERE f.project_id = $1 AND f.table_name = '${FTTX_TABLE}' AND f.uuid = t.u`,
  [projectId, items.map((i) => i.uuid), items.map((i) => JSON.stringify(i.props))]);
  return r.rowCount;
}

/** Deletes rows by uuid (one statement); returns the uuids deleted. References to them are not touched here. */
export async function deleteRows(q: Queryable, projectId: number, uuids: string[]): Promise<string[]> {
  if (!uuids.length) return [];
  const r = await q.query<{ uuid: string }>(`DELETE FROM feature WHERE project_id = $1 AND table_name = '${FTTX_TABLE}'
    AND uuid = ANY($2::uuid[]) RETURNING uuid::text AS uuid`, [projectId, uuids]);
  return r.rows.map((x) => x.uuid);
}
