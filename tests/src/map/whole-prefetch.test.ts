// @vitest-environment jsdom
// The whole network's read starts with the workflow (src/map/whole-prefetch.ts, issue 15): for a project that loads
// whole (below the by-area threshold) one read is started and handed to the map's session once; nothing for a project
// loaded by area; a read nobody takes is dropped after PREFETCH_TTL_MS with its subscription.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store';
import { sessionStarted } from '../../../src/auth/session-slice';
import { PREFETCH_TTL_MS } from '../../../src/map/tile-prefetch';
import { prefetchWhole, takeWhole } from '../../../src/map/whole-prefetch';
import { networkApi } from '../../../src/api/endpoints/network';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { vi.unstubAllGlobals(); vi.useRealTimers(); });

const small = { count: 10, bbox: [0, 0, 100, 100] as [number, number, number, number] };
const big = { count: 2_000_000, bbox: [0, 0, 1e5, 1e5] as [number, number, number, number] };

describe('the whole read started with the workflow', () => {
  it('is started once for a project loaded whole and taken once, with its answer; none for a project loaded by area', async () => {
    const m = mockFetch({ 'GET /api/project/3/network_object/all': { body: { data: [{ id: 'n', projectId: 3 }] } } });
    const store = makeStore();
    store.dispatch(sessionStarted('tok'));
    expect(prefetchWhole(store.dispatch, 4, big)).toBe(false);
    expect(prefetchWhole(store.dispatch, 3, small)).toBe(true);
    expect(prefetchWhole(store.dispatch, 3, small)).toBe(false); // one under way: not started twice
    const read = takeWhole(3)!;
    expect(read).toBeDefined();
    expect(takeWhole(3)).toBeUndefined();
    expect(takeWhole(4)).toBeUndefined();
    const payload = await read.unwrap();
    expect('rows' in payload.value && payload.value.rows.networkObjects.map((o) => o.id)).toEqual(['n']);
    expect(m.callsTo('GET', '/api/project/3/network_object/all')).toHaveLength(1);
    expect(m.callsTo('GET', '/api/project/4/network_object/all')).toHaveLength(0);
    // the session's own read of the same project joins it: no second request while it is held
    const again = store.dispatch(networkApi.endpoints.networkObjects.initiate({ projectId: 3 }));
    await again.unwrap();
    expect(m.callsTo('GET', '/api/project/3/network_object/all')).toHaveLength(1);
    again.unsubscribe(); read.unsubscribe();
  });

  it('a read nobody takes is dropped after the TTL, its subscription released (the answer leaves the cache)', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/project/5/network_object/all': { body: { data: [] } } });
    const store = makeStore();
    store.dispatch(sessionStarted('tok'));
    prefetchWhole(store.dispatch, 5, small);
    const status = () => networkApi.endpoints.networkObjects.select({ projectId: 5 })(store.getState()).status;
    for (let k = 0; k < 50 && status() !== 'fulfilled'; k++) await vi.advanceTimersByTimeAsync(10);
    expect(status()).toBe('fulfilled');
    await vi.advanceTimersByTimeAsync(PREFETCH_TTL_MS / 2);
    expect(status()).toBe('fulfilled'); // held while it waits
    await vi.advanceTimersByTimeAsync(PREFETCH_TTL_MS);
    expect(takeWhole(5)).toBeUndefined();
    expect(status()).toBe('uninitialized');
  });
});
