// Sign-in over HTTP (spec 2 §7, spec 1 §8): login with and without TOTP, each login error by name, the session call,
// session expiry (session_expired with sessionExpired), logout, and the account/address throttling.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { authenticator } from 'otplib';
import { startTestServer, sha512, type TestServer } from './support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ auth: { maxAccountFailures: 3, accountTimeoutMs: 10 * 60_000, maxAddressFailures: 1000 } });
});
afterAll(async () => { await s?.close(); });

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) => s.api().post('/api/user/login', body, { headers });

describe('POST /api/user/login', () => {
  it('answers a sessionId for the right e-mail and SHA-512 hex password, usable as Bearer token', async () => {
    const r = await login({ email: 'engineer@demo.example', password: sha512('demo1234'), language: 'nl' });
    expect(r.status).toBe(200);
    expect(typeof r.body.sessionId).toBe('string');
    const me = await s.api(r.body.sessionId).post('/api/user/session', { sessionId: r.body.sessionId });
    expect(me.body).toMatchObject({ success: true, totp: false, error: null, user: { email: 'engineer@demo.example', role: 'engineer', language: 'nl' } });
    expect(me.body.user).not.toHaveProperty('password');
    expect(new Date(me.body.expiration).getTime()).toBeGreaterThan(Date.now());
  });

  it('matches the e-mail case-insensitively', async () => {
    expect((await login({ email: 'Viewer@Demo.Example', password: sha512('demo1234') })).status).toBe(200);
  });

  it('stores the password only as a salted scrypt of the SHA-512 hex', async () => {
    const r = await s.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = 'demo@demo.example'`);
    expect(r.rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(r.rows[0].password_hash).not.toContain(sha512('demo1234'));
    const other = await s.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = 'viewer@demo.example'`);
    // Same password, different salt per seed run would be fine; per-user salts at least differ from the hash itself.
    expect(other.rows[0].password_hash.split('$')[4]).toHaveLength(24);
  });

  it('email_pass_wrong for a wrong password and for an unknown e-mail, with a message in the X-Language', async () => {
    const a = await login({ email: 'root@demo.example', password: sha512('wrong-pass1') });
    expect(a.status).toBe(401);
    expect(a.body.error).toBe('email_pass_wrong');
    const b = await login({ email: 'nobody@demo.example', password: sha512('demo1234') }, { 'x-language': 'nl' });
    expect(b.body).toEqual({ error: 'email_pass_wrong', message: 'Het e-mailadres of wachtwoord is onjuist.' });
  });

  it('inactive for a deactivated account with the right password', async () => {
    await s.db.query(`INSERT INTO users (organisation_id, email, name, role, active, password_hash)
      SELECT organisation_id, 'sleeper@demo.example', 'Sleeper', 'viewer', false, password_hash FROM users WHERE email = 'viewer@demo.example'`);
    const r = await login({ email: 'sleeper@demo.example', password: sha512('demo1234') });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('inactive');
  });

  it('login_timeout after repeated failures on one account, even with the right password afterwards', async () => {
    await s.db.query(`INSERT INTO users (organisation_id, email, name, role, active, password_hash)
      SELECT organisation_id, 'target@demo.example', 'Target', 'viewer', true, password_hash FROM users WHERE email = 'viewer@demo.example'`);
    const wrong = { email: 'target@demo.example', password: sha512('guess123') };
    expect((await login(wrong)).body.error).toBe('email_pass_wrong');
    expect((await login(wrong)).body.error).toBe('email_pass_wrong');
    const third = await login(wrong);
    expect(third.status).toBe(429);
    expect(third.body.error).toBe('login_timeout');
    const right = await login({ email: 'target@demo.example', password: sha512('demo1234') });
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('login_timeout');
    // Other accounts are not affected.
    expect((await login({ email: 'demo@demo.example', password: sha512('demo1234') })).status).toBe(200);
    // When the timeout has passed, the right password works again.
    await s.db.query(`UPDATE users SET locked_until = now() - interval '1 second' WHERE email = 'target@demo.example'`);
    expect((await login({ email: 'target@demo.example', password: sha512('demo1234') })).status).toBe(200);
  });

  it('a success resets the failure count of the account', async () => {
    const wrong = { email: 'demo@demo.example', password: sha512('guess123') };
    await login(wrong); await login(wrong);
    expect((await login({ email: 'demo@demo.example', password: sha512('demo1234') })).status).toBe(200);
    expect((await login(wrong)).body.error).toBe('email_pass_wrong');
  });
});

