// Single sign-on against an OpenID Connect provider (off unless configured): GET adfs/login gives the authorization
// URL, POST adfs/login exchanges the code for tokens, reads userinfo and starts a session for the matching active
// user; verify-sso checks an access token the client already holds against the provider's userinfo.
import type { FastifyInstance } from 'fastify';
import { authConfig, type OidcConfig } from '../auth/auth-config';
import { sendError } from '../auth/messages';
import { newToken } from '../auth/password';
import { createSession } from './login';
import { userByEmail } from './user-store';
import { body, TOKEN } from './schemas';

interface Endpoints { authorization: string; token: string; userinfo: string }
const discovered = new Map<string, Endpoints>();

async function endpoints(o: OidcConfig): Promise<Endpoints> {
  if (o.authorizationEndpoint && o.tokenEndpoint && o.userinfoEndpoint) {
    return { authorization: o.authorizationEndpoint, token: o.tokenEndpoint, userinfo: o.userinfoEndpoint };
  }
  const issuer = o.issuer!.replace(/\/$/, '');
  const hit = discovered.get(issuer);
  if (hit) return hit;
  const r = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
  if (!r.ok) throw new Error(`discovery answered ${r.status}`);
  const d = (await r.json()) as { authorization_endpoint: string; token_endpoint: string; userinfo_endpoint: string };
  const e = {
    authorization: o.authorizationEndpoint ?? d.authorization_endpoint,
    token: o.tokenEndpoint ?? d.token_endpoint,
    userinfo: o.userinfoEndpoint ?? d.userinfo_endpoint,
  };
  discovered.set(issuer, e);
  return e;
}

async function userinfo(e: Endpoints, accessToken: string): Promise<{ email?: string; [k: string]: unknown }> {
  const r = await fetch(e.userinfo, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
  if (!r.ok) throw new Error(`userinfo answered ${r.status}`);
  return (await r.json()) as { email?: string };
}

export async function ssoRoutes(api: FastifyInstance): Promise<void> {
  const { db, config } = api.deps;
  const oidc = () => authConfig(config).oidc;

  api.get('/user/adfs/login', { config: { public: true } }, async (req, reply) => {
    const o = oidc();
    if (!o) return sendError(req, reply, 404, 'sso_disabled');
    let e: Endpoints;
    try { e = await endpoints(o); } catch (err) { return sendError(req, reply, 502, 'sso_failed', { reason: `adfs login url error (${(err as Error).message})` }); }
    const state = newToken();
    await db.query('DELETE FROM sso_states WHERE expires_at < now()');
    await db.query('INSERT INTO sso_states (state, expires_at) VALUES ($1, $2)', [state, new Date(Date.now() + 10 * 60_000)]);
    const url = new URL(e.authorization);
    url.search = new URLSearchParams({
      ...Object.fromEntries(url.searchParams), response_type: 'code', client_id: o.clientId, redirect_uri: o.redirectUri,
      scope: o.scope, state, nonce: newToken(),
    }).toString();
    return { url: url.toString() };
  });

  api.post('/user/adfs/login', {
    config: { public: true },
    schema: { body: body({ code: { type: 'string', minLength: 1, maxLength: 4096 }, state: TOKEN }, ['code']) },
  }, async (req, reply) => {
    const o = oidc();
    if (!o) return sendError(req, reply, 404, 'sso_disabled');
    const b = req.body as { code: string; state?: string };
    if (b.state) {
      const s = await db.query('DELETE FROM sso_states WHERE state = $1 AND expires_at > now() RETURNING state', [b.state]);
      if (!s.rows.length) return sendError(req, reply, 401, 'sso_failed', { reason: 'unknown or expired state' }, { field: 'state' });
    }
    let email: string | undefined;
    try {
      const e = await endpoints(o);
      const tr = await fetch(e.token, {
        method: 'POST', signal: AbortSignal.timeout(10_000),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: b.code, redirect_uri: o.redirectUri, client_id: o.clientId, client_secret: o.clientSecret }),
      });
      if (!tr.ok) return sendError(req, reply, 401, 'sso_failed', { reason: `token endpoint answered ${tr.status}` });
      const tokens = (await tr.json()) as { access_token?: string };
      if (!tokens.access_token) return sendError(req, reply, 401, 'sso_failed', { reason: 'no access token' });
      email = (await userinfo(e, tokens.access_token)).email;
    } catch (err) {
      return sendError(req, reply, 502, 'sso_failed', { reason: (err as Error).message });
    }
    if (!email) return sendError(req, reply, 401, 'sso_failed', { reason: 'no e-mail in userinfo' });
    const u = await userByEmail(db, email);
    if (!u || u.deleted_at || !u.active) return sendError(req, reply, 403, 'sso_user_unknown', { email });
    return createSession(db, authConfig(config), u.id, false);
  });

  // Failed verification answers {success: false} (spec 2 §8), never an error status.
  api.post('/user/verify-sso', {
    config: { public: true },
    schema: { body: body({ accessToken: { type: 'string', minLength: 1, maxLength: 8192 }, userInfo: {
      type: 'object', maxProperties: 100, properties: { email: { type: 'string', maxLength: 320 } }, required: ['email'],
    } }, ['accessToken', 'userInfo']) },
  }, async (req) => {
    const o = oidc();
    if (!o) return { success: false };
    const b = req.body as { accessToken: string; userInfo: { email: string } };
    try {
      const info = await userinfo(await endpoints(o), b.accessToken);
      if (!info.email || info.email.toLowerCase() !== b.userInfo.email.toLowerCase()) return { success: false };
      const u = await userByEmail(db, info.email);
      if (!u || u.deleted_at || !u.active) return { success: false };
      return { success: true, ...(await createSession(db, authConfig(config), u.id, false)) };
    } catch {
      return { success: false };
    }
  });
}
