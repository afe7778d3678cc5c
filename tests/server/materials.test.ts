// Material management (issue 16, policy material_management): the organisation's catalogues are read by every member,
// changed only with the policy, checked by the settings validator (400 naming row and column, nothing stored), kept
// per organisation (another organisation neither sees nor changes them), and used by the project settings: their
// rows become the defaults of the tables they feed, AP cabinet models the AP type choices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { DEFAULT_LV_CABLE_TYPES, DEFAULT_TRANSFORMER_TYPES } from '../../common/settings/index';
import { POLICY_TABLE } from '../../server/auth/policies';

let ts: TestServer;
let admin: Api, engineer: Api, viewer: Api, other: Api;
let lvProject: number, fibreProject: number, otherFibre: number;

const cable = (name: string, cost = 40) => ({ name, category: 'LowVoltageMain', selected: true, cost, capacity: [{ maxCurrent: 300, maxLength: 200 }] });
const catalogue = (body: any, kind: string) => body.catalogues.find((c: any) => c.kind === kind);

beforeAll(async () => {
  ts = await startTestServer();
  admin = ts.api(await ts.login('admin@demo.example'));
  engineer = ts.api(await ts.login('engineer@demo.example'));
  viewer = ts.api(await ts.login('viewer@demo.example'));
  other = ts.api(await ts.login('engineer@other.example'));
  lvProject = (await engineer.post('/api/project', { name: 'LV materials', projectTypeId: 30 })).body.id;
  fibreProject = (await engineer.post('/api/project', { name: 'Fibre materials', projectTypeId: 10 })).body.id;
  otherFibre = (await other.post('/api/project', { name: 'Other fibre', projectTypeId: 10 })).body.id;
});
afterAll(async () => { await ts?.close(); });

describe('reading', () => {
  it('every member reads the eight catalogues, the template defaults while unchanged', async () => {
    const r = await viewer.get('/api/materials');
    expect(r.status, r.text).toBe(200);
    expect(r.body.catalogues.map((c: any) => c.kind)).toEqual(['duct_types', 'cable_types', 'conduit_rules', 'heat_pipe_types',
      'dh_pipe_catalogue', 'lv_cable_types', 'transformer_types', 'ap_cabinets']);
    expect(catalogue(r.body, 'lv_cable_types')).toMatchObject({ custom: false, key: 'name', entries: DEFAULT_LV_CABLE_TYPES });
    expect(catalogue(r.body, 'ap_cabinets').entries.map((e: any) => e.name)).toEqual(['AP-S', 'AP-M', 'AP-L', 'OAP-S', 'OAP-M']);
    expect(catalogue(r.body, 'ap_cabinets').entries[2].cabinets).toHaveLength(4);
  });
});

describe('changing', () => {
  it('needs material_management: 403 for viewers, nothing stored', async () => {
    const r = await viewer.put('/api/materials/lv_cable_types', { entries: [cable('x')] });
    expect(r.status).toBe(403);
    expect((await ts.db.query('SELECT * FROM material_catalogue')).rows).toHaveLength(0);
  });

  it('refuses invalid rows with the row and column named, nothing stored', async () => {
    const cases: [unknown[], RegExp][] = [
      [[cable('4x240 Al'), cable('4x240 Al')], /^lv_cable_types\[1\]\.name repeats '4x240 Al'/],
      [[cable('a', -1)], /^lv_cable_types\[0\]\.cost must be a number ≥ 0/],
      [[{ ...cable(''), name: '  ' }], /^lv_cable_types\[0\]\.name must be a text/],
      [[{ category: 'LowVoltageMain' }], /^lv_cable_types\[0\]\.name is required/],
      [[{ ...cable('a'), category: 'Nope' }], /^lv_cable_types\[0\]\.category must be one of/],
      [[], /^lv_cable_types must have at least one row/],
    ];
    for (const [entries, message] of cases) {
      const r = await admin.put('/api/materials/lv_cable_types', { entries });
      expect(r.status, JSON.stringify(entries)).toBe(400);
      expect(r.body.error).toBe('invalid_catalogue');
      expect(r.body.message).toMatch(message);
    }
    const dup = { manufacturer: 'M', series: 'S1', dnSize: 50, innerDiameter: 54, outerDiameterIsolation: 140, pipeMaterial: 'steel', system: 'single' };
    const r = await admin.put('/api/materials/dh_pipe_catalogue', { entries: [dup, { ...dup, innerDiameter: 55 }] });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^dh_pipe_catalogue\[1\] repeats manufacturer \+ series \+ dnSize \+ system/);
    expect((await admin.put('/api/materials/unknown_kind', { entries: [cable('a')] })).status).toBe(400);
    expect((await ts.db.query('SELECT * FROM material_catalogue')).rows).toHaveLength(0);
  });

  it('stores a valid catalogue with missing columns completed; another organisation still sees the defaults and cannot reach it', async () => {
    const r = await admin.put('/api/materials/lv_cable_types', { entries: [cable('4x240 Al', 52), { name: '4x50 Cu' }] });
    expect(r.status, r.text).toBe(200);
    const c = catalogue(r.body, 'lv_cable_types');
    expect(c.custom).toBe(true);
    expect(c.entries).toEqual([cable('4x240 Al', 52), { name: '4x50 Cu', category: 'LowVoltageMain', selected: true, cost: 0, capacity: [] }]);
    expect(catalogue((await engineer.get('/api/materials')).body, 'lv_cable_types').entries[0].name).toBe('4x240 Al');
    expect(catalogue((await other.get('/api/materials')).body, 'lv_cable_types')).toMatchObject({ custom: false, entries: DEFAULT_LV_CABLE_TYPES });
    const demoOrg = r.body.organisationId;
    expect((await other.get(`/api/materials?organisationId=${demoOrg}`)).status).toBe(404);
    expect((await other.put(`/api/materials/lv_cable_types?organisationId=${demoOrg}`, { entries: [cable('hijack')] })).status).toBe(404);
    const root = ts.api(await ts.login('root@demo.example'));
    const otherOrg = (await other.get('/api/materials')).body.organisationId;
    expect((await root.get(`/api/materials?organisationId=${otherOrg}`)).status).toBe(200);
  });
});

