// User management (spec 2 §7): list (all, by organisation), get, create, edit, delete (soft), recover, permission
// overrides, e-mail check, agreement accept. Non-root callers see and manage only their own organisation.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authConfig } from '../auth/auth-config';
import { canAccessOrganisation, hasPolicy, requirePolicy } from '../auth/guard';
import { sendError } from '../auth/messages';
import { POLICY_TABLE, flatPolicy, loadOverrides, policyObject } from '../auth/policies';
import { roleCovers, type Role } from '../../common/roles';
import { clientHashOf, hashPassword } from '../auth/password';
import { issueToken } from './tokens';
import { publicUser, userByEmail, userById, usersOf } from './user-store';
import { body, EMAIL, ID, ID_PARAMS, LANGUAGE, NAME, PASSWORD, ROLE } from './schemas';

interface UserBody {
  email?: string; name?: string; role?: Role; language?: string; active?: boolean; password?: string;
  organisationId?: number; totpEnabled?: boolean;
}

const USER_FIELDS = { email: EMAIL, name: NAME, role: ROLE, language: LANGUAGE, active: { type: 'boolean' }, password: PASSWORD, organisationId: ID };

export async function userRoutes(api: FastifyInstance): Promise<void> {
  const { db, config } = api.deps;

  /** The user with this id when the caller may see it; otherwise sends 404 and returns undefined. */
  async function target(req: FastifyRequest, reply: FastifyReply, id: number) {
    const u = await userById(db, id);
    if (!u || !canAccessOrganisation(req.user, u.organisation_id)) { sendError(req, reply, 404, 'not_found', { what: 'User', id }); return undefined; }
    return u;
  }

  api.get('/user/all', {
    onRequest: requirePolicy('user.view'),
    schema: { querystring: { type: 'object', additionalProperties: false, properties: { includeDeleted: { type: 'boolean' } } } },
  }, async (req) => {
    const q = req.query as { includeDeleted?: boolean };
    return usersOf(db, req.user.role === 'root' ? null : req.user.organisationId, !!q.includeDeleted);
  });

  api.get('/user/organisation/:id', { onRequest: requirePolicy('user.view'), schema: { params: ID_PARAMS } }, async (req, reply) => {
    const id = (req.params as { id: number }).id;
    const org = await db.query('SELECT id FROM organisations WHERE id = $1', [id]);
    if (!org.rows.length || !canAccessOrganisation(req.user, id)) return sendError(req, reply, 404, 'not_found', { what: 'Organisation', id });
    return usersOf(db, id, false);
  });

  api.get('/user/:id', { schema: { params: ID_PARAMS } }, async (req, reply) => {
    const id = (req.params as { id: number }).id;
    if (id !== req.user.id && !hasPolicy(req.user, 'user.view')) return sendError(req, reply, 403, 'forbidden', { policy: 'user.view' });
    const u = await target(req, reply, id);
    return u ? publicUser(u) : reply;
  });

  api.post('/user', {
    onRequest: requirePolicy('user.edit'),
    schema: { body: body(USER_FIELDS, ['email', 'name', 'role']) },
  }, async (req, reply) => {
    const b = req.body as UserBody;
    const orgId = b.organisationId ?? req.user.organisationId;
    if (!roleCovers(req.user.role, b.role!)) return sendError(req, reply, 403, 'role_not_allowed', { role: b.role });
    if (!canAccessOrganisation(req.user, orgId) || !(await db.query('SELECT 1 FROM organisations WHERE id = $1', [orgId])).rows.length) {
      return sendError(req, reply, 404, 'not_found', { what: 'Organisation', id: orgId });
    }
    let stored: string | null = null;
    if (b.password) {
      const h = clientHashOf(b.password);
      if (!h) return sendError(req, reply, 400, 'password_rule', {}, { field: 'password' });
      stored = await hashPassword(h);
    }
    if (await userByEmail(db, b.email!)) return sendError(req, reply, 409, 'email_taken', { email: b.email });
    // Without a password the account waits for activation through the mailed token.
    const active = stored ? (b.active ?? true) : false;
    const r = await db.query<{ id: number }>(
      `INSERT INTO users (organisation_id, email, name, role, language, active, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [orgId, b.email, b.name, b.role, b.language ?? 'en', active, stored]);
    if (!r.rows.length) return sendError(req, reply, 409, 'email_taken', { email: b.email });
    if (!stored) await issueToken(db, authConfig(config), r.rows[0].id, 'activation');
    return reply.status(201).send(publicUser((await userById(db, r.rows[0].id))!));
  });

  api.put('/user/:id', {
    schema: { params: ID_PARAMS, body: body({ ...USER_FIELDS, totpEnabled: { type: 'boolean' } }) },
  }, async (req, reply) => {
    const id = (req.params as { id: number }).id;
    const b = { ...(req.body as UserBody) };
    const self = id === req.user.id;
    const admin = hasPolicy(req.user, 'user.edit');
    if (!self && !admin) return sendError(req, reply, 403, 'forbidden', { policy: 'user.edit' });
    const u = await target(req, reply, id);
    if (!u) return reply;
    if (b.password === '') delete b.password; // spec 2 §5: an empty password is dropped on edit
    if (self && b.active === false) return sendError(req, reply, 400, 'disable_self', {}, { field: 'active' });
    const privileged = (b.role !== undefined && b.role !== u.role) || (b.active !== undefined && b.active !== u.active)
      || (b.organisationId !== undefined && b.organisationId !== u.organisation_id) || b.totpEnabled === true
      || (b.totpEnabled === false && u.totp_enabled);
    if (privileged && !admin) return sendError(req, reply, 403, 'forbidden', { policy: 'user.edit' });
    if (!self && !roleCovers(req.user.role, u.role)) return sendError(req, reply, 403, 'role_not_allowed', { role: u.role });
    if (b.role && b.role !== u.role && !roleCovers(req.user.role, b.role)) return sendError(req, reply, 403, 'role_not_allowed', { role: b.role });
    if (b.totpEnabled === true && !u.totp_enabled) return reply.status(400).send({ error: 'bad_request', message: 'body/totpEnabled can only be switched off here; users set up TOTP themselves.' });
    if (b.organisationId !== undefined && (!canAccessOrganisation(req.user, b.organisationId)
      || !(await db.query('SELECT 1 FROM organisations WHERE id = $1', [b.organisationId])).rows.length)) {
      return sendError(req, reply, 404, 'not_found', { what: 'Organisation', id: b.organisationId });
    }
    let stored: string | undefined;
    if (b.password !== undefined) {
      const h = clientHashOf(b.password);
      if (!h) return sendError(req, reply, 400, 'password_rule', {}, { field: 'password' });
      stored = await hashPassword(h);
    }
    if (b.email && b.email.toLowerCase() !== u.email.toLowerCase()) {
      const other = await userByEmail(db, b.email);
      if (other) return sendError(req, reply, 409, 'email_taken', { email: b.email });
    }
    await db.tx(async (q) => {
      await q.query(
        `UPDATE users SET email = coalesce($2, email), name = coalesce($3, name), role = coalesce($4, role),
           language = coalesce($5, language), active = coalesce($6, active), password_hash = coalesce($7, password_hash),
           organisation_id = coalesce($8, organisation_id),
           totp_enabled = CASE WHEN $9::boolean IS FALSE THEN false ELSE totp_enabled END,
           totp_secret = CASE WHEN $9::boolean IS FALSE THEN NULL ELSE totp_secret END, updated_at = now()
         WHERE id = $1`,
        [id, b.email ?? null, b.name ?? null, b.role ?? null, b.language ?? null, b.active ?? null, stored ?? null,
          b.organisationId ?? null, b.totpEnabled ?? null]);
      // A deactivated user, or a password changed by someone else, ends the user's sessions.
      if (b.active === false || (stored && !self)) await q.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    });
    return publicUser((await userById(db, id))!);
  });

  api.delete('/user/:id', { onRequest: requirePolicy('user.delete'), schema: { params: ID_PARAMS } }, async (req, reply) => {
    const id = (req.params as { id: number }).id;
    if (id === req.user.id) return sendError(req, reply, 400, 'delete_self');
    const u = await target(req, reply, id);
    if (!u) return reply;
    if (!roleCovers(req.user.role, u.role)) return sendError(req, reply, 403, 'role_not_allowed', { role: u.role });
    await db.tx(async (q) => {
      await q.query('UPDATE users SET deleted_at = coalesce(deleted_at, now()), updated_at = now() WHERE id = $1', [id]);
      await q.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    });
    return { success: true };
  });

  api.post('/user/recover/:id', { onRequest: requirePolicy('user.delete'), schema: { params: ID_PARAMS } }, async (req, reply) => {
    const id = (req.params as { id: number }).id;
    const u = await target(req, reply, id);
    if (!u) return reply;
    if (!roleCovers(req.user.role, u.role)) return sendError(req, reply, 403, 'role_not_allowed', { role: u.role });
    await db.query('UPDATE users SET deleted_at = NULL, updated_at = now() WHERE id = $1', [id]);
    return publicUser((await userById(db, id))!);
  });

  // Per-user overrides: {permissions: {path: true | false | null}}; null removes the override.
  api.post('/user/permission/:id', {
    onRequest: requirePolicy('user.permission'),
    schema: {
      params: ID_PARAMS,
      body: body({ permissions: { type: 'object', maxProperties: 100, additionalProperties: { type: ['boolean', 'null'] } } }, ['permissions']),
    },
  }, async (req, reply) => {
    const id = (req.params as { id: number }).id;
    const perms = (req.body as { permissions: Record<string, boolean | null> }).permissions;
    for (const path of Object.keys(perms)) {
      if (!(path in POLICY_TABLE)) return sendError(req, reply, 400, 'policy_unknown', { policy: path }, { field: `permissions.${path}` });
      if (perms[path] === true && !hasPolicy(req.user, path)) return sendError(req, reply, 403, 'forbidden', { policy: path });
    }
    const u = await target(req, reply, id);
    if (!u) return reply;
    if (!roleCovers(req.user.role, u.role) || (u.id === req.user.id && req.user.role !== 'root')) {
      return sendError(req, reply, 403, 'role_not_allowed', { role: u.role });
    }
    await db.tx(async (q) => {
      for (const [path, allowed] of Object.entries(perms)) {
        if (allowed === null) await q.query('DELETE FROM user_permissions WHERE user_id = $1 AND path = $2', [id, path]);
        else await q.query(`INSERT INTO user_permissions (user_id, path, allowed) VALUES ($1, $2, $3)
          ON CONFLICT (user_id, path) DO UPDATE SET allowed = EXCLUDED.allowed`, [id, path, allowed]);
      }
    });
    return policyObject(flatPolicy(u.role, await loadOverrides(db, id)));
  });

  // Whether an e-mail address is still free (for the user form).
  api.post('/user/email', { onRequest: requirePolicy('user.edit'), schema: { body: body({ email: EMAIL }, ['email']) } }, async (req) => {
    const u = await userByEmail(db, (req.body as { email: string }).email);
    return { available: !u };
  });

  api.post('/user/agreement/accept', {
    schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { version: { type: 'string', maxLength: 50 } } } },
  }, async (req, reply) => {
    const current = authConfig(config).agreementVersion;
    const version = (req.body as { version?: string } | null)?.version;
    if (version !== undefined && version !== current) return sendError(req, reply, 400, 'agreement_version', { version, current }, { field: 'version' });
    await db.query('UPDATE users SET agreement_version = $2, updated_at = now() WHERE id = $1', [req.user.id, current]);
    return { success: true, agreementVersion: current };
  });
}
