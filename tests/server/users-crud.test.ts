// User management over HTTP (spec 2 §5, §7): lists per organisation, get, create with the password rule, edit
// (empty password dropped, no self-deactivation), delete and recover, and organisation isolation.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, sha512, type TestServer } from './support/server';
import { dumpTables } from './support/dump';
import type { Mail } from '../../server/auth/auth-config';

let s: TestServer;
const mails: Mail[] = [];
const t: Record<string, string> = {};
const ids: Record<string, number> = {};
beforeAll(async () => {
  s = await startTestServer({ auth: { mailer: async (_db, m) => { mails.push(m); } } });
  for (const e of ['root@demo.example', 'admin@demo.example', 'engineer@demo.example', 'viewer@demo.example', 'engineer@other.example']) t[e.split('@')[0] + (e.includes('other') ? '-other' : '')] = await s.login(e);
  for (const r of (await s.db.query<{ id: number; email: string }>('SELECT id, email FROM users')).rows) ids[r.email] = r.id;
});
afterAll(async () => { await s?.close(); });

const loginStatus = async (email: string, pw: string) => (await s.api().post('/api/user/login', { email, password: sha512(pw) })).status;

describe('listing users', () => {
  it('GET /user/all: an administrator sees only the own organisation, root sees all', async () => {
    const admin = await s.api(t.admin).get('/api/user/all');
    expect(admin.status).toBe(200);
    const emails = admin.body.map((u: { email: string }) => u.email);
    expect(emails).toContain('viewer@demo.example');
    expect(emails).not.toContain('engineer@other.example');
    expect(admin.body[0]).not.toHaveProperty('password_hash');
    const root = await s.api(t.root).get('/api/user/all');
    expect(root.body.map((u: { email: string }) => u.email)).toContain('engineer@other.example');
  });

  it('GET /user/organisation/{id}: own organisation for an administrator; another is 404; unknown is 404', async () => {
    const orgs = Object.fromEntries((await s.db.query<{ id: number; name: string }>('SELECT id, name FROM organisations')).rows.map((o) => [o.name, o.id]));
    expect((await s.api(t.admin).get(`/api/user/organisation/${orgs.demo}`)).body.length).toBe(5);
    expect((await s.api(t.admin).get(`/api/user/organisation/${orgs.other}`)).status).toBe(404);
    expect((await s.api(t.root).get(`/api/user/organisation/${orgs.other}`)).body.map((u: { email: string }) => u.email)).toEqual(['engineer@other.example']);
    expect((await s.api(t.root).get('/api/user/organisation/424242')).status).toBe(404);
  });

  it('GET /user/{id}: self always, others need user.view, other organisation 404', async () => {
    expect((await s.api(t.viewer).get(`/api/user/${ids['viewer@demo.example']}`)).body.email).toBe('viewer@demo.example');
    expect((await s.api(t.viewer).get(`/api/user/${ids['admin@demo.example']}`)).status).toBe(403);
    expect((await s.api(t.admin).get(`/api/user/${ids['engineer@other.example']}`)).status).toBe(404);
    expect((await s.api(t.admin).get('/api/user/999999')).status).toBe(404);
  });
});

