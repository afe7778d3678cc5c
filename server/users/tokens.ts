// Activation and password-reset tokens: random, stored as a SHA-256 digest with an expiry, used once. The plain token
// travels only in the mail (AuthConfig.mailer).
import type { Db, Queryable } from '../db/db';
import type { AuthConfig } from '../auth/auth-config';
import { newToken, tokenDigest } from '../auth/password';

export type TokenKind = 'activation' | 'reset';

export async function issueToken(db: Db, cfg: AuthConfig, userId: number, kind: TokenKind): Promise<string> {
  const token = newToken();
  await db.query('INSERT INTO user_tokens (token_hash, user_id, kind, expires_at) VALUES ($1, $2, $3, $4)',
    [tokenDigest(token), userId, kind, new Date(Date.now() + cfg.tokenTtlMs)]);
  const u = (await db.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [userId])).rows[0];
  const path = kind === 'activation' ? 'user/activate' : 'user/password/reset';
  const link = `${cfg.publicUrl}/${path}?token=${encodeURIComponent(token)}`;
  const subject = kind === 'activation' ? 'Activate your account' : 'Reset your password';
  const text = `Hello ${u.name},\n\n${kind === 'activation' ? 'Activate your account' : 'Choose a new password'} here:\n${link}\n\n`
    + `The link expires in ${Math.round(cfg.tokenTtlMs / 3_600_000)} hours.`;
  await cfg.mailer(db, { to: u.email, subject, text, token, kind });
  return token;
}

/** Checks a token of this kind inside a transaction: 'invalid' (unknown, used, other kind), 'expired', or the user id. */
export async function consumeToken(q: Queryable, token: string, kind: TokenKind): Promise<'invalid' | 'expired' | number> {
  const r = await q.query<{ user_id: number; expires_at: Date; used_at: Date | null; kind: string }>(
    'SELECT user_id, expires_at, used_at, kind FROM user_tokens WHERE token_hash = $1 FOR UPDATE', [tokenDigest(token)]);
  const row = r.rows[0];
  if (!row || row.used_at || row.kind !== kind) return 'invalid';
  if (new Date(row.expires_at).getTime() <= Date.now()) return 'expired';
  await q.query('UPDATE user_tokens SET used_at = now() WHERE token_hash = $1', [tokenDigest(token)]);
  return row.user_id;
}
