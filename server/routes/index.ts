// Registers every route group under /api. Each group lives in its own file and registers itself here.
import type { FastifyInstance } from 'fastify';
import { heartbeatRoutes } from './heartbeat';

export async function registerRoutes(api: FastifyInstance): Promise<void> {
  await api.register(heartbeatRoutes);
}
