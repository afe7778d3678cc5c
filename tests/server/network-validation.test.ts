// Whole-network validators run off the server's event loop and are kept per network version (issue 15: an
// area-loaded 10⁶-edge project asks for graph_integrity at open, which blocked every other call for half a minute):
// POST /validations runs graph_integrity and the engine validators as one job in the validation worker thread, with
// the same results as in the server's own thread (NETWORK_THREAD=inline); the same call at the same network
// version, catalogue and settings is answered from the kept results — by another process (or after a restart) from the
// results stored in the database; a network write or a settings change runs it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import { startTestServer, type Api, type TestServer } from './support/server';
import { node, wire } from './network-fixtures';
import { clearNetworkValidations, lastNetworkValidation, lastSqlValidation } from '../../server/validation/network-validation';

let ts: TestServer;
let api: Api;
let pid: number;
const base = () => `/api/project/${pid}`;
/** Catalogue id (server/migrations/021_catalogue.sql): fttx splicebox (DP). */
const DP = 111;
const SET = [{ name: 'graph_integrity', params: { geometry: true } }, { name: 'dp_capacity' }, { name: 'required_attributes' }, { name: 'allowed_values' }];
const dp = (id: string, on: string, connections: string) => ({
  id, objectTypeId: DP, networkObjectId: on,
  attributeValues: [{ objectInstanceId: id, attributeTypeName: 'capacity', value: '46' }, { objectInstanceId: id, attributeTypeName: 'connections', value: connections }],
});
const failedIds = (b: { dp_capacity: { results: { passed: boolean; id?: string }[] } }) => [...new Set(b.dp_capacity.results.filter((r) => !r.passed).map((r) => r.id))].sort();

beforeAll(async () => {
  ts = await startTestServer();
  api = ts.api(await ts.login('engineer@demo.example'));
  pid = (await api.post('/api/project', { name: 'Validation thread', projectTypeId: 10 })).body.id;
  expect((await api.post(`${base()}/network_object`, wire([node('vt-a', 100, 100), node('vt-b', 120, 100)]))).status).toBe(201);
  expect((await api.post(`${base()}/object_instance`, [dp('vt-a-i', 'vt-a', '50')])).status).toBeLessThan(300);
});
afterAll(async () => { delete process.env.NETWORK_THREAD; await ts?.close(); });

describe('whole-network validation in the worker thread, kept per network version', () => {
  it('runs in another thread with the same results as in the server thread', async () => {
    await clearNetworkValidations(ts.db);
    const r = await api.post(`${base()}/validations`, SET);
    expect(r.status, r.text).toBe(200);
    expect(lastNetworkValidation.how).toBe('run');
    expect(lastNetworkValidation.thread).not.toBe(threadId);
    expect(failedIds(r.body)).toEqual(['vt-a-i']);
    expect(r.body.graph_integrity.passed).toBe(true);
    await clearNetworkValidations(ts.db);
    process.env.NETWORK_THREAD = 'inline';
    try {
      const inline = await api.post(`${base()}/validations`, SET);
      expect(lastNetworkValidation.thread).toBe(threadId);
      expect(inline.body).toEqual(r.body);
    } finally { delete process.env.NETWORK_THREAD; }
  });

  it('answers the same call at the same network version from the kept results', async () => {
    const a = await api.post(`${base()}/validations`, SET);
    const b = await api.post(`${base()}/validations`, SET);
    expect(lastNetworkValidation.how).toBe('cached');
    expect(b.body).toEqual(a.body);
    // other params are another result
    await api.post(`${base()}/validations`, [{ name: 'dp_capacity', params: { severity: 'Optional' } }]);
    expect(lastNetworkValidation.how).toBe('run');
  });

  it('another process (a fresh cache) answers from the results stored in the database, without a job', async () => {
    const a = await api.post(`${base()}/validations`, SET);
    await clearNetworkValidations(); // this process forgets; the database keeps them
    const b = await api.post(`${base()}/validations`, SET);
    expect(lastNetworkValidation.how).toBe('stored');
    expect(lastSqlValidation.how).toBe('stored'); // required_attributes, the SQL validator of SET
    expect(b.body).toEqual(a.body);
    await api.post(`${base()}/validations`, SET);
    expect(lastNetworkValidation.how).toBe('cached');
    expect(lastSqlValidation.how).toBe('cached');
    // other params were never stored: run
    await clearNetworkValidations();
    await api.post(`${base()}/validations`, [{ name: 'dp_capacity', params: { severity: 'Recommended' } }]);
    expect(lastNetworkValidation.how).toBe('run');
  });

  it('a network write runs the validators again and its results show the change', async () => {
    expect((await api.post(`${base()}/object_instance`, [dp('vt-b-i', 'vt-b', '60')])).status).toBeLessThan(300);
    const r = await api.post(`${base()}/validations`, SET);
    expect(lastNetworkValidation.how).toBe('run');
    expect(failedIds(r.body)).toEqual(['vt-a-i', 'vt-b-i']);
    // only the newest version's results stay stored
    const versions = (await ts.db.query<{ v: string }>('SELECT DISTINCT version::text AS v FROM network_validation_result WHERE project_id = $1', [pid])).rows;
    expect(versions).toHaveLength(1);
    await clearNetworkValidations();
    expect(failedIds((await api.post(`${base()}/validations`, SET)).body)).toEqual(['vt-a-i', 'vt-b-i']);
    expect(lastNetworkValidation.how).toBe('stored');
  });

  it('a settings change runs them again', async () => {
    await api.post(`${base()}/validations`, SET);
    expect(lastNetworkValidation.how).toBe('cached');
    const settings = (await api.get(`${base()}/fttx/settings`)).body;
    expect((await api.post(`${base()}/fttx/settings`, { ...settings, network: { ...settings.network, dp_minimum_usage: 3 } })).status).toBe(200);
    await api.post(`${base()}/validations`, SET);
    expect(lastNetworkValidation.how).toBe('run');
  });
});
