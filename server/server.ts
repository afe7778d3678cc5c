// Starts a server from a configuration: opens the database, migrates, seeds the demo data, listens. Returns a handle
// whose close() stops HTTP and closes the database cleanly (used by main.ts on SIGINT/SIGTERM and by the tests).
import { storedWrites } from './network/scan-stored';
import type { FastifyInstance } from 'fastify';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import type { ServerConfig } from './config';

export interface RunningServer { app: FastifyInstance; db: Db; url: string; close(): Promise<void> }

export async function startServer(config: ServerConfig, opts: { schema?: string; memory?: boolean } = {}): Promise<RunningServer> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: opts.memory ? 'memory://' : config.dataDir, schema: opts.schema });
  await migrate(db);
  if (config.demoSeed) {
    const { seedDemo } = await import('./seed/demo');
    await seedDemo(db, config);
  }
  const app = await buildApp({ db, config });
  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  let closed = false;
  return {
    app, db, url: `http://127.0.0.1:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await storedWrites(); // stored columns still being written (scan-stored.ts)
      await db.close();
    },
  };
}
