// @vitest-environment jsdom
// The request rules of spec 1 §7–§8, exercised through the real RTK Query api with fetch mocked.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { api } from '../../../src/api/api';
import { makeStore } from '../../../src/app/store';
import { sessionStarted } from '../../../src/auth/session-slice';
import { finishLoginPrompt, isLoginPromptOpen } from '../../../src/auth/login-prompt';
import { getNotificationState, resetNotifications } from '../../../src/shell/notification-store';
import { selectLoading } from '../../../src/shell/loading-slice';
import { bypassHeaders, CACHE_REQUEST_HEADER, LONG_LOADING_HEADER, PROJECT_LOCKED_HEADER } from '../../../src/shell/requests/headers';
import { requestCache, REQUEST_CACHE_SIZE } from '../../../src/shell/requests/request-cache';
import { setNavigator } from '../../../src/app/navigation';
import { changeLanguage } from '../../../src/i18n/i18n';
import { setupI18n } from '../support/i18n';
import { fetchAnswer } from '../../../src/api/base-query';
import { mockFetch } from '../support/fetch-mock';

const probe = api.injectEndpoints({
  endpoints: (b) => ({
    probeGet: b.query<unknown, { path: string; headers?: Record<string, string> }>({ query: ({ path, headers }) => ({ url: path, headers }) }),
    probePost: b.mutation<unknown, { path: string; headers?: Record<string, string> }>({ query: ({ path, headers }) => ({ url: path, method: 'POST', body: {}, headers }) }),
  }),
});

function signedInStore() {
  const store = makeStore();
  store.dispatch(sessionStarted('secret-token'));
  return store;
}
const get = (store: ReturnType<typeof makeStore>, path: string, headers?: Record<string, string>) =>
  store.dispatch(probe.endpoints.probeGet.initiate({ path, headers }, { forceRefetch: true }));
const messages = () => getNotificationState().visible.map((n) => `${n.type}:${n.message}`);

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); requestCache.clear(); });
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); setNavigator(null); });

describe('headers on every call', () => {
  it('sends the bearer token and X-Language with the active language', async () => {
    const f = mockFetch({ 'GET /api/x': { body: { ok: 1 } } });
    const store = signedInStore();
    await get(store, '/x');
    expect(f.calls[0].headers.get('authorization')).toBe('Bearer secret-token');
    expect(f.calls[0].headers.get('x-language')).toBe('en');
    await changeLanguage('nl');
    await get(store, '/x');
    expect(f.calls[1].headers.get('x-language')).toBe('nl');
    await changeLanguage('en');
  });

  it('the language bypass leaves X-Language out, and no bypass marker reaches the server', async () => {
    const f = mockFetch({ 'GET /api/x': { body: {} } });
    await get(signedInStore(), '/x', bypassHeaders('language', 'analytics', 'cache', 'catch', 'loading', 'messages'));
    const h = f.calls[0].headers;
    expect(h.get('x-language')).toBeNull();
    expect([...h.keys()].filter((k) => k.startsWith('x-bypass'))).toEqual([]);
  });
});

