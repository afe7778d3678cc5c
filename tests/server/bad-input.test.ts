// Bad input on the project-side routes (house rule 4): malformed JSON, wrong types, missing fields, 10 MB bodies,
// SQL-looking strings in text fields, unknown ids and integrity-breaking batches each get a clear 4xx (never a 5xx)
// naming the field or id, and the database is unchanged (dump before/after).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { dump, edge, line, node, wire } from './network-fixtures';

let ts: TestServer;
let eng: Api;
let pid: number;
const base = () => `/api/project/${pid}`;

beforeAll(async () => {
  ts = await startTestServer({ demoSeed: true });
  eng = ts.api(await ts.login('engineer@demo.example'));
  pid = (await eng.post('/api/project', { name: 'Bad input', projectTypeId: 10 })).body.id;
  expect((await eng.post(`${base()}/network_object`, line('g-'))).status).toBe(201);
  await eng.post(`${base()}/object_instance`, [{ id: 'duct', objectTypeId: 112, networkObjectId: 'g-ab' }, { id: 'cable', objectTypeId: 105, networkObjectId: 'g-p' }]);
});
afterAll(async () => { await ts?.close(); });

const SQL = `x'; DROP TABLE network_object; --`;

async function refused(status: number | number[], call: () => Promise<{ status: number; body: any; text: string }>, mention?: string) {
  const before = await dump(ts.db);
  const r = await call();
  const ok = Array.isArray(status) ? status : [status];
  expect(ok, `${r.status} ${r.text.slice(0, 300)}`).toContain(r.status);
  expect(typeof r.body.message === 'string' || typeof r.body.reason === 'string', r.text.slice(0, 200)).toBe(true);
  if (mention) expect(r.text).toContain(mention);
  expect(await dump(ts.db)).toBe(before);
  return r;
}

