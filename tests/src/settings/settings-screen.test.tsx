// @vitest-environment jsdom
// The project settings screen (spec 2 §2, §3, §7): the tabs of the project type in the spec's order, the generic
// editor (numbers with range checks that block Save, tables with add/remove row, named-entry maps), Save sending
// what changed, the server's 400 beside the field, Restore defaults after a confirm, Export, the unsaved-changes
// guard, and read-only for viewers.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, ENGINEER } from '../support/render';
import { setupI18n } from '../support/i18n';
import { resetNotifications } from '../../../src/shell/notification-store';
import { closeAllModals } from '../../../src/shell/modal-service';
import { hasUnsavedChanges } from '../../../src/workflow/unsaved-changes';
import { resetProfileRefreshAsked } from '../../../src/settings/profiles/use-profile-refresh';
import { settingsServer, VIEWER_POLICY } from './support';

vi.mock('../../../src/shell/requests/socket', () => ({
  connectSocket: vi.fn(), disconnectSocket: vi.fn(), joinProjectRoom: vi.fn(), leaveProjectRoom: vi.fn(),
}));

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); resetProfileRefreshAsked(); });
afterEach(() => { act(() => closeAllModals()); cleanup(); vi.unstubAllGlobals(); });

const tabNames = () => screen.getAllByRole('tab').map((x) => x.textContent);
const panel = () => screen.getByRole('tabpanel');
const input = (path: string) => screen.getByTestId(`setting-${path}`) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
async function open(path: string, opts: Parameters<typeof settingsServer>[0] = {}) {
  const server = settingsServer(opts);
  const app = renderApp(path, { user: ENGINEER });
  await screen.findByTestId('settings-screen');
  return { server, ...app };
}

