// @vitest-environment jsdom
// Saving sends each engine save batch as its call of spec 1 §7 / spec 2 §7 through the one RTK Query api: the batches
// of a history covering every kind are dispatched with sendSaveRequest through a real store, fetch mocked, and each
// must go out with the spec's method, path, query and body; a successful write invalidates the cached network, a failed
// one does not; a batch whose method is not its call's is refused before anything is sent.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { saveRequests, type Action, type NetworkObjectRow, type SaveKind, type SaveRequest } from 'engine';
import { networkApi } from '../../../src/api/endpoints/network';
import { sendSaveRequest } from '../../../src/api/endpoints/network-save';
import { makeStore } from '../../../src/app/store';
import { sessionStarted } from '../../../src/auth/session-slice';
import { setupI18n } from '../support/i18n';
import { mockFetch } from '../support/fetch-mock';

const node = (id: string, x = 0): NetworkObjectRow => ({ id, projectId: 7, node: { geometry: { type: 'Point', coordinates: [x, 0] } } });
const inst = (id: string, on = 'n1') => ({ id, objectTypeId: 2, networkObjectId: on });
const pe = (id: string, position = 0) => ({ id, pathId: 'p0', edgeId: 'e0', startNodeId: 'n0', position });
const edge: NetworkObjectRow = { id: 'e1', projectId: 7, edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [5, 0]] }, fromNodeId: 'n1', toNodeId: 'n2' } };
const rel = { fromId: 'k', toId: 'k2', objectRelationTypeName: 'r' };

/** A history with one change of every kind of batch. */
const ACTIONS: Action[] = [
  { code: 0, after: node('n1') }, { code: 0, after: edge }, { code: 0, after: { id: 'p1', projectId: 7 } },
  { code: 3, after: { id: 'pe1', pathId: 'p1', edgeId: 'e1', startNodeId: 'n1', position: 0 } },
  { code: 6, after: inst('i1') }, { code: 6, after: inst('i2') },
  { code: 9, after: { fromId: 'i1', toId: 'i2', objectRelationTypeName: 'r' } },
  { code: 1, before: node('m'), after: node('m', 3) },
  { code: 4, before: pe('pe2'), after: pe('pe2', 1) },
  { code: 7, before: inst('j'), after: inst('j', 'n9') },
  { code: 11, before: { objectInstanceId: 'k', attributeTypeName: 'a', value: '1' }, after: { objectInstanceId: 'k', attributeTypeName: 'a', value: '2' } },
  { code: 10, before: rel },
  { code: 8, before: inst('gone') },
  { code: 5, before: pe('pe0') },
  { code: 2, before: node('old') },
];

/** Spec 1 §7 (and spec 2 §7 for object_instance): method, path, query and body of each kind's call. */
const P = '/api/project/7';
const EXPECTED: Record<SaveKind, { method: string; path: string; query: Record<string, string>; body: (items: unknown[]) => unknown }> = {
  'create nodes': { method: 'POST', path: `${P}/network_object`, query: { scenarioId: '4' }, body: (l) => l },
  'create edges': { method: 'POST', path: `${P}/network_object`, query: { scenarioId: '4' }, body: (l) => l },
  'create paths': { method: 'POST', path: `${P}/network_object`, query: { scenarioId: '4' }, body: (l) => l },
  'create path edges': { method: 'POST', path: `${P}/path_edge`, query: {}, body: (l) => l },
  'create object instances': { method: 'POST', path: `${P}/object_instance`, query: {}, body: (l) => l },
  'create relations': { method: 'POST', path: `${P}/object_instance_relation`, query: {}, body: (l) => l },
  'edit network objects': { method: 'PUT', path: `${P}/network_object`, query: {}, body: (l) => l },
  'edit path edges': { method: 'PUT', path: `${P}/path_edge`, query: {}, body: (l) => l },
  'edit object instances': { method: 'PUT', path: `${P}/object_instance`, query: {}, body: (l) => l },
  'attribute values': { method: 'PATCH', path: `${P}/attribute_value`, query: {}, body: (l) => l },
  'delete relations': { method: 'DELETE', path: `${P}/object_instance_relation`, query: {}, body: (l) => ({ objectInstanceRelations: l }) },
  'delete object instances': { method: 'DELETE', path: `${P}/object_instance`, query: {}, body: (l) => l },
  'delete path edges': { method: 'DELETE', path: `${P}/path_edge`, query: {}, body: (l) => ({ ids: l }) },
  'delete network objects': { method: 'DELETE', path: `${P}/network_object`, query: {}, body: (l) => ({ networkObjectIds: l }) },
};

