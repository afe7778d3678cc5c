// Project locking (spec 1 §4, spec 2 §8): a long operation locks the project, other calls get 423 with the
// X-Project-Locked header, and unlocking emits socket.io `project_unlocked` {operationId, project, status} to the
// project's room — also to clients of a second app process on the same database (PostgreSQL LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type Api, type TestServer } from './support/server';
import { buildApp } from '../../server/app';
import { openDb, type Db } from '../../server/db/db';
import { lockProject } from '../../server/locking/lock';
import { line } from './network-fixtures';

let ts: TestServer;
let second: { app: FastifyInstance; db: Db; url: string; ownDb: boolean };
let token: string;
let eng: Api;
let pid: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  ts = await startTestServer();
  // A second app process on the same database: on PostgreSQL its own pool and LISTEN connection; on PGlite (one
  // process per data directory) a second Fastify app sharing the embedded database.
  const url = process.env.TEST_DATABASE_URL;
  let db = ts.db;
  if (url) {
    const schema = (await ts.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s;
    db = await openDb({ databaseUrl: url, schema });
  }
  const app = await buildApp({ db, config: ts.config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  second = { app, db, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, ownDb: !!url };
  token = await ts.login('engineer@demo.example');
  eng = ts.api(token);
  pid = (await eng.post('/api/project', { name: 'Lock test', projectTypeId: 10 })).body.id;
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await second?.app.close();
  if (second?.ownDb) await second.db.close();
  await ts?.close();
});

function client(url: string): Promise<Socket> {
  const s = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(s);
  return new Promise((res, rej) => { s.on('connect', () => res(s)); s.on('connect_error', rej); });
}
const join = (s: Socket, id: number) => new Promise<{ ok: boolean }>((res) => s.emit('join_project', id, res));
const nextUnlock = (s: Socket) => new Promise<any>((res) => s.once('project_unlocked', res));

describe('project lock', () => {
  it('answers calls on a locked project with 423 and the X-Project-Locked header, on both processes', async () => {
    const op = await lockProject(ts.db, pid, 'network_recalculation_project_locked');
    expect(op).toBeTruthy();
    const r = await eng.get(`/api/project/${pid}/network_object/all`);
    expect(r.status).toBe(423);
    expect(r.headers.get('x-project-locked')).toBe('network_recalculation_project_locked');
    const r2 = await ts.api(token).request('GET', `/api/project/${pid}`, {}).then(() => fetch(`${second.url}/api/project/${pid}`, { headers: { authorization: `Bearer ${token}` } }));
    expect(r2.status).toBe(423);
    expect(r2.headers.get('x-project-locked')).toBeTruthy();
  });

  it('emits project_unlocked to a client of the OTHER process when one process unlocks', async () => {
    const s = await client(second.url);
    expect((await join(s, pid)).ok).toBe(true);
    const got = nextUnlock(s);
    const u = await eng.patch(`/api/project/${pid}/unlock`);
    expect(u.status).toBe(200);
    const ev = await got;
    expect(ev).toMatchObject({ status: 'succeeded', project: { id: pid, name: 'Lock test', projectTypeId: 10, step: 0, settings: {} } });
    expect(typeof ev.operationId).toBe('string');
    expect((await eng.get(`/api/project/${pid}`)).status).toBe(200);
  });

  it('refuses to join the room of another organisation\'s project', async () => {
    const otherToken = await ts.login('engineer@other.example');
    const s = connect(ts.url, { path: '/socket.io', auth: { token: otherToken }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    await new Promise<void>((res) => { s.on('connect', () => res()); });
    expect((await join(s, pid)).ok).toBe(false);
  });

  it('a long batch locks the project, is answered 202 with the header when it runs long, then unlocks with an event', async () => {
    process.env.LONG_OPERATION_ITEMS = '3';
    process.env.LONG_OPERATION_REPLY_MS = '0';
    try {
      const s = await client(ts.url);
      await join(s, pid);
      const got = nextUnlock(s);
      const r = await eng.post(`/api/project/${pid}/network_object`, line('long-'));
      expect(r.status).toBe(202);
      expect(r.headers.get('x-project-locked')).toBe('operation_took_to_long_project_locked');
      const ev = await got;
      expect(ev).toMatchObject({ operationId: r.body.operationId, status: 'succeeded', project: { id: pid } });
      const all = await eng.get(`/api/project/${pid}/network_object/all?includeWithoutObjectInstances=true`);
      expect(all.status).toBe(200);
      expect(all.body.data).toHaveLength(6);
    } finally {
      delete process.env.LONG_OPERATION_ITEMS;
      delete process.env.LONG_OPERATION_REPLY_MS;
    }
  });
});
