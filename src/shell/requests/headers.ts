// Request header names of spec 1 §7: the optional bypass headers (analytics, cache, catch, loading, messages,
// language) and X-CacheRequest. Bypass headers are markers for the base query and are removed before sending.
export const BYPASS = {
  analytics: 'X-Bypass-Analytics',
  cache: 'X-Bypass-Cache',
  catch: 'X-Bypass-Catch',
  loading: 'X-Bypass-Loading',
  messages: 'X-Bypass-Messages',
  language: 'X-Bypass-Language',
} as const;
export type BypassKind = keyof typeof BYPASS;
export type Bypass = Record<BypassKind, boolean>;

export const CACHE_REQUEST_HEADER = 'X-CacheRequest';
export const LANGUAGE_HEADER = 'X-Language';
/** Response header marking a project locked by a long operation (value: the lock reason). */
export const PROJECT_LOCKED_HEADER = 'X-Project-Locked';
/** Request marker: the call is a long operation (counted apart; the value is the overlay message key). */
export const LONG_LOADING_HEADER = 'X-Long-Loading';

/** Headers object for a call that bypasses the given rules, e.g. bypassHeaders('catch', 'messages'). */
export function bypassHeaders(...kinds: BypassKind[]): Record<string, string> {
  return Object.fromEntries(kinds.map((k) => [BYPASS[k], 'true']));
}

/** Reads the bypass markers from request headers. */
export function readBypass(headers: Headers): Bypass {
  const out = {} as Bypass;
  for (const [k, name] of Object.entries(BYPASS) as [BypassKind, string][]) out[k] = headers.has(name);
  return out;
}

export function stripMarkers(headers: Headers): void {
  for (const name of Object.values(BYPASS)) headers.delete(name);
  headers.delete(CACHE_REQUEST_HEADER);
  headers.delete(LONG_LOADING_HEADER);
}