describe('X-CacheRequest', () => {
  it('caches GET answers: the second call does not reach the server', async () => {
    const f = mockFetch({ 'GET /api/types': { body: [1, 2] } });
    const store = signedInStore();
    const a = await get(store, '/types', { [CACHE_REQUEST_HEADER]: 'true' });
    const b = await get(store, '/types', { [CACHE_REQUEST_HEADER]: 'true' });
    expect(a.data).toEqual([1, 2]);
    expect(b.data).toEqual([1, 2]);
    expect(f.calls).toHaveLength(1);
  });

  it('keeps at most 20 entries, the oldest leaves first', async () => {
    const f = mockFetch({ 'GET /api/t/\\d+': { body: {} } });
    const store = signedInStore();
    for (let i = 0; i <= REQUEST_CACHE_SIZE; i++) await get(store, `/t/${i}`, { [CACHE_REQUEST_HEADER]: 'true' });
    expect(requestCache.count).toBe(20);
    await get(store, '/t/0', { [CACHE_REQUEST_HEADER]: 'true' });
    expect(f.callsTo('GET', '/api/t/0')).toHaveLength(2);
    await get(store, `/t/${REQUEST_CACHE_SIZE}`, { [CACHE_REQUEST_HEADER]: 'true' });
    expect(f.callsTo('GET', `/api/t/${REQUEST_CACHE_SIZE}`)).toHaveLength(1);
  });

  it('a non-GET asking for the cache gives a console warning and is not cached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = mockFetch({ 'POST /api/x': { body: { n: 1 } } });
    const store = signedInStore();
    await store.dispatch(probe.endpoints.probePost.initiate({ path: '/x', headers: { [CACHE_REQUEST_HEADER]: 'true' } }));
    await store.dispatch(probe.endpoints.probePost.initiate({ path: '/x', headers: { [CACHE_REQUEST_HEADER]: 'true' } }));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('only GET is cacheable'));
    expect(f.calls).toHaveLength(2);
  });

  it('the cache bypass skips the cache', async () => {
    const f = mockFetch({ 'GET /api/x': { body: {} } });
    const store = signedInStore();
    await get(store, '/x', { [CACHE_REQUEST_HEADER]: 'true' });
    await get(store, '/x', { [CACHE_REQUEST_HEADER]: 'true', ...bypassHeaders('cache') });
    expect(f.calls).toHaveLength(2);
  });
});

describe('401 with an expired session', () => {
  it('opens the login dialog and retries the request on confirm', async () => {
    const f = mockFetch({
      'GET /api/x': (_c, n) => (n === 1 ? { status: 401, body: { error: 'session_expired', sessionExpired: true } } : { body: { fine: true } }),
    });
    const store = signedInStore();
    const pending = get(store, '/x');
    await vi.waitFor(() => expect(isLoginPromptOpen()).toBe(true));
    store.dispatch(sessionStarted('new-token'));
    finishLoginPrompt(true);
    const r = await pending;
    expect(r.data).toEqual({ fine: true });
    expect(f.calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer secret-token', 'Bearer new-token']);
  });

  it('passes the error on when the dialog is cancelled, without an error notification or log', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/x': { status: 401, body: { error: 'session_expired', sessionExpired: true } } });
    const pending = get(signedInStore(), '/x');
    await vi.waitFor(() => expect(isLoginPromptOpen()).toBe(true));
    finishLoginPrompt(false);
    const r = await pending;
    expect(r.error).toMatchObject({ status: 401 });
    expect(messages()).toEqual([]);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('errors and body rules', () => {
  it('HTTP 500: logged, no notification', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/x': { status: 500, body: { error: 'internal_error' } } });
    const r = await get(signedInStore(), '/x');
    expect(r.error).toMatchObject({ status: 500 });
    expect(messages()).toEqual([]);
    expect(error).toHaveBeenCalled();
  });

  it('other errors show the forbidden error notification, at most once per 10 s for the same key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/x': { status: 403, body: { error: 'forbidden' } } });
    const store = signedInStore();
    await get(store, '/x');
    await get(store, '/x');
    expect(messages()).toEqual(['Error:requests.forbidden_error']);
  });

  it('the catch bypass leaves the error to the caller', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/x': { status: 403, body: { error: 'forbidden' } } });
    const r = await get(signedInStore(), '/x', bypassHeaders('catch'));
    expect(r.error).toMatchObject({ status: 403 });
    expect(messages()).toEqual([]);
  });

  it("a body with an error field shows 'error retrieving data'; a notification field an info notification", async () => {
    mockFetch({ 'GET /api/a': { body: { error: 'boom' } }, 'GET /api/b': { body: { notification: 'server says hi' } } });
    const store = signedInStore();
    await get(store, '/a');
    await get(store, '/b');
    expect(messages()).toEqual(['Error:requests.error_retrieving_data', 'Information:server says hi']);
  });

  it('the messages bypass suppresses the body messages', async () => {
    mockFetch({ 'GET /api/b': { body: { notification: 'quiet' } } });
    await get(signedInStore(), '/b', bypassHeaders('messages'));
    expect(messages()).toEqual([]);
  });
});

