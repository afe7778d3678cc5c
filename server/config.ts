// Server configuration from the environment, with the defaults documented in the README.
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  demoSeed: boolean;
  /** Seed the demo FTTH project with the demo data (DEMO_PROJECT=off skips it; users and catalogue are still seeded). */
  demoProject?: boolean;
  demoPassword: string;
  distDir: string;
  /** Overrides of the sign-in settings read from the environment by server/auth/auth-config.ts (tests use this). */
  auth?: Partial<import('./auth/auth-config').AuthConfig>;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demoSeed: (env.DEMO_SEED ?? 'on') !== 'off',
    demoProject: (env.DEMO_PROJECT ?? 'on') !== 'off',
    demoPassword: env.DEMO_PASSWORD ?? 'demo1234',
    distDir: resolve(env.DIST_DIR ?? './dist'),
  };
}
