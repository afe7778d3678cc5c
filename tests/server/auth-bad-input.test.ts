// Bad input on every user/session route with a body: malformed JSON, a wrong body type, wrong field types, missing
// fields, 10 MB strings and SQL-looking strings. Each gets a clear 4xx {error, message}, never a 5xx, and the user
// tables are unchanged (dump before/after).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, sha512, type TestServer } from './support/server';
import { dumpTables } from './support/dump';

let s: TestServer;
let admin = '';
let viewerId = 0;
beforeAll(async () => {
  s = await startTestServer({ auth: { maxAddressFailures: 100000 } });
  admin = await s.login('admin@demo.example');
  viewerId = (await s.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'viewer@demo.example'`)).rows[0].id;
});
afterAll(async () => { await s?.close(); });

interface Route { label: string; method: string; path: () => string; auth: boolean; fields: string[]; required: boolean; array?: boolean }
const R = (method: string, path: string | (() => string), auth: boolean, fields: string[], required = true, array = false): Route =>
  ({ label: `${method} ${typeof path === 'string' ? path : path.toString().match(/`([^`]+)`/)![1].replace(/\$\{\w+\}/, '{id}')}`,
    method, path: typeof path === 'string' ? () => path : path, auth, fields, required, array });

const ROUTES: Route[] = [
  R('POST', '/api/user/login', false, ['email', 'password', 'totp', 'language']),
  R('POST', '/api/user/session', false, ['sessionId']),
  R('POST', '/api/user/totp/enabled', false, ['email', 'password']),
  R('POST', '/api/user/totp/activate', true, ['totp']),
  R('POST', '/api/user', true, ['email', 'name', 'role', 'language', 'active', 'password', 'organisationId']),
  R('PUT', () => `/api/user/${viewerId}`, true, ['email', 'name', 'role', 'language', 'active', 'password', 'organisationId', 'totpEnabled'], false),
  R('POST', () => `/api/user/permission/${viewerId}`, true, ['permissions']),
  R('POST', '/api/user/email', true, ['email']),
  R('POST', '/api/user/agreement/accept', true, ['version'], false),
  R('POST', '/api/user/tokens/password', false, ['email']),
  R('POST', '/api/user/password/reset', false, ['password', 'token']),
  R('POST', '/api/user/activate', false, ['token', 'password']),
  R('POST', '/api/user/signup', false, ['name', 'email', 'password', 'recaptcha', 'language']),
  R('POST', '/api/user/create-root', false, ['name', 'email', 'password', 'organisation', 'language']),
  R('POST', '/api/user/adfs/login', false, ['code', 'state']),
  R('POST', '/api/user/verify-sso', false, ['accessToken', 'userInfo']),
  R('PATCH', '/api/user/settings/cyclomedia', true, ['username', 'enabled'], false),
  R('PATCH', '/api/user/settings/profiles', true, ['profiles', 'ignoreProfileRefreshTimeStamps'], false),
  R('PATCH', '/api/user/layer_setting', true, ['layerName', 'layerStyle', 'mapContext', 'opacity', 'visible'], true, true),
  R('PATCH', '/api/user/layer_setting/dp', true, ['layerName', 'layerStyle', 'opacity', 'visible'], true, true),
];

const wrap = (r: Route, o: Record<string, unknown>) => (r.array ? [o] : o);

async function expectRefused(r: Route, opts: { raw?: string; body?: unknown }) {
  const before = await dumpTables(s.db);
  const res = await s.api(r.auth ? admin : undefined).request(r.method, r.path(), opts);
  expect(res.status, `${r.method} ${r.path()} → ${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, res.text.slice(0, 200)).toBeLessThan(500);
  expect(typeof res.body?.error).toBe('string');
  expect(typeof res.body?.message).toBe('string');
  expect(await dumpTables(s.db)).toBe(before);
  return res;
}

describe('bad input on user routes', () => {
  for (const r of ROUTES) {
    const label = r.label;
    it(`${label}: malformed JSON → 400`, async () => {
      const res = await expectRefused(r, { raw: '{"email": "a@b.c", ' });
      expect(res.status).toBe(400);
    });
    it(`${label}: wrong body type → 400`, async () => {
      expect((await expectRefused(r, { body: r.array ? { not: 'a list' } : ['not', 'an', 'object'] })).status).toBe(400);
    });
    it(`${label}: wrong type in every field → 400 naming a field`, async () => {
      const body = Object.fromEntries(r.fields.map((f) => [f, [{ wrong: true }]]));
      const res = await expectRefused(r, { body: wrap(r, body) });
      expect(res.status).toBe(400);
      expect(r.fields.some((f) => res.body.message.includes(f)), res.body.message).toBe(true);
    });
    if (r.required) {
      it(`${label}: missing fields → 400 naming the field`, async () => {
        const res = await expectRefused(r, { body: r.array ? [{}] : {} });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/required property '(\w+)'/);
      });
    }
  }

  for (const r of ROUTES.filter((x) => ['/api/user/login', '/api/user', '/api/user/signup', '/api/user/layer_setting/dp'].includes(x.path()))) {
    it(`${r.method} ${r.path()}: a 10 MB string → 400, nothing written`, async () => {
      const big = 'x'.repeat(10 * 1024 * 1024);
      const field = r.fields.find((f) => ['name', 'email', 'layerName'].includes(f))!;
      const res = await expectRefused(r, { body: wrap(r, { email: 'a@b.example', password: sha512('x'), name: 'n', role: 'viewer', recaptcha: 'x', layerName: 'l', [field]: big }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    });
  }

  it('unknown and out-of-range ids → 404 / 400, never 5xx', async () => {
    for (const p of ['/api/user/2147483647', '/api/user/policies/2147483000']) {
      expect((await s.api(admin).get(p)).status).toBe(404);
    }
    for (const p of ['/api/user/99999999999', '/api/user/-1', '/api/user/abc', "/api/user/1%27%20OR%201=1"]) {
      const r = await s.api(admin).get(p);
      expect([400, 404], `${p} → ${r.status}`).toContain(r.status);
    }
    expect((await s.api(admin).put('/api/user/2147483647', { name: 'x' })).status).toBe(404);
    expect((await s.api(admin).post('/api/user/recover/2147483647')).status).toBe(404);
  });
});

describe('SQL-looking strings', () => {
  const SQL = ["'; DROP TABLE users; --", "x'OR'1'='1", 'Robert"); DELETE FROM sessions; --', '$1 $2 \\x00 %'];

  it('log in with SQL in e-mail and password: a clean 4xx, tables intact', async () => {
    for (const q of SQL) {
      const email = `${q.replace(/\s/g, '')}@demo.example`;
      const r = await s.api().post('/api/user/login', { email, password: sha512(q) });
      expect([400, 401]).toContain(r.status);
    }
    const r = await s.api().post('/api/user/login', { email: "admin@demo.example' --", password: sha512('demo1234') });
    expect(r.status).toBe(400);
    expect((await s.db.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual({ n: 6 });
  });

  it('stores SQL-looking text verbatim in every text field of a user and of the settings', async () => {
    const me = await s.login('viewer@demo.example');
    for (const q of SQL) {
      const r = await s.api(me).put(`/api/user/${viewerId}`, { name: q });
      expect(r.status).toBe(200);
      expect(r.body.name).toBe(q);
      expect((await s.api(me).patch('/api/user/settings/cyclomedia', { username: q })).body.username).toBe(q);
      const ls = await s.api(me).patch('/api/user/layer_setting/dp', [{ layerName: q, layerStyle: q }]);
      expect(ls.body[0]).toMatchObject({ layerName: q, layerStyle: q });
      expect((await s.api(admin).post('/api/user/email', { email: `${q.replace(/\s/g, '')}@x.example` })).status).toBeLessThan(500);
    }
    expect((await s.db.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual({ n: 6 });
    expect((await s.api(me).get('/api/user/policies/')).status).toBe(200);
  });
});
