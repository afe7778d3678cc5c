// @vitest-environment jsdom
// Settings profiles in the app (spec 2 §3, §4, §7): the profile refresh modal on opening a project (settings screen
// and workflow) with Refresh → POST apply, Cancel → nothing, Don't show again → POST ignore, shown only to users who
// may edit settings; the profiles tab: save a tab's settings as a profile, apply, rename, delete.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, ENGINEER } from '../support/render';
import { setupI18n } from '../support/i18n';
import { resetNotifications } from '../../../src/shell/notification-store';
import { closeAllModals } from '../../../src/shell/modal-service';
import { resetProfileRefreshAsked } from '../../../src/settings/profiles/use-profile-refresh';
import type { ProjectProfiles, SettingsProfile } from '../../../src/api/endpoints/types';
import { settingsServer, VIEWER_POLICY } from './support';

vi.mock('../../../src/shell/requests/socket', () => ({
  connectSocket: vi.fn(), disconnectSocket: vi.fn(), joinProjectRoom: vi.fn(), leaveProjectRoom: vi.fn(),
}));
// The workflow's map screen is not what these tests look at.
vi.mock('../../../src/map/MapScreen', () => ({ MapScreen: () => null }));

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); resetProfileRefreshAsked(); });
afterEach(() => { act(() => closeAllModals()); cleanup(); vi.unstubAllGlobals(); });

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const CHANGED: ProjectProfiles = {
  profiles: [
    { uuid: U1, name: 'Rural trenches', type: 'trenchProfile', updated_at: '2024-05-02T10:00:00.000Z', applied_at: '2024-05-01T10:00:00.000Z', changed: true },
    { uuid: U2, name: 'KLIC rules', type: 'clashDetection', updated_at: '2024-04-01T10:00:00.000Z', applied_at: '2024-05-01T10:00:00.000Z', changed: false },
  ],
  changed: [U1], ignoredAt: null, refresh: true,
};
const PROFILES: SettingsProfile[] = [
  { uuid: U1, name: 'Rural trenches', type: 'trenchProfile', project_type_id: 10, settings: { trenchCosts: { road: { cost: 12 } } }, updated_at: '2024-05-02T10:00:00.000Z' },
  { uuid: U2, name: 'KLIC rules', type: 'clashDetection', project_type_id: null, settings: { clashDetectionSettings: { buffer: 2 } }, updated_at: '2024-04-01T10:00:00.000Z' },
];

async function refreshDialog() {
  const d = await screen.findByTestId('profile-refresh-dialog');
  expect(d.getAttribute('aria-label')).toBe('Profiles changed');
  return d;
}

