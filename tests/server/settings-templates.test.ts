// Project settings per project type over HTTP (spec 2 §3, §4, §7): GET lays the stored settings over the project
// type's template, POST checks them (400 naming the field, nothing stored), DELETE restores the defaults, export;
// viewers cannot write; settings profiles CRUD checked against the template part; the profile refresh flow
// (apply, changed after applied, don't show again, refresh). The project_type table agrees with common/settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { dumpTables } from './support/dump';
import { PROJECT_TYPES } from '../../common/settings/index';

let ts: TestServer;
let eng: Api, viewer: Api, other: Api, admin: Api;
const SETTINGS_TABLES = ['fttx_settings', 'profile', 'user_settings'];
const newProject = async (projectTypeId: number, name = `Settings ${projectTypeId}`) => {
  const r = await eng.post('/api/project', { name, projectTypeId });
  expect(r.status, r.text).toBe(201);
  return r.body.id as number;
};
const url = (id: number, rest = '') => `/api/project/${id}/fttx/settings${rest}`;
const unchanged = async <T>(fn: () => Promise<T>): Promise<T> => {
  const before = await dumpTables(ts.db, SETTINGS_TABLES);
  const out = await fn();
  expect(await dumpTables(ts.db, SETTINGS_TABLES)).toBe(before);
  return out;
};

beforeAll(async () => {
  ts = await startTestServer();
  eng = ts.api(await ts.login('engineer@demo.example'));
  viewer = ts.api(await ts.login('viewer@demo.example'));
  other = ts.api(await ts.login('engineer@other.example'));
  admin = ts.api(await ts.login('admin@demo.example'));
});
afterAll(async () => { await ts?.close(); });

describe('project types', () => {
  it('the project_type table and common/settings list the same ids, keys, families and set A ids', async () => {
    const rows = (await ts.db.query<{ id: number; key: string; family: string; legacy_ids: number[] }>('SELECT id, key, family, legacy_ids FROM project_type ORDER BY id')).rows;
    expect(rows.map((r) => [r.id, r.key, r.family, [...r.legacy_ids]])).toEqual(PROJECT_TYPES.map((t) => [t.id, t.key, t.family, [...t.legacyIds]]));
  });
});

