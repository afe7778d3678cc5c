// Network routes of a project (spec 1 §7, spec 2 §7): network_object, path_edge, object_instance,
// object_instance_relation and attribute_value. Every list call is one transaction; batches larger than
// LONG_OPERATION_ITEMS run under the project lock. Network-object responses carry a `data` field.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AttributeValue, NetworkObject, ObjectInstance, PathEdge, Relation } from '../../engine/types';
import { requirePolicy } from '../auth/guard';
import { current, projectHook } from '../projects/access';
import { longOperationItems, runLocked } from '../locking/lock';
import { attributeValueSchema, idList, idSchema, list, networkObjectSchema, objectInstanceSchema, pathEdgeSchema, projectParams, relationSchema } from './schemas';
import { createNetworkObjects, deleteAllByType, deleteNetworkObjects, updateNetworkObjects } from './network-objects';
import { createPathEdges, deletePathEdges, updatePathEdges } from './path-edges';
import { createInstances, deleteInstances, patchAttributeValues, updateInstances } from './instances';
import { createRelations, deleteRelations } from './relations';
import { networkJson, nodeAt, readNetwork, type NetworkFilter } from './read';
import { currentBody } from './snapshot-read';
import { acceptsArrow, currentArrowAnswer } from './read-arrow';
import { tileArrowBody } from './tile-cache';
import { ARROW_MEDIA_TYPE } from '../../engine/network-arrow-schema';
import { acceptsGzip, inSnapshot, notModified, sendBody } from './send';
import { isLargeNetwork, sendLargeNetwork } from './send-stream';
import { bumpNetworkVersion, cached, databaseId, etagOf, networkVersion } from './cache';
import type { Queryable } from '../db/db';
import { unknownId } from './errors';
import { recordSave } from '../projects/event-log';

type P = { projectId: number };
const view = { onRequest: requirePolicy('network.view'), preHandler: projectHook() };
const edit = { onRequest: requirePolicy('network.edit'), preHandler: projectHook() };

const typeFilterQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    objectTypeIds: { type: 'array', items: { type: 'integer' }, maxItems: 1000 },
    objectTypeId: { type: 'array', items: { type: 'integer' }, maxItems: 1000 },
    scenarioId: { type: 'integer' },
    includeWithoutObjectInstances: { type: 'boolean', default: false },
    bbox: { type: 'string', pattern: '^-?[0-9.eE+-]+,-?[0-9.eE+-]+,-?[0-9.eE+-]+,-?[0-9.eE+-]+$' },
  },
} as const;
type TypeFilter = { objectTypeIds?: number[]; objectTypeId?: number[]; scenarioId?: number; includeWithoutObjectInstances?: boolean; bbox?: string };

/** Runs a batch in one transaction; a batch of more than LONG_OPERATION_ITEMS items runs under the project lock. */
async function batch<T>(req: FastifyRequest, reply: FastifyReply, size: number, fn: (q: Queryable) => Promise<T>): Promise<T | undefined> {
  const { db } = req.server.deps;
  const id = current(req).id;
  // Each accepted save batch bumps the network version and logs "project saved" (one entry per save, server/projects/event-log.ts).
  const write = (q: Queryable) => fn(q).then(async (v) => { await bumpNetworkVersion(q, id); await recordSave(q, id, req.user.id); return v; });
  if (size <= longOperationItems()) return db.tx(write);
  return runLocked(db, reply, id, () => db.tx(write));
}

function parseBbox(s: string | undefined): [number, number, number, number] | undefined {
  if (!s) return undefined;
  const v = s.split(',').map(Number);
  if (v.length !== 4 || v.some((x) => !Number.isFinite(x))) return undefined;
  return [Math.min(v[0], v[2]), Math.min(v[1], v[3]), Math.max(v[0], v[2]), Math.max(v[1], v[3])];
}

