// Builds the Fastify application: API routes under /api, the built web app from dist/ with index.html as the
// fallback for app routes (so reloading any URL works), and a uniform {error, message} error body.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { Db } from './db/db';
import type { ServerConfig } from './config';
import { registerRoutes } from './routes/index';
import { installAuth } from './auth/guard';

export interface AppDeps { db: Db; config: ServerConfig }

declare module 'fastify' {
  interface FastifyInstance { deps: AppDeps }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  app.decorate('deps', deps);

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown; code?: string }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) app.log.error(err);
    reply.status(status).send({ error: err.code ?? (status >= 500 ? 'internal_error' : 'bad_request'), message: err.message });
  });

  await app.register(async (api) => { installAuth(api); await registerRoutes(api); }, { prefix: '/api' });

  const dist = deps.config.distDir;
  if (existsSync(dist)) {
    await app.register(fastifyStatic, { root: dist, wildcard: false });
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !/\.[a-z0-9]+(\?.*)?$/i.test(req.url)) {
        return reply.type('text/html').sendFile('index.html');
      }
      reply.status(404).send({ error: 'not_found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
    });
  }
  return app;
}
