// Clash detection calls (issue 14; the spec names no clash calls, see server/README.md): POST
// /api/project/{id}/clashes/run runs every clash rule over the stored project and stores the clashes as `clash`
// features of the `clashes` layer; PATCH /api/project/{id}/clashes/{clashId} {status} changes one clash's status
// (clashId: the stored uuid or the clash id `rule:object:reference`). Both are project writes of the validation
// service (policy validation.run: editors), behind the project access checks (404 unknown, 423 locked).
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { current, projectHook } from '../projects/access';
import { projectParams } from '../network/schemas';
import { CLASH_STATUSES, type ClashStatus } from '../../engine/index';
import { runProjectClashes, setClashStatus } from './run';

export async function clashRoutes(api: FastifyInstance): Promise<void> {
  api.post<{ Params: { projectId: number }; Body: { scenarioId?: number } | null }>('/project/:projectId/clashes/run', {
    onRequest: requirePolicy('validation.run'), preHandler: projectHook(),
    schema: {
      params: projectParams,
      body: { type: ['object', 'null'], additionalProperties: false, properties: { scenarioId: { type: 'integer', minimum: 0 } } },
    },
  }, async (req) => {
    const p = current(req);
    return runProjectClashes(req.server.deps.db, p, req.body?.scenarioId);
  });

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