export async function networkRoutes(api: FastifyInstance): Promise<void> {
  const base = '/project/:projectId';

  // ---- network_object ----
  api.get<{ Params: P; Querystring: TypeFilter }>(`${base}/network_object/all`, { ...view, schema: { params: projectParams, querystring: typeFilterQuery } }, async (req, reply) => {
    const q = req.query;
    const { db } = req.server.deps;
    const pid = current(req).id;
    const f: NetworkFilter = {
      objectTypeIds: [...(q.objectTypeIds ?? []), ...(q.objectTypeId ?? [])], scenarioId: q.scenarioId,
      includeWithoutObjectInstances: q.includeWithoutObjectInstances, bbox: parseBbox(q.bbox),
    };
    // Accept: application/vnd.apache.arrow.stream → the same answer as Arrow IPC streams (read-arrow.ts, issue 15).
    const arrow = acceptsArrow(req);
    reply.header('vary', 'accept, accept-encoding');
    if (f.bbox) {
      // tiles in the Arrow form are kept per process while the change log shows nothing that meets them (tile-cache.ts)
      if (arrow) { const e = await tileArrowBody(db, pid, f, await databaseId(db)); return sendBody(req, reply, e.body, e, ARROW_MEDIA_TYPE); }
      return sendBody(req, reply, Buffer.from(`{"data":${await inSnapshot(db, (q) => readNetwork(q, pid, f))}}`));
    }
    // Whole-project reads: answered 304 while the client's ETag names the current network_version, from the
    // per-process cache while that version is unchanged, else read in one snapshot and cached.
    const key = `${f.objectTypeIds!.join(',')}|${f.scenarioId ?? ''}|${f.includeWithoutObjectInstances ? 1 : 0}${arrow ? '|arrow' : ''}`;
    const [dbId, version] = await Promise.all([databaseId(db), networkVersion(db, pid)]);
    reply.header('cache-control', 'private, no-cache');
    reply.header('etag', etagOf(dbId, pid, version, key));
    if (notModified(req, etagOf(dbId, pid, version, key))) return reply.status(304).send();
    if (arrow) {
      // an answer stored in the database goes to a gzip client as the gzip it was stored as (answer-stored.ts)
      const a = await currentArrowAnswer(db, pid, key, f, dbId, acceptsGzip(req));
      if (a.gz) return reply.header('etag', a.etag).type(ARROW_MEDIA_TYPE).header('content-encoding', 'gzip').send(a.gz);
      reply.header('etag', a.entry.etag);
      return sendBody(req, reply, a.entry.body, a.entry, ARROW_MEDIA_TYPE);
    }
    let e = cached(db, `${pid}|${key}`, version);
    if (!e && await isLargeNetwork(db, pid)) return sendLargeNetwork(req, reply, db, pid, f, key, dbId);
    if (!e) {
      e = await currentBody(db, pid, key, f, dbId);
      reply.header('etag', e.etag);
    }
    return sendBody(req, reply, e.body, e);
  });

  api.delete<{ Params: P; Querystring: TypeFilter }>(`${base}/network_object/all`, { ...edit, schema: { params: projectParams, querystring: typeFilterQuery } }, async (req, reply) => {
    const types = [...(req.query.objectTypeIds ?? []), ...(req.query.objectTypeId ?? [])];
    if (!types.length) return reply.status(400).send({ error: 'bad_request', message: 'querystring/objectTypeIds is required (the object types to delete).' });
    const { db } = req.server.deps;
    const pid = current(req).id;
    const out = await runLocked(db, reply, pid, () => db.tx(async (t) => {
      const r = await deleteAllByType(t, pid, types, req.query.scenarioId);
      await bumpNetworkVersion(t, pid);
      return r;
    }));
    if (out) return { data: out };
  });

  api.get<{ Params: P & { id: string } }>(`${base}/network_object/:id`, { ...view, schema: { params: { ...projectParams, required: ['projectId', 'id'], properties: { ...projectParams.properties, id: idSchema } } } }, async (req, reply) => {
    const data = await networkJson(req.server.deps.db, current(req).id, { ids: [req.params.id] });
    if (data === '[]') unknownId('Network object', req.params.id);
    return reply.type('application/json').send(`{"data":${data.slice(1, -1)}}`);
  });

  api.get<{ Params: P & { x: number; y: number }; Querystring: { scenarioId?: number } }>(`${base}/network_object/:x/:y`, {
    ...view,
    schema: {
      params: { type: 'object', required: ['projectId', 'x', 'y'], properties: { ...projectParams.properties, x: { type: 'number' }, y: { type: 'number' } } },
      querystring: { type: 'object', additionalProperties: false, properties: { scenarioId: { type: 'integer' } } },
    },
  }, async (req, reply) => {
    const { db } = req.server.deps;
    const id = await nodeAt(db, current(req).id, req.params.x, req.params.y, req.query.scenarioId);
    if (!id) return { data: null };
    const data = await networkJson(db, current(req).id, { ids: [id] });
    return reply.type('application/json').send(`{"data":${data.slice(1, -1)}}`);
  });

  api.post<{ Params: P; Body: NetworkObject[]; Querystring: { scenarioId?: number } }>(`${base}/network_object`, {
    ...edit, schema: { params: projectParams, body: list(networkObjectSchema), querystring: { type: 'object', additionalProperties: false, properties: { scenarioId: { type: 'integer' } } } },
  }, async (req, reply) => {
    const p = current(req);
    const n = await batch(req, reply, req.body.length, (q) => createNetworkObjects(q, p.id, p.family, req.body, req.query.scenarioId).then(() => req.body.length));
    if (n !== undefined) return reply.status(201).send({ data: { created: n } });
  });

  api.put<{ Params: P; Body: NetworkObject[] }>(`${base}/network_object`, { ...edit, schema: { params: projectParams, body: list(networkObjectSchema) } }, async (req, reply) => {
    const n = await batch(req, reply, req.body.length, (q) => updateNetworkObjects(q, current(req).id, req.body).then(() => req.body.length));
    if (n !== undefined) return { data: { updated: n } };
  });

  api.delete<{ Params: P; Body: { networkObjectIds: string[] } }>(`${base}/network_object`, {
    ...edit, schema: { params: projectParams, body: { type: 'object', required: ['networkObjectIds'], additionalProperties: false, properties: { networkObjectIds: idList } } },
  }, async (req, reply) => {
    const n = await batch(req, reply, req.body.networkObjectIds.length, (q) => deleteNetworkObjects(q, current(req).id, req.body.networkObjectIds));
    if (n !== undefined) return { data: { deleted: n } };
  });

  // ---- path_edge ----
  api.post<{ Params: P; Body: PathEdge[] }>(`${base}/path_edge`, { ...edit, schema: { params: projectParams, body: list(pathEdgeSchema) } }, async (req, reply) => {
    const n = await batch(req, reply, req.body.length, (q) => createPathEdges(q, current(req).id, req.body).then(() => req.body.length));
    if (n !== undefined) return reply.status(201).send({ data: { created: n } });
  });
  api.put<{ Params: P; Body: PathEdge[] }>(`${base}/path_edge`, { ...edit, schema: { params: projectParams, body: list(pathEdgeSchema) } }, async (req, reply) => {
    const n = await batch(req, reply, req.body.length, (q) => updatePathEdges(q, current(req).id, req.body).then(() => req.body.length));
    if (n !== undefined) return { data: { updated: n } };
  });
  api.delete<{ Params: P; Body: { ids: string[] } }>(`${base}/path_edge`, {
    ...edit, schema: { params: projectParams, body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: idList } } },
  }, async (req, reply) => {
    const n = await batch(req, reply, req.body.ids.length, (q) => deletePathEdges(q, current(req).id, req.body.ids));
    if (n !== undefined) return { data: { deleted: n } };
  });

  // ---- object_instance ----
  api.get<{ Params: P }>(`${base}/object_instance/all`, { ...view, schema: { params: projectParams } }, async (req, reply) => {
    return reply.type('application/json').send(await instancesJson(req.server.deps.db, current(req).id));
  });
  api.get<{ Params: P & { id: string } }>(`${base}/object_instance/:id`, { ...view, schema: { params: { ...projectParams, required: ['projectId', 'id'], properties: { ...projectParams.properties, id: idSchema } } } }, async (req, reply) => {
    const json = await instancesJson(req.server.deps.db, current(req).id, req.params.id);
    if (json === '[]') unknownId('Object instance', req.params.id);
    return reply.type('application/json').send(json.slice(1, -1));
  });
  api.post<{ Params: P; Body: ObjectInstance[] }>(`${base}/object_instance`, { ...edit, schema: { params: projectParams, body: list(objectInstanceSchema) } }, async (req, reply) => {
    const p = current(req);
    const n = await batch(req, reply, req.body.length, (q) => createInstances(q, p.id, p.family, req.body).then(() => req.body.length));
    if (n !== undefined) return reply.status(201).send({ created: n });
  });
  api.put<{ Params: P; Body: ObjectInstance[] }>(`${base}/object_instance`, { ...edit, schema: { params: projectParams, body: list(objectInstanceSchema) } }, async (req, reply) => {
    const p = current(req);
    const n = await batch(req, reply, req.body.length, (q) => updateInstances(q, p.id, p.family, req.body).then(() => req.body.length));
    if (n !== undefined) return { updated: n };
  });
  api.delete<{ Params: P; Body: (string | ObjectInstance)[] }>(`${base}/object_instance`, {
    ...edit, schema: { params: projectParams, body: { type: 'array', maxItems: 200_000, items: { anyOf: [idSchema, { type: 'object', required: ['id'], properties: { id: idSchema } }] } } },
  }, async (req, reply) => {
    const ids = req.body.map((x) => (typeof x === 'string' ? x : x.id));
    const n = await batch(req, reply, ids.length, (q) => deleteInstances(q, current(req).id, ids));
    if (n !== undefined) return { deleted: n };
  });

  // ---- relations and attribute values ----
  api.post<{ Params: P; Body: Relation[] }>(`${base}/object_instance_relation`, { ...edit, schema: { params: projectParams, body: list(relationSchema) } }, async (req, reply) => {
    const p = current(req);
    const n = await batch(req, reply, req.body.length, (q) => createRelations(q, p.id, p.family, req.body).then(() => req.body.length));
    if (n !== undefined) return reply.status(201).send({ created: n });
  });
  api.delete<{ Params: P; Body: { objectInstanceRelations: Relation[] } }>(`${base}/object_instance_relation`, {
    ...edit, schema: { params: projectParams, body: { type: 'object', required: ['objectInstanceRelations'], additionalProperties: false, properties: { objectInstanceRelations: list(relationSchema) } } },
  }, async (req, reply) => {
    const rels = req.body.objectInstanceRelations;
    const n = await batch(req, reply, rels.length, (q) => deleteRelations(q, current(req).id, rels));
    if (n !== undefined) return { deleted: n };
  });
  api.patch<{ Params: P; Body: AttributeValue[] }>(`${base}/attribute_value`, { ...edit, schema: { params: projectParams, body: list(attributeValueSchema) } }, async (req, reply) => {
    const p = current(req);
    const n = await batch(req, reply, req.body.length, (q) => patchAttributeValues(q, p.id, p.family, req.body).then(() => req.body.length));
    if (n !== undefined) return { updated: n };
  });
}

