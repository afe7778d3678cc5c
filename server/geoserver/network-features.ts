// GetFeature over the stored network: one feature per object instance of the layer's object types, on its network
// object (node → Point, edge → LineString, path → its edges chained in order). Properties: the instance's type name,
// name and attribute values (typed by the attribute type), plus the spec 3 §3 layer fields (canonical_name,
// fromNodeId/toNodeId, start_id/end_id, duct_type.name, cable_type.name). Parameterised SQL only; bbox on the GiST box.
import type { Queryable } from '../db/db';
import type { NetworkFeatureType } from './feature-types';
import type { Query } from './query';
import type { GeoFeature } from './geojson';

/** Cable kind from the object types at the path's two end nodes (see server/README.md). */
const ROLE = (node: string) => `(SELECT CASE WHEN bool_or(t.name = 'access_point') THEN 'ap'
    WHEN bool_or(t.name IN ('splicebox', 'enclosure')) THEN 'dp' WHEN bool_or(t.name = 'customer_connection') THEN 'ka' END
  FROM object_instance x JOIN object_type t ON t.id = x.object_type_id
  WHERE x.project_id = n.project_id AND x.network_object_id = ${node})`;

function baseSql(t: NetworkFeatureType, q: Query, params: unknown[]): string {
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  const where = [`i.project_id = ${add(q.projectId)}`, `i.object_type_id = ANY(${add(t.objectTypeIds)}::int[])`, 'n.scenario_id IS NULL'];
  for (const list of q.types) where.push(`ot.name = ANY(${add(list)}::text[])`);
  for (const b of q.boxes) {
    const box = add(`(${b[2]},${b[3]}),(${b[0]},${b[1]})`);
    where.push(`(n.bbox && ${box}::box OR (n.kind = 'path' AND EXISTS (SELECT 1 FROM path_edge pe JOIN network_object e
      ON e.project_id = pe.project_id AND e.id = pe.edge_id WHERE pe.project_id = n.project_id AND pe.path_id = n.id AND e.bbox && ${box}::box)))`);
  }
  const kind = t.featureTypes
    ? `CASE WHEN ends.a IS NULL THEN NULL ELSE (SELECT CASE
         WHEN r.ra = 'ap' AND r.rb = 'ap' THEN 'ap_to_oap'
         WHEN 'ap' IN (r.ra, r.rb) AND 'dp' IN (r.ra, r.rb) THEN 'ap_to_dp'
         WHEN 'ka' IN (r.ra, r.rb) THEN 'dp_to_ka' END
       FROM (SELECT ${ROLE('ends.a')} AS ra, ${ROLE('ends.b')} AS rb) r) END`
    : 'NULL::text';
  const ends = t.featureTypes
    ? `LEFT JOIN LATERAL (SELECT f.start_node_id AS a,
         CASE WHEN e.from_node_id = l.start_node_id THEN e.to_node_id ELSE e.from_node_id END AS b
       FROM (SELECT start_node_id FROM path_edge WHERE project_id = n.project_id AND path_id = n.id ORDER BY seq LIMIT 1) f,
            (SELECT start_node_id, edge_id FROM path_edge WHERE project_id = n.project_id AND path_id = n.id ORDER BY seq DESC LIMIT 1) l
       JOIN network_object e ON e.project_id = n.project_id AND e.id = l.edge_id) ends ON n.kind = 'path'`
    : '';
  const sql = `SELECT i.project_id, i.id AS iid, i.object_type_id, ot.name AS type_name, n.id AS nid, n.kind, n.geometry,
      n.from_node_id, n.to_node_id, n.length, ${kind} AS feature_type
    FROM object_instance i
    JOIN object_type ot ON ot.id = i.object_type_id
    JOIN network_object n ON n.project_id = i.project_id AND n.id = i.network_object_id
    ${ends}
    WHERE ${where.join(' AND ')}`;
  return t.featureTypes ? `SELECT * FROM (${sql}) s WHERE s.feature_type = ANY(${add(t.featureTypes)}::text[])` : sql;
}