describe('creating users', () => {
  it('creates a user in the own organisation who can sign in', async () => {
    const r = await s.api(t.admin).post('/api/user', { email: 'new.engineer@demo.example', name: 'New Engineer', role: 'engineer', password: 'abcdefg1' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ email: 'new.engineer@demo.example', role: 'engineer', active: true, organisationId: ids.demoOrg ?? r.body.organisationId });
    expect(await loginStatus('new.engineer@demo.example', 'abcdefg1')).toBe(200);
  });

  for (const bad of ['short1', 'abcdefgh', '12345678']) {
    it(`rejects password '${bad}' (at least 8 characters, a digit and a letter) and creates nothing`, async () => {
      const before = await dumpTables(s.db);
      const r = await s.api(t.admin).post('/api/user', { email: `p${bad}@demo.example`, name: 'P', role: 'viewer', password: bad });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('password_rule');
      expect(r.body.message).toMatch(/at least 8 characters/);
      expect(await dumpTables(s.db)).toBe(before);
    });
  }

  it('rejects a taken e-mail (409) and a role above the caller (403 role_not_allowed)', async () => {
    expect((await s.api(t.admin).post('/api/user', { email: 'VIEWER@demo.example', name: 'X', role: 'viewer', password: 'abcdefg1' })).status).toBe(409);
    const up = await s.api(t.admin).post('/api/user', { email: 'boss@demo.example', name: 'Boss', role: 'root', password: 'abcdefg1' });
    expect(up.status).toBe(403);
    expect(up.body.error).toBe('role_not_allowed');
  });

  it('a user created without password is inactive until activated with the mailed token', async () => {
    const r = await s.api(t.admin).post('/api/user', { email: 'invitee@demo.example', name: 'Invitee', role: 'viewer' });
    expect(r.body.active).toBe(false);
    const mail = mails.find((m) => m.to === 'invitee@demo.example' && m.kind === 'activation')!;
    expect(mail.text).toContain(encodeURIComponent(mail.token!));
    const noPw = await s.api().post('/api/user/activate', { token: mail.token });
    expect(noPw.status).toBe(400);
    expect(noPw.body.message).toContain('password');
    expect((await s.api().post('/api/user/activate', { token: mail.token, password: 'welcome42' })).status).toBe(200);
    expect(await loginStatus('invitee@demo.example', 'welcome42')).toBe(200);
    const again = await s.api().post('/api/user/activate', { token: mail.token, password: 'welcome42' });
    expect(again.body.error).toBe('token_invalid');
  });

  it('an expired activation token is rejected with error expired and "Token is expired."', async () => {
    await s.api(t.admin).post('/api/user', { email: 'late@demo.example', name: 'Late', role: 'viewer' });
    const mail = mails.find((m) => m.to === 'late@demo.example')!;
    await s.db.query(`UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'late@demo.example')`);
    const r = await s.api().post('/api/user/activate', { token: mail.token, password: 'welcome42' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'expired', message: 'Token is expired.', description: 'Token is expired.' });
    expect((await s.db.query(`SELECT active FROM users WHERE email = 'late@demo.example'`)).rows[0]).toEqual({ active: false });
  });
});

describe('editing users', () => {
  it('drops an empty password on edit and keeps the old one', async () => {
    const id = ids['engineer@demo.example'];
    const r = await s.api(t.admin).put(`/api/user/${id}`, { name: 'Renamed Engineer', password: '' });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Renamed Engineer');
    expect(await loginStatus('engineer@demo.example', 'demo1234')).toBe(200);
  });

  it('refuses self-deactivation with the message that the user is unable to disable itself', async () => {
    const r = await s.api(t.admin).put(`/api/user/${ids['admin@demo.example']}`, { active: false });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'disable_self', message: 'The user is unable to disable itself.' });
    expect((await s.db.query(`SELECT active FROM users WHERE email = 'admin@demo.example'`)).rows[0]).toEqual({ active: true });
  });

  it('a viewer edits the own name and password but not the own role', async () => {
    const id = ids['viewer@demo.example'];
    expect((await s.api(t.viewer).put(`/api/user/${id}`, { name: 'Vera Viewer', language: 'nl' })).body).toMatchObject({ name: 'Vera Viewer', language: 'nl' });
    expect((await s.api(t.viewer).put(`/api/user/${id}`, { role: 'administrator' })).status).toBe(403);
    expect((await s.api(t.viewer).put(`/api/user/${ids['engineer@demo.example']}`, { name: 'x' })).status).toBe(403);
    expect((await s.api(t.viewer).put(`/api/user/${id}`, { password: 'nodigits' })).body.error).toBe('password_rule');
  });

  it('an administrator cannot edit root or users of another organisation', async () => {
    expect((await s.api(t.admin).put(`/api/user/${ids['root@demo.example']}`, { name: 'x' })).status).toBe(403);
    expect((await s.api(t.admin).put(`/api/user/${ids['engineer@other.example']}`, { name: 'x' })).status).toBe(404);
  });

  it('deactivating a user ends the sessions of that user', async () => {
    const tok = await s.login('demo@demo.example');
    await s.api(t.admin).put(`/api/user/${ids['demo@demo.example']}`, { active: false });
    expect((await s.api(tok).get('/api/user/policies/')).status).toBe(401);
    expect((await s.api().post('/api/user/login', { email: 'demo@demo.example', password: sha512('demo1234') })).body.error).toBe('inactive');
    await s.api(t.admin).put(`/api/user/${ids['demo@demo.example']}`, { active: true });
  });
});

