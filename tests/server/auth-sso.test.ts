// Single sign-on against a local fake OpenID Connect provider on loopback: discovery, authorization URL, code
// exchange, userinfo, session for the matching user; verify-sso; failures answer clearly (success false for verify).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import { startTestServer, type TestServer } from './support/server';

let s: TestServer;
let idp: Server;
let idpUrl = '';
const codes = new Map<string, string>([['good-code', 'engineer@demo.example'], ['stranger-code', 'stranger@nowhere.example']]);
const accessTokens = new Map<string, string>();
const tokenRequests: URLSearchParams[] = [];

function startIdp(): Promise<void> {
  idp = createServer((req, res) => {
    const url = new URL(req.url!, idpUrl || 'http://x');
    const json = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, { issuer: idpUrl, authorization_endpoint: `${idpUrl}/authorize`, token_endpoint: `${idpUrl}/token`, userinfo_endpoint: `${idpUrl}/userinfo` });
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let data = '';
      req.on('data', (c) => { data += c; });
      req.on('end', () => {
        const p = new URLSearchParams(data);
        tokenRequests.push(p);
        const email = codes.get(p.get('code') ?? '');
        if (!email || p.get('client_secret') !== 'shh' || p.get('grant_type') !== 'authorization_code') return json(400, { error: 'invalid_grant' });
        const at = `at-${Math.random().toString(36).slice(2)}`;
        accessTokens.set(at, email);
        json(200, { access_token: at, token_type: 'Bearer', id_token: 'unused' });
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      const at = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const email = accessTokens.get(at);
      return email ? json(200, { sub: email, email }) : json(401, { error: 'invalid_token' });
    }
    json(404, {});
  });
  return new Promise((resolve) => idp.listen(0, '127.0.0.1', () => {
    const a = idp.address();
    idpUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    resolve();
  }));
}

beforeAll(async () => {
  await startIdp();
  s = await startTestServer({ auth: { oidc: { issuer: idpUrl, clientId: 'netplan', clientSecret: 'shh', redirectUri: 'http://app.example/user/login', scope: 'openid email' } } });
});
afterAll(async () => { await s?.close(); await new Promise((r) => idp?.close(r)); });

describe('SSO with OpenID Connect', () => {
  it('GET /api/user/adfs/login answers the authorization URL of the provider', async () => {
    const r = await s.api().get('/api/user/adfs/login');
    expect(r.status).toBe(200);
    const u = new URL(r.body.url);
    expect(`${u.origin}${u.pathname}`).toBe(`${idpUrl}/authorize`);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({ response_type: 'code', client_id: 'netplan', redirect_uri: 'http://app.example/user/login', scope: 'openid email' });
    expect(u.searchParams.get('state')).toBeTruthy();
    expect((await s.api().get('/api/config')).body.sso).toEqual({ enabled: true });
  });

  it('POST /api/user/adfs/login exchanges the code and starts a session of the matching user', async () => {
    const { body } = await s.api().get('/api/user/adfs/login');
    const state = new URL(body.url).searchParams.get('state');
    const r = await s.api().post('/api/user/adfs/login', { code: 'good-code', state });
    expect(r.status).toBe(200);
    expect(tokenRequests.at(-1)!.get('redirect_uri')).toBe('http://app.example/user/login');
    const me = await s.api().post('/api/user/session', { sessionId: r.body.sessionId });
    expect(me.body.user.email).toBe('engineer@demo.example');
    // A state is used once.
    expect((await s.api().post('/api/user/adfs/login', { code: 'good-code', state })).status).toBe(401);
  });

  it('a bad code is 401 sso_failed; an unknown user 403 sso_user_unknown; neither gives a session', async () => {
    const bad = await s.api().post('/api/user/adfs/login', { code: 'forged' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('sso_failed');
    const stranger = await s.api().post('/api/user/adfs/login', { code: 'stranger-code' });
    expect(stranger.status).toBe(403);
    expect(stranger.body.error).toBe('sso_user_unknown');
  });

  it('verify-sso: success with a session for a valid access token and matching e-mail, else success false', async () => {
    const at = 'at-known';
    accessTokens.set(at, 'viewer@demo.example');
    const ok = await s.api().post('/api/user/verify-sso', { accessToken: at, userInfo: { email: 'viewer@demo.example' } });
    expect(ok.body.success).toBe(true);
    expect((await s.api(ok.body.sessionId).get('/api/user/policies/')).status).toBe(200);
    expect((await s.api().post('/api/user/verify-sso', { accessToken: at, userInfo: { email: 'root@demo.example' } })).body).toEqual({ success: false });
    expect((await s.api().post('/api/user/verify-sso', { accessToken: 'forged', userInfo: { email: 'viewer@demo.example' } })).body).toEqual({ success: false });
  });
});
