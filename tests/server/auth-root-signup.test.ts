// First start without demo users: has-no-root and create-root (public only while no root exists); sign-up with a
// captcha answer checked by the pluggable verifier (a fake here), then activation by the mailed token.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, sha512, type TestServer } from './support/server';
import { dumpTables } from './support/dump';
import type { Mail } from '../../server/auth/auth-config';
import { seedDemoUsers } from '../../server/seed/demo';
import { DEMO_USERS } from '../../server/seed/demo-users';

let s: TestServer;
const mails: Mail[] = [];
const answers: string[] = [];
beforeAll(async () => {
  s = await startTestServer({
    demoSeed: false,
    auth: {
      signupEnabled: true, signupOrganisation: 'self-service',
      captcha: async (answer) => { answers.push(answer); return answer === 'human'; },
      mailer: async (_db, m) => { mails.push(m); },
    },
  });
});
afterAll(async () => { await s?.close(); });

describe('has-no-root and create-root', () => {
  it('reports no root and no demo users when DEMO_SEED is off', async () => {
    expect((await s.api().get('/api/user/has-no-root')).body).toEqual({ hasNoRoot: true });
    expect((await s.db.query('SELECT * FROM users')).rows).toEqual([]);
  });

  it('create-root checks the password rule, then creates an active root without a session', async () => {
    expect((await s.api().post('/api/user/create-root', { name: 'Ruth', email: 'ruth@org.example', password: 'password' })).body.error).toBe('password_rule');
    const r = await s.api().post('/api/user/create-root', { name: 'Ruth', email: 'ruth@org.example', password: 'Secret123', organisation: 'Org' });
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({ role: 'root', active: true, organisationName: 'Org' });
    expect((await s.api().get('/api/user/has-no-root')).body).toEqual({ hasNoRoot: false });
    expect((await s.api().post('/api/user/login', { email: 'ruth@org.example', password: sha512('Secret123') })).status).toBe(200);
  });

  it('a second create-root is refused (403 root_exists) and changes nothing', async () => {
    const before = await dumpTables(s.db);
    const r = await s.api().post('/api/user/create-root', { name: 'Mallory', email: 'mallory@evil.example', password: 'Secret123' });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('root_exists');
    expect(await dumpTables(s.db)).toBe(before);
  });
});

describe('POST /api/user/signup', () => {
  const form = { name: 'Sam Signup', email: 'sam@signup.example', password: 'signmeup1' };

  it('rejects a wrong captcha answer (400 captcha_invalid) and creates nothing', async () => {
    const before = await dumpTables(s.db);
    const r = await s.api().post('/api/user/signup', { ...form, recaptcha: 'robot' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('captcha_invalid');
    expect(answers).toContain('robot');
    expect(await dumpTables(s.db)).toBe(before);
  });

  it('a missing captcha is a 400 naming recaptcha', async () => {
    const r = await s.api().post('/api/user/signup', form);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('recaptcha');
  });

  it('creates an inactive viewer that signs in after activation', async () => {
    const r = await s.api().post('/api/user/signup', { ...form, recaptcha: 'human' });
    expect(r.status).toBe(201);
    const login = () => s.api().post('/api/user/login', { email: form.email, password: sha512(form.password) });
    expect((await login()).body.error).toBe('inactive');
    const mail = mails.find((m) => m.to === form.email && m.kind === 'activation')!;
    expect((await s.api().post('/api/user/activate', { token: mail.token })).status).toBe(200);
    const ok = await login();
    expect(ok.status).toBe(200);
    const me = await s.api().post('/api/user/session', { sessionId: ok.body.sessionId });
    expect(me.body.user).toMatchObject({ role: 'viewer', organisationName: 'self-service' });
    expect((await s.api().post('/api/user/signup', { ...form, recaptcha: 'human' })).status).toBe(409);
  });
});

describe('demo users seed', () => {
  it('creates organisations demo and other with one user per role, once, with the DEMO_PASSWORD', async () => {
    await seedDemoUsers(s.db, { ...s.config, demoPassword: 'seeded42' });
    await seedDemoUsers(s.db, { ...s.config, demoPassword: 'other99x' });
    const rows = (await s.db.query<{ email: string; role: string; org: string }>(
      `SELECT u.email, u.role, o.name AS org FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE u.email LIKE '%.example' AND o.name IN ('demo', 'other') ORDER BY u.id`)).rows;
    expect(rows).toEqual(DEMO_USERS.map((u) => ({ email: u.email, role: u.role, org: u.organisation })));
    expect((await s.api().post('/api/user/login', { email: 'root@demo.example', password: sha512('seeded42') })).status).toBe(200);
    expect((await s.api().post('/api/user/login', { email: 'viewer@demo.example', password: sha512('other99x') })).status).toBe(401);
  });
});