describe('loading counters', () => {
  it('counts ordinary calls, long calls apart with their message, and the loading bypass not at all', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    mockFetch({ 'GET /api/slow': async () => { await gate; return { body: {} }; }, 'GET /api/quiet': async () => { await gate; return { body: {} }; } });
    const store = signedInStore();
    const a = get(store, '/slow');
    const b = get(store, '/slow', { [LONG_LOADING_HEADER]: 'workflow.loading' });
    const c = get(store, '/quiet', bypassHeaders('loading'));
    await vi.waitFor(() => expect(selectLoading(store.getState())).toEqual({ ordinary: 1, long: 1, messages: ['workflow.loading'] }));
    release();
    await Promise.all([a, b, c]);
    expect(selectLoading(store.getState())).toEqual({ ordinary: 0, long: 0, messages: [] });
  });
});

describe('project locked header', () => {
  it('sends the user to the dashboard with a locked notification', async () => {
    const nav = vi.fn();
    setNavigator(nav);
    mockFetch({ 'GET /api/project/7': { body: { id: 7 }, headers: { [PROJECT_LOCKED_HEADER]: 'operation_took_to_long' } } });
    await get(signedInStore(), '/project/7');
    expect(nav).toHaveBeenCalledWith('/dashboard', undefined);
    expect(messages()).toEqual(['Warning:lock.operation_took_to_long_project_locked']);
  });

  it('a 423 refusal with the header shows only the locked notification', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const nav = vi.fn();
    setNavigator(nav);
    mockFetch({ 'POST /api/project/7/path_edge': { status: 423, body: { error: 'project_locked' }, headers: { [PROJECT_LOCKED_HEADER]: 'network_recalculation_project_locked' } } });
    await signedInStore().dispatch(probe.endpoints.probePost.initiate({ path: '/project/7/path_edge' }));
    expect(nav).toHaveBeenCalledWith('/dashboard', undefined);
    expect(messages()).toEqual(['Warning:lock.network_recalculation_project_locked']);
  });
});

describe('binary answers (issue 15)', () => {
  const binary = () => new Response(new Uint8Array([1, 2, 3, 250]), { status: 200, headers: { 'content-type': 'application/vnd.apache.arrow.stream', etag: '"a"' } });
  it('are read once: the clone fetchBaseQuery reads as text has the status and headers but no body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => binary()));
    const r = await fetchAnswer('http://x/api/a');
    const c = r.clone();
    expect([c.status, c.headers.get('etag'), c.body]).toEqual([200, '"a"', null]);
    expect([...new Uint8Array(await r.arrayBuffer())]).toEqual([1, 2, 3, 250]);
    // JSON answers and refusals keep their clone (its text is what a PARSING_ERROR reports)
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"a":1}', { headers: { 'content-type': 'application/json' } })));
    expect(await (await fetchAnswer('http://x/api/b')).clone().text()).toBe('{"a":1}');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 500, headers: { 'content-type': 'application/vnd.apache.arrow.stream' } })));
    expect(await (await fetchAnswer('http://x/api/c')).clone().text()).toBe('oops');
  });

  it('reach the response handler whole through the api, with the headers in meta', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => binary()));
    const bin = api.injectEndpoints({
      endpoints: (b) => ({ binGet: b.query<number[], void>({ query: () => ({ url: '/bin', responseHandler: async (r: Response) => [...new Uint8Array(await r.arrayBuffer())] }) }) }),
    });
    const res = await signedInStore().dispatch(bin.endpoints.binGet.initiate(undefined, { forceRefetch: true }));
    expect(res.data).toEqual([1, 2, 3, 250]);
  });
});
