// Base query for every API call, with the request rules of spec 1 §7–§8: bearer token and X-Language on every call;
// bypass headers (analytics, cache, catch, loading, messages, language); X-CacheRequest caches GET answers (20);
// 401 with an expired session opens the login dialog and retries on confirm; 500 logged only, other errors a
// 'forbidden error' notification; body `error` → 'error retrieving data', body `notification` → info; the
// project-locked header → dashboard + locked notification.
import {
  fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { currentLanguage } from '../i18n/i18n';
import { selectSessionId } from '../auth/session-slice';
import { requestLogin } from '../auth/login-prompt';
import { startLoading, stopLoading } from '../shell/loading-slice';
import { notify } from '../shell/notification-store';
import {
  BYPASS, CACHE_REQUEST_HEADER, LANGUAGE_HEADER, LONG_LOADING_HEADER, PROJECT_LOCKED_HEADER, readBypass, stripMarkers,
  type Bypass,
} from '../shell/requests/headers';
import { requestCache } from '../shell/requests/request-cache';
import { recordRequest } from '../shell/requests/analytics';
import { handleProjectLocked } from '../shell/requests/project-lock';
import { readInWorker, readsInWorker } from './worker-read';

export const ERROR_KEYS = {
  server: 'requests.server_error',
  forbidden: 'requests.forbidden_error',
  retrieving: 'requests.error_retrieving_data',
} as const;

/** Base address of the API: configurable at build time (VITE_API_BASE), '/api' by default. */
export function apiBase(): string {
  const base = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '/api';
  return globalThis.location ? new URL(base, globalThis.location.href).href.replace(/\/$/, '') : base;
}

/** Answers whose bodies are binary (the Arrow network reads, issue 15). */
const BINARY_TYPES = ['application/vnd.apache.arrow.stream'];

/**
 * fetch for fetchBaseQuery. RTK's fetchBaseQuery reads a clone of every answer as text beside the response handler (for
 * its PARSING_ERROR report): for a binary answer of 10⁵ edges that tees 62 MB and decodes it as a 62-million-character
 * string on the main thread (≈ 0.26 s in an idle Chromium page). A successful binary answer's clone() therefore gives
 * the status and headers (what meta.response is read for) without the body; the handler reads the body once.
 * A whole network read is fetched by the index worker where one can run (worker-read.ts).
 */
export async function fetchAnswer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // a whole network read is fetched by the index worker (worker-read.ts), where one can run
  const inWorker = input instanceof Request && !init && readsInWorker(input) ? readInWorker(input) : null;
  const r = await (inWorker ?? fetch(input, init));
  const type = (r.headers.get('content-type') ?? '').toLowerCase();
  if (r.ok && BINARY_TYPES.some((t) => type.startsWith(t))) {
    Object.defineProperty(r, 'clone', { value: () => new Response(null, { status: r.status, statusText: r.statusText, headers: r.headers }) });
  }
  return r;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  fetchFn: fetchAnswer,
  prepareHeaders: (headers, { getState }) => {
    const bypassLanguage = headers.has(BYPASS.language);
    stripMarkers(headers);
    const token = selectSessionId(getState());
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (!bypassLanguage) headers.set(LANGUAGE_HEADER, currentLanguage());
    return headers;
  },
});

type Result = Awaited<ReturnType<typeof rawBaseQuery>>;

function normalise(args: string | FetchArgs): FetchArgs {
  const a = typeof args === 'string' ? { url: args } : { ...args };
  const url = /^https?:/.test(a.url) ? a.url : `${apiBase()}${a.url.startsWith('/') ? '' : '/'}${a.url}`;
  return { ...a, url };
}

function cacheKey(a: FetchArgs): string {
  const params = a.params ? `?${new URLSearchParams(a.params as Record<string, string>).toString()}` : '';
  return `${a.url}${params}|${currentLanguage()}`;
}

function errorBody(error: FetchBaseQueryError): Record<string, unknown> {
  return 'data' in error && error.data && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {};
}

/** 401 meaning "your session is gone" (spec 1 §8): the sessionExpired flag, or the server's session error names. */
export function isSessionExpiredError(error: FetchBaseQueryError): boolean {
  if (error.status !== 401) return false;
  const body = errorBody(error);
  return body.sessionExpired === true || body.error === 'session_expired' || body.error === 'session_does_not_exist';
}

/** The global error catcher (spec 1 §8). */
function catchError(error: FetchBaseQueryError, url: string, bypass: Bypass, sessionExpired: boolean): void {
  if (!sessionExpired) console.error(`request failed: ${url}`, error);
  if (bypass.messages || sessionExpired) return;
  if (error.status === 500) return;
  notify(ERROR_KEYS.forbidden, 'Error', { throttleKey: ERROR_KEYS.forbidden });
}

function bodyRules(data: unknown, bypass: Bypass): void {
  if (bypass.messages || !data || typeof data !== 'object' || Array.isArray(data)) return;
  const body = data as Record<string, unknown>;
  if (body.error) notify(ERROR_KEYS.retrieving, 'Error', { throttleKey: ERROR_KEYS.retrieving });
  if (typeof body.notification === 'string' && body.notification) notify(body.notification, 'Information');
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (
  args, api, extraOptions,
) => {
  const req = normalise(args);
  const headers = new Headers(req.headers as HeadersInit | undefined);
  const bypass = readBypass(headers);
  const method = (req.method ?? 'GET').toUpperCase();
  const longMessage = headers.get(LONG_LOADING_HEADER);
  const cacheRequested = headers.has(CACHE_REQUEST_HEADER);
  if (cacheRequested && method !== 'GET') console.warn(`X-CacheRequest ignored: only GET is cacheable (${method} ${req.url})`);
  const cacheable = cacheRequested && method === 'GET' && !bypass.cache;
  const key = cacheable ? cacheKey(req) : '';
  if (cacheable) {
    const hit = requestCache.get(key);
    if (hit.hit) return { data: hit.value };
  }
  if (bypass.cache) headers.set('Cache-Control', 'no-cache');
  const loading = longMessage !== null ? { long: true, message: longMessage || undefined } : undefined;
  if (!bypass.loading) api.dispatch(startLoading(loading));
  const started = Date.now();
  let result: Result | undefined;
  try {
    const send = () => rawBaseQuery({ ...req, headers }, api, extraOptions);
    result = await send();
    let sessionExpired = !!result.error && isSessionExpiredError(result.error);
    if (sessionExpired && !bypass.catch) {
      if (await requestLogin()) {
        result = await send();
        sessionExpired = !!result.error && isSessionExpiredError(result.error);
      }
    }
    const lockReason = result.meta?.response?.headers.get(PROJECT_LOCKED_HEADER);
    const locked = lockReason !== null && lockReason !== undefined;
    if (locked && !bypass.catch) handleProjectLocked(lockReason, req.url);
    if (result.error) {
      // A locked project's refusal (423) is told by the locked notification alone.
      if (!bypass.catch && !locked) catchError(result.error, req.url, bypass, sessionExpired);
      return result;
    }
    bodyRules(result.data, bypass);
    if (cacheable) requestCache.set(key, result.data);
    return result;
  } finally {
    if (!bypass.loading) api.dispatch(stopLoading(loading));
    if (!bypass.analytics) {
      recordRequest({ method, url: req.url, status: result?.meta?.response?.status ?? result?.error?.status ?? 'FETCH_ERROR', durationMs: Date.now() - started });
    }
  }
};