describe('bad input', () => {
  it('malformed JSON and wrong content', async () => {
    await refused(400, () => eng.request('POST', `${base()}/network_object`, { raw: '[{"id": "a", ' }));
    await refused([400, 415], () => eng.request('POST', `${base()}/network_object`, { raw: 'id=a', contentType: 'text/plain' }));
    await refused(400, () => eng.request('PATCH', `${base()}/attribute_value`, { raw: 'null' }));
  });

  it('wrong types and missing fields name the field', async () => {
    await refused(400, () => eng.post(`${base()}/network_object`, [{ id: 5, node: { geometry: { type: 'Point', coordinates: [0, 0] } } }]), 'id');
    await refused(400, () => eng.post(`${base()}/network_object`, [{ id: 'q', node: { geometry: { type: 'Point', coordinates: ['0', 0] } } }]), 'coordinates');
    await refused(400, () => eng.post(`${base()}/network_object`, [{ id: 'q', edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, fromNodeId: 'g-a' } }]), 'toNodeId');
    await refused(400, () => eng.post(`${base()}/network_object`, [{ id: 'q', node: { geometry: { type: 'Point', coordinates: [0, 0] } }, edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, fromNodeId: 'g-a', toNodeId: 'g-b' } }]), 'q');
    await refused(400, () => eng.post(`${base()}/object_instance`, [{ id: 'i', objectTypeId: '112', networkObjectId: 'g-a' }]), 'objectTypeId');
    await refused(400, () => eng.patch(`${base()}/attribute_value`, [{ objectInstanceId: 'duct', attributeTypeName: 'Existing', value: true }]), 'value');
    await refused(400, () => eng.patch(`${base()}/attribute_value`, [{ objectInstanceId: 'duct', attributeTypeName: 'Existing', value: 'maybe' }]), 'Existing');
    await refused(400, () => eng.delete(`${base()}/network_object`, { ids: ['g-a'] }), 'networkObjectIds');
    await refused(400, () => eng.post('/api/project', { name: 'x' }), 'projectTypeId');
    await refused(400, () => eng.post('/api/project', { name: 'x', projectTypeId: 4242 }), '4242');
    await refused(400, () => eng.get('/api/project/abc'), 'projectId');
    await refused(400, () => eng.get(`${base()}/network_object/all?scenarioId=x`), 'scenarioId');
    await refused(400, () => eng.post(`${base()}/validations`, [{ params: {} }]), 'name');
  });

  it('10 MB bodies are refused whole', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    await refused(400, () => eng.post(`${base()}/network_object`, [{ id: big, node: { geometry: { type: 'Point', coordinates: [0, 0] } } }]), 'id');
    await refused(400, () => eng.patch(`${base()}/attribute_value`, [{ objectInstanceId: 'duct', attributeTypeName: 'name', value: big }]), 'value');
    await refused(400, () => eng.put(`/api/project/edit/${pid}`, { name: big }), 'name');
  });

  it('SQL-looking strings are data, never SQL', async () => {
    await refused(404, () => eng.get(`${base()}/network_object/${encodeURIComponent(SQL)}`), 'DROP TABLE');
    await refused(404, () => eng.delete(`${base()}/network_object`, { networkObjectIds: [SQL] }));
    await refused(400, () => eng.patch(`${base()}/attribute_value`, [{ objectInstanceId: 'duct', attributeTypeName: SQL, value: SQL }]));
    const ok = await eng.patch(`${base()}/attribute_value`, [{ objectInstanceId: 'duct', attributeTypeName: 'name', value: SQL }]);
    expect(ok.status).toBe(200);
    const r = await ts.db.query<{ value: string }>(`SELECT value FROM attribute_value WHERE project_id = $1 AND object_instance_id = 'duct' AND attribute_type_name = 'name'`, [pid]);
    expect(r.rows[0].value).toBe(SQL);
    const p = await eng.post('/api/project', { name: SQL, projectTypeId: 10 });
    expect(p.body.name).toBe(SQL);
    expect((await eng.get(`/api/project/all?search=${encodeURIComponent(SQL)}`)).body.data.map((x: { name: string }) => x.name)).toEqual([SQL]);
  });

  it('unknown ids: 404 naming the first unknown one, nothing saved', async () => {
    await refused(404, () => eng.put(`${base()}/network_object`, wire([node('g-a', 1, 1), node('ghost-1', 0, 0)])), 'ghost-1');
    await refused(404, () => eng.put(`${base()}/object_instance`, [{ id: 'ghost-i', objectTypeId: 112, networkObjectId: 'g-ab' }]), 'ghost-i');
    await refused(404, () => eng.delete(`${base()}/path_edge`, { ids: ['g-pe1', 'ghost-pe'] }), 'ghost-pe');
    await refused(404, () => eng.patch(`${base()}/attribute_value`, [{ objectInstanceId: 'duct', attributeTypeName: 'name', value: 'ok' }, { objectInstanceId: 'ghost-av', attributeTypeName: 'name', value: 'x' }]), 'ghost-av');
    await refused(404, () => eng.delete(`${base()}/object_instance_relation`, { objectInstanceRelations: [{ fromId: 'duct', toId: 'cable', objectRelationTypeName: 'duct_contains_cable' }] }));
    await refused(404, () => eng.get('/api/project/999999'));
  });

  it('integrity-breaking batches: 409 naming the first offending id, nothing saved', async () => {
    await refused(409, () => eng.post(`${base()}/network_object`, wire([node('ok-1', 3, 3), edge('bad-e', 'ok-1', 'nowhere', [[3, 3], [4, 4]])])), 'nowhere');
    await refused(409, () => eng.post(`${base()}/network_object`, wire([node('g-b', 3, 3)])), 'g-b');
    await refused(409, () => eng.post(`${base()}/network_object`, wire([edge('loop-e', 'g-a', 'g-a', [[0, 0], [0, 1]])])), 'loop-e');
    await refused(409, () => eng.post(`${base()}/path_edge`, [{ id: 'pe-x', pathId: 'g-p', edgeId: 'g-ab', startNodeId: 'g-c' }]), 'pe-x');
    await refused(409, () => eng.post(`${base()}/object_instance`, [{ id: 'i-ok', objectTypeId: 1, networkObjectId: 'g-a' }, { id: 'i-bad', objectTypeId: 1, networkObjectId: 'nowhere' }]), 'i-bad');
    await refused(409, () => eng.post(`${base()}/object_instance_relation`, [{ fromId: 'duct', toId: 'ghost-cable', objectRelationTypeName: 'duct_contains_cable' }]), 'ghost-cable');
    await refused(409, () => eng.post(`${base()}/object_instance_relation`, [{ fromId: 'cable', toId: 'duct', objectRelationTypeName: 'duct_contains_cable' }]), 'duct_contains_cable');
    await refused(409, () => eng.delete(`${base()}/network_object`, { networkObjectIds: ['g-ab'] }), 'g-pe1');
    await refused(409, () => eng.put(`${base()}/network_object`, wire([edge('g-ab', 'g-b', 'g-c', [[10, 0], [20, 0]])])), 'g-pe1');
    await refused(400, () => eng.post(`${base()}/object_instance`, [{ id: 'i-t', objectTypeId: 405, networkObjectId: 'g-a' }]), '405');
  });
});
