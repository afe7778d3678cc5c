// GET /api/user/heartbeat: public liveness check, answers text.
import type { FastifyInstance } from 'fastify';

export async function heartbeatRoutes(api: FastifyInstance): Promise<void> {
  api.get('/user/heartbeat', { config: { public: true } }, async (_req, reply) => reply.type('text/plain').send('ok'));
}
