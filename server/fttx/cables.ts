// Cable and trench calls of the fttx feature service (spec 3 §7): DELETE /cables/cap-related {ids} (the cables that
// connect the given caps), DELETE /unused-trenches (trenches whose `cables` map names no existing cable) and
// GET /cables/{id}/ducts (the ducts a cable runs through: the network's duct/inner duct → cable 'Contains' relations
// of the cable path, plus the duct features a stored cable lists in `ducts`).
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../auth/messages';
import type { GeoFeature } from '../geoserver/geojson';
import type { Queryable } from '../db/db';
import { projectId, readOpts, writeOpts } from './access';
import { cableCaps } from './access-net';
import { deleteWithReferences } from './references';
import { inTexts, jsonProp, LINK, linkIn, linksByUuid, rowsByUuid, linksOfTypes, T, toFeature } from './rows';
import { bodyOf, listParam, uuidList, UUID_LIKE } from './validate';

export const DUCT_RELATIONS = ['duct_contains_cable', 'inner_duct_contains_cable'];

/** Cable uuids of a trench's `cables` map (object or JSON text; an array of uuids is read too). */
export function trenchCables(v: unknown): string[] {
  const m = jsonProp(v);
  if (Array.isArray(m)) return m.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase());
  return m && typeof m === 'object' ? Object.keys(m).map((k) => k.toLowerCase()) : [];
}

interface DuctRow { id: string; object_type: string; relation: string; network_object_id: string; geometry: unknown; attrs: Record<string, string | null> | string | null }

/** Duct features of the network around a cable: its path's (or its own) cable instances and their containers. */
async function networkDucts(q: Queryable, pid: number, id: string): Promise<GeoFeature[] | undefined> {
  const cables = await q.query<{ id: string }>(`SELECT i.id FROM object_instance i JOIN object_type t ON t.id = i.object_type_id
    WHERE i.project_id = $1 AND t.name = 'cable' AND (i.id = $2 OR i.network_object_id = $2)`, [pid, id]);
  if (!cables.rows.length) return undefined;
  const r = await q.query<DuctRow>(`SELECT d.id, t.name AS object_type, rel.relation_type_name AS relation, d.network_object_id,
      n.geometry, (SELECT jsonb_object_agg(a.attribute_type_name, a.value) FROM attribute_value a
        WHERE a.project_id = d.project_id AND a.object_instance_id = d.id) AS attrs
    FROM relation rel JOIN object_instance d ON d.project_id = rel.project_id AND d.id = rel.from_id
    JOIN object_type t ON t.id = d.object_type_id
    JOIN network_object n ON n.project_id = d.project_id AND n.id = d.network_object_id
    WHERE rel.project_id = $1 AND rel.to_id = ANY($2::text[]) AND rel.relation_type_name = ANY($3::text[])
    ORDER BY d.id`, [pid, cables.rows.map((c) => c.id), DUCT_RELATIONS]);
  return r.rows.map((d) => {
    const attrs = (typeof d.attrs === 'string' ? JSON.parse(d.attrs) : d.attrs ?? {}) as Record<string, string | null>;
    const geometry = (typeof d.geometry === 'string' ? JSON.parse(d.geometry) : d.geometry) as GeoFeature['geometry'];
    return { type: 'Feature', id: `${d.object_type}.${d.id}`, geometry, properties: {
      ...attrs, id: d.id, objectInstanceId: d.id, networkObjectId: d.network_object_id, objectType: d.object_type,
      relation: d.relation, 'duct_type.name': attrs.duct_type ?? null, source: 'network',
    } };
  });
}

export async function cableRoutes(api: FastifyInstance): Promise<void> {
  const base = '/project/:projectId/fttx';

  api.delete<{ Querystring: Record<string, unknown> }>(`${base}/cables/cap-related`, writeOpts(), async (req) => {
    const given = bodyOf(req.body).ids ?? listParam(req.query.ids, 'ids');
    const ids = uuidList(given, 'ids');
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const capSet = new Set(ids);
      const cables = (await linksOfTypes(q, pid, [T.cable], linkIn([LINK.cap, LINK.start, LINK.end], '$3'), [ids]))
        .filter((c) => cableCaps(c).some((x) => capSet.has(x)));
      const uuids = await deleteWithReferences(q, pid, cables.map((c) => c.uuid));
      return { deleted: uuids.length, uuids };
    });
  });

  api.delete(`${base}/unused-trenches`, writeOpts(), async (req) => {
    const pid = projectId(req);
    return req.server.deps.db.tx(async (q) => {
      const trenches = await linksOfTypes(q, pid, [T.trench]);
      const named = [...new Set(trenches.flatMap((t) => trenchCables(t.props[LINK.cables])))];
      const existing = new Set(named.length ? (await q.query<{ uuid: string }>(`SELECT uuid::text AS uuid FROM feature
        WHERE project_id = $1 AND ${inTexts('uuid::text', '$2')}`, [pid, named])).rows.map((r) => r.uuid) : []);
      const unused = trenches.filter((t) => !trenchCables(t.props[LINK.cables]).some((c) => existing.has(c)));
      const uuids = await deleteWithReferences(q, pid, unused.map((t) => t.uuid));
      return { deleted: uuids.length, uuids };
    });
  });

  api.get<{ Params: { id: string } }>(`${base}/cables/:id/ducts`, readOpts(true), async (req) => {
    const { db } = req.server.deps;
    const pid = projectId(req);
    const id = req.params.id;
    const found = UUID_LIKE.test(id) ? (await linksByUuid(db, pid, [id.toLowerCase()]))[0] : undefined;
    const stored = found?.type === T.cable ? found : undefined;
    const listed = stored ? jsonProp(stored.props[LINK.ducts]) : undefined;
    const ductIds = Array.isArray(listed) ? listed.filter((x): x is string => typeof x === 'string') : [];
    const storedDucts = ductIds.filter((d) => UUID_LIKE.test(d)).length
      ? (await rowsByUuid(db, pid, ductIds.filter((d) => UUID_LIKE.test(d)).map((d) => d.toLowerCase()))).map(toFeature) : [];
    const network = await networkDucts(db, pid, stored?.topology_id ?? id);
    if (!stored && !network) throw new HttpError(404, 'not_found', `Cable ${id} does not exist in this project.`);
    const features = [...storedDucts, ...(network ?? [])];
    return { type: 'FeatureCollection', features, totalFeatures: features.length };
  });
}
