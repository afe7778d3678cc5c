// Starts the real server once for the browser tests: the built app from dist/, in-memory PGlite with the demo data,
// on a free loopback port. Tests read the address with inject('baseUrl').
import type { TestProject } from 'vitest/node';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { configFromEnv } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string }
}

let server: RunningServer | undefined;

export default async function setup(project: TestProject) {
  const distDir = resolve(process.env.E2E_DIST || 'dist'); // E2E_DIST: another build folder (e.g. `vite build --outDir dist-x`)
  if (!existsSync(resolve(distDir, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` before the browser tests (npm test does).');
  const config = { ...configFromEnv({ ...process.env, DATABASE_URL: '' }), port: 0, host: '127.0.0.1', distDir, demoSeed: true };
  server = await startServer(config, { memory: true });
  project.provide('baseUrl', server.url);
  return async () => { await server?.close(); };
}
