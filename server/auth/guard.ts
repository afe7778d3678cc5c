// Authentication and authorisation hooks. installAuth() (called from app.ts for the /api scope) resolves the Bearer
// session token to req.user on every route except those with `config: { public: true }`; requirePolicy(path) is a
// route hook answering 403 when the user's policy (role table + per-user overrides) lacks the path.
//
// Usage in a route group:  api.post('/x', { onRequest: requirePolicy('network.edit'), schema }, handler)
// (onRequest runs before body parsing and validation, so a forbidden caller gets 403 whatever it sends).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authConfig } from './auth-config';
import { sendError } from './messages';
import { flatPolicy } from './policies';
import type { Role } from '../../common/roles';
import { tokenDigest } from './password';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  organisationId: number;
  language: string;
  /** Effective policy: path → allowed (role table with the user's overrides applied). */
  policy: Record<string, boolean>;
  /** Digest of the session token (the sessions table key). */
  sessionKey: string;
  totp: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every non-public /api route (undefined only on public routes). */
    user: AuthUser;
  }
  interface FastifyContextConfig {
    /** A public route: no session needed (login, heartbeat, has-no-root, ...). */
    public?: boolean;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : undefined;
}

interface SessionRow {
  expires_at: Date | string; totp: boolean; id: number; email: string; name: string; role: Role;
  organisation_id: number; language: string; overrides: Record<string, boolean> | string | null;
}

/** Resolves a session token to the user, or to the reason it cannot be used. */
export async function resolveSession(req: FastifyRequest, token: string | undefined): Promise<AuthUser | 'session_does_not_exist' | 'session_expired'> {
  if (!token || token.length > 200) return 'session_does_not_exist';
  const { db, config } = req.server.deps;
  const key = tokenDigest(token);
  const r = await db.query<SessionRow>(
    `SELECT s.expires_at, s.totp, u.id, u.email, u.name, u.role, u.organisation_id, u.language,
            (SELECT json_object_agg(p.path, p.allowed) FROM user_permissions p WHERE p.user_id = u.id) AS overrides
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND u.deleted_at IS NULL AND u.active`, [key]);
  const row = r.rows[0];
  if (!row) return 'session_does_not_exist';
  const expires = new Date(row.expires_at).getTime();
  if (expires <= Date.now()) {
    await db.query('DELETE FROM sessions WHERE id = $1', [key]);
    return 'session_expired';
  }
  // Sliding expiry: renewed at most once a minute so a busy client does not write on every call.
  const ttl = authConfig(config).sessionTtlMs;
  if (expires - Date.now() < ttl - 60_000) {
    await db.query('UPDATE sessions SET expires_at = $2 WHERE id = $1', [key, new Date(Date.now() + ttl)]);
  }
  const overrides = typeof row.overrides === 'string' ? JSON.parse(row.overrides) : row.overrides ?? {};
  return {
    id: row.id, email: row.email, name: row.name, role: row.role, organisationId: row.organisation_id,
    language: row.language, policy: flatPolicy(row.role, overrides), sessionKey: key, totp: row.totp,
  };
}

/** onRequest/preHandler hook: 401 {error: session_does_not_exist | session_expired, sessionExpired} or req.user set. */
export async function requireAuth(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.routeOptions.config?.public) return;
  const res = await resolveSession(req, bearerToken(req));
  if (typeof res === 'string') {
    await sendError(req, reply, 401, res, {}, res === 'session_expired' ? { sessionExpired: true } : {});
    return;
  }
  req.user = res;
}

export function hasPolicy(user: Pick<AuthUser, 'policy'> | undefined, path: string): boolean {
  return !!user && user.policy[path] === true;
}

/** Route hook: 403 {error: 'forbidden'} unless the signed-in user holds the policy path. */
export function requirePolicy(path: string) {
  return async function policyHook(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (reply.sent) return;
    if (!req.user) { await sendError(req, reply, 401, 'session_does_not_exist'); return; }
    if (!hasPolicy(req.user, path)) await sendError(req, reply, 403, 'forbidden', { policy: path });
  };
}

/** Root sees every organisation; everyone else only their own. */
export function canAccessOrganisation(user: AuthUser, organisationId: number): boolean {
  return user.role === 'root' || user.organisationId === organisationId;
}

/** Installs the session hook on an encapsulated scope (the /api scope in app.ts). */
export function installAuth(api: FastifyInstance): void {
  api.decorateRequest('user', undefined as unknown as AuthUser);
  api.addHook('onRequest', requireAuth);
}
