// Shared harness for the server integration tests: starts the real server on a free loopback port with in-memory
// PGlite (or, when TEST_DATABASE_URL is set, on that PostgreSQL in a fresh schema per call) and the demo seed (users;
// the demo project only with `demoProject: true`), and gives HTTP helpers. Start ONE server per test file (beforeAll) —
// PGlite takes a few seconds to start.
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { configFromEnv, type ServerConfig } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/server';
import type { Db } from '../../../server/db/db';

export const DEMO_PASSWORD = 'demo1234';

export interface ApiResponse<T = any> { status: number; body: T; text: string; headers: Headers }
export interface RequestOptions { body?: unknown; raw?: string; headers?: Record<string, string>; contentType?: string }

export interface Api {
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = any>(path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse<T>>;
}

export interface TestServer {
  url: string;
  db: Db;
  server: RunningServer;
  config: ServerConfig;
  /** Signs in (password defaults to the demo password) and returns the session token; throws on failure. */
  login(email: string, password?: string): Promise<string>;
  /** HTTP helper sending JSON with `Authorization: Bearer token` when a token is given. Paths start with /api. */
  api(token?: string): Api;
  close(): Promise<void>;
}

export interface TestServerOptions {
  demoSeed?: boolean;
  /** Seed the ~2,200-edge demo FTTH project (slow: seconds per start). Default false (TEST_DEMO_PROJECT=on: always): only files that read it ask. */
  demoProject?: boolean;
  demoPassword?: string;
  /** Overrides of the sign-in settings (fake captcha, fake OpenID Connect provider, mail catcher, short TTLs). */
  auth?: ServerConfig['auth'];
}

export const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

export function makeApi(url: string, token?: string): Api {
  const request = async <T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) { body = opts.raw; headers['content-type'] = opts.contentType ?? 'application/json'; }
    else if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] = 'application/json'; }
    const r = await fetch(url + path, { method, headers, body });
    const text = await r.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : undefined; } catch { /* text answer */ }
    return { status: r.status, body: parsed as T, text, headers: r.headers };
  };
  return {
    request,
    get: (p, o) => request('GET', p, o),
    post: (p, b, o) => request('POST', p, { ...o, body: b }),
    put: (p, b, o) => request('PUT', p, { ...o, body: b }),
    patch: (p, b, o) => request('PATCH', p, { ...o, body: b }),
    delete: (p, b, o) => request('DELETE', p, { ...o, body: b }),
  };
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dbUrl = process.env.TEST_DATABASE_URL || undefined;
  const schema = dbUrl ? `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}` : undefined;
  const config: ServerConfig = {
    ...configFromEnv({ ...process.env, DATABASE_URL: dbUrl ?? '' }),
    port: 0, host: '127.0.0.1', demoSeed: opts.demoSeed ?? true, demoProject: opts.demoProject ?? process.env.TEST_DEMO_PROJECT === 'on',
    demoPassword: opts.demoPassword ?? DEMO_PASSWORD,
    auth: opts.auth,
  };
  const server = await startServer(config, dbUrl ? { schema } : { memory: true });
  const url = server.url;
  return {
    url, db: server.db, server, config,
    async login(email, password = config.demoPassword) {
      const r = await makeApi(url).post('/api/user/login', { email, password: sha512(password), language: 'en' });
      if (r.status !== 200 || typeof r.body?.sessionId !== 'string') {
        throw new Error(`login ${email} failed: ${r.status} ${r.text}`);
      }
      return r.body.sessionId as string;
    },
    api: (token) => makeApi(url, token),
    async close() {
      await server.close();
      if (dbUrl && schema) {
        const c = new pg.Client({ connectionString: dbUrl });
        await c.connect();
        try { await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`); } finally { await c.end(); }
      }
    },
  };
}
