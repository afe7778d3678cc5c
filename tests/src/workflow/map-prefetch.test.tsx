// @vitest-environment jsdom
// Entering the workflow starts the map screen's first calls — the network's extent and the object and relation types,
// and for a project loaded by area the tiles of the opening view — at once, not after the map's code has loaded and
// mounted (issue 15: these sat on the open's critical path at 10⁶ edges); the map's own calls then share them.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '../../../src/app/store';
import { loadMapScreen, WorkflowRoute } from '../../../src/workflow/WorkflowRoute';
import { networkApi } from '../../../src/api/endpoints/network';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';

// the map screen stands in without any call of its own (whatever asks for the extent is the workflow); like the map, it
// writes its start view into the address when it mounts
vi.mock('../../../src/map/MapScreen', async () => {
  const React = await import('react');
  return { MapScreen: () => { React.useEffect(() => { window.location.hash = '#12;900000;900000'; }, []); return <div data-testid="map-screen" />; } };
});

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('workflow entry', () => {
  it("asks for the map's extent and types with the project, and the map's own call shares the answer", async () => {
    const m = mockFetch({
      'GET /api/project/7': { body: { id: 7, name: 'P', projectTypeId: 5 } },
      'GET /api/project_type/all': { body: [{ id: 5, key: 'fttx', name: 'FTTx' }] },
      'GET /api/state/project_type/5': { body: [{ id: 1, name: 'Design', step: 0 }] },
      // answered after the map screen mounted and wrote its start view into the address
      'GET /api/project/7/network_object/extent': () => new Promise((r) => setTimeout(() => r({ body: { data: { count: 2_000_000, bbox: [0, 0, 10, 10] } } }), 150)),
      'GET /api/project/7/object_type': { body: [] },
      'GET /api/project/7/object_relation_type': { body: [] },
      'GET /api/project/7/network_object/all': { body: { data: [] } },
    });
    const store = makeStore();
    const router = createMemoryRouter([{ path: '/workflow/:projectId/:projectTypeKey/:step', element: <WorkflowRoute /> }], { initialEntries: ['/workflow/7/fttx/0'] });
    render(<Provider store={store}><RouterProvider router={router} /></Provider>);
    await waitFor(() => expect(m.callsTo('GET', '/api/project/7/network_object/extent')).toHaveLength(1));
    await waitFor(() => expect(m.callsTo('GET', '/api/project/7/object_type')).toHaveLength(1));
    expect(m.callsTo('GET', '/api/project/7/object_relation_type')).toHaveLength(1);
    await screen.findByTestId('map-screen');
    const sub = store.dispatch(networkApi.endpoints.networkExtent.initiate({ projectId: 7 }));
    expect((await sub.unwrap()).count).toBe(2_000_000);
    sub.unsubscribe();
    expect(m.callsTo('GET', '/api/project/7/network_object/extent')).toHaveLength(1);
    // 2 M objects: loaded by area, and the tiles the map opens on (the network's centre: the address named no view when
    // the workflow was entered) are on their way already
    await waitFor(() => expect(m.callsTo('GET', '/api/project/7/network_object/all').map((c) => new URL(c.url).searchParams.get('bbox'))).toContain('0,0,2048,2048'));
    expect(window.location.hash).toBe('#12;900000;900000');
    expect(m.callsTo('GET', '/api/project/7/network_object/all').every((c) => Number(new URL(c.url).searchParams.get('bbox')!.split(',')[0]) < 10_000)).toBe(true);
    // the module loads the route began end inside the test (one still loading after the environment's teardown was an
    // unhandled error of the run)
    await loadMapScreen();
    await import('../../../src/map/tile-prefetch');
  });
});
