// Sign-in: password check, account timeout (login_timeout) and address throttling (too_many_requests), TOTP, and
// session creation. Every failed attempt is recorded in login_attempts; a success resets the account's count.
import { authenticator } from 'otplib';
import type { Db } from '../db/db';
import type { AuthConfig } from '../auth/auth-config';
import { hashPassword, newToken, tokenDigest, verifyPassword } from '../auth/password';
import { userByEmail, type UserRow } from './user-store';

export type LoginError =
  | { error: 'too_many_requests'; status: 429 }
  | { error: 'login_timeout'; status: 429; minutes: number }
  | { error: 'email_pass_wrong'; status: 401 }
  | { error: 'inactive'; status: 403 }
  | { error: 'totp_invalid'; status: 401 };

export interface LoginInput { email: string; password: string; totp?: string; language?: string; address: string }

const totpCheck = authenticator.clone({ window: 1 });
// Verified against for unknown e-mails, so that an unknown address takes as long to refuse as a wrong password.
const dummyHash = hashPassword('0'.repeat(128));

export function totpValid(code: string | undefined, secret: string | null): boolean {
  if (!code || !secret) return false;
  try { return totpCheck.check(code, secret); } catch { return false; }
}

async function recordAttempt(db: Db, email: string, address: string, success: boolean): Promise<void> {
  await db.query('INSERT INTO login_attempts (email, address, success) VALUES (lower($1), $2, $3)', [email, address, success]);
}

async function addressFailures(db: Db, address: string, since: Date): Promise<number> {
  const r = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM login_attempts WHERE address = $1 AND NOT success AND created_at > $2', [address, since]);
  return r.rows[0].n;
}

/** Failures of the account within the window, after its last success and after its last timeout ended. */
async function accountFailures(db: Db, user: UserRow, since: Date): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_attempts a
      WHERE a.email = lower($1) AND NOT a.success
        AND a.created_at > greatest($2::timestamptz, coalesce($3::timestamptz, '-infinity'::timestamptz),
          coalesce((SELECT max(created_at) FROM login_attempts s WHERE s.email = lower($1) AND s.success), '-infinity'::timestamptz))`,
    [user.email, since, user.locked_until]);
  return r.rows[0].n;
}

/** A failed attempt on an existing account: times the account out once it reaches the limit. */
async function failAccount(db: Db, cfg: AuthConfig, user: UserRow, input: LoginInput, since: Date): Promise<LoginError | null> {
  await recordAttempt(db, input.email, input.address, false);
  if (await accountFailures(db, user, since) >= cfg.maxAccountFailures) {
    await db.query('UPDATE users SET locked_until = $2 WHERE id = $1', [user.id, new Date(Date.now() + cfg.accountTimeoutMs)]);
    return { error: 'login_timeout', status: 429, minutes: Math.ceil(cfg.accountTimeoutMs / 60_000) };
  }
  return null;
}

export async function createSession(db: Db, cfg: AuthConfig, userId: number, totp: boolean): Promise<{ sessionId: string; expiration: string }> {
  const sessionId = newToken();
  const expires = new Date(Date.now() + cfg.sessionTtlMs);
  await db.query('INSERT INTO sessions (id, user_id, totp, expires_at) VALUES ($1, $2, $3, $4)', [tokenDigest(sessionId), userId, totp, expires]);
  // Housekeeping: expired sessions of this user are removed when a new one starts.
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at < now()', [userId]);
  return { sessionId, expiration: expires.toISOString() };
}

export async function login(db: Db, cfg: AuthConfig, input: LoginInput): Promise<LoginError | { sessionId: string; expiration: string }> {
  const since = new Date(Date.now() - cfg.failureWindowMs);
  if (await addressFailures(db, input.address, since) >= cfg.maxAddressFailures) return { error: 'too_many_requests', status: 429 };
  const user = await userByEmail(db, input.email);
  if (!user || user.deleted_at) {
    await verifyPassword(input.password, await dummyHash);
    await recordAttempt(db, input.email, input.address, false);
    return { error: 'email_pass_wrong', status: 401 };
  }
  const lockedMs = user.locked_until ? new Date(user.locked_until).getTime() - Date.now() : 0;
  if (lockedMs > 0) return { error: 'login_timeout', status: 429, minutes: Math.ceil(lockedMs / 60_000) };
  if (!(await verifyPassword(input.password, user.password_hash))) {
    return (await failAccount(db, cfg, user, input, since)) ?? { error: 'email_pass_wrong', status: 401 };
  }
  if (!user.active) return { error: 'inactive', status: 403 };
  if (user.totp_enabled && !totpValid(input.totp, user.totp_secret)) {
    return (await failAccount(db, cfg, user, input, since)) ?? { error: 'totp_invalid', status: 401 };
  }
  await recordAttempt(db, input.email, input.address, true);
  // Housekeeping: attempts older than a day (well past any window) are no longer needed.
  await db.query('DELETE FROM login_attempts WHERE created_at < $1', [new Date(Date.now() - Math.max(86_400_000, 2 * cfg.failureWindowMs))]);
  if (input.language) await db.query('UPDATE users SET language = $2 WHERE id = $1', [user.id, input.language]);
  return createSession(db, cfg, user.id, user.totp_enabled);
}
