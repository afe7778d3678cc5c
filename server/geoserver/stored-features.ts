// Stored project map features (table `feature`, migration 040): GetFeature reads, and the writer that checks and
// stores them with the spec 3 §3/§5 rules of wfst-store-rules.ts (a new UUID when missing or not a UUID; undefined
// properties dropped; custom_*/category stripped for custom layers; six geometry kinds with finite coordinates; the
// native box kept for bbox queries).
import type { Queryable } from '../db/db';
import type { StoredFeatureType } from './feature-types';
import type { GeoFeature, GeoGeometry } from './geojson';
import type { Query } from './query';
import { geometryBox, storedProperties, storedUuid } from './wfst-store-rules';

export { UUID_RE, GEOMETRY_KINDS, geometryBox } from './wfst-store-rules';

export interface FeatureInput {
  uuid?: string; table?: string; type: string; layer?: string | null; category?: string | null; name?: string | null;
  properties?: Record<string, unknown> | string | null; geometry: GeoGeometry; topologyId?: string | null;
}

/** Inserts features into a project (one statement); returns their uuids (new ones where missing or malformed). */
export async function insertFeatures(q: Queryable, projectId: number, items: FeatureInput[]): Promise<string[]> {
  const rows = items.map((f, i): InsertRow => {
    if (!f.type || typeof f.type !== 'string') throw new Error(`features[${i}].type is required`);
    const box = geometryBox(f.geometry, `features[${i}].geometry`);
    const props = typeof f.properties === 'string' ? JSON.parse(f.properties) as unknown : f.properties ?? {};
    if (!props || typeof props !== 'object' || Array.isArray(props)) throw new Error(`features[${i}].properties must be an object`);
    const table = f.table ?? 'fttx_feature';
    // Spec 3 §5 rules shared with the WFS-T transaction (wfst-store-rules.ts); object values stay objects here (trusted server callers).
    const clean = storedProperties(props as Record<string, unknown>, table, false);
    const uuid = storedUuid(f.uuid);
    return { uuid, table, type: f.type, layer: f.layer ?? null, category: f.category ?? null,
      name: f.name ?? null, props: JSON.stringify(clean), geometry: JSON.stringify(f.geometry), box, topology: f.topologyId ?? null };
  });
  await insertStoredRows(q, projectId, rows);
  return rows.map((r) => r.uuid);
}

/** One checked feature row to insert (properties and geometry as JSON text, box as box text). */
export interface InsertRow {
  uuid: string; table: string; type: string; layer: string | null; category: string | null; name: string | null;
  props: string; geometry: string; box: string; topology: string | null;
}

/** Inserts checked rows in one statement (unnest of text arrays). */
export async function insertStoredRows(q: Queryable, projectId: number, rows: InsertRow[]): Promise<void> {
  if (!rows.length) return;
  const col = <K extends keyof InsertRow>(k: K) => rows.map((r) => r[k]);
  await q.query(`INSERT INTO feature (project_id, uuid, table_name, type, layer, category, name, properties, geometry, box, topology_id)
    SELECT $1, t.u::uuid, t.tn, t.ty, t.l, t.c, t.n, t.p::jsonb, t.g::jsonb, t.b::box, t.tp
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
      AS t(u, tn, ty, l, c, n, p, g, b, tp)`,
  [projectId, col('uuid'), col('table'), col('type'), col('layer'), col('category'), col('name'), col('props'), col('geometry'), col('box'), col('topology')]);
}

function whereSql(t: StoredFeatureType, q: Query, params: unknown[]): string {
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  const where = [`project_id = ${add(q.projectId)}`, `table_name = ${add(t.table)}`];
  if (t.types) where.push(`type = ANY(${add(t.types)}::text[])`);
  for (const list of q.types) where.push(`type = ANY(${add(list)}::text[])`);
  for (const b of q.boxes) where.push(`box && ${add(`(${b[2]},${b[3]}),(${b[0]},${b[1]})`)}::box`);
  return where.join(' AND ');
}

export async function countStored(db: Queryable, t: StoredFeatureType, q: Query): Promise<number> {
  const params: unknown[] = [];
  const r = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM feature WHERE ${whereSql(t, q, params)}`, params);
  return Number(r.rows[0]?.n ?? 0);
}

interface Row {
  uuid: string; project_id: number; type: string; layer: string | null; category: string | null; name: string | null;
  properties: Record<string, unknown> | string; geometry: GeoGeometry | string; topology_id: string | null;
  created_at: Date | string; updated_at: Date | string;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export async function pageStored(db: Queryable, t: StoredFeatureType, q: Query): Promise<GeoFeature[]> {
  const params: unknown[] = [];
  const where = whereSql(t, q, params);
  params.push(q.count, q.startIndex);
  const rows = (await db.query<Row>(`SELECT uuid::text AS uuid, project_id, type, layer, category, name, properties, geometry,
      topology_id, created_at, updated_at FROM feature WHERE ${where}
    ORDER BY uuid LIMIT $${params.length - 1} OFFSET $${params.length}`, params)).rows;
  return rows.map((r) => {
    const inner = typeof r.properties === 'string' ? JSON.parse(r.properties) as Record<string, unknown> : r.properties;
    const fixed: Record<string, unknown> = {
      uuid: r.uuid, project_id: r.project_id, type: r.type, layer: r.layer, category: r.category, name: r.name,
      topology_id: r.topology_id, created_at: iso(r.created_at), updated_at: iso(r.updated_at), properties: JSON.stringify(inner),
    };
    // The stored properties are also spread on the feature (fixed columns win), so styles read e.g. `status` directly.
    const props: Record<string, unknown> = { ...inner, ...fixed };
    const geometry = typeof r.geometry === 'string' ? JSON.parse(r.geometry) as GeoGeometry : r.geometry;
    return { type: 'Feature', id: `${t.name}.${r.uuid}`, geometry, properties: props };
  });
}

/** Property fields of a stored table for DescribeFeatureType: the fixed columns plus the keys found in `properties`. */
export async function storedFields(db: Queryable, projectId: number, table: string): Promise<[string, string][]> {
  const fixed: [string, string][] = [['uuid', 'String'], ['project_id', 'Integer'], ['type', 'String'], ['layer', 'String'],
    ['category', 'String'], ['name', 'String'], ['topology_id', 'String'], ['created_at', 'DateTime'], ['updated_at', 'DateTime'],
    ['properties', 'Text']];
  const r = await db.query<{ k: string; kinds: string[] | string }>(
    `SELECT p.key AS k, array_agg(DISTINCT jsonb_typeof(p.value)) AS kinds
       FROM feature f, jsonb_each(f.properties) p WHERE f.project_id = $1 AND f.table_name = $2 GROUP BY p.key ORDER BY p.key LIMIT 500`,
    [projectId, table]);
  const names = new Set(fixed.map(([n]) => n));
  const extra: [string, string][] = [];
  for (const row of r.rows) {
    if (names.has(row.k) || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(row.k)) continue;
    const kinds = (Array.isArray(row.kinds) ? row.kinds : String(row.kinds).replace(/[{}]/g, '').split(',')).filter((k) => k !== 'null');
    const type = kinds.length === 1 && kinds[0] === 'number' ? 'Float' : kinds.length === 1 && kinds[0] === 'boolean' ? 'Boolean' : 'String';
    extra.push([row.k, type]);
  }
  return [...fixed, ...extra];
}
