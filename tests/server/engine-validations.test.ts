// POST /api/project/{id}/validations with the engine's network validators over the stored network (issue 13, spec 2
// §5/§7): a DP over its capacity is a failed Required result naming it and the project no longer passes; the
// project's settings (dp_minimum_usage) are read; a customer connection without an edge is Recommended; a node
// outside the stored demarcation area fails demarcation_containment; several validators in one call; unknown names
// are a 400 listing the known ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { node, wire } from './network-fixtures';

let ts: TestServer;
let api: Api;
let pid: number;
const base = () => `/api/project/${pid}`;
/** Catalogue ids (server/migrations/021_catalogue.sql): fttx splicebox (DP) and customer connection. */
const DP = 111, CUSTOMER = 103;

beforeAll(async () => {
  ts = await startTestServer();
  api = ts.api(await ts.login('engineer@demo.example'));
  const r = await api.post('/api/project', { name: 'Engine validations', projectTypeId: 10 });
  expect(r.status).toBe(201);
  pid = r.body.id;
  expect((await api.post(`${base()}/network_object`, wire([node('ev-dp', 100, 100), node('ev-c', 120, 100)]))).status).toBe(201);
  const inst = await api.post(`${base()}/object_instance`, [
    { id: 'ev-dp-i', objectTypeId: DP, networkObjectId: 'ev-dp', attributeValues: [{ objectInstanceId: 'ev-dp-i', attributeTypeName: 'capacity', value: '46' }, { objectInstanceId: 'ev-dp-i', attributeTypeName: 'connections', value: '50' }] },
    { id: 'ev-c-i', objectTypeId: CUSTOMER, networkObjectId: 'ev-c' },
  ]);
  expect(inst.status, inst.text).toBeLessThan(300);
});
afterAll(async () => { await ts?.close(); });

describe('engine validators over the stored network', () => {
  it('a DP with more connections than its capacity fails Required; several validators in one call', async () => {
    const v = await api.post(`${base()}/validations`, [{ name: 'dp_capacity' }, { name: 'unconnected_customer_connections' }, { name: 'allowed_values' }]);
    expect(v.status, v.text).toBe(200);
    expect(v.body.dp_capacity.passed).toBe(false);
    const dp = v.body.dp_capacity.results.filter((r: { passed: boolean; severity: string; id?: string }) => !r.passed && r.severity === 'Required');
    expect(dp.length).toBeGreaterThan(0);
    expect(dp[0].id).toBe('ev-dp-i');
    expect(dp[0].message).toMatch(/50/);
    const unconnected = v.body.unconnected_customer_connections.results;
    expect(unconnected).toContainEqual(expect.objectContaining({ id: 'ev-c-i', severity: 'Recommended', passed: false }));
    // Recommended failures do not stop the project from passing
    expect(v.body.unconnected_customer_connections.passed).toBe(true);
    expect(v.body.allowed_values.passed).toBe(true);
  });

  it('reads the project settings: below the minimum usage is Recommended until the minimum is lowered', async () => {
    await api.post(`${base()}/object_instance`, [{ id: 'ev-dp2-i', objectTypeId: DP, networkObjectId: 'ev-c', attributeValues: [{ objectInstanceId: 'ev-dp2-i', attributeTypeName: 'connections', value: '10' }] }]);
    const low = (await api.post(`${base()}/validations`, [{ name: 'dp_capacity' }])).body.dp_capacity.results;
    expect(low.some((r: { id?: string; severity: string }) => r.id === 'ev-dp2-i' && r.severity === 'Recommended')).toBe(true);
    const settings = (await api.get(`${base()}/fttx/settings`)).body;
    expect((await api.post(`${base()}/fttx/settings`, { ...settings, network: { ...settings.network, dp_minimum_usage: 10 } })).status).toBe(200);
    const ok = (await api.post(`${base()}/validations`, [{ name: 'dp_capacity' }])).body.dp_capacity.results;
    expect(ok.some((r: { id?: string }) => r.id === 'ev-dp2-i')).toBe(false);
  });

  it('demarcation_containment: a node outside the stored demarcation area fails', async () => {
    const none = await api.post(`${base()}/validations`, [{ name: 'demarcation_containment' }]);
    expect(none.body.demarcation_containment.passed).toBe(true);
    const ring = [[90, 90], [110, 90], [110, 110], [90, 110], [90, 90]];
    expect((await api.post(`${base()}/fttx/update-project-demarcation-area`, { geometry: { type: 'Polygon', coordinates: [ring] } })).status).toBeLessThan(300);
    const v = (await api.post(`${base()}/validations`, [{ name: 'demarcation_containment' }])).body.demarcation_containment;
    expect(v.passed).toBe(false);
    expect(v.results.map((r: { id?: string }) => r.id)).toEqual(['ev-c']);
  });

  it('an unknown validator is a 400 listing the known ones', async () => {
    const r = await api.post(`${base()}/validations`, [{ name: 'dp_capacityy' }]);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('dp_capacity');
  });
});
