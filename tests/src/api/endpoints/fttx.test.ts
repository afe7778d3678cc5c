// @vitest-environment jsdom
// The fttx feature service calls of spec 3 §7 in the one RTK Query api: each call of tests/spec/api-calls.ts under
// /fttx (except the file import of upload.ts) is sent by an endpoint with that method, path, query and body
// (dispatched through a real store, fetch mocked); writes invalidate the project's FttxFeature reads, which refetch.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../src/api/api';
import '../../../../src/api/endpoints/fttx';
import { BYPASS } from '../../../../src/shell/requests/headers';
import { makeStore } from '../../../../src/app/store';
import { sessionStarted } from '../../../../src/auth/session-slice';
import { SPEC_CALLS, callName, fillPath } from '../../../spec/api-calls';
import { setupI18n } from '../../support/i18n';
import { mockFetch } from '../../support/fetch-mock';

const pid = 7;
const P = { projectId: pid };
const U = '00000000-0000-4000-8000-000000000001';
const F = '/api/project/{projectId}/fttx';

interface Mapping { endpoint: string; args: unknown; path?: Record<string, string | number>; query?: Record<string, string>; body?: unknown; header?: string }

const MAP: Record<string, Mapping> = {
  [`GET ${F}/{id}/properties`]: { endpoint: 'fttxProperties', args: { ...P, id: U }, path: { ...P, id: U } },
  [`GET ${F}/feature/{id}`]: { endpoint: 'fttxFeature', args: { ...P, id: U }, path: { ...P, id: U } },
  [`DELETE ${F}/feature/{id}`]: { endpoint: 'deleteFttxFeature', args: { ...P, id: U }, path: { ...P, id: U } },
  [`POST ${F}/features/uuids`]: { endpoint: 'fttxFeaturesByUuids', args: { ...P, uuids: [U] }, path: P, body: { uuids: [U] } },
  [`DELETE ${F}/unused-trenches`]: { endpoint: 'deleteUnusedTrenches', args: P, path: P },
  [`POST ${F}/vbo/bulk-delete`]: { endpoint: 'bulkDeleteVbos', args: { ...P, uuids: [U] }, path: P, body: { uuids: [U], deleteOrphanedCaps: true }, header: BYPASS.catch },
  [`GET ${F}/features/extent`]: { endpoint: 'fttxExtent', args: { ...P, types: ['cap'] }, path: P, query: { types: 'cap' } },
  [`GET ${F}/features/count`]: { endpoint: 'fttxCount', args: { ...P, types: ['cap', 'vbo'] }, path: P, query: { types: 'cap,vbo' } },
  [`GET ${F}/features`]: {
    endpoint: 'fttxFeatures', args: { ...P, type: ['cap', 'dp'], x: 1.5, y: 2, propKey: 'status', propValues: ['connect', 'reserve'], area: 'POINT(1 2)' }, path: P,
    query: { type: 'cap,dp', x: '1.5', y: '2', propKey: 'status', propValues: 'connect,reserve', area: 'POINT(1 2)' },
  },
  [`GET ${F}/features/{topologyId}`]: { endpoint: 'fttxFeaturesByTopology', args: { ...P, topologyId: 't-1' }, path: { ...P, topologyId: 't-1' } },
  [`DELETE ${F}/features`]: { endpoint: 'deleteFttxFeatures', args: { ...P, types: ['cap', 'vbo'] }, path: P, query: { types: 'cap,vbo' } },
  [`PATCH ${F}/features/properties`]: { endpoint: 'patchFttxProperties', args: { ...P, items: [{ uuid: U, properties: { a: 1 } }] }, path: P, body: { items: [{ uuid: U, properties: { a: 1 } }] } },
  [`PATCH ${F}/cap/related-vbo-properties`]: {
    endpoint: 'patchCapRelatedVboProperties', args: { ...P, capUuids: [U], vboProps: { a: 1 }, capProps: { b: 2 } }, path: P,
    body: { capUuids: [U], vboProps: { a: 1 }, capProps: { b: 2 } },
  },
  [`PATCH ${F}/cap/sync-vbos`]: { endpoint: 'syncCapVbos', args: { ...P, capUuids: [U] }, path: P, body: { capUuids: [U] } },
  [`PATCH ${F}/vbo/sync-caps`]: { endpoint: 'syncVboCaps', args: { ...P, capUuids: [U] }, path: P, body: { capUuids: [U] } },
  [`DELETE ${F}/cables/cap-related`]: { endpoint: 'deleteCapRelatedCables', args: { ...P, ids: [U] }, path: P, body: { ids: [U] } },
  [`POST ${F}/dp/update-connections`]: { endpoint: 'updateDpConnections', args: P, path: P },
  [`GET ${F}/cables/{id}/ducts`]: { endpoint: 'cableDucts', args: { ...P, id: 'c-1' }, path: { ...P, id: 'c-1' } },
  [`GET ${F}/vbo/{id}/tk-info`]: { endpoint: 'vboTkInfo', args: { ...P, id: U }, path: { ...P, id: U } },
  [`GET ${F}/dp/{id}/access-net-type`]: { endpoint: 'dpAccessNetType', args: { ...P, id: U }, path: { ...P, id: U } },
  [`GET ${F}/dp/area-access-net-types`]: { endpoint: 'dpAreaAccessNetTypes', args: P, path: P, header: BYPASS.loading },
};