/** JSON text of the project's object instances (or the one with `id`) with values and relations. */
async function instancesJson(q: Queryable, projectId: number, id?: string): Promise<string> {
  const r = await q.query<{ data: string }>(
    `SELECT coalesce(json_agg(json_build_object('id', i.id, 'objectTypeId', i.object_type_id, 'networkObjectId', i.network_object_id,
       'attributeValues', coalesce((SELECT json_agg(json_build_object('objectInstanceId', a.object_instance_id, 'attributeTypeName', a.attribute_type_name, 'value', a.value) ORDER BY a.attribute_type_name)
          FROM attribute_value a WHERE a.project_id = i.project_id AND a.object_instance_id = i.id), '[]'::json),
       'relationSources', coalesce((SELECT json_agg(json_build_object('fromId', r.from_id, 'toId', r.to_id, 'objectRelationTypeName', r.relation_type_name))
          FROM relation r WHERE r.project_id = i.project_id AND r.from_id = i.id), '[]'::json),
       'relationTargets', coalesce((SELECT json_agg(json_build_object('fromId', r.from_id, 'toId', r.to_id, 'objectRelationTypeName', r.relation_type_name))
          FROM relation r WHERE r.project_id = i.project_id AND r.to_id = i.id), '[]'::json)) ORDER BY i.id), '[]'::json)::text AS data
     FROM object_instance i WHERE i.project_id = $1 AND ($2::text IS NULL OR i.id = $2)`, [projectId, id ?? null]);
  return r.rows[0]?.data ?? '[]';
}
