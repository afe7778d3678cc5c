// Session life cycle (spec 2 §4): sign in (password as SHA-512 hex, optional TOTP), store the id locally, validate
// it, re-check every 300000 ms; when the server says it does not exist or expired, clear it and run the callbacks.
import type { AppDispatch, RootState } from '../app/store';
import { api } from '../api/api';
import { userApi } from '../api/endpoints/user';
import { currentLanguage, changeLanguage, isLanguage } from '../i18n/i18n';
import { sessionCleared, sessionStarted, sessionValidated, selectSession } from './session-slice';
import { sha512Hex } from './password-hash';
import { connectSocket, disconnectSocket } from '../shell/requests/socket';
import { requestCache } from '../shell/requests/request-cache';

export const SESSION_CHECK_INTERVAL_MS = 300000;

type Thunk<T> = (dispatch: AppDispatch, getState: () => RootState) => Promise<T>;

const clearedCallbacks = new Set<() => void>();
/** Registers a callback run when the session is cleared (expired, invalid or signed out). */
export function onSessionCleared(cb: () => void): () => void {
  clearedCallbacks.add(cb);
  return () => { clearedCallbacks.delete(cb); };
}

export function clearSession(): Thunk<void> {
  return async (dispatch) => {
    dispatch(sessionCleared());
    dispatch(api.util.resetApiState());
    requestCache.clear();
    disconnectSocket();
    for (const cb of [...clearedCallbacks]) cb();
  };
}

export interface LoginErrorBody { error?: string; message?: string }

/** Translation key of a login error by name (spec 1 §8). */
export function loginErrorKey(name: string | undefined): string {
  switch (name) {
    case 'inactive': return 'auth.errors.inactive';
    case 'email_pass_wrong': return 'auth.errors.email_pass_wrong';
    case 'login_timeout':
    case 'too_many_requests': return 'auth.errors.login_timeout';
    case 'totp_invalid': return 'auth.errors.totp_invalid';
    default: return 'auth.errors.generic';
  }
}

export class LoginError extends Error {
  constructor(public readonly name: string, public readonly key: string) { super(key); }
}

function errorName(e: unknown): string {
  const err = e as { status?: unknown; data?: LoginErrorBody };
  return err?.data?.error ?? 'generic';
}

/** Validates the stored session; true when valid. A network failure keeps the session (the check runs again). */
export function validateSession(): Thunk<boolean> {
  return async (dispatch, getState) => {
    const { sessionId } = selectSession(getState());
    if (!sessionId) return false;
    const res = await dispatch(userApi.endpoints.session.initiate({ sessionId }));
    if ('data' in res && res.data?.success && res.data.user) {
      dispatch(sessionValidated({ user: res.data.user, totp: !!res.data.totp, expiration: res.data.expiration ?? null }));
      const lang = res.data.user.language;
      if (isLanguage(lang) && !localStorage.getItem('language')) await changeLanguage(lang);
      connectSocket(sessionId);
      return true;
    }
    if ('error' in res && (res.error as { status?: unknown })?.status === 'FETCH_ERROR') return selectSession(getState()).status === 'valid';
    await dispatch(clearSession());
    return false;
  };
}

/** Asks whether the account has 2FA enabled (first submit of the login flow). */
export function checkTotpEnabled(email: string, password: string): Thunk<boolean> {
  return async (dispatch) => {
    const res = await dispatch(userApi.endpoints.totpEnabled.initiate({ email, password: await sha512Hex(password) }));
    if ('error' in res) throw new LoginError(errorName(res.error), loginErrorKey(errorName(res.error)));
    return !!res.data?.totpEnabled;
  };
}

/** Signs in; throws LoginError with the key of the error name. */
export function signIn(email: string, password: string, totp?: string, opts: { keepData?: boolean } = {}): Thunk<void> {
  return async (dispatch) => {
    const res = await dispatch(userApi.endpoints.login.initiate({
      email, password: await sha512Hex(password), ...(totp ? { totp } : {}), language: currentLanguage(),
    }));
    if ('error' in res || !res.data?.sessionId) {
      const name = 'error' in res ? errorName(res.error) : 'generic';
      throw new LoginError(name, loginErrorKey(name));
    }
    await dispatch(startSession(res.data.sessionId, opts));
  };
}

/** Stores a new session id (login or single sign-on) and validates it. `keepData` (re-login of the expired-session
 * dialog) keeps the cached answers so the waiting requests can complete. */
export function startSession(sessionId: string, opts: { keepData?: boolean } = {}): Thunk<void> {
  return async (dispatch) => {
    if (!opts.keepData) {
      dispatch(api.util.resetApiState());
      requestCache.clear();
    }
    dispatch(sessionStarted(sessionId));
    if (!(await dispatch(validateSession()))) throw new LoginError('generic', loginErrorKey('generic'));
  };
}

export function signOut(): Thunk<void> {
  return async (dispatch) => {
    await dispatch(userApi.endpoints.logout.initiate());
    await dispatch(clearSession());
  };
}
