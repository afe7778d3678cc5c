// Registers every route group under /api. Each group lives in its own file and registers itself here.
import type { FastifyInstance } from 'fastify';
import { heartbeatRoutes } from './heartbeat';
import { sessionRoutes } from '../users/session-routes';
import { userRoutes } from '../users/user-routes';
import { accountRoutes } from '../users/account-routes';
import { settingsRoutes } from '../users/settings-routes';
import { ssoRoutes } from '../users/sso-routes';
import { projectGroups } from '../projects/register';
import { geoserverRoutes } from '../geoserver/routes';
import { proxyRoutes } from './proxy';
import { cyclomediaRoutes } from './cyclomedia';
import { demarcationRoutes } from './demarcation';
import { geodataRoutes } from '../geodata/routes';
import { fttxRoutes } from '../fttx/routes';
import { materialRoutes } from '../materials/routes';
import { statisticsRoutes } from '../statistics/routes';

export async function registerRoutes(api: FastifyInstance): Promise<void> {
  await api.register(heartbeatRoutes);
  await api.register(sessionRoutes);
  await api.register(userRoutes);
  await api.register(accountRoutes);
  await api.register(settingsRoutes);
  await api.register(ssoRoutes);
  await api.register(projectGroups);
  await api.register(geoserverRoutes);
  await api.register(proxyRoutes);
  await api.register(cyclomediaRoutes);
  await api.register(demarcationRoutes);
  await api.register(geodataRoutes);
  await api.register(fttxRoutes);
  await api.register(materialRoutes);
  await api.register(statisticsRoutes);
}
