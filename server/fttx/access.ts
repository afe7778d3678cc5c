// Route options shared by the fttx feature-service routes: a session with network.view (reads) or network.edit
// (writes, refused 403 for viewers), and the project of :projectId in the caller's organisation (404 otherwise;
// writes also 423 while the project is locked by a long operation).
import { requirePolicy } from '../auth/guard';
import { projectParams } from '../network/schemas';
import { current, projectHook } from '../projects/access';
import type { FastifyRequest } from 'fastify';

const params = (extra: Record<string, unknown> = {}) => ({
  type: 'object', required: ['projectId', ...Object.keys(extra)],
  properties: { ...projectParams.properties, ...extra },
});
const idParam = { id: { type: 'string', maxLength: 200 } };

export const readOpts = (withId = false) => ({
  onRequest: requirePolicy('network.view'), preHandler: projectHook({ ignoreLock: true }),
  schema: { params: params(withId ? idParam : {}) },
});
export const writeOpts = (withId = false) => ({
  onRequest: requirePolicy('network.edit'), preHandler: projectHook(),
  schema: { params: params(withId ? idParam : {}) },
});
export const topologyOpts = () => ({
  onRequest: requirePolicy('network.view'), preHandler: projectHook({ ignoreLock: true }),
  schema: { params: params({ topologyId: { type: 'string', minLength: 1, maxLength: 200 } }) },
});

export const projectId = (req: FastifyRequest) => current(req).id;