describe('project settings', () => {
  it('GET: the type template at its defaults, stored settings laid over them (new fields get defaults)', async () => {
    const id = await newProject(10);
    const d = await eng.get(url(id));
    expect(d.body.network).toMatchObject({ ap_cost: 75000, dp_capacity: 46, ap_types: ['AP-S', 'AP-M', 'AP-L'] });
    expect(d.body.trenchCosts.default).toEqual({ cost: 85, method: '=', priority: 0, active: true });
    // A document stored before fields existed (and with a field since removed).
    await ts.db.query(`INSERT INTO fttx_settings (project_id, settings) VALUES ($1, $2::jsonb)`,
      [id, JSON.stringify({ network: { dp_capacity: 45, retired: true }, trenchCosts: { road: { cost: 12 } } })]);
    const g = await eng.get(url(id));
    expect(g.body.network).toMatchObject({ dp_capacity: 45, ap_cost: 75000, oap_types: ['OAP-S', 'OAP-M'] });
    expect(g.body.network.retired).toBeUndefined();
    expect(g.body.trenchCosts.road).toEqual({ cost: 12, method: '=', priority: 2, active: true });
    expect(g.body.statistics.kerf_loss).toBe(6);
  });

  it('non-fttx projects use their own template on the same route', async () => {
    const lv = await newProject(30);
    const s = (await eng.get(url(lv))).body;
    expect(Object.keys(s)).toEqual(['network', 'trenchCosts', 'clashDetectionSettings', 'routeAnalysis']);
    expect(s.network.trench_width).toBe(0.3);
    expect(s.network.transformer_types.length).toBeGreaterThan(0);
    expect((await eng.get(url(await newProject(28)))).body.network).toMatchObject({ supply_temperature: 70, return_temperature: 40, preset: 'NEN7171' });
    expect((await eng.get(url(await newProject(29)))).body.routeDetermination.weights.road.weight).toBe(1);
    const bad = await unchanged(() => eng.post(url(lv), { network: { dp_capacity: 46 } }));
    expect([bad.status, bad.body.error, bad.body.message]).toEqual([400, 'invalid_settings', 'network.dp_capacity is not a known setting']);
    const ok = await eng.post(url(lv), { network: { transformer_types: [{ name: '160 kVA', power: 160 }] } });
    expect(ok.status, ok.text).toBe(200);
    expect((await eng.get(url(lv))).body.network.transformer_types).toEqual([{ name: '160 kVA', selected: true, power: 160, maxLoad: 100, cost: 0 }]);
  });

  it('POST: a wrong value is 400 naming the field, with every problem, and nothing is stored', async () => {
    const id = await newProject(10);
    expect((await eng.post(url(id), { network: { dp_capacity: 44 } })).status).toBe(200);
    for (const [body, message] of [
      [{ network: { dp_capacity: 0 } }, 'network.dp_capacity must be an integer ≥ 1'],
      [{ network: { dp_capacity: 'many' } }, 'network.dp_capacity must be an integer ≥ 1'],
      [{ network: { cable_types: [{ name: '13v', fibers: 13 }] } }, 'network.cable_types[0].fibers must be one of 12, 24, 48, 96, 144, 192, 288'],
      [{ trenchCosts: { road: { priority: 9 } } }, 'trenchCosts.road.priority must be an integer between 0 and 7'],
      [{ network: { dp_capacity: 60 } }, 'network.dp_capacity must not exceed network.dp_physical_capacity (48)'],
      [{ colorCoding: { inner_duct_colours: [] } }, 'colorCoding.inner_duct_colours must be a list of 1 to 12 items'],
      [{ extra: {} }, 'extra is not a settings section of this project type'],
    ] as const) {
      const r = await unchanged(() => eng.post(url(id), body));
      expect([r.status, r.body.error, r.body.message], JSON.stringify(body)).toEqual([400, 'invalid_settings', message]);
      expect(r.body.problems[0].message).toBe(message);
    }
    const many = await eng.post(url(id), { network: { dp_capacity: 0, keep_bridges: 1 } });
    expect(many.body.problems.map((p: { path: string }) => p.path)).toEqual(['network.dp_capacity', 'network.keep_bridges']);
    expect((await eng.get(url(id))).body.network.dp_capacity).toBe(44);
  });

  it("AP and OAP types are looked up in the cabinet catalogue: the spec's errors, nothing stored (spec 2 §5, §8)", async () => {
    const gzm = await newProject(5, 'No AP cabinets');
    const noCab = await unchanged(() => eng.post(url(gzm), { network: { ap_types: ['AP-S'] } }));
    expect([noCab.status, noCab.body.message, noCab.body.problems[0].path]).toEqual([400, 'Unable to find AP cabinet data for project type 5', 'network.ap_types[0]']);
    const lowLevel = await newProject(13, 'No OAPs');
    const noOap = await unchanged(() => eng.post(url(lowLevel), { network: { oap_types: ['OAP-S'] } }));
    expect([noOap.status, noOap.body.message]).toEqual([400, 'OAPs not available in project type 13']);
    const fttx = await newProject(10, 'With cabinets');
    expect((await eng.post(url(fttx), { network: { ap_types: ['AP-M'], oap_types: ['OAP-S'] } })).status).toBe(200);
    const unknown = await eng.post(url(fttx), { network: { ap_types: ['AP-XXL'] } });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'AP type AP-XXL has no cabinet data for project type 10']);
  });

  it('POST answers the effective settings; export one section; DELETE restores the defaults', async () => {
    const id = await newProject(10);
    const r = await eng.post(url(id), { network: { dp_capacity: 45 }, statistics: { kerf_loss: 5 } });
    expect(r.body.network).toMatchObject({ dp_capacity: 45, ap_cost: 75000 });
    const ex = await eng.post(url(id, '/export'), { settingsKey: 'statistics' });
    expect(ex.body).toMatchObject({ settingsKey: 'statistics', settings: { kerf_loss: 5, overlength_dp: 10 } });
    expect(ex.headers.get('content-disposition')).toContain(`project-${id}-statistics.json`);
    expect((await eng.post(url(id, '/export'), { settingsKey: 'routeDetermination' })).status).toBe(404);
    expect((await eng.delete(url(id))).body).toEqual({ deleted: 1 });
    const d = (await eng.get(url(id))).body;
    expect([d.network.dp_capacity, d.statistics.kerf_loss]).toEqual([46, 6]);
  });

  it('viewers read but cannot write (403, nothing stored); other organisations get 404', async () => {
    const id = await newProject(10);
    expect((await viewer.get(url(id))).status).toBe(200);
    const r = await unchanged(() => viewer.post(url(id), { network: { dp_capacity: 44 } }));
    expect(r.status).toBe(403);
    expect((await unchanged(() => viewer.delete(url(id)))).status).toBe(403);
    expect((await unchanged(() => viewer.post(url(id, '/profiles/apply'), {}))).status).toBe(403);
    expect((await other.get(url(id))).status).toBe(404);
    expect((await unchanged(() => other.post(url(id), { network: { dp_capacity: 44 } }))).status).toBe(404);
  });
});

