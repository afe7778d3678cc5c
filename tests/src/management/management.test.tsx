// @vitest-environment jsdom
// Management dashboard and admin settings screens (issue 16): the management list shows type, translated step, owner,
// last save, in-use-by and lock state; filters and search go to the server; unlock and delete happen only after the
// confirmation (cancel calls nothing), each action only with its policy; the event log opens in a modal. Admin
// settings save only what changed, a stored value can go back to the environment (null), and the layer offer saves
// the switched layers for the chosen organisation.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, ENGINEER } from '../support/render';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';
import { resetNotifications } from '../../../src/shell/notification-store';
import { closeAllModals } from '../../../src/shell/modal-service';

vi.mock('../../../src/shell/requests/socket', () => ({
  connectSocket: vi.fn(), disconnectSocket: vi.fn(), joinProjectRoom: vi.fn(), leaveProjectRoom: vi.fn(),
}));

const ADMIN = { ...ENGINEER, id: 2, role: 'administrator' as const, name: 'Demo Admin' };
const summary = { stepName: 'access_net', objectCount: 12, extent: [0, 0, 10, 10], cells: [0, 17], owner: { id: 3, name: 'Demo Engineer' }, lastSaved: { at: '2026-11-25T10:00:00Z', userId: 3, userName: 'Demo Engineer' } };
const ROW = { id: 5, name: 'Oost', projectTypeId: 10, projectType: { id: 10, name: 'FTTx' }, step: 3, deleted: false, locked: true, lockReason: 'network_recalculation_project_locked', inUse: [{ userId: 3, name: 'Demo Engineer', since: '2026-11-25T10:00:00Z' }], summary };

function server(policy: Record<string, unknown>) {
  return mockFetch({
    'GET /api/config': { body: {} },
    'GET /api/user/policies/': { body: policy },
    'GET /api/project_type/all': { body: [{ id: 10, key: 'fttx', name: 'FTTx' }, { id: 30, key: 'lowVoltage', name: 'Low voltage' }] },
    'GET /api/management/project/all': { body: { data: [ROW], total: 1 } },
    'GET /api/management/project/5/event_log': { body: { data: [{ id: 1, projectId: 5, userId: null, userName: null, type: 'PROJECT_CREATED', createdAt: '2026-11-24T10:00:00Z' }, { id: 2, projectId: 5, userId: 3, userName: 'Demo Engineer', type: 'PROJECT_SAVED', createdAt: '2026-11-25T10:00:00Z' }] } },
    'PATCH /api/project/5/unlock': { body: { ...ROW, locked: false } },
    'DELETE /api/project/5': { body: { success: true } },
    'GET /api/admin/settings': { body: { signIn: { totpRequired: { value: false, environment: false, stored: false }, agreementRequired: { value: true, environment: false, stored: true }, agreementVersion: { value: '3', environment: '1', stored: true }, signupEnabled: { value: false, environment: false, stored: false } }, sso: { configured: true, provider: 'https://idp.example' } } },
    'PUT /api/admin/settings/sign-in': (c) => ({ body: c.body }),
    'GET /api/admin/settings/organisations': { body: [{ id: 1, name: 'demo' }, { id: 2, name: 'other' }] },
    'GET /api/admin/settings/layer-offer': (c) => ({ body: { organisationId: Number(new URL(c.url).searchParams.get('organisationId') ?? 1), layers: [{ name: 'pop', category: 'network', group: 'network', offered: true }, { name: 'ap', category: 'network', group: 'network', offered: false }] } }),
    'PUT /api/admin/settings/layer-offer': { body: { organisationId: 2, hidden: ['pop'] } },
    'GET /api/admin/settings/event_log': { body: { data: [] } },
  });
}
const ALL = { management_dashboard: true, project: { unlock: true, delete: true, restore: true, view: true }, admin: { settings: true } };
const confirmModal = () => screen.findByTestId('management-confirm');

// The machine running the tests is shared: allow slow renders (debounced search, modal, refetch).
configure({ asyncUtilTimeout: 5000 });
beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); });
afterEach(() => { closeAllModals(); cleanup(); vi.unstubAllGlobals(); vi.restoreAllMocks(); });

