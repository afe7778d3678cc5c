// Registers the project-side route groups (projects, catalogue, network, settings, profiles, validations, uploads) in
// one encapsulated scope with strict body validation, realtime events, and an error handler that turns database
// constraint races (two editors saving the same id at once) into 409 instead of 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { useStrictValidation } from '../network/validator';
import { attachRealtime } from '../locking/realtime';
import { projectRoutes } from './routes';
import { managementRoutes } from './management-routes';
import { adminSettingsRoutes } from './admin-settings-routes';
import { catalogueRoutes } from '../catalogue/routes';
import { networkRoutes } from '../network/routes';
import { networkExtentRoutes } from '../network/extent';
import { settingsStoreRoutes } from './settings-routes';
import { profileRoutes } from './profile-routes';
import { validationRoutes } from '../validation/routes';
import { clashRoutes } from '../clash/routes';
import { routeDeterminationRoutes } from '../routing/routes';
import { uploadRoutes } from '../uploads/routes';
import { uploadImportRoutes } from '../uploads/import-routes';

const PG_CONFLICT: Record<string, [number, string, string]> = {
  '23505': [409, 'duplicate_id', 'An id in the batch already exists'],
  '23503': [409, 'missing_reference', 'The batch refers to something that does not exist, or deletes something still in use'],
  '23514': [409, 'integrity', 'The batch breaks a rule of the network'],
  '40001': [409, 'conflict', 'A concurrent change conflicted; retry'],
  '40P01': [409, 'conflict', 'A concurrent change conflicted; retry'],
  '22P02': [400, 'bad_request', 'A value has the wrong form'],
  '22003': [400, 'bad_request', 'A number is out of range'],
  '54000': [400, 'bad_request', 'A value is too large'],
};

export async function projectGroups(api: FastifyInstance): Promise<void> {
  useStrictValidation(api);
  api.setErrorHandler((err: FastifyError & { detail?: string }, _req, reply) => {
    const pg = err.code ? PG_CONFLICT[err.code] : undefined;
    if (pg) return reply.status(pg[0]).send({ error: pg[1], message: `${pg[2]}${err.detail ? `: ${err.detail}` : '.'}` });
    if (err.validation) return reply.status(400).send({ error: 'bad_request', message: err.message });
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) api.log.error(err);
    return reply.status(status).send({ error: err.code ?? (status >= 500 ? 'internal_error' : 'bad_request'), message: err.message });
  });
  await attachRealtime(api, api.deps.db);
  await api.register(projectRoutes);
  await api.register(managementRoutes);
  await api.register(adminSettingsRoutes);
  await api.register(catalogueRoutes);
  await api.register(networkExtentRoutes);
  await api.register(networkRoutes);
  await api.register(settingsStoreRoutes);
  await api.register(profileRoutes);
  await api.register(validationRoutes);
  await api.register(clashRoutes);
  await api.register(routeDeterminationRoutes);
  await api.register(uploadRoutes);
  await api.register(uploadImportRoutes);
}