describe('TOTP two-factor sign-in', () => {
  let token: string;
  let secret: string;
  it('totp/enabled is false before set-up', async () => {
    const r = await s.api().post('/api/user/totp/enabled', { email: 'admin@demo.example', password: sha512('demo1234') });
    expect(r.body).toEqual({ totpEnabled: false });
  });

  it('set-up returns a secret with otpauth URL and QR code; activation needs a valid code', async () => {
    token = await s.login('admin@demo.example');
    const setup = await s.api(token).post('/api/user/totp/setup');
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const bad = await s.api(token).post('/api/user/totp/activate', { totp: '000000' === authenticator.generate(secret) ? '111111' : '000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('totp_invalid');
    const ok = await s.api(token).post('/api/user/totp/activate', { totp: authenticator.generate(secret) });
    expect(ok.body).toEqual({ totpEnabled: true });
    const en = await s.api().post('/api/user/totp/enabled', { email: 'admin@demo.example', password: sha512('demo1234') });
    expect(en.body).toEqual({ totpEnabled: true });
  });

  it('login without or with a wrong code gives totp_invalid; with the current code a session with totp', async () => {
    const pw = sha512('demo1234');
    const none = await login({ email: 'admin@demo.example', password: pw });
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('totp_invalid');
    const code = authenticator.generate(secret);
    const wrongCode = String((Number(code) + 500000) % 1000000).padStart(6, '0');
    expect((await login({ email: 'admin@demo.example', password: pw, totp: wrongCode })).body.error).toBe('totp_invalid');
    const ok = await login({ email: 'admin@demo.example', password: pw, totp: code });
    expect(ok.status).toBe(200);
    const me = await s.api().post('/api/user/session', { sessionId: ok.body.sessionId });
    expect(me.body.totp).toBe(true);
    // Disabling needs a valid code too; afterwards the password alone works again.
    const dis = await s.api(ok.body.sessionId).post('/api/user/totp/disable', { totp: authenticator.generate(secret) });
    expect(dis.body).toEqual({ totpEnabled: false });
    expect((await login({ email: 'admin@demo.example', password: pw })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('a call without or with an unknown token is 401 session_does_not_exist', async () => {
    const a = await s.api().get('/api/user/policies/');
    expect(a.status).toBe(401);
    expect(a.body.error).toBe('session_does_not_exist');
    const b = await s.api('not-a-session').get('/api/user/policies/');
    expect(b.body.error).toBe('session_does_not_exist');
  });

  it('an expired session is 401 session_expired with sessionExpired, and then no longer exists', async () => {
    const t = await s.login('viewer@demo.example');
    expect((await s.api(t).get('/api/user/policies/')).status).toBe(200);
    await s.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = 'viewer@demo.example')`);
    const r = await s.api(t).get('/api/user/policies/');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: 'session_expired', sessionExpired: true });
    const again = await s.api().post('/api/user/session', { sessionId: t });
    expect(again.body).toMatchObject({ success: false, error: 'session_does_not_exist' });
  });

  it('the session call reports session_expired for an expired session id', async () => {
    const t = await s.login('demo@demo.example');
    await s.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = 'demo@demo.example')`);
    const r = await s.api().post('/api/user/session', { sessionId: t });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, error: 'session_expired' });
  });

  it('logout ends the session; heartbeat stays public', async () => {
    const t = await s.login('engineer@demo.example');
    const out = await s.api(t).post('/api/user/session/logout');
    expect(out.body).toEqual({ success: true, ended: true });
    expect((await s.api(t).get('/api/user/policies/')).body.error).toBe('session_does_not_exist');
    const hb = await s.api().get('/api/user/heartbeat');
    expect(hb.status).toBe(200);
  });

  it('a deleted user loses the session', async () => {
    const t = await s.login('engineer@other.example');
    await s.db.query(`UPDATE users SET active = false WHERE email = 'engineer@other.example'`);
    expect((await s.api(t).get('/api/user/policies/')).status).toBe(401);
    await s.db.query(`UPDATE users SET active = true WHERE email = 'engineer@other.example'`);
  });
});
