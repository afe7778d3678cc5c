// Reads and writes of the reference table (`reference_feature`, migration 041): the GetFeature count and page of a
// reference layer (organisation isolation: the caller's organisation plus the shared rows), the layers that hold data,
// the extent, the DescribeFeatureType fields, and the batch insert used by the demo seed and the admin import.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { GeoFeature, GeoGeometry } from '../geoserver/geojson';
import type { Query } from '../geoserver/query';
import { geometryBox } from '../geoserver/stored-features';

/** Whose reference rows a caller sees: the shared ones (organisation_id NULL) and those of its organisation. */
export interface Viewer { organisationId: number }

function whereSql(layer: string, v: Viewer, q: Query | undefined, params: unknown[]): string {
  const add = (x: unknown) => { params.push(x); return `$${params.length}`; };
  const where = [`layer = ${add(layer)}`, `(organisation_id IS NULL OR organisation_id = ${add(v.organisationId)}::integer)`];
  for (const b of q?.boxes ?? []) where.push(`box && ${add(`(${b[2]},${b[3]}),(${b[0]},${b[1]})`)}::box`);
  for (const [field, values] of q?.props ?? []) where.push(`properties->>(${add(field)}::text) = ANY(${add(values)}::text[])`);
  // `type` of the CQL subset compares the `type` property of reference rows (none carry one unless imported so).
  for (const list of q?.types ?? []) where.push(`properties->>'type' = ANY(${add(list)}::text[])`);
  return where.join(' AND ');
}

export async function countReference(db: Queryable, layer: string, v: Viewer, q: Query): Promise<number> {
  const params: unknown[] = [];
  const r = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM reference_feature WHERE ${whereSql(layer, v, q, params)}`, params);
  return Number(r.rows[0]?.n ?? 0);
}

interface Row { uuid: string; organisation_id: number | null; name: string | null; properties: Record<string, unknown> | string; geometry: GeoGeometry | string }
const json = <T>(x: T | string): T => (typeof x === 'string' ? JSON.parse(x) as T : x);

export async function pageReference(db: Queryable, layer: string, v: Viewer, q: Query): Promise<GeoFeature[]> {
  const params: unknown[] = [];
  const where = whereSql(layer, v, q, params);
  params.push(q.count, q.startIndex);
  const rows = (await db.query<Row>(`SELECT uuid::text AS uuid, organisation_id, name, properties, geometry FROM reference_feature
    WHERE ${where} ORDER BY uuid LIMIT $${params.length - 1} OFFSET $${params.length}`, params)).rows;
  return rows.map((r) => {
    const props = json(r.properties);
    return {
      type: 'Feature', id: `${layer}.${r.uuid}`, geometry: json(r.geometry),
      properties: { ...props, uuid: r.uuid, layer, name: r.name ?? props.name ?? null, organisation_id: r.organisation_id },
    };
  });
}

/** The names among `layers` that hold at least one row the viewer sees. */
export async function layersWithData(db: Queryable, layers: string[], v: Viewer): Promise<Set<string>> {
  const r = await db.query<{ layer: string }>(`SELECT DISTINCT layer FROM reference_feature
    WHERE layer = ANY($1::text[]) AND (organisation_id IS NULL OR organisation_id = $2)`, [layers, v.organisationId]);
  return new Set(r.rows.map((x) => x.layer));
}

/** Envelope (EPSG:3857) of the rows of `layers` the viewer sees, or undefined when there are none. */
export async function referenceExtent(db: Queryable, layers: string[], v: Viewer): Promise<[number, number, number, number] | undefined> {
  const r = await db.query<{ x1: number | null; y1: number | null; x2: number | null; y2: number | null }>(
    `SELECT min((box[1])[0]) AS x1, min((box[1])[1]) AS y1, max((box[0])[0]) AS x2, max((box[0])[1]) AS y2 FROM reference_feature
      WHERE layer = ANY($1::text[]) AND (organisation_id IS NULL OR organisation_id = $2)`, [layers, v.organisationId]);
  const e = r.rows[0];
  return e && e.x1 !== null ? [Number(e.x1), Number(e.y1), Number(e.x2), Number(e.y2)] : undefined;
}

/** DescribeFeatureType fields of a reference layer: uuid, layer, name, organisation_id, then the property keys found. */
export async function referenceFields(db: Queryable, layer: string, v: Viewer): Promise<[string, string][]> {
  const fixed: [string, string][] = [['uuid', 'String'], ['layer', 'String'], ['name', 'String'], ['organisation_id', 'Integer']];
  const r = await db.query<{ k: string; t: string }>(
    `SELECT p.key AS k,
            CASE WHEN bool_and(jsonb_typeof(p.value) IN ('number', 'null')) AND bool_or(jsonb_typeof(p.value) = 'number') THEN 'Float'
                 WHEN bool_and(jsonb_typeof(p.value) IN ('boolean', 'null')) AND bool_or(jsonb_typeof(p.value) = 'boolean') THEN 'Boolean'
                 ELSE 'String' END AS t
       FROM reference_feature f, jsonb_each(f.properties) p
      WHERE f.layer = $1 AND (f.organisation_id IS NULL OR f.organisation_id = $2)
      GROUP BY p.key ORDER BY p.key LIMIT 500`, [layer, v.organisationId]);
  const names = new Set(fixed.map(([n]) => n));
  return [...fixed, ...r.rows.filter((x) => !names.has(x.k) && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(x.k)).map((x): [string, string] => [x.k, x.t])];
}

export interface ReferenceInput { layer: string; name?: string | null; properties?: Record<string, unknown>; geometry: GeoGeometry }

/** Inserts reference rows (EPSG:3857 geometries) for one organisation (null = shared); throws naming features[i]. */
export async function insertReference(q: Queryable, organisationId: number | null, source: string, items: ReferenceInput[]): Promise<number> {
  const rows = items.map((f, i) => ({
    uuid: randomUUID(), layer: f.layer, name: f.name ?? null, props: JSON.stringify(f.properties ?? {}),
    geometry: JSON.stringify(f.geometry), box: geometryBox(f.geometry, `features[${i}].geometry`),
  }));
  for (let k = 0; k < rows.length; k += 5000) {
    const part = rows.slice(k, k + 5000);
    const col = <K extends keyof (typeof rows)[number]>(c: K) => part.map((r) => r[c]);
    await q.query(`INSERT INTO reference_feature (uuid, organisation_id, layer, name, properties, geometry, box, source)
      SELECT t.u::uuid, $1::integer, t.l, t.n, t.p::jsonb, t.g::jsonb, t.b::box, $2::text
        FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS t(u, l, n, p, g, b)`,
    [organisationId, source, col('uuid'), col('layer'), col('name'), col('props'), col('geometry'), col('box')]);
  }
  return rows.length;
}