export async function countNetwork(db: Queryable, t: NetworkFeatureType, q: Query): Promise<number> {
  const params: unknown[] = [];
  const r = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM (${baseSql(t, q, params)}) c`, params);
  return Number(r.rows[0]?.n ?? 0);
}

interface Row {
  project_id: number; iid: string; object_type_id: number; type_name: string; nid: string; kind: string;
  geometry: { type: string; coordinates: unknown } | string | null; from_node_id: string | null; to_node_id: string | null;
  length: number | null; feature_type: string | null; attrs: Record<string, string | null> | string | null;
}

interface Step { path_id: string; start_node_id: string; from_node_id: string; to_node_id: string; geometry: unknown; length: number | null }

const parse = <T>(v: T | string): T => (typeof v === 'string' ? JSON.parse(v) as T : v);

/** Typed attribute value: Integer/Float → number, Boolean → boolean, others text (unparseable numbers stay text). */
export function typedValue(type: string | undefined, v: string | null): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'Integer' && /^-?\d+$/.test(v.trim())) return Number(v);
  if (type === 'Float' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (type === 'Boolean' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
  return v;
}

/** The chained geometry of a path: its edges in order, each turned to run from its start node. */
export function chainPath(steps: Step[]): { geometry: GeoFeature['geometry']; length: number; start?: string; end?: string } {
  const parts: number[][][] = [];
  let cur: number[][] | undefined, length = 0, end: string | undefined;
  for (const s of steps) {
    const g = parse(s.geometry as { coordinates: number[][] } | string);
    let c = g.coordinates.slice();
    if (s.start_node_id !== s.from_node_id) c = c.reverse();
    length += s.length ?? 0;
    if (cur && end === s.start_node_id) cur.push(...c.slice(1));
    else { cur = c; parts.push(cur); }
    end = s.start_node_id === s.from_node_id ? s.to_node_id : s.from_node_id;
  }
  const geometry = parts.length === 0 ? null : parts.length === 1
    ? { type: 'LineString', coordinates: parts[0] } : { type: 'MultiLineString', coordinates: parts };
  return { geometry, length, start: steps[0]?.start_node_id, end };
}

export async function pageNetwork(db: Queryable, t: NetworkFeatureType, q: Query, attrTypes: Map<string, string>): Promise<GeoFeature[]> {
  const params: unknown[] = [];
  const base = baseSql(t, q, params);
  params.push(q.count, q.startIndex);
  const rows = (await db.query<Row>(`SELECT b.*, (SELECT json_object_agg(a.attribute_type_name, a.value) FROM attribute_value a
      WHERE a.project_id = b.project_id AND a.object_instance_id = b.iid) AS attrs
    FROM (${base}) b ORDER BY b.iid LIMIT $${params.length - 1} OFFSET $${params.length}`, params)).rows;
  const pathIds = rows.filter((r) => r.kind === 'path').map((r) => r.nid);
  const steps = new Map<string, Step[]>();
  if (pathIds.length) {
    const s = await db.query<Step>(`SELECT pe.path_id, pe.start_node_id, e.from_node_id, e.to_node_id, e.geometry, e.length
      FROM path_edge pe JOIN network_object e ON e.project_id = pe.project_id AND e.id = pe.edge_id
      WHERE pe.project_id = $1 AND pe.path_id = ANY($2::text[]) ORDER BY pe.path_id, pe.seq`, [q.projectId, pathIds]);
    for (const r of s.rows) { let l = steps.get(r.path_id); if (!l) steps.set(r.path_id, (l = [])); l.push(r); }
  }
  return rows.map((r) => {
    const attrs = parse(r.attrs) ?? {};
    const props: Record<string, unknown> = {
      id: r.iid, uuid: r.iid, network_object_id: r.nid, project_id: r.project_id, type: r.type_name,
      object_type_id: r.object_type_id, feature_type: r.feature_type, layer: t.name,
    };
    for (const [k, v] of Object.entries(attrs)) {
      if (k in props) continue;
      props[k] = typedValue(attrTypes.get(`${r.object_type_id}:${k}`), v);
    }
    props.name ??= null;
    props.canonical_name = props.name;
    if (typeof props.duct_type === 'string') props.duct_type = { name: props.duct_type };
    if (typeof props.cable_type === 'string') props.cable_type = { name: props.cable_type };
    else if (r.type_name === 'cable' && props.fibers != null) props.cable_type = { name: `${props.fibers}v` };
    let geometry: GeoFeature['geometry'] = r.geometry ? parse(r.geometry) : null;
    if (r.kind === 'edge') Object.assign(props, { fromNodeId: r.from_node_id, toNodeId: r.to_node_id, length: r.length });
    if (r.kind === 'path') {
      const p = chainPath(steps.get(r.nid) ?? []);
      geometry = p.geometry;
      Object.assign(props, { start_id: p.start ?? null, end_id: p.end ?? null, length: Math.round(p.length * 100) / 100 });
    }
    return { type: 'Feature', id: `${t.name}.${r.iid}`, geometry, properties: props };
  });
}

/** Attribute types of the layer's object types: `${objectTypeId}:${name}` → type, plus the name list for schemas. */
export async function attributeTypes(db: Queryable, t: NetworkFeatureType): Promise<{ byKey: Map<string, string>; fields: [string, string][] }> {
  const r = await db.query<{ object_type_id: number; name: string; type: string }>(
    'SELECT object_type_id, name, type FROM attribute_type WHERE object_type_id = ANY($1::int[]) ORDER BY sort, name', [t.objectTypeIds]);
  const byKey = new Map(r.rows.map((a) => [`${a.object_type_id}:${a.name}`, a.type]));
  const fields = new Map<string, string>();
  for (const a of r.rows) {
    const prev = fields.get(a.name);
    fields.set(a.name, prev && prev !== a.type ? 'String' : a.type);
  }
  return { byKey, fields: [...fields] };
}
