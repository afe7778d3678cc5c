// @vitest-environment jsdom
// "Delete unused trenches" of the layer panel (src/map/DeleteUnusedTrenches.tsx; spec 3 §7 DELETE
// /fttx/unused-trenches): asks first through the modal service — cancel sends nothing; confirm sends the DELETE,
// tells the count deleted as a notification and has the stored layers re-read; users without network.edit see no button.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../src/app/store';
import { sessionStarted, sessionValidated } from '../../../src/auth/session-slice';
import { DeleteUnusedTrenches } from '../../../src/map/DeleteUnusedTrenches';
import { onStoredFeaturesChanged } from '../../../src/map/stored-features-events';
import { getModals } from '../../../src/shell/modal-service';
import { getNotificationState, resetNotifications } from '../../../src/shell/notification-store';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';
import { ENGINEER } from '../support/render';

const PATH = '/api/project/4/fttx/unused-trenches';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); resetNotifications(); });

function setup(policy: Record<string, unknown>) {
  const f = mockFetch({
    'GET /api/user/policies/': { body: policy },
    [`DELETE ${PATH}`]: { body: { deleted: 3, uuids: ['a', 'b', 'c'] } },
  });
  const store = makeStore();
  store.dispatch(sessionStarted('token-1'));
  store.dispatch(sessionValidated({ user: ENGINEER, totp: false, expiration: null }));
  const changed: string[][] = [];
  const off = onStoredFeaturesChanged((p, layers) => { if (p === 4) changed.push([...layers]); });
  render(<Provider store={store}><DeleteUnusedTrenches projectId={4} /></Provider>);
  return { ...f, changed, off };
}

describe('delete unused trenches', () => {
  it('cancelled in the modal: no call', async () => {
    const s = setup({ 'network.edit': true });
    fireEvent.click(await screen.findByTestId('delete-unused-trenches'));
    await waitFor(() => expect(getModals()).toHaveLength(1));
    getModals()[0].resolve({ type: 'cancel' });
    await new Promise((r) => setTimeout(r, 20));
    expect(s.callsTo('DELETE', PATH)).toHaveLength(0);
    s.off();
  });

  it('confirmed: DELETE /unused-trenches, the count as a notification, the layers re-read', async () => {
    const s = setup({ 'network.edit': true });
    fireEvent.click(await screen.findByTestId('delete-unused-trenches'));
    await waitFor(() => expect(getModals()).toHaveLength(1));
    expect(getModals()[0].options.content).toBe('Delete every trench of this project that carries no existing cable?');
    getModals()[0].resolve({ type: 'confirm', value: true });
    await waitFor(() => expect(getNotificationState().visible).toHaveLength(1));
    const n = getNotificationState().visible[0];
    expect([n.message, n.type, n.options.translationParams]).toEqual(['fttx.actions.deleteUnusedTrenchesDone', 'Information', { count: 3 }]);
    expect(s.callsTo('DELETE', PATH)).toHaveLength(1);
    expect(s.changed).toEqual([['networkDrawing']]);
    s.off();
  });

  it('without network.edit: no button', async () => {
    const s = setup({ 'network.view': true });
    await waitFor(() => expect(s.callsTo('GET', '/api/user/policies/')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('delete-unused-trenches')).toBeNull();
    s.off();
  });
});