describe('roles', () => {
  it('changing and restoring follow material_management in the role table; reading needs only a session', async () => {
    const roles = [['root@demo.example', 'root'], ['admin@demo.example', 'administrator'], ['engineer@demo.example', 'engineer'],
      ['demo@demo.example', 'demo'], ['viewer@demo.example', 'viewer']] as const;
    for (const [email, role] of roles) {
      const a = ts.api(await ts.login(email));
      const allowed = POLICY_TABLE.material_management.includes(role);
      expect((await a.put('/api/materials/transformer_types', { entries: DEFAULT_TRANSFORMER_TYPES })).status, role).toBe(allowed ? 200 : 403);
      expect((await a.delete('/api/materials/transformer_types')).status, role).toBe(allowed ? 200 : 403);
      expect((await a.get('/api/materials')).status, role).toBe(200);
    }
    expect((await ts.api().get('/api/materials')).status).toBe(401);
  });
});

describe('used by the project settings', () => {
  it('the catalogue rows are the defaults of the low-voltage cable types; a project that stored its own keeps them', async () => {
    const s = (await engineer.get(`/api/project/${lvProject}/fttx/settings`)).body;
    expect(s.network.cable_types.map((c: any) => c.name)).toEqual(['4x240 Al', '4x50 Cu']);
    // the other organisation's LV project has the template's defaults
    const otherLv = (await other.post('/api/project', { name: 'Other LV', projectTypeId: 30 })).body.id;
    expect((await other.get(`/api/project/${otherLv}/fttx/settings`)).body.network.cable_types).toEqual(DEFAULT_LV_CABLE_TYPES);
    const own = [cable('project cable')];
    expect((await engineer.post(`/api/project/${lvProject}/fttx/settings`, { network: { cable_types: own } })).status).toBe(200);
    await admin.put('/api/materials/lv_cable_types', { entries: [cable('later')] });
    expect((await engineer.get(`/api/project/${lvProject}/fttx/settings`)).body.network.cable_types).toEqual(own);
  });

  it('AP cabinet models become the AP type choices of fibre projects (accepted on save), only in their organisation', async () => {
    const models = [{ name: 'AP-XL', kind: 'AP', cabinets: [{ name: 'A', side: 'front', row: 1, drawers: 48 }] }, { name: 'OAP-S', kind: 'OAP' }];
    const r = await admin.put('/api/materials/ap_cabinets', { entries: models });
    expect(r.status, r.text).toBe(200);
    expect((await engineer.get(`/api/project/${fibreProject}/fttx/settings`)).body.network.ap_types).toEqual(['AP-XL']);
    const save = await engineer.post(`/api/project/${fibreProject}/fttx/settings`, { network: { ap_types: ['AP-XL'] } });
    expect(save.status, save.text).toBe(200);
    const bad = await engineer.post(`/api/project/${fibreProject}/fttx/settings`, { network: { ap_types: ['AP-S'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^network\.ap_types\[0\] must be one of AP-XL/);
    const foreign = await other.post(`/api/project/${otherFibre}/fttx/settings`, { network: { ap_types: ['AP-XL'] } });
    expect(foreign.status).toBe(400);
  });

  it('DELETE puts a catalogue back to the defaults (and the settings with it)', async () => {
    const r = await admin.delete('/api/materials/ap_cabinets');
    expect(r.status).toBe(200);
    expect(catalogue(r.body, 'ap_cabinets').custom).toBe(false);
    const fresh = (await engineer.post('/api/project', { name: 'Fibre after reset', projectTypeId: 10 })).body.id;
    expect((await engineer.get(`/api/project/${fresh}/fttx/settings`)).body.network.ap_types).toEqual(['AP-S', 'AP-M', 'AP-L']);
    expect((await viewer.delete('/api/materials/lv_cable_types')).status).toBe(403);
  });
});