describe('settings tabs per project type', () => {
  it('FTTX: trench costs, clash detection, route analysis (then profiles)', async () => {
    await open('/project/5/settings', { projectTypeId: 10 });
    expect(tabNames()).toEqual(['Trench costs', 'Clash detection', 'Route analysis', 'Profiles']);
    expect(screen.getByRole('tab', { name: 'Trench costs' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel()).getByTestId('setting-trenchCosts')).toBeTruthy();
  });

  it('LV: network, trench costs, clash detection, route analysis, conduits, cable types, transformer types', async () => {
    const { router } = await open('/project/6/settings', { projectTypeId: 30 });
    expect(tabNames()).toEqual(['Network', 'Trench costs', 'Clash detection', 'Route analysis', 'Conduits', 'Cable types', 'Transformer types', 'Profiles']);
    // the network tab leaves out the lists that have their own tabs
    expect(within(panel()).getByTestId('setting-network.trench_width')).toBeTruthy();
    expect(within(panel()).queryByTestId('setting-network.cable_types')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Cable types' }));
    expect(router.state.location.search).toBe('?tab=cableTypes');
    // a cable type's capacity list is a table inside the row
    expect(within(panel()).getByTestId('setting-network.cable_types[0].capacity')).toBeTruthy();
  });
});

describe('editing', () => {
  it('a number out of its range shows the validator message beside it and blocks Save', async () => {
    await open('/project/5/settings');
    expect(saveButton().disabled).toBe(true); // nothing changed yet
    fireEvent.change(input('trenchCosts.road.priority'), { target: { value: '9' } });
    expect(screen.getByTestId('problem-trenchCosts.road.priority').textContent).toBe('must be an integer between 0 and 7');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByTestId('settings-blocked').textContent).toBe('Solve 1 problem before saving.');
    expect(screen.getByRole('tab', { name: /Trench costs/ }).textContent).toContain('1');
    fireEvent.change(input('trenchCosts.road.priority'), { target: { value: '3' } });
    expect(screen.queryByTestId('problem-trenchCosts.road.priority')).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it('Save sends what changed from the defaults; the reloaded value is kept', async () => {
    const { server } = await open('/project/5/settings');
    fireEvent.change(input('trenchCosts.road.cost'), { target: { value: '25' } });
    fireEvent.click(input('trenchCosts.klic.active'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.callsTo('POST', '/api/project/5/fttx/settings')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/project/5/fttx/settings')[0].body).toEqual({ trenchCosts: { road: { cost: 25 }, klic: { active: false } } });
    await waitFor(() => expect(screen.getByTestId('settings-screen').dataset.dirty).toBe('false'));
    expect(input('trenchCosts.road.cost').value).toBe('25');
  });

  it('a table row is added with the default row and removed; Save sends the table', async () => {
    const { server } = await open('/project/6/settings?tab=conduits', { projectTypeId: 30 });
    const rows = () => within(panel()).getAllByTestId('row-network.conduit_rules');
    expect(rows()).toHaveLength(2);
    fireEvent.click(within(panel()).getByRole('button', { name: 'Add row' }));
    expect(rows()).toHaveLength(3);
    expect(input('network.conduit_rules[2].diameter').value).toBe('110');
    // the new row's name is empty: the validator asks for one
    expect(screen.getByTestId('problem-network.conduit_rules[2].name')).toBeTruthy();
    fireEvent.change(input('network.conduit_rules[2].name'), { target: { value: 'bridge' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Remove row 1 of Conduit rules' }));
    expect(rows()).toHaveLength(2);
    expect(input('network.conduit_rules[1].name').value).toBe('bridge');
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.callsTo('POST', '/api/project/6/fttx/settings')).toHaveLength(1));
    const sent = server.callsTo('POST', '/api/project/6/fttx/settings')[0].body as { network: { conduit_rules: { name: string }[] } };
    expect(sent.network.conduit_rules.map((r) => r.name)).toEqual(['directional drilling', 'bridge']);
  });

  it('a named entry is added to a map; default entries cannot be removed, new ones can', async () => {
    await open('/project/5/settings');
    const add = within(panel()).getByLabelText('New entry of Trench costs');
    fireEvent.change(add, { target: { value: 'Bad Name' } });
    expect(panel().textContent).toContain('Use lower-case letters');
    fireEvent.change(add, { target: { value: 'rock' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Add' }));
    expect(input('trenchCosts.rock.method').value).toBe('=');
    expect(within(panel()).queryByRole('button', { name: 'Remove road' })).toBeNull();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Remove rock' }));
    expect(screen.queryByTestId('setting-trenchCosts.rock.method')).toBeNull();
    expect(screen.getByTestId('settings-screen').dataset.dirty).toBe('false');
  });

  it("the server's 400 is shown beside the field it names", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server } = await open('/project/5/settings', {
      extra: { 'POST /api/project/\\d+/fttx/settings': { status: 400, body: { error: 'invalid_settings', message: 'trenchCosts.road.cost must not exceed the budget', problems: [{ path: 'trenchCosts.road.cost', message: 'trenchCosts.road.cost must not exceed the budget' }] } } },
    });
    fireEvent.change(input('trenchCosts.road.cost'), { target: { value: '30' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('problem-trenchCosts.road.cost').textContent).toBe('must not exceed the budget'));
    expect(server.callsTo('POST', '/api/project/5/fttx/settings')).toHaveLength(1);
    expect(screen.getByTestId('settings-screen').dataset.dirty).toBe('true');
  });
});

describe('restore, export, leaving, viewers', () => {
  it('Restore defaults calls DELETE only after the confirm', async () => {
    const { server } = await open('/project/5/settings', { stored: { trenchCosts: { road: { cost: 33 } } } });
    await waitFor(() => expect(input('trenchCosts.road.cost').value).toBe('33'));
    fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    fireEvent.click(within(await screen.findByTestId('settings-confirm')).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', '/api/project/5/fttx/settings')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    fireEvent.click(within(await screen.findByTestId('settings-confirm')).getByRole('button', { name: 'Restore defaults' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/project/5/fttx/settings')).toHaveLength(1));
    await waitFor(() => expect(input('trenchCosts.road.cost').value).toBe('20'));
  });

  it("Export posts the current tab's section and downloads the answer", async () => {
    const createObjectURL = vi.fn(() => 'blob:settings');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { server } = await open('/project/5/settings?tab=clashDetection');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(server.callsTo('POST', '/api/project/5/fttx/settings/export')[0].body).toEqual({ settingsKey: 'clashDetectionSettings' });
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('project-5-clashDetectionSettings.json');
    click.mockRestore();
  });

  it('while dirty the screen is an unsaved-changes source: leaving asks, cancel stays', async () => {
    const { router } = await open('/project/5/settings');
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.change(input('trenchCosts.road.cost'), { target: { value: '21' } });
    expect(hasUnsavedChanges()).toBe(true);
    act(() => { void router.navigate('/dashboard'); });
    const dialog = await screen.findByTestId('unsaved-changes-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/project/5/settings');
    // changing tabs is not leaving
    fireEvent.click(screen.getByRole('tab', { name: 'Route analysis' }));
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull();
    // back to the loaded value: clean, no source
    fireEvent.click(screen.getByRole('tab', { name: 'Trench costs' }));
    fireEvent.change(input('trenchCosts.road.cost'), { target: { value: '20' } });
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('viewers read the settings without edit controls', async () => {
    await open('/project/5/settings', { policy: VIEWER_POLICY });
    await screen.findByTestId('settings-read-only');
    expect(screen.getByTestId('settings-screen').dataset.readOnly).toBe('true');
    expect(within(panel()).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(panel()).queryAllByRole('spinbutton')).toHaveLength(0);
    expect(within(panel()).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(panel()).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore defaults' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save as profile' })).toBeNull();
    expect(screen.getByTestId('setting-trenchCosts.road.cost').textContent).toBe('20 €/m');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });
});
