// Projects, project types, workflow states, catalogue, properties, event log, settings stores, profiles and the
// validation service over HTTP (spec 2 §7), against the real server with the demo seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { edge, node, wire } from './network-fixtures';

let ts: TestServer;
let eng: Api;
let other: Api;
let me: { id: number };

beforeAll(async () => {
  ts = await startTestServer({ demoProject: true });
  eng = ts.api(await ts.login('engineer@demo.example'));
  other = ts.api(await ts.login('engineer@other.example'));
  me = (await ts.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'engineer@demo.example'`)).rows[0];
});
afterAll(async () => { await ts?.close(); });

describe('projects', () => {
  it('lists the demo FTTH project for its organisation only, paged', async () => {
    const r = await eng.get('/api/project/all?page=0&size=10');
    expect(r.status).toBe(200);
    expect(r.body.data.map((p: { name: string }) => p.name)).toContain('Demo FTTH Utrecht');
    expect(r.body).toMatchObject({ page: 0, size: 10 });
    const o = await other.get('/api/project/all');
    expect(o.body.data.map((p: { name: string }) => p.name)).not.toContain('Demo FTTH Utrecht');
  });

  it('creates a project, logs PROJECT_CREATED, edits, soft-deletes, restores and perma-deletes it', async () => {
    const c = await eng.post('/api/project', { name: 'Glasvezel Zuilen', projectTypeId: 10, properties: [{ propertyTypeName: 'country', value: 'NL' }] });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ name: 'Glasvezel Zuilen', projectTypeId: 10, step: 0, levelOfDetail: 'Low' });
    const id = c.body.id;
    const log = await eng.get(`/api/project/${id}/event_log`);
    expect(log.body.map((e: { type: string }) => e.type)).toEqual(['PROJECT_CREATED']);
    expect((await eng.put(`/api/project/edit/${id}`, { name: 'Glasvezel Zuilen-Noord' })).body.name).toBe('Glasvezel Zuilen-Noord');
    const got = await eng.get(`/api/project/${id}`);
    expect(got.body.projectType.name).toBe('FTTx');
    expect(got.body.properties).toEqual([{ propertyTypeName: 'country', value: 'NL', projectId: id }]);
    expect((await other.get(`/api/project/${id}`)).status).toBe(404);
    const admin = ts.api(await ts.login('admin@demo.example'));
    expect((await admin.delete(`/api/project/${id}`, {})).status).toBe(200);
    expect((await eng.get(`/api/project/${id}`)).status).toBe(404);
    expect((await admin.post(`/api/project/${id}/restore`)).body.deleted).toBe(false);
    expect((await eng.get(`/api/project/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/project/${id}`, { permaDelete: true })).status).toBe(200);
    expect((await ts.db.query('SELECT 1 FROM project WHERE id = $1', [id])).rows).toHaveLength(0);
  });

  it('sets property values, lists property types, marks in use and logs events', async () => {
    const id = (await eng.post('/api/project', { name: 'Props', projectTypeId: 30 })).body.id;
    const set = await eng.put(`/api/project/${id}/property/value`, { values: [{ propertyTypeName: 'order_type', value: '1' }] });
    expect(set.body).toEqual([{ propertyTypeName: 'order_type', value: '1', projectId: id }]);
    const bad = await eng.put(`/api/project/${id}/property/value`, { values: [{ propertyTypeName: 'nope', value: '1' }] });
    expect([bad.status, bad.body.error]).toEqual([400, 'unknown_property_type']);
    const types = await eng.get('/api/project/project/property/type/all');
    expect(types.body.map((t: { name: string }) => t.name)).toContain('reggefiber_number');
    const use = await eng.post(`/api/project/${id}/in-use`, { userId: me.id });
    expect(use.body[0].userId).toBe(me.id);
    expect((await eng.post('/api/event_log', { projectId: id, userId: me.id, type: 'PROJECT_OPENED' })).status).toBe(201);
    expect((await eng.get(`/api/project/${id}/event_log`)).body.map((e: { type: string }) => e.type)).toEqual(['PROJECT_CREATED', 'PROJECT_OPENED']);
  });
});

describe('catalogue', () => {
  it('reconciles both project-type numberings in one table', async () => {
    const r = await eng.get('/api/project_type/all');
    const byId = new Map(r.body.map((t: { id: number }) => [t.id, t]));
    expect(byId.get(29)).toMatchObject({ code: 'geotrace', key: 'geotrace', legacyIds: [24] });
    expect(byId.get(30)).toMatchObject({ code: 'low_voltage', family: 'low_voltage', legacyIds: [25] });
    expect(byId.get(10)).toMatchObject({ code: 'fttx', legacyIds: [7, 10] });
  });

  it('returns workflow states sorted by step, 404 for an unknown type', async () => {
    const r = await eng.get('/api/state/project_type/10');
    expect(r.body.map((s: { step: number }) => s.step)).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await eng.get('/api/state/project_type/999')).status).toBe(404);
  });

  it('gives a project the object types and relation types of its family plus the general ones', async () => {
    const pid = (await eng.get('/api/project/all')).body.data.find((p: { name: string }) => p.name === 'Demo FTTH Utrecht').id;
    const ot = await eng.get(`/api/project/${pid}/object_type`);
    const names = ot.body.map((t: { name: string; family: string }) => `${t.family}:${t.name}`);
    expect(names).toEqual(expect.arrayContaining(['general:node', 'fttx:duct', 'fttx:cable', 'fttx:splicebox']));
    expect(names.some((n: string) => n.startsWith('water:'))).toBe(false);
    const duct = ot.body.find((t: { id: number }) => t.id === 112);
    expect(duct.attributeTypes.find((a: { name: string }) => a.name === 'Existing')).toMatchObject({ type: 'Boolean', required: true });
    const rt = await eng.get(`/api/project/${pid}/object_relation_type`);
    expect(rt.body.find((t: { name: string }) => t.name === 'duct_contains_cable')).toMatchObject({ fromObjectTypeId: 112, toObjectTypeId: 105, relationType: 'Contains' });
  });
});

describe('settings stores and profiles', () => {
  it('fttx settings: defaults, set, export one section, delete back to defaults', async () => {
    const id = (await eng.post('/api/project', { name: 'Settings', projectTypeId: 10 })).body.id;
    const d = await eng.get(`/api/project/${id}/fttx/settings`);
    expect(d.body.network).toMatchObject({ ap_cost: 75000, dp_capacity: 46, dp_physical_capacity: 48, oap_cost: 15000 });
    const s = { ...d.body, network: { ...d.body.network, dp_capacity: 45 } };
    expect((await eng.post(`/api/project/${id}/fttx/settings`, s)).status).toBe(200);
    const ex = await eng.post(`/api/project/${id}/fttx/settings/export`, { settingsKey: 'network' });
    expect(ex.body.settings.dp_capacity).toBe(45);
    expect((await eng.post(`/api/project/${id}/fttx/settings/export`, { settingsKey: 'nope' })).status).toBe(404);
    await eng.delete(`/api/project/${id}/fttx/settings`);
    expect((await eng.get(`/api/project/${id}/fttx/settings`)).body.network.dp_capacity).toBe(46);
  });

  it('capex rule set: set, validate, existing terminal demands from customer connections', async () => {
    const pid = (await eng.get('/api/project/all')).body.data.find((p: { name: string }) => p.name === 'Demo FTTH Utrecht').id;
    const bad = await eng.post(`/api/project/${pid}/capex/rule_set/validate`, { terminal_types: [{ terminal_type: 'lowRise', demand: -1 }] });
    expect(bad.body.valid).toBe(false);
    expect(bad.body.problems[0]).toContain('terminal_types/0/demand');
    expect((await eng.post(`/api/project/${pid}/capex/rule_set`, { terminal_types: [{ terminal_type: 'lowRise', demand: 1 }] })).status).toBe(200);
    expect((await eng.get(`/api/project/${pid}/capex/rule_set/validate`)).body.valid).toBe(true);
    const dem = await eng.get(`/api/project/${pid}/capex/rule_set/existing_terminal_demands`);
    const total = dem.body.reduce((s: number, x: { demand: number }) => s + x.demand, 0);
    const n = await ts.db.query<{ n: string }>('SELECT count(*) AS n FROM object_instance WHERE project_id = $1 AND object_type_id = 103', [pid]);
    expect(total).toBe(Number(n.rows[0].n));
  });

  it('profiles CRUD, by profile type and by project type, per organisation', async () => {
    const c = await eng.post('/api/profile', { name: 'Sleuf standaard', type: 'trenchProfile', project_type_id: 10, settings: { trenchCosts: { default: { cost: 85 } } } });
    expect(c.status, c.text).toBe(201);
    const uuid = c.body.uuid;
    expect((await eng.get('/api/profile/profile_type/trenchProfile')).body.map((p: { uuid: string }) => p.uuid)).toContain(uuid);
    expect((await eng.get('/api/profile/project_type/10')).body.map((p: { uuid: string }) => p.uuid)).toContain(uuid);
    expect((await eng.get('/api/profile/project_type/30')).body.map((p: { uuid: string }) => p.uuid)).not.toContain(uuid);
    expect((await other.get('/api/profile')).body.map((p: { uuid: string }) => p.uuid)).not.toContain(uuid);
    expect((await eng.put(`/api/profile/${uuid}`, { name: 'Sleuf 2', type: 'trenchProfile', settings: {} })).body.name).toBe('Sleuf 2');
    expect((await other.delete(`/api/profile/${uuid}`)).status).toBe(404);
    expect((await eng.delete(`/api/profile/${uuid}`)).status).toBe(200);
    expect((await eng.delete(`/api/profile/${uuid}`)).status).toBe(404);
  });
});

describe('validations', () => {
  it('graph integrity and required attributes with severity and passed', async () => {
    const id = (await eng.post('/api/project', { name: 'Validate', projectTypeId: 10 })).body.id;
    await eng.post(`/api/project/${id}/network_object`, wire([node('a', 0, 0), node('b', 5, 0), edge('ab', 'a', 'b', [[0, 0], [5, 0]])]));
    await eng.post(`/api/project/${id}/object_instance`, [{ id: 'duct1', objectTypeId: 112, networkObjectId: 'ab', attributeValues: [{ objectInstanceId: 'duct1', attributeTypeName: 'Existing', value: 'false' }] }]);
    const r = await eng.post(`/api/project/${id}/validations`, [{ name: 'graph_integrity', params: { stateId: 3 } }, { name: 'required_attributes' }]);
    expect(r.status).toBe(200);
    expect(r.body.graph_integrity).toMatchObject({ passed: true });
    expect(r.body.graph_integrity.results[0]).toMatchObject({ severity: 'Required', passed: true, stateId: 3 });
    expect(r.body.required_attributes.passed).toBe(false);
    expect(r.body.required_attributes.results[0]).toMatchObject({ severity: 'Required', passed: false });
    expect(r.body.required_attributes.results[0].message).toContain('duct_type');
    await eng.patch(`/api/project/${id}/attribute_value`, [{ objectInstanceId: 'duct1', attributeTypeName: 'duct_type', value: '7x14' }]);
    expect((await eng.post(`/api/project/${id}/validations`, [{ name: 'required_attributes' }])).body.required_attributes.passed).toBe(true);
    const unk = await eng.post(`/api/project/${id}/validations`, [{ name: 'nope' }]);
    expect([unk.status, unk.body.error]).toEqual([400, 'unknown_validator']);
  });

  it('the generated demo network passes graph integrity', async () => {
    const pid = (await eng.get('/api/project/all')).body.data.find((p: { name: string }) => p.name === 'Demo FTTH Utrecht').id;
    const r = await eng.post(`/api/project/${pid}/validations`, [{ name: 'graph_integrity', params: { geometry: true } }, { name: 'required_attributes' }]);
    expect(r.body.graph_integrity.passed).toBe(true);
    expect(r.body.required_attributes.passed).toBe(true);
  });
});
