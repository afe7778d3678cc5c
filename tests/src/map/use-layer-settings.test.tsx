// @vitest-environment jsdom
// Layers the map offers (src/map/use-layer-settings.ts; issue 16, admin settings' layer offer): a layer the
// organisation's layer offer hides (GET /api/organisation/layer-offer `hidden`) is not offered and not drawn;
// the other layers of the project type still are.
import { describe, it, expect, afterEach, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { makeStore } from '../../../src/app/store';
import { sessionStarted, sessionValidated } from '../../../src/auth/session-slice';
import { useLayerSettings } from '../../../src/map/use-layer-settings';
import { mockFetch } from '../support/fetch-mock';
import { ENGINEER } from '../support/render';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderLayers(hidden: string[]) {
  const f = mockFetch({
    'GET /api/organisation/layer-offer': { body: { organisationId: 1, hidden } },
    'GET /api/user/layer_setting/.*': { body: [] },
    'GET /api/cyclomedia/atlas': { body: {} },
  });
  const store = makeStore();
  store.dispatch(sessionStarted('token-1'));
  store.dispatch(sessionValidated({ user: ENGINEER, totp: false, expiration: null }));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const r = renderHook(() => useLayerSettings({ projectTypeId: 10, organisationId: 1, mapContext: 'fttx', remote: true }), { wrapper });
  return { ...r, f };
}

describe('useLayerSettings: the organisation layer offer', () => {
  it('drops a layer the organisation hides from the offered and resolved layers', async () => {
    const { result, f } = renderLayers(['dp']);
    await waitFor(() => expect(f.callsTo('GET', '/api/organisation/layer-offer')).toHaveLength(1));
    await waitFor(() => expect(result.current.entries.some((e) => e.name === 'dp')).toBe(false));
    await waitFor(() => expect(result.current.ready).toBe(true));
    const names = result.current.entries.map((e) => e.name);
    expect(names).toContain('brtAchtergrondkaart');
    expect(result.current.resolved.map((l) => l.layerName)).not.toContain('dp');
  });

  it('offers the layer when the organisation hides nothing', async () => {
    const { result, f } = renderLayers([]);
    await waitFor(() => expect(f.callsTo('GET', '/api/organisation/layer-offer')).toHaveLength(1));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.entries.some((e) => e.name === 'dp')).toBe(true);
    expect(result.current.resolved.map((l) => l.layerName)).toContain('dp');
  });
});
