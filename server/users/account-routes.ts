// Public account calls (spec 2 §7): password reset token and reset, activation, sign-up with a captcha answer,
// has-no-root and create-root (public only while no root user exists).
import type { FastifyInstance } from 'fastify';
import { authConfig } from '../auth/auth-config';
import { sendError } from '../auth/messages';
import { clientHashOf, hashPassword } from '../auth/password';
import { consumeToken, issueToken } from './tokens';
import { publicUser, rootExists, userByEmail, userById } from './user-store';
import { body, EMAIL, LANGUAGE, NAME, PASSWORD, TOKEN } from './schemas';

const PUBLIC = { public: true };

export async function accountRoutes(api: FastifyInstance): Promise<void> {
  const { db, config } = api.deps;
  const cfg = () => authConfig(config);

  // Always answers success, so the call does not tell which addresses have an account.
  api.post('/user/tokens/password', { config: PUBLIC, schema: { body: body({ email: EMAIL }, ['email']) } }, async (req) => {
    const u = await userByEmail(db, (req.body as { email: string }).email);
    if (u && !u.deleted_at && u.active) await issueToken(db, cfg(), u.id, 'reset');
    return { success: true };
  });

  api.post('/user/password/reset', {
    config: PUBLIC, schema: { body: body({ password: PASSWORD, token: TOKEN }, ['password', 'token']) },
  }, async (req, reply) => {
    const b = req.body as { password: string; token: string };
    const h = clientHashOf(b.password);
    if (!h) return sendError(req, reply, 400, 'password_rule', {}, { field: 'password' });
    const stored = await hashPassword(h);
    const res = await db.tx(async (q) => {
      const r = await consumeToken(q, b.token, 'reset');
      if (typeof r !== 'number') return r;
      await q.query('UPDATE users SET password_hash = $2, locked_until = NULL, updated_at = now() WHERE id = $1', [r, stored]);
      await q.query('DELETE FROM sessions WHERE user_id = $1', [r]);
      return r;
    });
    if (res === 'expired') return sendError(req, reply, 400, 'expired', {}, { description: 'Token is expired.' });
    if (res === 'invalid') return sendError(req, reply, 400, 'token_invalid', {}, { field: 'token' });
    return { success: true };
  });

  api.post('/user/activate', {
    config: PUBLIC, schema: { body: body({ token: TOKEN, password: PASSWORD }, ['token']) },
  }, async (req, reply) => {
    const b = req.body as { token: string; password?: string };
    let stored: string | null = null;
    if (b.password) {
      const h = clientHashOf(b.password);
      if (!h) return sendError(req, reply, 400, 'password_rule', {}, { field: 'password' });
      stored = await hashPassword(h);
    }
    const res = await db.tx(async (q) => {
      const r = await consumeToken(q, b.token, 'activation');
      if (typeof r !== 'number') return r;
      const u = (await q.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [r])).rows[0];
      if (!u.password_hash && !stored) throw Object.assign(new Error('body must have required property \'password\''), { statusCode: 400, code: 'bad_request' });
      await q.query('UPDATE users SET active = true, password_hash = coalesce($2, password_hash), updated_at = now() WHERE id = $1', [r, stored]);
      return r;
    });
    if (res === 'expired') return sendError(req, reply, 400, 'expired', {}, { description: 'Token is expired.' });
    if (res === 'invalid') return sendError(req, reply, 400, 'token_invalid', {}, { field: 'token' });
    return { success: true };
  });

  api.post('/user/signup', {
    config: PUBLIC,
    schema: { body: body({ name: NAME, email: EMAIL, password: PASSWORD, recaptcha: { type: 'string', minLength: 1, maxLength: 4096 }, language: LANGUAGE },
      ['name', 'email', 'password', 'recaptcha']) },
  }, async (req, reply) => {
    const c = cfg();
    if (!c.signupEnabled) return sendError(req, reply, 403, 'signup_disabled');
    const b = req.body as { name: string; email: string; password: string; recaptcha: string; language?: string };
    const h = clientHashOf(b.password);
    if (!h) return sendError(req, reply, 400, 'password_rule', {}, { field: 'password' });
    let ok = false;
    try { ok = await c.captcha(b.recaptcha, req.ip); } catch { ok = false; }
    if (!ok) return sendError(req, reply, 400, 'captcha_invalid', {}, { field: 'recaptcha' });
    if (await userByEmail(db, b.email)) return sendError(req, reply, 409, 'email_taken', { email: b.email });
    const stored = await hashPassword(h);
    const id = await db.tx(async (q) => {
      await q.query('INSERT INTO organisations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [c.signupOrganisation]);
      const r = await q.query<{ id: number }>(
        `INSERT INTO users (organisation_id, email, name, role, language, active, password_hash)
         SELECT id, $2, $3, $4, $5, false, $6 FROM organisations WHERE name = $1 ON CONFLICT DO NOTHING RETURNING id`,
        [c.signupOrganisation, b.email, b.name, c.signupRole, b.language ?? 'en', stored]);
      return r.rows[0]?.id;
    });
    if (!id) return sendError(req, reply, 409, 'email_taken', { email: b.email });
    await issueToken(db, c, id, 'activation');
    return reply.status(201).send({ success: true });
  });

  api.get('/user/has-no-root', { config: PUBLIC }, async () => ({ hasNoRoot: !(await rootExists(db)) }));

  api.post('/user/create-root', {
    config: PUBLIC,
    schema: { body: body({ name: NAME, email: EMAIL, password: PASSWORD, organisation: NAME, language: LANGUAGE }, ['name', 'email', 'password']) },
  }, async (req, reply) => {
    const b = req.body as { name: string; email: string; password: string; organisation?: string; language?: string };
    const h = clientHashOf(b.password);
    if (!h) return sendError(req, reply, 400, 'password_rule', {}, { field: 'password' });
    const stored = await hashPassword(h);
    const id = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock(424243)');
      if ((await q.query(`SELECT 1 FROM users WHERE role = 'root' AND deleted_at IS NULL`)).rows.length) return 'exists' as const;
      if ((await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [b.email])).rows.length) return 'taken' as const;
      const org = b.organisation ?? 'default';
      await q.query('INSERT INTO organisations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [org]);
      const r = await q.query<{ id: number }>(
        `INSERT INTO users (organisation_id, email, name, role, language, active, password_hash)
         SELECT id, $2, $3, 'root', $4, true, $5 FROM organisations WHERE name = $1 RETURNING id`,
        [org, b.email, b.name, b.language ?? 'en', stored]);
      return r.rows[0].id;
    });
    if (id === 'exists') return sendError(req, reply, 403, 'root_exists');
    if (id === 'taken') return sendError(req, reply, 409, 'email_taken', { email: b.email });
    return reply.status(201).send({ success: true, user: publicUser((await userById(db, id))!) });
  });
}