describe('profiles', () => {
  it('CRUD by profile type and project type; settings checked against the template part', async () => {
    const bad = await unchanged(() => eng.post('/api/profile', { name: 'Bad', type: 'trenchProfile', project_type_id: 10, settings: { trenchCosts: { road: { cost: -5 } } } }));
    expect([bad.status, bad.body.error, bad.body.message]).toEqual([400, 'invalid_profile', 'trenchCosts.road.cost must be a number ≥ 0']);
    const na = await unchanged(() => eng.post('/api/profile', { name: 'Carriers', type: 'carriers', project_type_id: 10, settings: {} }));
    expect([na.status, na.body.message]).toEqual([400, 'profile type carriers does not apply to project type 10']);
    expect((await unchanged(() => eng.post('/api/profile', { name: 'x', type: 'weights', project_type_id: 999, settings: {} }))).body.error).toBe('unknown_project_type');

    const lv = await eng.post('/api/profile', { name: 'LV cables', type: 'cableTypes', project_type_id: 30, settings: { network: { cable_types: [{ name: '4x240 Al', capacity: [{ maxCurrent: 300, maxLength: 200 }] }] } } });
    expect(lv.status, lv.text).toBe(201);
    expect(lv.body).toMatchObject({ name: 'LV cables', type: 'cableTypes', project_type_id: 30 });
    expect(Date.parse(lv.body.updated_at)).toBeGreaterThan(0);
    const shared = await eng.post('/api/profile', { name: 'Clash (all)', type: 'clashDetection', project_type_id: null, settings: { clashDetectionSettings: { buffer: 2 } } });
    const carriers = await eng.post('/api/profile', { name: 'Carriers', type: 'carriers', settings: { network: { carriers: [{ name: 'LT', supplyTemperature: 50, returnTemperature: 30 }] } } });
    expect(carriers.status, carriers.text).toBe(201);
    const uuids = (r: { body: { uuid: string }[] }) => r.body.map((p) => p.uuid);
    expect(uuids(await eng.get('/api/profile/project_type/30'))).toEqual(expect.arrayContaining([lv.body.uuid, shared.body.uuid]));
    expect(uuids(await eng.get('/api/profile/project_type/30'))).not.toContain(carriers.body.uuid);
    expect(uuids(await eng.get('/api/profile/project_type/28'))).toContain(carriers.body.uuid);
    expect(uuids(await eng.get('/api/profile/project_type/10'))).not.toContain(lv.body.uuid);
    expect(uuids(await eng.get('/api/profile/profile_type/cableTypes'))).toEqual([lv.body.uuid]);
    expect(uuids(await other.get('/api/profile'))).not.toContain(lv.body.uuid);

    // PUT takes back what GET gave (read-only fields ignored) and checks the settings again.
    const edited = { ...lv.body, name: 'LV cables 2', organisation_id: 12345, created_at: '2000-01-01T00:00:00Z' };
    const put = await eng.put(`/api/profile/${lv.body.uuid}`, edited);
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: 'LV cables 2', organisation_id: lv.body.organisation_id, created_at: lv.body.created_at });
    expect(Date.parse(put.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(lv.body.updated_at));
    const badPut = await unchanged(() => eng.put(`/api/profile/${lv.body.uuid}`, { ...edited, settings: { network: { cable_types: [{ name: 'x', category: 'HV' }] } } }));
    expect([badPut.status, badPut.body.message]).toEqual([400, 'network.cable_types[0].category must be one of LowVoltageMain, LowVoltageCustomer']);
    expect((await unchanged(() => viewer.put(`/api/profile/${lv.body.uuid}`, edited))).status).toBe(403);
    expect((await other.delete(`/api/profile/${lv.body.uuid}`)).status).toBe(404);
    expect((await eng.delete(`/api/profile/${lv.body.uuid}`)).status).toBe(200);
    expect((await eng.get('/api/profile/profile_type/cableTypes')).body).toEqual([]);
  });

  it('refresh flow: apply, changed after applied, don\'t show again, refresh overwrites from the profiles', async () => {
    const id = await newProject(10, 'Refresh');
    const status = async () => (await eng.get(url(id, '/profiles'))).body;
    expect(await status()).toEqual({ profiles: [], changed: [], ignoredAt: null, refresh: false });
    expect((await unchanged(() => eng.post(url(id, '/profiles/apply'), {}))).body.error).toBe('no_profiles');

    const trench = (await eng.post('/api/profile', { name: 'Trench A', type: 'trenchProfile', project_type_id: 10, settings: { trenchCosts: { road: { cost: 31 }, moling: { cost: 16, priority: 3 } } } })).body;
    const main = (await eng.post('/api/profile', { name: 'Main', type: 'mainProfile', project_type_id: 10, settings: { statistics: { kerf_loss: 4 }, trenchCosts: { road: { cost: 99 } } } })).body;
    expect((await eng.post(url(id), { network: { dp_capacity: 44 }, trenchCosts: { road: { cost: 1 }, klic: { cost: 4, method: '+' } } })).status).toBe(200);

    const a = await eng.post(url(id, '/profiles/apply'), { uuids: [trench.uuid, main.uuid] });
    expect(a.status, a.text).toBe(200);
    // The trench profile wins over the main profile; the sections they hold are replaced whole, the rest kept.
    expect(a.body.settings.trenchCosts.road).toEqual({ cost: 31, method: '=', priority: 2, active: true });
    expect(a.body.settings.trenchCosts.klic).toEqual({ cost: 3, method: '+', priority: 0, active: true });
    expect(a.body.settings.statistics.kerf_loss).toBe(4);
    expect(a.body.settings.network.dp_capacity).toBe(44);
    expect(Object.keys(a.body.applied).sort()).toEqual([trench.uuid, main.uuid].sort());
    expect((await eng.get(url(id))).body.trenchCosts.road.cost).toBe(31);
    const mine = (await eng.get('/api/user/settings/profiles')).body.profiles[trench.uuid];
    expect(mine).toEqual({ uuid: trench.uuid, updated_at: trench.updated_at, applied_at: a.body.applied[trench.uuid] });

    let s = await status();
    expect(s.changed).toEqual([]);
    expect(s.refresh).toBe(false);
    expect(s.profiles.map((p: { uuid: string }) => p.uuid).sort()).toEqual([trench.uuid, main.uuid].sort());

    // The profile changes after it was applied: offer a refresh.
    await new Promise((r) => setTimeout(r, 5));
    const upd = await eng.put(`/api/profile/${trench.uuid}`, { ...trench, settings: { trenchCosts: { road: { cost: 42 } } } });
    expect(upd.status, upd.text).toBe(200);
    s = await status();
    expect([s.changed, s.refresh]).toEqual([[trench.uuid], true]);
    expect(s.profiles.find((p: { uuid: string }) => p.uuid === trench.uuid)).toMatchObject({ changed: true, updated_at: upd.body.updated_at });

    // Don't show again: stored per project for this user; the refresh is no longer offered to them.
    await new Promise((r) => setTimeout(r, 5));
    const ig = await eng.post(url(id, '/profiles/ignore'));
    expect(ig.status, ig.text).toBe(200);
    expect((await eng.get('/api/user/settings/profiles')).body.ignoreProfileRefreshTimeStamps[id]).toBe(ig.body.ignoredAt);
    s = await status();
    expect([s.changed, s.ignoredAt, s.refresh]).toEqual([[trench.uuid], ig.body.ignoredAt, false]);
    expect((await admin.get(url(id, '/profiles'))).body.refresh).toBe(true);

    // A later change is offered again; refresh (no uuids) re-applies the project's profiles.
    await new Promise((r) => setTimeout(r, 5));
    await eng.put(`/api/profile/${trench.uuid}`, { ...trench, settings: { trenchCosts: { road: { cost: 43 } } } });
    expect((await status()).refresh).toBe(true);
    const re = await eng.post(url(id, '/profiles/apply'), {});
    expect(re.status, re.text).toBe(200);
    expect(re.body.settings.trenchCosts.road.cost).toBe(43);
    expect(re.body.settings.trenchCosts.moling.cost).toBe(15);
    expect(re.body.settings.statistics.kerf_loss).toBe(4);
    s = await status();
    expect([s.changed, s.refresh]).toEqual([[], false]);

    // Restoring the defaults forgets the applied profiles.
    await eng.delete(url(id));
    expect((await status()).profiles).toEqual([]);
  });

  it('apply refuses profiles of other types or that do not fit the project (nothing stored)', async () => {
    const id = await newProject(13, 'No OAPs');
    const carriers = (await eng.post('/api/profile', { name: 'C', type: 'carriers', settings: {} })).body;
    const na = await unchanged(() => eng.post(url(id, '/profiles/apply'), { uuids: [carriers.uuid] }));
    expect([na.status, na.body.error, na.body.message]).toEqual([400, 'profile_not_applicable', 'profile type carriers does not apply to project type 13']);
    const main = (await eng.post('/api/profile', { name: 'With OAPs', type: 'mainProfile', project_type_id: 10, settings: { network: { oap_types: ['OAP-S'] } } })).body;
    const misfit = await unchanged(() => eng.post(url(id, '/profiles/apply'), { uuids: [main.uuid] }));
    expect([misfit.status, misfit.body.error, misfit.body.message]).toEqual([400, 'invalid_settings', 'network.oap_types[0] has no allowed values in this project type']);
    const missing = await unchanged(() => eng.post(url(id, '/profiles/apply'), { uuids: ['00000000-0000-4000-8000-000000000000'] }));
    expect(missing.status).toBe(404);
    expect((await unchanged(() => other.post(`/api/project/${id}/fttx/settings/profiles/apply`, { uuids: [main.uuid] }))).status).toBe(404);
  });
});
