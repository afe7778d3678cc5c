// POST /api/project/{id}/route (issue 14): route determination over the stored network with the project's trench
// costs: each strategy, an obstruction area, a batch of queries, the settings' default trench cost, 400s for the
// manual strategy 'other', unknown strategies and bad points, unreachable points as found: false. The graph is built
// in the worker thread of whole-network jobs and kept for the next query at the same network version and costs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import { lastRoute } from '../../server/routing/routes';
import { insertFeatures } from '../../server/geoserver/stored-features';
import { startTestServer, type Api, type TestServer } from './support/server';
import { edge, node, wire } from './network-fixtures';

let ts: TestServer;
let api: Api;
let pid: number;
const url = () => `/api/project/${pid}/route`;

beforeAll(async () => {
  ts = await startTestServer();
  api = ts.api(await ts.login('engineer@demo.example'));
  const r = await api.post('/api/project', { name: 'Route determination', projectTypeId: 10 });
  expect(r.status).toBe(201);
  pid = r.body.id;
  // a square a-b-c-d (100 m sides) with the diagonal a-c, and a lone edge e-f
  const net = wire([
    node('rd-a', 0, 0), node('rd-b', 100, 0), node('rd-c', 100, 100), node('rd-d', 0, 100), node('rd-e', 500, 500), node('rd-f', 520, 500),
    edge('rd-ab', 'rd-a', 'rd-b', [[0, 0], [100, 0]]), edge('rd-bc', 'rd-b', 'rd-c', [[100, 0], [100, 100]]),
    edge('rd-ad', 'rd-a', 'rd-d', [[0, 0], [0, 100]]), edge('rd-dc', 'rd-d', 'rd-c', [[0, 100], [100, 100]]),
    edge('rd-ac', 'rd-a', 'rd-c', [[0, 0], [100, 100]]), edge('rd-ef', 'rd-e', 'rd-f', [[500, 500], [520, 500]]),
  ]);
  const s = await api.post(`/api/project/${pid}/network_object`, net);
  expect(s.status, s.text).toBe(201);
});
afterAll(async () => { await ts?.close(); });

describe('POST /route', () => {
  it('minimal distance and cost over the stored network with the default trench cost 85', async () => {
    const r = await api.post(url(), { from: [1, 1], to: [99, 101], strategy: 'minimal_distance' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ strategy: 'minimal_distance', found: true, edges: ['rd-ac'], nodes: ['rd-a', 'rd-c'], privateLength: 0 });
    expect(r.body.length).toBeCloseTo(Math.SQRT2 * 100, 1);
    expect(r.body.cost).toBeCloseTo(Math.SQRT2 * 100 * 85, 0);
    expect(r.body.coordinates).toEqual([[0, 0], [100, 100]]);
  });

  it('the alternative is another route, an obstruction closes the diagonal, batches share one graph', async () => {
    const alt = await api.post(url(), { from: [0, 0], to: [100, 100], strategy: 'minimal_cost_alternative' });
    expect(alt.status, alt.text).toBe(200);
    expect(alt.body.found).toBe(true);
    expect(alt.body.edges).toHaveLength(2);
    expect(alt.body.edges).not.toContain('rd-ac');
    expect(alt.body.cost).toBeCloseTo(200 * 85, 0);
    expect(alt.body.bestCost).toBeCloseTo(Math.SQRT2 * 100 * 85, 0);
    const area = { costType: 'obstruction', polygon: [[[40, 40], [60, 40], [60, 60], [40, 60], [40, 40]]] };
    const b = await api.post(url(), { queries: [
      { from: [0, 0], to: [100, 100], strategy: 'minimal_cost', areas: [area] },
      { from: [0, 0], to: [520, 500], strategy: 'minimal_private' },
      { from: [0, 0], to: [100, 100], strategy: 'centerline' },
    ] });
    expect(b.status, b.text).toBe(200);
    expect(b.body.results).toHaveLength(3);
    expect(b.body.results[0].edges).not.toContain('rd-ac');
    expect(b.body.results[0].length).toBeCloseTo(200, 1);
    expect(b.body.results[1]).toMatchObject({ found: false, reason: 'No route between the points.' });
    expect(b.body.results[2].edges).toEqual(['rd-ac']);
  });

  it("the project's stored shaping areas act on every query (an obstruction over the diagonal)", async () => {
    const ring = [[40, 40], [60, 40], [60, 60], [40, 60], [40, 40]];
    await insertFeatures(ts.db, pid, [{ table: 'fttx_feature', type: 'shaping', layer: 'shaping', name: 'closed', properties: { cost_type: 'obstruction' }, geometry: { type: 'Polygon', coordinates: [ring] } }]);
    const r = await api.post(url(), { from: [0, 0], to: [100, 100], strategy: 'minimal_cost' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.edges).not.toContain('rd-ac');
    expect(r.body.length).toBeCloseTo(200, 1);
    await ts.db.query(`DELETE FROM feature WHERE project_id = $1 AND type = 'shaping'`, [pid]);
    expect((await api.post(url(), { from: [0, 0], to: [100, 100], strategy: 'minimal_cost' })).body.edges).toEqual(['rd-ac']);
  });

  it('reads the project trench costs', async () => {
    const settings = (await api.get(`/api/project/${pid}/fttx/settings`)).body;
    const saved = await api.post(`/api/project/${pid}/fttx/settings`, { ...settings, trenchCosts: { ...settings.trenchCosts, default: { ...settings.trenchCosts.default, cost: 10 } } });
    expect(saved.status, saved.text).toBe(200);
    const r = await api.post(url(), { from: [0, 0], to: [100, 0], strategy: 'minimal_cost' });
    expect(r.body).toMatchObject({ edges: ['rd-ab'] });
    expect(r.body.cost).toBeCloseTo(1000, 0);
  });

  it('400 for other, unknown strategies and bad bodies', async () => {
    const other = await api.post(url(), { from: [0, 0], to: [1, 1], strategy: 'other' });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/manual route/);
    expect((await api.post(url(), { from: [0, 0], to: [1, 1], strategy: 'fastest' })).status).toBe(400);
    expect((await api.post(url(), { from: [0], to: [1, 1], strategy: 'minimal_cost' })).status).toBe(400);
    expect((await api.post(url(), { from: [0, 0], strategy: 'minimal_cost' })).status).toBe(400);
    expect((await api.post(url(), { from: [0, 0], to: [1, 1], strategy: 'minimal_cost', areas: [{ costType: 'avoid' }] })).status).toBe(400);
  });

  it('builds the graph in the worker thread once per network version and keeps it for the next queries', async () => {
    const first = await api.post(url(), { from: [0, 0], to: [100, 0], strategy: 'minimal_distance' });
    expect(first.status, first.text).toBe(200);
    expect(lastRoute.thread).not.toBe(threadId);
    const again = await api.post(url(), { from: [0, 0], to: [0, 100], strategy: 'minimal_distance' });
    expect(lastRoute.built).toBe(false);
    expect(again.body.edges).toEqual(['rd-ad']);
    // a network write: the next query builds the graph again and sees the new edge
    expect((await api.post(`/api/project/${pid}/network_object`, wire([edge('rd-bd', 'rd-b', 'rd-d', [[100, 0], [0, 100]])]))).status).toBe(201);
    const after = await api.post(url(), { from: [100, 0], to: [0, 100], strategy: 'minimal_distance' });
    expect(lastRoute.built).toBe(true);
    expect(after.body.edges).toEqual(['rd-bd']);
  });
});
