// @vitest-environment jsdom
// Dashboard (spec 1 §2, spec 2 §2, §7): the user's projects with search and sort; create with a type from the
// server; rename; delete and restore by policy; open into the workflow; long loading on entry.
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, ENGINEER } from '../support/render';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';
import { resetNotifications } from '../../../src/shell/notification-store';
import { filterAndSort } from '../../../src/dashboard/project-list';
import type { Project } from '../../../src/api/endpoints/types';

vi.mock('../../../src/shell/requests/socket', () => ({
  connectSocket: vi.fn(), disconnectSocket: vi.fn(), joinProjectRoom: vi.fn(), leaveProjectRoom: vi.fn(),
}));

const P = (id: number, name: string, projectTypeId: number, updatedAt: string, extra: Partial<Project> = {}): Project =>
  ({ id, name, projectTypeId, step: 0, settings: {}, updatedAt, ...extra });
const TYPES = [{ id: 24, key: 'geotrace', name: 'Geotrace' }, { id: 1, key: 'fttx', name: 'FTTH' }];

function server(policy: Record<string, unknown>) {
  let projects = [P(1, 'Utrecht Oost', 1, '2024-01-02T10:00:00Z'), P(2, 'Amersfoort', 24, '2024-03-01T10:00:00Z'), P(3, 'Old one', 1, '2023-01-01T00:00:00Z', { deleted: true })];
  return mockFetch({
    'GET /api/config': { body: {} },
    'GET /api/user/policies/': { body: policy },
    'GET /api/project_type/all': { body: TYPES },
    'GET /api/project/all': (c) => ({ body: { data: projects.filter((p) => !!p.deleted === new URL(c.url).searchParams.has('deleted')), page: 0, size: 500, total: projects.length } }),
    'POST /api/project': (c) => { const b = c.body as Project; const p = P(9, b.name, b.projectTypeId, '2024-05-01T00:00:00Z'); projects = [...projects, p]; return { status: 201, body: p }; },
    'PUT /api/project/edit/\\d+': (c) => { const id = Number(c.path.split('/').pop()); projects = projects.map((p) => (p.id === id ? { ...p, name: (c.body as { name: string }).name } : p)); return { body: {} }; },
    'DELETE /api/project/\\d+': (c) => { const id = Number(c.path.split('/').pop()); projects = projects.map((p) => (p.id === id ? { ...p, deleted: true } : p)); return { body: { success: true } }; },
    'POST /api/project/\\d+/restore': (c) => { const id = Number(c.path.split('/')[3]); projects = projects.map((p) => (p.id === id ? { ...p, deleted: false } : p)); return { body: {} }; },
    'GET /api/project/\\d+': (c) => ({ body: projects.find((p) => p.id === Number(c.path.split('/').pop())) }),
    'GET /api/state/project_type/\\d+': { body: [{ id: 2, name: 'Design', step: 1, projectTypeId: 1 }, { id: 1, name: 'Area', step: 0, projectTypeId: 1 }] },
    'POST /api/event_log': { body: {} },
  });
}
const names = () => screen.getAllByTestId('project-row').map((r) => r.querySelector('td')!.textContent);

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('dashboard', () => {
  it('lists the projects (last changed first), searches and sorts by name', async () => {
    server({ project: { create_and_edit: true } });
    renderApp('/dashboard', { user: ENGINEER });
    await waitFor(() => expect(names()).toEqual(['Amersfoort', 'Utrecht Oost']));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'utr' } });
    expect(names()).toEqual(['Utrecht Oost']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'geotrace' } });
    expect(names()).toEqual(['Amersfoort']);
  });

  it('creates a project with a type from the server and renames it', async () => {
    const f = server({ project: { create_and_edit: true } });
    renderApp('/dashboard', { user: ENGINEER });
    await waitFor(() => expect(names()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'New project' }));
    const form = await screen.findByTestId('create-project-form');
    const submit = within(form).getByRole('button', { name: 'New project' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Zeist' } });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: '24' } });
    fireEvent.click(submit);
    await waitFor(() => expect(names()).toContain('Zeist'));
    expect(f.callsTo('POST', '/api/project')[0].body).toMatchObject({ name: 'Zeist', projectTypeId: 24, levelOfDetail: 'Low' });
    const row = screen.getAllByTestId('project-row').find((r) => r.textContent?.includes('Zeist'))!;
    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    const rename = await screen.findByTestId('rename-project-form');
    fireEvent.change(within(rename).getByLabelText('Name'), { target: { value: 'Zeist Noord' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(names()).toContain('Zeist Noord'));
    expect(f.callsTo('PUT', '/api/project/edit/9')[0].body).toEqual({ name: 'Zeist Noord' });
  });

  it('delete and restore are offered only by policy', async () => {
    server({ project: { create_and_edit: true, delete: false, restore: false } });
    renderApp('/dashboard', { user: ENGINEER });
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByLabelText('Show deleted projects')).toBeNull();
  });

  it('deletes (permaDelete false) and restores with the policies', async () => {
    const f = server({ project: { create_and_edit: true, delete: true, restore: true } });
    renderApp('/dashboard', { user: ENGINEER });
    await waitFor(() => expect(names()).toHaveLength(2));
    const row = screen.getAllByTestId('project-row').find((r) => r.textContent?.includes('Amersfoort'))!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['Utrecht Oost']));
    expect(f.callsTo('DELETE', '/api/project/2')[0].body).toEqual({ permaDelete: false });
    fireEvent.click(screen.getByLabelText('Show deleted projects'));
    await waitFor(() => expect(names()).toEqual(['Amersfoort', 'Old one']));
    const deleted = screen.getAllByTestId('project-row').find((r) => r.textContent?.includes('Amersfoort'))!;
    expect(within(deleted).getByRole('button', { name: 'Delete permanently' })).toBeTruthy();
    fireEvent.click(within(deleted).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(names()).toEqual(['Old one']));
    expect(f.callsTo('POST', '/api/project/2/restore')).toHaveLength(1);
  });

  it('opens a project into the workflow with its steps sorted by step', async () => {
    server({ project: { create_and_edit: true } });
    const { router } = renderApp('/dashboard', { user: ENGINEER });
    await waitFor(() => expect(names()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Utrecht Oost' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow/1/fttx/0'));
    const nav = await screen.findByTestId('step-navigation');
    await waitFor(() => expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Area', 'Design']));
    fireEvent.click(within(nav).getByRole('button', { name: 'Next step' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow/1/fttx/1'));
    // the workflow route loads the map screen lazily: let that import finish before the environment is torn down
    // (otherwise a slow transform ends in "Cannot load … after the environment was torn down", failing the run)
    await import('../../../src/map/MapScreen');
  });
});

describe('project list rules', () => {
  it('sorts by name, type and last change in both directions', () => {
    const ps = [P(1, 'b', 1, '2024-01-01'), P(2, 'a', 24, '2024-02-01'), P(3, 'c', 1, '2023-01-01')];
    expect(filterAndSort(ps, TYPES, { search: '', sort: 'name', descending: false }).map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(filterAndSort(ps, TYPES, { search: '', sort: 'updated', descending: true }).map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(filterAndSort(ps, TYPES, { search: '', sort: 'type', descending: false }).map((p) => p.name)).toEqual(['b', 'c', 'a']);
  });
});