describe('management dashboard', () => {
  it('shows type, translated step, owner, last save, in-use-by and lock state; filters go to the server', async () => {
    const f = server(ALL);
    renderApp('/management', { user: ADMIN });
    const row = await screen.findByTestId('management-row', {}, { timeout: 10_000 });
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 4)).toEqual(['Oost', 'FTTx', 'Access network', 'Demo Engineer']);
    expect(cells[4]).toContain('Demo Engineer');
    expect(cells[5]).toBe('Demo Engineer');
    expect(within(row).getByTestId('lock-state').textContent).toBe('Locked');
    fireEvent.change(screen.getByTestId('filter-lock'), { target: { value: 'locked' } });
    fireEvent.change(screen.getByTestId('filter-state'), { target: { value: 'deleted' } });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'oost' } });
    await waitFor(() => expect(f.calls.some((c) => c.path === '/api/management/project/all' && /locked=true/.test(c.url) && /state=deleted/.test(c.url) && /search=oost/.test(c.url))).toBe(true));
  });

  it('unlock and delete only after the confirmation; cancel calls nothing', async () => {
    const f = server(ALL);
    renderApp('/management', { user: ADMIN });
    const row = await screen.findByTestId('management-row', {}, { timeout: 10_000 });
    fireEvent.click(within(row).getByRole('button', { name: 'Unlock' }));
    fireEvent.click(within(await confirmModal()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('management-confirm')).toBeNull());
    expect(f.callsTo('PATCH', '/api/project/5/unlock')).toHaveLength(0);
    fireEvent.click(within(row).getByRole('button', { name: 'Unlock' }));
    fireEvent.click(within(await confirmModal()).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(f.callsTo('PATCH', '/api/project/5/unlock')).toHaveLength(1));
    fireEvent.click(within(await screen.findByTestId('management-row', {}, { timeout: 10_000 })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await confirmModal()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(f.callsTo('DELETE', '/api/project/5')).toHaveLength(1));
    expect(f.callsTo('DELETE', '/api/project/5')[0].body).toEqual({ permaDelete: false });
  });

  it('offers each action only with its policy; the event log opens with user names and event texts', async () => {
    server({ management_dashboard: true, project: { view: true } });
    renderApp('/management', { user: ADMIN });
    const row = await screen.findByTestId('management-row', {}, { timeout: 10_000 });
    expect(within(row).queryByRole('button', { name: 'Unlock' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Event log' }));
    const log = await screen.findByTestId('event-log');
    await waitFor(() => expect(log.querySelectorAll('tbody tr')).toHaveLength(2));
    const texts = [...log.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent));
    expect(texts).toEqual([['System', 'Project created'], ['Demo Engineer', 'Project saved']]);
  });
});

describe('admin settings', () => {
  it('saves only the changed sign-in settings; a stored one goes back to the environment with null', async () => {
    const f = server(ALL);
    renderApp('/admin-settings', { user: ADMIN });
    const form = await screen.findByTestId('sign-in-settings', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(form).getByTestId('sso-provider').textContent).toBe('https://idp.example'));
    expect(within(form).getByTestId('source-agreementVersion').textContent).toContain('set here');
    fireEvent.click(within(form).getByLabelText('Sign-up open'));
    fireEvent.click(within(within(form).getByTestId('source-agreementRequired')).getByRole('button'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(f.callsTo('PUT', '/api/admin/settings/sign-in')).toHaveLength(1));
    expect(f.callsTo('PUT', '/api/admin/settings/sign-in')[0].body).toEqual({ signupEnabled: true, agreementRequired: null });
  });

  it('an empty agreement version blocks saving', async () => {
    const f = server(ALL);
    renderApp('/admin-settings', { user: ADMIN });
    const form = await screen.findByTestId('sign-in-settings', {}, { timeout: 10_000 });
    fireEvent.change(await within(form).findByDisplayValue('3'), { target: { value: ' ' } });
    expect(within(form).getByRole('alert').textContent).toBe('Enter an agreement version.');
    expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(f.callsTo('PUT', '/api/admin/settings/sign-in')).toHaveLength(0);
  });

  it("the layer offer saves the switched layers for the chosen organisation", async () => {
    const f = server(ALL);
    renderApp('/admin-settings', { user: ADMIN });
    const offer = await screen.findByTestId('layer-offer', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(offer).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(within(offer).getByRole('combobox'), { target: { value: '2' } });
    await waitFor(() => expect(f.calls.some((c) => c.path === '/api/admin/settings/layer-offer' && /organisationId=2/.test(c.url))).toBe(true));
    // The list shown (and saved) is the one of the organisation the select shows: wait for organisation 2's answer.
    await waitFor(() => expect((within(offer).getByRole('combobox') as HTMLSelectElement).value).toBe('2'));
    const pop = await waitFor(() => {
      const input = offer.querySelector('tr[data-layer=pop] input');
      if (!input) throw new Error('the layer list has not arrived');
      return input as HTMLInputElement;
    });
    fireEvent.click(pop);
    fireEvent.click(within(offer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(f.callsTo('PUT', '/api/admin/settings/layer-offer')).toHaveLength(1));
    expect(f.callsTo('PUT', '/api/admin/settings/layer-offer')[0].body).toEqual({ organisationId: 2, layers: [{ name: 'pop', offered: false }] });
  });
});
