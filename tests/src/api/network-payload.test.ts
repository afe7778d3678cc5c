// @vitest-environment jsdom
// Network reads kept in the store (issue 15): RTK Query keeps the answers of network_object/all as NetworkPayload
// instances, so the api slice's Immer neither drafts nor deep-freezes their rows (≈ 190 ms a tile in the browser when
// it did). The rows come out as they arrived, not frozen, through a real store with fetch mocked.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NetworkPayload } from '../../../src/api/network-response';
import { networkApi } from '../../../src/api/endpoints/network';
import { makeStore } from '../../../src/app/store';
import { sessionStarted } from '../../../src/auth/session-slice';
import { setupI18n } from '../support/i18n';
import { mockFetch } from '../support/fetch-mock';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

const objs = [{ id: 'n1', projectId: 7, node: { geometry: { type: 'Point', coordinates: [1, 2] } }, objectInstances: [{ id: 'i1', objectTypeId: 2, networkObjectId: 'n1' }] }];

describe('network reads in the store', () => {
  it('an area read is kept as it arrived: its rows are neither drafted nor frozen', async () => {
    mockFetch({ 'GET .*': { body: { data: objs } } });
    const s = makeStore();
    s.dispatch(sessionStarted('tok'));
    const req = s.dispatch(networkApi.endpoints.networkObjectsInArea.initiate({ projectId: 7, bbox: [0, 0, 10, 10] }));
    const read = await req.unwrap();
    const list = read.value as unknown as typeof objs;
    expect(list).toEqual(objs);
    expect(Object.isFrozen(list[0])).toBe(false);
    expect(Object.isFrozen(list[0].objectInstances[0])).toBe(false);
    expect(read).toBeInstanceOf(NetworkPayload);
    req.unsubscribe();
  });

  it('so is a whole read (the wire objects of a JSON answer)', async () => {
    mockFetch({ 'GET .*': { body: { data: objs } } });
    const s = makeStore();
    s.dispatch(sessionStarted('tok'));
    const req = s.dispatch(networkApi.endpoints.networkObjects.initiate({ projectId: 7 }));
    const whole = await req.unwrap();
    const rows = 'rows' in whole.value ? whole.value.rows : null;
    expect(rows?.networkObjects).toEqual(objs);
    expect(Object.isFrozen(rows!.networkObjects[0])).toBe(false);
    req.unsubscribe();
  });
});
