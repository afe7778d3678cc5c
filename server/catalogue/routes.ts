// Catalogue routes: project types (both numberings reconciled: id is the layer document's, legacyIds the users
// document's set A), workflow states per project type sorted by step, and a project's object types and object
// relation types (its family's plus the general ones).
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { current, projectHook } from '../projects/access';
import { projectParams } from '../network/schemas';
import { catalogueFor } from './catalogue';
import { unknownId } from '../network/errors';

export async function catalogueRoutes(api: FastifyInstance): Promise<void> {
  api.get('/project_type/all', { onRequest: requirePolicy('catalogue.view') }, async (req) => {
    const r = await req.server.deps.db.query<{ id: number; code: string; key: string; name: string; family: string; legacy_ids: number[]; legacy_name: string | null }>(
      'SELECT * FROM project_type ORDER BY id');
    return r.rows.map((t) => ({ id: t.id, code: t.code, key: t.key, name: t.name, family: t.family, legacyIds: t.legacy_ids, legacyName: t.legacy_name }));
  });

  api.get<{ Params: { id: number } }>('/state/project_type/:id', {
    onRequest: requirePolicy('catalogue.view'),
    schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 0, maximum: 2147483647 } } } },
  }, async (req) => {
    const { db } = req.server.deps;
    const t = await db.query<{ id: number; name: string }>('SELECT id, name FROM project_type WHERE id = $1', [req.params.id]);
    if (!t.rows[0]) unknownId('Project type', req.params.id);
    const r = await db.query<{ id: number; name: string; step: number }>('SELECT id, name, step FROM state WHERE project_type_id = $1 ORDER BY step', [req.params.id]);
    return r.rows.map((s) => ({ id: s.id, name: s.name, step: s.step, projectType: { id: t.rows[0].id, name: t.rows[0].name }, projectTypeId: t.rows[0].id }));
  });

  api.get<{ Params: { projectId: number } }>('/project/:projectId/object_type', {
    onRequest: requirePolicy('catalogue.view'), preHandler: projectHook(), schema: { params: projectParams },
  }, async (req) => [...(await catalogueFor(req.server.deps.db, current(req).family)).objectTypes.values()]);

  api.get<{ Params: { projectId: number } }>('/project/:projectId/object_relation_type', {
    onRequest: requirePolicy('catalogue.view'), preHandler: projectHook(), schema: { params: projectParams },
  }, async (req) => [...(await catalogueFor(req.server.deps.db, current(req).family)).relationTypes.values()]);
}
