// Clash detection calls (issue 14; the spec names no clash calls, see server/README.md): POST
// /api/project/{id}/clashes/run runs every clash rule over the stored project and stores the clashes as `clash`
// features of the `clashes` layer; PATCH /api/project/{id}/clashes/{clashId} {status} changes one clash's status
// (clashId: the stored uuid or the clash id `rule:object:reference`); GET …/clashes/references gives the reference
// features for the map's live detection; the run takes `statuses` reviewed on the map before the clashes were stored. Both are project writes of the validation
// service (policy validation.run: editors), behind the project access checks (404 unknown, 423 locked).
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectHook } from '../projects/access';
import { projectParams } from '../network/schemas';
import { CLASH_STATUSES, type ClashStatus } from '../../engine/index';
import { runProjectClashes, setClashStatus, storedReferences } from './run';

export async function clashRoutes(api: FastifyInstance): Promise<void> {
  api.post<{ Params: { projectId: number }; Body: { scenarioId?: number; statuses?: Record<string, ClashStatus> } | null }>('/project/:projectId/clashes/run', {
    onRequest: requirePolicy('validation.run'), preHandler: projectHook(),
    schema: {
      params: projectParams,
      body: {
        type: ['object', 'null'], additionalProperties: false,
        properties: {
          scenarioId: { type: 'integer', minimum: 0 },
          statuses: { type: 'object', maxProperties: 100_000, additionalProperties: { type: 'string', enum: [...CLASH_STATUSES] } },
        },
      },
    },
  }, async (req) => {
    const p = current(req);
    return runProjectClashes(req.server.deps.db, p, req.body?.scenarioId, req.body?.statuses);
  });

  // The reference features the clash rules check (every stored feature but clashes and the demarcation area, KLIC
  // records by their theme's rule layer), for the map's live clash detection.
  api.get<{ Params: { projectId: number } }>('/project/:projectId/clashes/references', {
    onRequest: requirePolicy('project.view'), preHandler: projectHook(), schema: { params: projectParams },
  }, async (req) => storedReferences(req.server.deps.db, current(req).id));

  api.patch<{ Params: { projectId: number; clashId: string }; Body: { status: ClashStatus } }>('/project/:projectId/clashes/:clashId', {
    onRequest: requirePolicy('validation.run'), preHandler: projectHook(),
    schema: {
      params: { ...projectParams, properties: { ...projectParams.properties, clashId: { type: 'string', minLength: 1, maxLength: 1000 } }, required: [...(projectParams.required ?? []), 'clashId'] },
      body: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { type: 'string', enum: [...CLASH_STATUSES] } } },
    },
  }, async (req) => {
    const p = current(req);
    const c = await setClashStatus(req.server.deps.db, p.id, req.params.clashId, req.body.status);
    if (!c) throw new HttpError(404, 'not_found', `Clash ${req.params.clashId} does not exist in project ${p.id}.`);
    return c;
  });
}