describe('profile refresh modal', () => {
  it('opening the settings screen with changed profiles asks; Refresh applies the project profiles', async () => {
    const server = settingsServer({ refresh: CHANGED });
    renderApp('/project/5/settings', { user: ENGINEER });
    const d = await refreshDialog();
    expect(d.textContent).toContain('Rural trenches (Trench profile)');
    expect(d.textContent).not.toContain('KLIC rules');
    expect(within(d).getAllByRole('button').map((b) => b.textContent)).toEqual(['×', "Don't show again", 'Cancel', 'Refresh']);
    fireEvent.click(within(d).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/project/5/fttx/settings/profiles/apply')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/project/5/fttx/settings/profiles/apply')[0].body).toEqual({});
    expect(server.callsTo('POST', '/api/project/5/fttx/settings/profiles/ignore')).toHaveLength(0);
  });

  it('Cancel calls nothing; Don\'t show again stores the timestamp (POST ignore)', async () => {
    const server = settingsServer({ refresh: CHANGED });
    renderApp('/project/5/settings', { user: ENGINEER });
    fireEvent.click(within(await refreshDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('profile-refresh-dialog')).toBeNull());
    expect(server.callsTo('POST', '/api/project/5/fttx/settings/profiles/apply')).toHaveLength(0);
    expect(server.callsTo('POST', '/api/project/5/fttx/settings/profiles/ignore')).toHaveLength(0);
    cleanup();
    resetProfileRefreshAsked();
    const again = settingsServer({ refresh: CHANGED });
    renderApp('/project/5/settings', { user: ENGINEER });
    fireEvent.click(within(await refreshDialog()).getByRole('button', { name: "Don't show again" }));
    await waitFor(() => expect(again.callsTo('POST', '/api/project/5/fttx/settings/profiles/ignore')).toHaveLength(1));
    expect(again.callsTo('POST', '/api/project/5/fttx/settings/profiles/apply')).toHaveLength(0);
  });

  it("opening the project's workflow asks too, and its header links to the settings", async () => {
    const server = settingsServer({ refresh: CHANGED });
    const { router } = renderApp('/workflow/5/fttx/0', { user: ENGINEER });
    fireEvent.click(within(await refreshDialog()).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/project/5/fttx/settings/profiles/apply')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('workflow-settings-link'));
    await screen.findByTestId('settings-screen');
    expect(router.state.location.pathname).toBe('/project/5/settings');
  });

  it('no modal without a change, nor for users who cannot edit settings', async () => {
    const server = settingsServer({ policy: VIEWER_POLICY, refresh: CHANGED });
    renderApp('/project/5/settings', { user: ENGINEER });
    await screen.findByTestId('settings-read-only');
    expect(server.callsTo('GET', '/api/project/5/fttx/settings/profiles')).toHaveLength(0);
    expect(screen.queryByTestId('profile-refresh-dialog')).toBeNull();
    cleanup();
    const plain = settingsServer();
    renderApp('/project/5/settings', { user: ENGINEER });
    await screen.findByTestId('settings-screen');
    await waitFor(() => expect(plain.callsTo('GET', '/api/project/5/fttx/settings/profiles').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('profile-refresh-dialog')).toBeNull();
  });
});

describe('profiles tab', () => {
  it("saves a tab's settings as a profile of the tab's type", async () => {
    const server = settingsServer();
    renderApp('/project/5/settings', { user: ENGINEER });
    await screen.findByTestId('settings-screen');
    fireEvent.change(screen.getByTestId('setting-trenchCosts.road.cost'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as profile' }));
    const form = await screen.findByTestId('profile-form');
    expect(within(form).getAllByRole('option').map((o) => o.textContent)).toEqual(['Trench profile', 'Main profile (all settings)']);
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'City' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/profile')).toHaveLength(1));
    const body = server.callsTo('POST', '/api/profile')[0].body as SettingsProfile;
    expect(body).toMatchObject({ name: 'City', type: 'trenchProfile', project_type_id: 10 });
    expect(Object.keys(body.settings)).toEqual(['trenchCosts']);
    expect((body.settings.trenchCosts as Record<string, { cost: number }>).road.cost).toBe(18);
  });

  it('lists the profiles with their applied state; apply, rename and delete', async () => {
    const server = settingsServer({ profiles: PROFILES, refresh: { ...CHANGED, refresh: false } });
    renderApp('/project/5/settings?tab=profiles', { user: ENGINEER });
    const rows = await screen.findAllByTestId('profile-row');
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(['Rural trenches', 'KLIC rules']);
    await waitFor(() => expect(rows[0].textContent).toContain('changed since'));
    fireEvent.change(screen.getByLabelText('Profile type'), { target: { value: 'clashDetection' } });
    expect(screen.getAllByTestId('profile-row')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Profile type'), { target: { value: '' } });

    fireEvent.click(within(screen.getAllByTestId('profile-row')[0]).getByRole('button', { name: 'Apply' }));
    fireEvent.click(within(await screen.findByTestId('settings-confirm')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/project/5/fttx/settings/profiles/apply')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/project/5/fttx/settings/profiles/apply')[0].body).toEqual({ uuids: [U1] });

    fireEvent.click(within(screen.getAllByTestId('profile-row')[1]).getByRole('button', { name: 'Rename' }));
    const form = await screen.findByTestId('profile-form');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'KLIC rules 2024' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(server.callsTo('PUT', `/api/profile/${U2}`)).toHaveLength(1));
    expect(server.callsTo('PUT', `/api/profile/${U2}`)[0].body).toMatchObject({ name: 'KLIC rules 2024', type: 'clashDetection', settings: PROFILES[1].settings });

    fireEvent.click(within(screen.getAllByTestId('profile-row')[1]).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByTestId('settings-confirm')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', `/api/profile/${U2}`)).toHaveLength(1));
  });

  it('viewers see the profiles without actions', async () => {
    settingsServer({ policy: VIEWER_POLICY, profiles: PROFILES });
    renderApp('/project/5/settings?tab=profiles', { user: ENGINEER });
    const rows = await screen.findAllByTestId('profile-row');
    expect(rows).toHaveLength(2);
    expect(within(screen.getByTestId('settings-profiles')).queryAllByRole('button')).toHaveLength(0);
  });
});
