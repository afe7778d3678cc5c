// @vitest-environment jsdom
// Project guard and workflow addresses (spec 1 §2, spec 2 §2, issue 16): an unknown or other organisation's project
// (404) gives 'User is not authorized to access this page' and the dashboard before the workflow renders; a malformed
// id shows the not-found page; /map needs a session; the short address /workflow/{id}/{step} is completed with the
// project's type key and keeps the settings fragment, which the workflow reads back; step buttons show translated
// step names (en and nl), never the raw keys.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderApp, ENGINEER } from '../support/render';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';
import { getNotificationState, resetNotifications } from '../../../src/shell/notification-store';
import { changeLanguage } from '../../../src/i18n/i18n';
import { settingsOfFragment, workflowAddress, idOfSegment } from '../../../src/workflow/workflow-address';

vi.mock('../../../src/shell/requests/socket', () => ({
  connectSocket: vi.fn(), disconnectSocket: vi.fn(), joinProjectRoom: vi.fn(), leaveProjectRoom: vi.fn(),
}));
vi.mock('../../../src/map/MapScreen', () => ({ MapScreen: () => <div data-testid="map-screen" /> }));

const POLICY = { management_dashboard: false, project: { create_and_edit: true, view: true }, workflow: { statistics: { view: true } } };
const PROJECT = { id: 7, name: 'Oost', projectTypeId: 10, step: 3, settings: {}, projectType: { id: 10, name: 'FTTx' } };
const STATES = ['project_area', 'addresses', 'trenches', 'access_net', 'distribution_net', 'statistics'].map((name, step) => ({ id: step + 1, projectTypeId: 10, step, name }));

function server() {
  return mockFetch({
    'GET /api/config': { body: { environment: 'production' } },
    'GET /api/user/has-no-root': { body: { hasNoRoot: false } },
    'POST /api/user/session': { body: { success: true, user: ENGINEER, totp: false, expiration: null } },
    'GET /api/user/policies/': { body: POLICY },
    'GET /api/project/all': { body: [] },
    'GET /api/project/7': { body: PROJECT },
    'GET /api/project/999999': { status: 404, body: { error: 'not_found', message: 'Project 999999 does not exist.' } },
    'GET /api/project_type/all': { body: [{ id: 10, key: 'fttx', name: 'FTTx' }] },
    'GET /api/project_type/10/state/all': { body: STATES },
    'GET /api/state/.*': { body: STATES },
    'POST /api/event_log': { status: 201, body: { success: true } },
    'POST /api/project/7/in-use': { body: [{ userId: ENGINEER.id }] },
  });
}
const warnings = () => getNotificationState().visible.filter((n) => n.type === 'Warning').map((n) => n.message);

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); });
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); vi.restoreAllMocks(); await changeLanguage('en'); });

describe('project guard', () => {
  it("an unknown project id warns 'User is not authorized to access this page' and lands on the dashboard", async () => {
    const f = server();
    const { router } = renderApp('/workflow/999999/fttx/1', { user: ENGINEER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(warnings()).toContain('shell.not_authorized');
    expect(screen.queryByTestId('workflow')).toBeNull();
    expect(f.callsTo('POST', '/api/event_log')).toHaveLength(0);
  });

  it('the short address /workflow/999999/1 is guarded the same way', async () => {
    server();
    const { router } = renderApp('/workflow/999999/1', { user: ENGINEER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(warnings()).toContain('shell.not_authorized');
  });

  it('a malformed project id shows the not-found page', async () => {
    server();
    renderApp('/workflow/abc/fttx/1', { user: ENGINEER });
    await screen.findByTestId('not-found');
  });

  it('/map sends a signed-out visitor to the login with the address to return to', async () => {
    server();
    const { router } = renderApp('/map#19;570060;6817020');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/map#19;570060;6817020')}`);
  });

  it('the short address is completed with the type key, keeps the settings fragment, and the workflow reads it back', async () => {
    server();
    const settings = { scenario: 2, layer: 'trenches' };
    const { router } = renderApp(`/workflow/7/3#${encodeURIComponent(JSON.stringify(settings))}`, { user: ENGINEER });
    await screen.findByTestId('workflow', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/workflow/7/fttx/3');
    expect(settingsOfFragment(router.state.location.hash)).toEqual(settings);
    expect(screen.getByTestId('workflow').getAttribute('data-fragment-settings')).toBe('scenario layer');
  });

  it('step buttons show translated step names in English and Dutch, not the raw keys; the project is marked in use', async () => {
    const f = server();
    renderApp('/workflow/7/fttx/3', { user: ENGINEER });
    const nav = await screen.findByTestId('step-navigation', {}, { timeout: 5000 });
    await waitFor(() => expect(nav.querySelectorAll('li button')).toHaveLength(6));
    const labels = () => [...nav.querySelectorAll('li button')].map((b) => b.textContent);
    expect(labels()).toEqual(['Project area', 'Addresses', 'Trenches', 'Access network', 'Distribution network', 'Statistics']);
    await changeLanguage('nl');
    await waitFor(() => expect(labels()).toContain('Toegangsnetwerk'));
    expect(labels().join(' ')).not.toMatch(/_/);
    expect(f.callsTo('POST', '/api/project/7/in-use').map((c) => c.body)).toEqual([{ userId: ENGINEER.id }]);
  });
});

describe('workflow address', () => {
  it('round-trips settings through the fragment; a map view fragment is no settings', () => {
    const a = workflowAddress(7, 'fttx', 2, { a: 1, b: 'x y' });
    expect(a.startsWith('/workflow/7/fttx/2#')).toBe(true);
    expect(settingsOfFragment(a.slice(a.indexOf('#')))).toEqual({ a: 1, b: 'x y' });
    expect(workflowAddress(7, 'fttx', 2, {})).toBe('/workflow/7/fttx/2');
    expect(settingsOfFragment('#19;570060;6817020')).toBeNull();
    expect(settingsOfFragment('#%7Bbroken')).toBeNull();
    expect(settingsOfFragment('#[1,2]')).toBeNull();
    expect([idOfSegment('12'), idOfSegment('1e3'), idOfSegment('-1'), idOfSegment('0', 1), idOfSegment('99999999999')]).toEqual([12, undefined, undefined, undefined, undefined]);
  });
});

describe('single sign-on on the login page', () => {
  it('is offered in production when the server has a provider configured (/api/config ssoEnabled)', async () => {
    mockFetch({
      'GET /api/config': { body: { environment: 'production', ssoEnabled: true, sso: { enabled: true } } },
      'GET /api/user/has-no-root': { body: { hasNoRoot: false } },
    });
    renderApp('/user/login');
    expect(await screen.findByRole('button', { name: 'Single sign-on' })).toBeTruthy();
  });
});