function store() {
  const s = makeStore();
  s.dispatch(sessionStarted('tok'));
  return s;
}
const ok = () => mockFetch(Object.fromEntries(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => [`${m} .*`, { body: { data: [] } }])));

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

describe('save batches → the calls of spec 1 §7', () => {
  const requests = saveRequests(ACTIONS, { scenarioId: 4 });

  it('the history gives one batch of every kind, in the sending order', () => {
    expect(requests.map((r) => r.kind)).toEqual(Object.keys(EXPECTED));
  });

  for (const kind of Object.keys(EXPECTED) as SaveKind[]) {
    it(`'${kind}' is sent as ${EXPECTED[kind].method} ${EXPECTED[kind].path.replace('/7/', '/{projectId}/')}`, async () => {
      const req = requests.find((r) => r.kind === kind)!;
      const f = ok();
      await store().dispatch(sendSaveRequest(7, req));
      expect(f.calls).toHaveLength(1);
      const sent = f.calls[0];
      const x = EXPECTED[kind];
      expect(sent.method).toBe(x.method);
      expect(sent.path).toBe(x.path);
      expect(Object.fromEntries(new URL(sent.url).searchParams)).toEqual(x.query);
      expect(sent.body).toEqual(x.body(req.items));
      expect(sent.headers.get('authorization')).toBe('Bearer tok');
    });
  }

  it('a batch whose method is not its call\'s is refused before anything is sent', async () => {
    const f = ok();
    const bad: SaveRequest = { kind: 'create nodes', method: 'PUT', items: [node('n1')] };
    await expect(store().dispatch(sendSaveRequest(7, bad))).rejects.toThrow("'create nodes' is sent as POST, not PUT");
    expect(f.calls).toHaveLength(0);
  });
});

describe('tags: a save makes the cached network stale', () => {
  const countAll = (f: ReturnType<typeof ok>) => f.callsTo('GET', `${P}/network_object/all`).length;

  it.each(['attribute values', 'create path edges', 'delete relations', 'edit network objects'] as SaveKind[])(
    "an accepted '%s' batch refetches a subscribed network_object/all", async (kind) => {
      const f = ok();
      const s = store();
      const sub = s.dispatch(networkApi.endpoints.networkObjects.initiate({ projectId: 7 }));
      await sub;
      expect(countAll(f)).toBe(1);
      await s.dispatch(sendSaveRequest(7, saveRequests(ACTIONS).find((r) => r.kind === kind)!));
      await vi.waitFor(() => expect(countAll(f)).toBe(2));
      sub.unsubscribe();
    });

  it('a refused batch rejects with the error and leaves the cache as it was', async () => {
    const f = mockFetch({ 'GET .*': { body: { data: [] } }, 'PATCH .*': { status: 409, body: { error: 'conflict', message: 'unknown id k' } } });
    const s = store();
    const sub = s.dispatch(networkApi.endpoints.networkObjects.initiate({ projectId: 7 }));
    await sub;
    const req = saveRequests(ACTIONS).find((r) => r.kind === 'attribute values')!;
    await expect(s.dispatch(sendSaveRequest(7, req))).rejects.toBeDefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(countAll(f)).toBe(1);
    sub.unsubscribe();
  });
});
