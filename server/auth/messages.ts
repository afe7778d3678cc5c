// Error messages in the caller's language (X-Language: en or nl, fallback en) and a helper that sends the uniform
// {error, message} body. Other route groups may add their own keys with addMessages().
import type { FastifyReply, FastifyRequest } from 'fastify';

type Dict = Record<string, string>;

const MESSAGES: Record<'en' | 'nl', Dict> = {
  en: {
    session_does_not_exist: 'The session does not exist. Please sign in.',
    session_expired: 'The session has expired. Please sign in again.',
    forbidden: 'You are not allowed to do this ({policy}).',
    not_found: '{what} {id} does not exist.',
    inactive: 'This account is not active.',
    email_pass_wrong: 'The e-mail address or password is wrong.',
    totp_invalid: 'The authentication code is invalid.',
    login_timeout: 'Too many failed sign-in attempts for this account. Try again in {minutes} minutes.',
    too_many_requests: 'Too many failed sign-in attempts from this address. Try again later.',
    expired: 'Token is expired.',
    token_invalid: 'The token is invalid or already used.',
    password_rule: 'The password must have at least 8 characters, at least one digit and at least one letter.',
    disable_self: 'The user is unable to disable itself.',
    delete_self: 'The user is unable to delete itself.',
    email_taken: 'A user with e-mail {email} already exists.',
    role_not_allowed: 'You cannot give or manage the role {role}.',
    root_exists: 'A root user already exists.',
    captcha_invalid: 'The captcha answer is wrong.',
    signup_disabled: 'Sign-up is not enabled on this server.',
    sso_disabled: 'Single sign-on is not configured on this server.',
    sso_failed: 'Single sign-on failed: {reason}',
    sso_user_unknown: 'No active user with e-mail {email} exists.',
    totp_not_set_up: 'Two-factor authentication has not been set up.',
    agreement_version: 'Agreement version {version} is not the current version {current}.',
    policy_unknown: 'Unknown policy path: {policy}.',
  },
  nl: {
    session_does_not_exist: 'De sessie bestaat niet. Meld u aan.',
    session_expired: 'De sessie is verlopen. Meld u opnieuw aan.',
    forbidden: 'U heeft geen toestemming hiervoor ({policy}).',
    not_found: '{what} {id} bestaat niet.',
    inactive: 'Dit account is niet actief.',
    email_pass_wrong: 'Het e-mailadres of wachtwoord is onjuist.',
    totp_invalid: 'De authenticatiecode is ongeldig.',
    login_timeout: 'Te veel mislukte aanmeldpogingen voor dit account. Probeer het over {minutes} minuten opnieuw.',
    too_many_requests: 'Te veel mislukte aanmeldpogingen vanaf dit adres. Probeer het later opnieuw.',
    expired: 'Token is verlopen.',
    token_invalid: 'Het token is ongeldig of al gebruikt.',
    password_rule: 'Het wachtwoord moet minstens 8 tekens, minstens één cijfer en minstens één letter bevatten.',
    disable_self: 'De gebruiker kan zichzelf niet uitschakelen.',
    delete_self: 'De gebruiker kan zichzelf niet verwijderen.',
    email_taken: 'Er bestaat al een gebruiker met e-mailadres {email}.',
    role_not_allowed: 'U kunt de rol {role} niet toekennen of beheren.',
    root_exists: 'Er bestaat al een rootgebruiker.',
    captcha_invalid: 'Het captcha-antwoord is onjuist.',
    signup_disabled: 'Registreren is niet ingeschakeld op deze server.',
    sso_disabled: 'Single sign-on is niet ingesteld op deze server.',
    sso_failed: 'Single sign-on is mislukt: {reason}',
    sso_user_unknown: 'Er is geen actieve gebruiker met e-mailadres {email}.',
    totp_not_set_up: 'Tweestapsverificatie is niet ingesteld.',
    agreement_version: 'Overeenkomstversie {version} is niet de huidige versie {current}.',
    policy_unknown: 'Onbekend beleidspad: {policy}.',
  },
};

export function addMessages(lang: 'en' | 'nl', dict: Dict): void {
  Object.assign(MESSAGES[lang], dict);
}

export function languageOf(req: FastifyRequest): 'en' | 'nl' {
  const h = req.headers['x-language'];
  const v = (Array.isArray(h) ? h[0] : h ?? '').toLowerCase();
  if (v.startsWith('nl')) return 'nl';
  if (v.startsWith('en')) return 'en';
  return req.user?.language === 'nl' ? 'nl' : 'en';
}

/** The message for `key` in the request's language, with {name} placeholders filled. */
export function message(req: FastifyRequest, key: string, params: Record<string, unknown> = {}): string {
  const lang = languageOf(req);
  const text = MESSAGES[lang][key] ?? MESSAGES.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}

/** Sends {error, message, ...extra} with the status; returns the reply so handlers can `return sendError(...)`. */
export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, error: string,
  params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): FastifyReply {
  return reply.status(status).send({ error, message: message(req, error, params), ...extra });
}

/** An Error carrying status and code, for throwing from deep helpers; app.ts turns it into {error, message}. */
export class HttpError extends Error {
  constructor(public statusCode: number, public code: string, msg: string) { super(msg); }
}
