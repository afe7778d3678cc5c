// @vitest-environment jsdom
// Admin users list: Delete and Recover (spec 2 §7 DELETE /api/user/{id}, POST /api/user/recover/{id}; policy
// user.delete). The list asks for deleted users too; Delete asks through the modal service (cancel sends nothing,
// confirm sends the DELETE, tells it and re-reads the list); a deleted user is marked and offers Recover; no button
// for oneself, for root (not covered by an administrator), or without user.delete.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within, fireEvent } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '../../../src/app/store';
import { sessionStarted, sessionValidated } from '../../../src/auth/session-slice';
import type { User } from '../../../src/api/endpoints/types';
import { UserAdmin } from '../../../src/admin/UserAdmin';
import { getModals } from '../../../src/shell/modal-service';
import { getNotificationState, resetNotifications } from '../../../src/shell/notification-store';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';

const base = { language: 'en', active: true, agreementVersion: '1' };
const ADMIN: User = { ...base, id: 2, email: 'admin@demo.example', name: 'Ada Admin', role: 'administrator' };
const ROOT: User = { ...base, id: 1, email: 'root@demo.example', name: 'Rita Root', role: 'root' };
const VIEWER: User = { ...base, id: 5, email: 'viewer@demo.example', name: 'Vic Viewer', role: 'viewer' };
const GONE: User = { ...base, id: 6, email: 'gone@demo.example', name: 'Gus Gone', role: 'engineer', deleted: true };

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); resetNotifications(); });

function setup(policy: Record<string, unknown>) {
  const f = mockFetch({
    'GET /api/user/policies/': { body: policy },
    'GET /api/user/all': { body: [ROOT, ADMIN, VIEWER, GONE] },
    'DELETE /api/user/5': { body: { success: true } },
    'POST /api/user/recover/6': { body: { ...GONE, deleted: false } },
  });
  const store = makeStore();
  store.dispatch(sessionStarted('token-1'));
  store.dispatch(sessionValidated({ user: ADMIN, totp: false, expiration: null }));
  const router = createMemoryRouter([{ path: '/admin', element: <UserAdmin /> }, { path: '/admin/user/:userId', element: <UserAdmin /> }], { initialEntries: ['/admin'] });
  render(<Provider store={store}><RouterProvider router={router} /></Provider>);
  return f;
}
const ADMIN_POLICY = { user: { view: true, edit: true, delete: true, permission: true } };
const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('admin users list: delete and recover', () => {
  it('lists deleted users too (includeDeleted) and offers Delete / Recover only where allowed', async () => {
    const f = setup(ADMIN_POLICY);
    await waitFor(() => expect(f.callsTo('GET', '/api/user/all')).toHaveLength(1));
    expect(new URL(f.callsTo('GET', '/api/user/all')[0].url).searchParams.get('includeDeleted')).toBe('true');
    await waitFor(async () => expect(within(await row('Vic Viewer')).queryByTestId('delete-user')).not.toBeNull());
    const gone = await row('Gus Gone');
    expect(gone.getAttribute('data-deleted')).toBe('true');
    expect(within(gone).getByText('deleted')).toBeTruthy();
    expect(within(gone).getByTestId('recover-user').textContent).toBe('Recover');
    expect(within(gone).queryByTestId('delete-user')).toBeNull();
    expect(within(gone).queryByText('Edit')).toBeNull();
    // not oneself, not root (an administrator does not cover root)
    for (const name of ['Ada Admin', 'Rita Root']) {
      const r = await row(name);
      expect([name, within(r).queryByTestId('delete-user'), within(r).queryByTestId('recover-user')]).toEqual([name, null, null]);
    }
  });

  it('Delete asks first: cancel sends nothing; confirm sends DELETE /api/user/{id}, tells it and re-reads the list', async () => {
    const f = setup(ADMIN_POLICY);
    const button = await waitFor(async () => within(await row('Vic Viewer')).getByTestId('delete-user'));
    fireEvent.click(button);
    await waitFor(() => expect(getModals()).toHaveLength(1));
    expect(getModals()[0].options.title).toBe('Delete Vic Viewer?');
    expect(getModals()[0].options.content).toContain('viewer@demo.example');
    getModals()[0].resolve({ type: 'cancel' });
    await new Promise((r) => setTimeout(r, 20));
    expect(f.callsTo('DELETE', '/api/user/5')).toHaveLength(0);

    fireEvent.click(button);
    await waitFor(() => expect(getModals()).toHaveLength(1));
    getModals()[0].resolve({ type: 'confirm', value: true });
    await waitFor(() => expect(f.callsTo('DELETE', '/api/user/5')).toHaveLength(1));
    await waitFor(() => expect(getNotificationState().visible).toHaveLength(1));
    const n = getNotificationState().visible[0];
    expect([n.message, n.type, n.options.translationParams]).toEqual(['admin.deleted', 'Information', { name: 'Vic Viewer' }]);
    await waitFor(() => expect(f.callsTo('GET', '/api/user/all')).toHaveLength(2));
  });

  it('Recover sends POST /api/user/recover/{id} at once and tells it', async () => {
    const f = setup(ADMIN_POLICY);
    fireEvent.click(await waitFor(async () => within(await row('Gus Gone')).getByTestId('recover-user')));
    await waitFor(() => expect(f.callsTo('POST', '/api/user/recover/6')).toHaveLength(1));
    expect(getModals()).toHaveLength(0);
    await waitFor(() => expect(getNotificationState().visible).toHaveLength(1));
    expect(getNotificationState().visible[0].message).toBe('admin.recovered');
    await waitFor(() => expect(f.callsTo('GET', '/api/user/all')).toHaveLength(2));
  });

  it('without user.delete: neither button', async () => {
    const f = setup({ user: { view: true, edit: true, delete: false } });
    await waitFor(() => expect(f.callsTo('GET', '/api/user/policies/')).toHaveLength(1));
    await row('Vic Viewer');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('delete-user')).toBeNull();
    expect(screen.queryByTestId('recover-user')).toBeNull();
  });
});
