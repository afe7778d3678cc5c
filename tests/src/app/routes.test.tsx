// @vitest-environment jsdom
// Routes and guards (spec 1 §2, spec 2 §2, §4, §6, §8): empty path → dashboard; sign-in guard with return address;
// policy guard with the warning; 2FA and agreement redirects; not-found page in en and nl that logs 'Page not found';
// session validation (cleared when invalid, callbacks run) and the 300000 ms re-check.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { renderApp, ENGINEER } from '../support/render';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';
import { getNotificationState, resetNotifications } from '../../../src/shell/notification-store';
import { changeLanguage } from '../../../src/i18n/i18n';
import { SESSION_STORAGE_KEY, selectSession } from '../../../src/auth/session-slice';
import { onSessionCleared, SESSION_CHECK_INTERVAL_MS } from '../../../src/auth/session';
import { ROUTE_POLICIES } from '../../../src/app/routes';

vi.mock('../../../src/shell/requests/socket', () => ({
  connectSocket: vi.fn(), disconnectSocket: vi.fn(), joinProjectRoom: vi.fn(), leaveProjectRoom: vi.fn(),
}));

const ENGINEER_POLICY = { management_dashboard: false, material_management: true, project: { create_and_edit: true }, admin: { view: false, settings: false }, workflow: { statistics: { view: true } } };

const sessionCallTimes: number[] = [];
function server(over: Record<string, unknown> = {}, config: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /api/config': { body: { environment: 'production', ...config } },
    'GET /api/user/has-no-root': { body: { hasNoRoot: false } },
    'POST /api/user/session': () => { sessionCallTimes.push(Date.now()); return { body: { success: true, user: ENGINEER, totp: false, expiration: null } }; },
    'GET /api/user/policies/': { body: ENGINEER_POLICY },
    'GET /api/project/all': { body: [] },
    'GET /api/project_type/all': { body: [] },
    ...(over as Record<string, never>),
  });
}
const warnings = () => getNotificationState().visible.filter((n) => n.type === 'Warning').map((n) => n.message);

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); });
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); vi.restoreAllMocks(); vi.useRealTimers(); await changeLanguage('en'); });

describe('routes', () => {
  it('the spec routes carry their policies', () => {
    expect(ROUTE_POLICIES).toEqual({
      management: 'management_dashboard', 'material-management': 'material_management', project: 'project.create_and_edit',
      admin: 'admin.view', 'admin-settings': 'admin.settings', statistics: 'workflow.statistics.view',
    });
  });

  it('the empty path redirects to the dashboard', async () => {
    server();
    const { router } = renderApp('/', { user: ENGINEER });
    await screen.findByTestId('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signed out, a guarded address goes to the login route with the address to return to', async () => {
    server();
    const { router } = renderApp('/statistics?x=1#frag');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/statistics?x=1#frag');
  });

  it("a missing permission shows 'User is not authorized to access this page' and goes to the dashboard", async () => {
    server();
    const { router } = renderApp('/admin', { user: ENGINEER });
    await screen.findByTestId('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(warnings()).toEqual(['shell.not_authorized']);
    expect(screen.getByText('User is not authorized to access this page')).toBeTruthy();
  });

  it('a held permission opens the page', async () => {
    server();
    const { router } = renderApp('/statistics', { user: ENGINEER });
    await screen.findByTestId('statistics-screen');
    expect(router.state.location.pathname).toBe('/statistics');
  });

  it('2FA required but not set up redirects to user/settings', async () => {
    server({}, { totpRequired: true });
    const { router } = renderApp('/dashboard', { user: ENGINEER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/settings'));
  });

  it('an accepted agreement version that is not current redirects to user/agreement', async () => {
    server({}, { agreementRequired: true, agreementVersion: '2' });
    const { router } = renderApp('/dashboard', { user: ENGINEER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/agreement'));
  });

  it("the not-found page in English and Dutch, logging 'Page not found'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server();
    renderApp('/no/such/page');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Oops, we could not find this page.');
    expect(screen.getByRole('link', { name: 'Go back to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(warn).toHaveBeenCalledWith('Page not found');
    cleanup();
    await changeLanguage('nl');
    renderApp('/nog/een');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Ai, we hebben deze pagina niet kunnen vinden.');
    expect(screen.getByRole('link', { name: 'Ga terug naar je dashboard' })).toBeTruthy();
  });
});

describe('session', () => {
  it('a stored session id is validated; an expired one is cleared and the callbacks run', async () => {
    server({ 'POST /api/user/session': { body: { success: false, error: 'session_expired' } } });
    localStorage.setItem(SESSION_STORAGE_KEY, 'old');
    const cleared = vi.fn();
    const off = onSessionCleared(cleared);
    const { router, store } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(selectSession(store.getState()).status).toBe('signed_out');
    expect(cleared).toHaveBeenCalledOnce();
    off();
  });

  it('is re-checked every 300000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const f = server();
    localStorage.setItem(SESSION_STORAGE_KEY, 'good');
    renderApp('/dashboard');
    await screen.findByTestId('dashboard');
    const before = f.callsTo('POST', '/api/user/session').length;
    // The re-check timer starts when the first validation answers: just before 300000 ms after it, nothing yet.
    const first = sessionCallTimes[sessionCallTimes.length - 1];
    await act(async () => { await vi.advanceTimersByTimeAsync(first + SESSION_CHECK_INTERVAL_MS - 200 - Date.now()); });
    expect(f.callsTo('POST', '/api/user/session').length).toBe(before);
    await act(async () => { await vi.advanceTimersByTimeAsync(400); });
    expect(f.callsTo('POST', '/api/user/session').length).toBe(before + 1);
  });
});
