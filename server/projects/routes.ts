// Project routes (spec 2 §7 "Projects and types"): list for the dashboard (GET /api/project/all, paged, caller's
// organisation), get, create, edit, restore, delete {permaDelete}, unlock, in-use, properties, property types,
// event log. Project types and workflow states live in server/catalogue/routes.ts.
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectFor, projectHook, projectWire } from './access';
import { projectParams } from '../network/schemas';
import { unlockProject } from '../locking/lock';
import { withSummaries } from './summary';
import { eventsOf } from './event-log';
import {
  createProject, deleteProject, editProject, inUse, listProjects, logEvent, markInUse, propertyValues, restoreProject,
  setProperties, typeName, type NewProject,
} from './store';

type P = { projectId: number };
const name = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const settings = { type: 'object', maxProperties: 1000 } as const;
const propertyValue = {
  type: 'object', required: ['propertyTypeName', 'value'], additionalProperties: true,
  properties: { propertyTypeName: { type: 'string', minLength: 1, maxLength: 100 }, value: { type: ['string', 'null'], maxLength: 10_000 } },
} as const;

export async function projectRoutes(api: FastifyInstance): Promise<void> {
  api.get<{ Querystring: { page: number; size: number; deleted: boolean; search?: string } }>('/project/all', {
    onRequest: requirePolicy('project.view'),
    schema: {
      querystring: {
        type: 'object', additionalProperties: false,
        properties: {
          page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 }, size: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          deleted: { type: 'boolean', default: false }, search: { type: 'string', maxLength: 200 },
        },
      },
    },
  }, async (req) => {
    const { db } = req.server.deps;
    const page = await listProjects(db, req.user.role === 'root' ? null : req.user.organisationId, req.query.page, req.query.size,
      { deleted: req.query.deleted, search: req.query.search });
    return { ...page, data: await withSummaries(db, page.data) };
  });

  api.get('/project/project/property/type/all', { onRequest: requirePolicy('project.view') }, async (req) => {
    const r = await req.server.deps.db.query<{ name: string; type: string; description: string | null }>('SELECT name, type, description FROM project_property_type ORDER BY name');
    return r.rows;
  });

  api.get<{ Params: P }>('/project/:projectId', { onRequest: requirePolicy('project.view'), preHandler: projectHook(), schema: { params: projectParams } }, async (req) => {
    const p = current(req);
    return { ...projectWire(p, await typeName(req.server.deps.db, p.project_type_id)), properties: await propertyValues(req.server.deps.db, p.id) };
  });

  api.post<{ Body: NewProject }>('/project', {
    onRequest: requirePolicy('project.create_and_edit'),
    schema: {
      body: {
        type: 'object', required: ['name', 'projectTypeId'], additionalProperties: false,
        properties: {
          name, projectTypeId: { type: 'integer' }, projectSubTypeId: { type: ['integer', 'null'] }, step: { type: 'integer', minimum: 0, maximum: 100 },
          settings, levelOfDetail: { type: 'string', enum: ['Low', 'Medium', 'High'] },
          properties: { type: 'array', maxItems: 100, items: propertyValue },
        },
      },
    },
  }, async (req, reply) => {
    const p = await createProject(req.server.deps.db, req.user.organisationId, req.user.id, req.body);
    return reply.status(201).send(projectWire(p, await typeName(req.server.deps.db, p.project_type_id)));
  });

  api.put<{ Params: P; Body: { name?: string; step?: number; settings?: Record<string, unknown>; projectSubTypeId?: number | null; levelOfDetail?: string } }>('/project/edit/:projectId', {
    onRequest: requirePolicy('project.create_and_edit'), preHandler: projectHook(),
    schema: {
      params: projectParams,
      body: {
        type: 'object', additionalProperties: false, minProperties: 1,
        properties: { name, step: { type: 'integer', minimum: 0, maximum: 100 }, settings, projectSubTypeId: { type: ['integer', 'null'] }, levelOfDetail: { type: 'string', enum: ['Low', 'Medium', 'High'] } },
      },
    },
  }, async (req) => projectWire(await editProject(req.server.deps.db, current(req).id, req.body)));

  api.post<{ Params: P }>('/project/:projectId/restore', { onRequest: requirePolicy('project.restore'), schema: { params: projectParams } }, async (req, reply) => {
    const p = await projectFor(req, reply, req.params.projectId, { allowDeleted: true });
    const restored = await restoreProject(req.server.deps.db, p.id);
    await logEvent(req.server.deps.db, p.id, req.user.id, 'PROJECT_RESTORED');
    return projectWire(restored);
  });

  api.delete<{ Params: P; Body?: { permaDelete?: boolean } }>('/project/:projectId', {
    onRequest: requirePolicy('project.delete'),
    schema: { params: projectParams, body: { type: ['object', 'null'], additionalProperties: false, properties: { permaDelete: { type: 'boolean' } } } },
  }, async (req, reply) => {
    const perma = req.body?.permaDelete === true;
    const p = await projectFor(req, reply, req.params.projectId, { allowDeleted: perma });
    await deleteProject(req.server.deps.db, p.id, perma);
    if (!perma) await logEvent(req.server.deps.db, p.id, req.user.id, 'PROJECT_DELETED');
    return { success: true, id: p.id, permaDelete: perma };
  });

  api.patch<{ Params: P }>('/project/:projectId/unlock', { onRequest: requirePolicy('project.unlock'), preHandler: projectHook({ ignoreLock: true }), schema: { params: projectParams } }, async (req, reply) => {
    const p = current(req);
    await unlockProject(req.server.deps.db, p.id, null, 'succeeded');
    await logEvent(req.server.deps.db, p.id, req.user.id, 'PROJECT_UNLOCKED');
    const after = await projectFor(req, reply, p.id, { ignoreLock: true });
    return projectWire(after);
  });

  api.post<{ Params: P; Body: { userId: number } }>('/project/:projectId/in-use', {
    onRequest: requirePolicy('project.view'), preHandler: projectHook(),
    schema: { params: projectParams, body: { type: 'object', required: ['userId'], additionalProperties: false, properties: { userId: { type: 'integer' } } } },
  }, async (req) => {
    if (req.body.userId !== req.user.id) throw new HttpError(403, 'forbidden', `userId ${req.body.userId} is not the signed-in user.`);
    await markInUse(req.server.deps.db, current(req).id, req.user.id);
    return inUse(req.server.deps.db, current(req).id);
  });
  api.get<{ Params: P }>('/project/:projectId/in-use', { onRequest: requirePolicy('project.view'), preHandler: projectHook(), schema: { params: projectParams } },
    async (req) => inUse(req.server.deps.db, current(req).id));

  api.put<{ Params: P; Body: { values: { propertyTypeName: string; value: string | null }[] } }>('/project/:projectId/property/value', {
    onRequest: requirePolicy('project.create_and_edit'), preHandler: projectHook(),
    schema: { params: projectParams, body: { type: 'object', required: ['values'], additionalProperties: false, properties: { values: { type: 'array', maxItems: 100, items: propertyValue } } } },
  }, async (req) => {
    const { db } = req.server.deps;
    await db.tx((q) => setProperties(q, current(req).id, req.body.values));
    return propertyValues(db, current(req).id);
  });
  api.get<{ Params: P }>('/project/:projectId/property/value/all', { onRequest: requirePolicy('project.view'), preHandler: projectHook(), schema: { params: projectParams } },
    async (req) => propertyValues(req.server.deps.db, current(req).id));

  api.post<{ Body: { projectId: number; userId: number; type: string } }>('/event_log', {
    onRequest: requirePolicy('event_log.write'),
    schema: {
      body: {
        type: 'object', required: ['projectId', 'userId', 'type'], additionalProperties: false,
        properties: { projectId: { type: 'integer', minimum: 1, maximum: 2147483647 }, userId: { type: 'integer' }, type: { type: 'string', pattern: '^[A-Z][A-Z_]{0,63}$' } },
      },
    },
  }, async (req, reply) => {
    if (req.body.userId !== req.user.id) throw new HttpError(403, 'forbidden', `userId ${req.body.userId} is not the signed-in user.`);
    const p = await projectFor(req, reply, req.body.projectId, { ignoreLock: true });
    await logEvent(req.server.deps.db, p.id, req.user.id, req.body.type);
    return reply.status(201).send({ success: true });
  });
  api.get<{ Params: P }>('/project/:projectId/event_log', { onRequest: requirePolicy('project.view'), preHandler: projectHook({ ignoreLock: true }), schema: { params: projectParams } }, async (req) => {
    const r = await req.server.deps.db.query<{ user_id: number; type: string; created_at: string }>(
      'SELECT user_id, type, created_at FROM event_log WHERE project_id = $1 ORDER BY id', [current(req).id]);
    return r.rows.map((e) => ({ projectId: current(req).id, userId: e.user_id, type: e.type, createdAt: e.created_at }));
  });
}
