// Per-address throttling (spec 1 §8 too_many_requests): many failures from one address refuse further sign-ins from
// it, whichever account is tried, while the failures are in the window.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, sha512, type TestServer } from './support/server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ auth: { maxAccountFailures: 100, maxAddressFailures: 4 } }); });
afterAll(async () => { await s?.close(); });

describe('too_many_requests per address', () => {
  it('refuses sign-in from an address after repeated failures on different accounts', async () => {
    const api = s.api();
    for (const email of ['a@x.example', 'b@x.example', 'c@x.example', 'root@demo.example']) {
      expect((await api.post('/api/user/login', { email, password: sha512('nope1234') })).body.error).toBe('email_pass_wrong');
    }
    const r = await api.post('/api/user/login', { email: 'engineer@demo.example', password: sha512('demo1234') });
    expect(r.status).toBe(429);
    expect(r.body.error).toBe('too_many_requests');
    expect(r.body.message).toMatch(/Too many failed sign-in attempts/);
    // Once the failures leave the window, sign-in works again.
    await s.db.query(`UPDATE login_attempts SET created_at = now() - interval '1 day'`);
    expect((await api.post('/api/user/login', { email: 'engineer@demo.example', password: sha512('demo1234') })).status).toBe(200);
  });
});
