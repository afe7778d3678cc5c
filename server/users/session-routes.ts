// Sign-in and session calls (spec 2 §7): login, session check, logout, totp/enabled and the TOTP set-up, policies.
import type { FastifyInstance } from 'fastify';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { authConfig } from '../auth/auth-config';
import { resolveSession, requirePolicy, canAccessOrganisation } from '../auth/guard';
import { message, sendError } from '../auth/messages';
import { flatPolicy, loadOverrides, policyObject } from '../auth/policies';
import { tokenDigest } from '../auth/password';
import { login, totpValid } from './login';
import { publicUser, userByEmail, userById } from './user-store';
import { body, EMAIL, ID_PARAMS, LANGUAGE, SHA512, TOKEN, TOTP } from './schemas';

export async function sessionRoutes(api: FastifyInstance): Promise<void> {
  const { db, config } = api.deps;
  const cfg = () => authConfig(config);

  api.post('/user/login', {
    config: { public: true },
    schema: { body: body({ email: EMAIL, password: SHA512, totp: { type: 'string', maxLength: 16 }, language: LANGUAGE }, ['email', 'password']) },
  }, async (req, reply) => {
    const b = req.body as { email: string; password: string; totp?: string; language?: string };
    const res = await login(db, cfg(), { ...b, address: req.ip });
    if ('error' in res) return sendError(req, reply, res.status, res.error, 'minutes' in res ? { minutes: res.minutes } : {});
    return res;
  });

  api.post('/user/session', {
    config: { public: true },
    schema: { body: body({ sessionId: TOKEN }, ['sessionId']) },
  }, async (req, reply) => {
    const res = await resolveSession(req, (req.body as { sessionId: string }).sessionId);
    if (typeof res === 'string') return reply.send({ success: false, error: res, message: message(req, res) });
    const row = await userById(db, res.id);
    const exp = await db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [res.sessionKey]);
    return {
      success: true, user: publicUser(row!), totp: res.totp,
      expiration: new Date(exp.rows[0].expires_at).toISOString(), error: null,
      totpRequired: cfg().totpRequired, agreementRequired: cfg().agreementRequired, agreementVersion: cfg().agreementVersion,
    };
  });

  // Public and idempotent: ends the session named by the Bearer token (or the body's sessionId) if there is one.
  api.post('/user/session/logout', {
    config: { public: true },
    schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: { sessionId: TOKEN } } },
  }, async (req) => {
    const fromBody = (req.body as { sessionId?: string } | null)?.sessionId;
    const h = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
    const token = h ?? fromBody;
    const r = token ? await db.query('DELETE FROM sessions WHERE id = $1', [tokenDigest(token)]) : { rowCount: 0 };
    return { success: true, ended: r.rowCount > 0 };
  });

  api.post('/user/totp/enabled', {
    config: { public: true },
    schema: { body: body({ email: EMAIL, password: SHA512 }, ['email']) },
  }, async (req) => {
    const u = await userByEmail(db, (req.body as { email: string }).email);
    return { totpEnabled: !!u && !u.deleted_at && u.active && u.totp_enabled };
  });

  // TOTP set-up for the signed-in user: a new secret (not yet enforced) with its otpauth URL and QR code.
  api.post('/user/totp/setup', { schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: {} } } }, async (req, reply) => {
    const u = (await userById(db, req.user.id))!;
    if (u.totp_enabled) return reply.status(409).send({ error: 'totp_enabled', message: 'Two-factor authentication is already enabled; disable it first.' });
    const secret = authenticator.generateSecret();
    await db.query('UPDATE users SET totp_secret = $2 WHERE id = $1', [u.id, secret]);
    const otpauthUrl = authenticator.keyuri(u.email, cfg().totpIssuer, secret);
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl) };
  });

  api.post('/user/totp/activate', { schema: { body: body({ totp: TOTP }, ['totp']) } }, async (req, reply) => {
    const u = (await userById(db, req.user.id))!;
    if (!u.totp_secret) return sendError(req, reply, 400, 'totp_not_set_up');
    if (!totpValid((req.body as { totp: string }).totp, u.totp_secret)) return sendError(req, reply, 400, 'totp_invalid');
    await db.query('UPDATE users SET totp_enabled = true, updated_at = now() WHERE id = $1', [u.id]);
    return { totpEnabled: true };
  });

  api.post('/user/totp/disable', { schema: { body: body({ totp: TOTP }, ['totp']) } }, async (req, reply) => {
    const u = (await userById(db, req.user.id))!;
    if (!u.totp_enabled) return sendError(req, reply, 400, 'totp_not_set_up');
    if (!totpValid((req.body as { totp: string }).totp, u.totp_secret)) return sendError(req, reply, 400, 'totp_invalid');
    await db.query('UPDATE users SET totp_enabled = false, totp_secret = NULL, updated_at = now() WHERE id = $1', [u.id]);
    return { totpEnabled: false };
  });

  api.get('/user/policies/', async (req) => policyObject(req.user.policy));
  api.get('/user/policies', async (req) => policyObject(req.user.policy));

  api.get('/user/policies/:id', { schema: { params: ID_PARAMS } }, async (req, reply) => {
    const id = (req.params as { id: number }).id;
    if (id !== req.user.id) {
      const denied = await requirePolicy('user.view')(req, reply).then(() => reply.sent);
      if (denied) return reply;
    }
    const u = await userById(db, id);
    if (!u || !canAccessOrganisation(req.user, u.organisation_id)) return sendError(req, reply, 404, 'not_found', { what: 'User', id });
    return policyObject(flatPolicy(u.role, await loadOverrides(db, u.id)));
  });
}
