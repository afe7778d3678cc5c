// Passwords: the client sends the SHA-512 hex of the password; the server stores only a salted scrypt of that hex.
// Plain passwords (create, edit, reset, sign-up) are checked against the rule and hashed to SHA-512 hex first.
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: { N: number; r: number; p: number }) => Promise<Buffer>;
const N = 16384, R = 8, P = 1, LEN = 32;

export const SHA512_HEX = /^[0-9a-fA-F]{128}$/;

export function sha512Hex(plain: string): string {
  return createHash('sha512').update(plain, 'utf8').digest('hex');
}

/** Spec 2 §5: at least 8 characters, at least one digit and at least one letter. */
export function passwordRuleOk(plain: string): boolean {
  return plain.length >= 8 && /\d/.test(plain) && /\p{L}/u.test(plain);
}

/** A password field as given: a SHA-512 hex (already hashed by the client) or a plain password (rule checked).
 * Returns the SHA-512 hex, or null when a plain password breaks the rule. */
export function clientHashOf(input: string): string | null {
  if (SHA512_HEX.test(input)) return input.toLowerCase();
  return passwordRuleOk(input) ? sha512Hex(input) : null;
}

export async function hashPassword(clientHash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(clientHash.toLowerCase(), salt, LEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(clientHash: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return false;
  const want = Buffer.from(key, 'base64');
  const got = await scrypt(clientHash.toLowerCase(), Buffer.from(salt, 'base64'), want.length, { N: Number(n), r: Number(r), p: Number(p) });
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Random token (session id, activation/reset token) and its stored SHA-256 digest. */
export function newToken(): string { return randomBytes(32).toString('base64url'); }
export function tokenDigest(token: string): string { return createHash('sha256').update(token).digest('hex'); }