describe('deleting and recovering users', () => {
  it('delete hides the user and blocks sign-in; recover brings both back', async () => {
    const id = ids['engineer@demo.example'];
    expect((await s.api(t.admin).delete(`/api/user/${id}`)).status).toBe(200);
    expect(await loginStatus('engineer@demo.example', 'demo1234')).toBe(401);
    expect((await s.api(t.admin).get('/api/user/all')).body.map((u: { email: string }) => u.email)).not.toContain('engineer@demo.example');
    expect((await s.api(t.admin).get('/api/user/all?includeDeleted=true')).body.find((u: { id: number }) => u.id === id).deleted).toBe(true);
    expect((await s.api(t.admin).post(`/api/user/recover/${id}`)).body.deleted).toBe(false);
    expect(await loginStatus('engineer@demo.example', 'demo1234')).toBe(200);
  });

  it('cannot delete oneself, a user of another organisation (404) or an unknown id (404)', async () => {
    expect((await s.api(t.admin).delete(`/api/user/${ids['admin@demo.example']}`)).body.error).toBe('delete_self');
    expect((await s.api(t.admin).delete(`/api/user/${ids['engineer@other.example']}`)).status).toBe(404);
    expect((await s.api(t.admin).delete('/api/user/987654')).status).toBe(404);
    expect((await s.api(t['engineer-other']).get('/api/user/all')).status).toBe(403);
  });
});

describe('password reset', () => {
  it('mails a reset token; reset sets the new password and ends sessions; answers the same for unknown e-mails', async () => {
    const tok = await s.login('viewer@demo.example');
    expect((await s.api().post('/api/user/tokens/password', { email: 'viewer@demo.example' })).body).toEqual({ success: true });
    expect((await s.api().post('/api/user/tokens/password', { email: 'ghost@demo.example' })).body).toEqual({ success: true });
    expect(mails.some((m) => m.to === 'ghost@demo.example')).toBe(false);
    const mail = mails.filter((m) => m.to === 'viewer@demo.example' && m.kind === 'reset').pop()!;
    expect((await s.api().post('/api/user/password/reset', { token: mail.token, password: 'short' })).body.error).toBe('password_rule');
    expect((await s.api().post('/api/user/password/reset', { token: mail.token, password: 'newpass99' })).status).toBe(200);
    expect(await loginStatus('viewer@demo.example', 'newpass99')).toBe(200);
    expect(await loginStatus('viewer@demo.example', 'demo1234')).toBe(401);
    expect((await s.api(tok).get('/api/user/policies/')).status).toBe(401);
    expect((await s.api().post('/api/user/password/reset', { token: 'made-up', password: 'newpass99' })).body.error).toBe('token_invalid');
  });
});

describe('agreement and e-mail check', () => {
  it('accepts the current agreement version, refuses another', async () => {
    t.engineer = await s.login('engineer@demo.example'); // the delete test above ended the earlier session
    const r = await s.api(t.engineer).post('/api/user/agreement/accept', { version: '1' });
    expect(r.body).toEqual({ success: true, agreementVersion: '1' });
    expect((await s.api(t.engineer).post('/api/user/agreement/accept', { version: '0' })).status).toBe(400);
    const me = await s.api().post('/api/user/session', { sessionId: t.engineer });
    expect(me.body.user.agreementVersion).toBe('1');
  });

  it('POST /user/email tells whether an address is free', async () => {
    expect((await s.api(t.admin).post('/api/user/email', { email: 'root@demo.example' })).body).toEqual({ available: false });
    expect((await s.api(t.admin).post('/api/user/email', { email: 'free@demo.example' })).body).toEqual({ available: true });
  });
});
