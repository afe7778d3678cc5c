// Sign-in settings: read from the environment (documented in server/README.md), overridable per server through
// ServerConfig.auth (the tests plug in a fake captcha verifier, a fake OpenID Connect provider and a mail catcher).
// The settings an administrator edits (SIGN_IN_KEYS, table admin_setting) override both: they are loaded at start,
// replaced at once when this process saves them, and re-read in the background at most OVERRIDE_TTL_MS after the
// last read (other server processes), so a change applies without a restart.
import type { ServerConfig } from '../config';
import type { Db } from '../db/db';

export type CaptchaVerifier = (answer: string, address: string) => Promise<boolean>;
export interface Mail { to: string; subject: string; text: string; token?: string; kind?: 'activation' | 'reset' }
export type Mailer = (db: Db, mail: Mail) => Promise<void>;

export interface OidcConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope: string;
  /** Either an issuer (discovered through /.well-known/openid-configuration) or the three endpoints. */
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
}

export interface AuthConfig {
  sessionTtlMs: number;
  tokenTtlMs: number;
  /** Failed logins of one account within the window before it is timed out (login_timeout). */
  maxAccountFailures: number;
  accountTimeoutMs: number;
  /** Failed logins from one address within the window before it is refused (too_many_requests). */
  maxAddressFailures: number;
  failureWindowMs: number;
  totpRequired: boolean;
  totpIssuer: string;
  agreementRequired: boolean;
  agreementVersion: string;
  signupEnabled: boolean;
  signupOrganisation: string;
  signupRole: 'engineer' | 'demo' | 'viewer';
  captchaSiteKey: string;
  captcha: CaptchaVerifier;
  oidc?: OidcConfig;
  mailer: Mailer;
  publicUrl: string;
  streetsmart: { apiKey: string; url: string };
}

/** reCAPTCHA-compatible verifier (Google reCAPTCHA, hCaptcha and Turnstile share the siteverify protocol). */
export function siteverifyCaptcha(url: string, secret: string): CaptchaVerifier {
  return async (answer, address) => {
    const body = new URLSearchParams({ secret, response: answer, remoteip: address });
    const r = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
    if (!r.ok) return false;
    const j = (await r.json()) as { success?: boolean };
    return j.success === true;
  };
}

/** Default mailer: keeps the mail in the mail_outbox table (for a relay to deliver) and logs the recipient. */
export const outboxMailer: Mailer = async (db, mail) => {
  await db.query('INSERT INTO mail_outbox (recipient, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
};

const cache = new WeakMap<ServerConfig, AuthConfig>();

/** The sign-in settings administrators edit in admin-settings (stored in admin_setting under these keys). */
export const SIGN_IN_KEYS = ['totpRequired', 'agreementRequired', 'agreementVersion', 'signupEnabled'] as const;
export type SignInKey = (typeof SIGN_IN_KEYS)[number];
export type SignInOverrides = Partial<Pick<AuthConfig, SignInKey>>;
export const OVERRIDE_TTL_MS = 2_000;

interface OverrideState { values: SignInOverrides; readAt: number; db?: Db; reading?: Promise<void> }
const overrides = new WeakMap<ServerConfig, OverrideState>();

/** Reads the stored sign-in settings of `db` into the configuration's overrides (and remembers `db` for re-reads). */
export async function loadSignInOverrides(config: ServerConfig, db: Db): Promise<SignInOverrides> {
  const r = await db.query<{ key: string; value: unknown }>('SELECT key, value FROM admin_setting WHERE key = ANY($1::text[])', [[...SIGN_IN_KEYS]]);
  const values: SignInOverrides = {};
  for (const row of r.rows) (values as Record<string, unknown>)[row.key] = row.value;
  overrides.set(config, { values, readAt: Date.now(), db });
  return values;
}

/** The stored overrides as last read (no database access). */
export function signInOverrides(config: ServerConfig): SignInOverrides {
  return overrides.get(config)?.values ?? {};
}

/** The settings without the database overrides (what the environment and ServerConfig.auth give). */
export function baseAuthConfig(config: ServerConfig): AuthConfig {
  return cache.get(config) ?? envAuthConfig(config);
}

export function authConfig(config: ServerConfig, env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const base = cache.get(config) ?? envAuthConfig(config, env);
  const o = overrides.get(config);
  if (!o) return base;
  if (o.db && !o.reading && Date.now() - o.readAt > OVERRIDE_TTL_MS) {
    o.readAt = Date.now();
    o.reading = loadSignInOverrides(config, o.db).then(() => undefined, () => { o.reading = undefined; });
  }
  return { ...base, ...o.values };
}

function envAuthConfig(config: ServerConfig, env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const hit = cache.get(config);
  if (hit) return hit;
  const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
  const on = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : /^(on|true|1|yes)$/i.test(v));
  const captchaSecret = env.CAPTCHA_SECRET ?? '';
  const oidc: OidcConfig | undefined = env.OIDC_CLIENT_ID && (env.OIDC_ISSUER || env.OIDC_AUTHORIZATION_ENDPOINT) ? {
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET ?? '',
    redirectUri: env.OIDC_REDIRECT_URI ?? `${env.PUBLIC_URL ?? 'http://localhost:8080'}/user/login`,
    scope: env.OIDC_SCOPE ?? 'openid email profile',
    issuer: env.OIDC_ISSUER || undefined,
    authorizationEndpoint: env.OIDC_AUTHORIZATION_ENDPOINT || undefined,
    tokenEndpoint: env.OIDC_TOKEN_ENDPOINT || undefined,
    userinfoEndpoint: env.OIDC_USERINFO_ENDPOINT || undefined,
  } : undefined;
  const out: AuthConfig = {
    sessionTtlMs: num(env.SESSION_TTL_MINUTES, 480) * 60_000,
    tokenTtlMs: num(env.TOKEN_TTL_HOURS, 24) * 3_600_000,
    maxAccountFailures: num(env.LOGIN_MAX_ACCOUNT_FAILURES, 5),
    accountTimeoutMs: num(env.LOGIN_TIMEOUT_MINUTES, 15) * 60_000,
    maxAddressFailures: num(env.LOGIN_MAX_ADDRESS_FAILURES, 20),
    failureWindowMs: num(env.LOGIN_FAILURE_WINDOW_MINUTES, 15) * 60_000,
    totpRequired: on(env.TOTP_REQUIRED, false),
    totpIssuer: env.TOTP_ISSUER ?? 'Netplan',
    agreementRequired: on(env.AGREEMENT_REQUIRED, false),
    agreementVersion: env.AGREEMENT_VERSION ?? '1',
    signupEnabled: on(env.SIGNUP, false),
    signupOrganisation: env.SIGNUP_ORGANISATION ?? 'signup',
    signupRole: (['engineer', 'demo', 'viewer'].includes(env.SIGNUP_ROLE ?? '') ? env.SIGNUP_ROLE : 'viewer') as AuthConfig['signupRole'],
    captchaSiteKey: env.CAPTCHA_SITE_KEY ?? '',
    captcha: captchaSecret
      ? siteverifyCaptcha(env.CAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify', captchaSecret)
      : async () => false,
    oidc,
    mailer: outboxMailer,
    publicUrl: env.PUBLIC_URL ?? 'http://localhost:8080',
    streetsmart: { apiKey: env.STREETSMART_API_KEY ?? '', url: env.STREETSMART_URL ?? '' },
    ...config.auth,
  };
  cache.set(config, out);
  return out;
}
