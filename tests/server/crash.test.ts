// Crash test: the server runs as a child process (tsx server/main.ts) on a PGlite data directory (or on
// TEST_DATABASE_URL in a private schema); it is killed with SIGKILL in the middle of a large batch and restarted on
// the same data. The batch must then be either fully there or fully absent — never half.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import { makeApi, sha512 } from './support/server';
import type { NetworkObject } from '../../engine/types';

const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
const dbUrl = process.env.TEST_DATABASE_URL;
const schema = `crash_${Date.now().toString(36)}`;
let child: ChildProcess | undefined;

const freePort = () => new Promise<number>((res) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => res(p)); }); });

async function start(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_SEED: 'on', DEMO_PROJECT: 'off', DIST_DIR: join(dataDir, 'no-dist'), LONG_OPERATION_ITEMS: '1000000' };
  if (dbUrl) env.DATABASE_URL = `${dbUrl}${dbUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
  else delete env.DATABASE_URL;
  const c = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((res, rej) => {
    let out = '';
    const t = setTimeout(() => rej(new Error(`server did not start: ${out}`)), 90_000);
    c.stdout!.on('data', (d) => { out += d; if (out.includes('Server running')) { clearTimeout(t); res(); } });
    c.stderr!.on('data', (d) => { out += d; });
    c.on('exit', (code) => { clearTimeout(t); rej(new Error(`server exited ${code}: ${out}`)); });
  });
  return c;
}

function batch(prefix: string, n: number): NetworkObject[] {
  const out: NetworkObject[] = [];
  for (let i = 0; i < n; i++) out.push({ id: `${prefix}${i}`, projectId: undefined as never, node: { geometry: { type: 'Point', coordinates: [i, i % 100] } } });
  return JSON.parse(JSON.stringify(out));
}

afterAll(async () => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (dbUrl) { const c = new pg.Client({ connectionString: dbUrl }); await c.connect(); await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`); await c.end(); }
});

describe('crash during a batch', () => {
  it('after kill -9 mid-batch and restart, the batch is fully there or fully absent', async () => {
    if (dbUrl) { const c = new pg.Client({ connectionString: dbUrl }); await c.connect(); await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`); await c.end(); }
    const port = await freePort();
    child = await start(port);
    const url = `http://127.0.0.1:${port}`;
    const login = async () => (await makeApi(url).post('/api/user/login', { email: 'engineer@demo.example', password: sha512('demo1234'), language: 'en' })).body.sessionId as string;
    let api = makeApi(url, await login());
    const pid = (await api.post('/api/project', { name: 'Crash', projectTypeId: 10 })).body.id as number;
    const N = 20_000;
    const t0 = Date.now();
    expect((await api.post(`/api/project/${pid}/network_object`, batch('warm-', N))).status).toBe(201);
    const took = Date.now() - t0;

    const pending = api.post(`/api/project/${pid}/network_object`, batch('crash-', N)).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, Math.max(50, Math.round(took * 0.6))));
    child.kill('SIGKILL');
    await pending;
    await new Promise((r) => child!.once('exit', r));

    child = await start(port);
    api = makeApi(url, await login());
    const all = await api.get(`/api/project/${pid}/network_object/all?includeWithoutObjectInstances=true`);
    expect(all.status).toBe(200);
    const ids: string[] = all.body.data.map((o: { id: string }) => o.id);
    expect(ids.filter((i) => i.startsWith('warm-'))).toHaveLength(N);
    const crashed = ids.filter((i) => i.startsWith('crash-')).length;
    expect([0, N]).toContain(crashed);
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = undefined;
  });
});
