// Registers the fttx feature service of spec 3 §7 under /api/project/{id}/fttx (issue 12): reads, generic writes,
// cap/vbo, distribution points, cables and trenches. POST /fttx/features (file import) lives in
// server/uploads/import-routes.ts. Semantics per call: server/README.md "fttx feature service".
import type { FastifyInstance } from 'fastify';
import { useStrictValidation } from '../network/validator';
import { readRoutes } from './reads';
import { writeRoutes } from './writes';
import { capVboRoutes } from './cap-vbo';
import { dpRoutes } from './dp';
import { cableRoutes } from './cables';

export async function fttxRoutes(api: FastifyInstance): Promise<void> {
  useStrictValidation(api);
  await api.register(readRoutes);
  await api.register(writeRoutes);
  await api.register(capVboRoutes);
  await api.register(dpRoutes);
  await api.register(cableRoutes);
}