const FTTX_CALLS = SPEC_CALLS.filter((c) => c.spec === '3 §7' && c.path.startsWith(`${F}/`) && callName(c) !== `POST ${F}/features`
  && !c.path.startsWith(`${F}/settings`));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const endpoints = api.endpoints as Record<string, { initiate(arg: unknown, o?: unknown): any } | undefined>;

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

describe('fttx feature service calls → RTK Query endpoints', () => {
  it('the spec table lists the 21 calls of the feature service', () => {
    expect(FTTX_CALLS.map(callName).sort()).toEqual(Object.keys(MAP).sort());
  });
  for (const key of Object.keys(MAP)) {
    it(`${key} is sent by ${MAP[key].endpoint}`, async () => {
      const m = MAP[key];
      const [method, path] = key.split(' ');
      const store = makeStore();
      store.dispatch(sessionStarted('tok'));
      const f = mockFetch(Object.fromEntries(['GET', 'POST', 'PATCH', 'DELETE'].map((x) => [`${x} .*`, { body: {} }])));
      const sub = store.dispatch(endpoints[m.endpoint]!.initiate(m.args));
      await sub;
      sub.unsubscribe?.();
      expect(f.calls).toHaveLength(1);
      const sent = f.calls[0];
      expect(sent.method).toBe(method);
      expect(sent.path).toBe(fillPath(path, m.path ?? {}));
      expect(sent.headers.get('authorization')).toBe('Bearer tok');
      if (m.query) expect(Object.fromEntries(new URL(sent.url).searchParams)).toEqual(m.query);
      if (m.body !== undefined) expect(sent.body).toEqual(m.body);
      // Bypass markers are read by the base query and not sent on the wire.
      if (m.header) expect(sent.headers.has(m.header)).toBe(false);
    });
  }
});

describe('fttx tags', () => {
  it("a write invalidates the project's fttx reads (they refetch), not other projects' reads", async () => {
    const store = makeStore();
    store.dispatch(sessionStarted('tok'));
    const f = mockFetch({
      'GET .*/features/count': { body: { count: 1, types: { cap: 1 } } },
      'PATCH .*/features/properties': { body: { updateCount: 1 } },
    });
    const a = store.dispatch(endpoints.fttxCount!.initiate({ projectId: 7 }));
    const b = store.dispatch(endpoints.fttxCount!.initiate({ projectId: 8 }));
    await Promise.all([a, b]);
    expect(f.calls).toHaveLength(2);
    await store.dispatch(endpoints.patchFttxProperties!.initiate({ projectId: 7, items: [{ uuid: U, properties: {} }] }));
    await vi.waitFor(() => expect(f.callsTo('GET', '/api/project/7/fttx/features/count')).toHaveLength(2));
    expect(f.callsTo('GET', '/api/project/8/fttx/features/count')).toHaveLength(1);
    a.unsubscribe(); b.unsubscribe();
  });
});
