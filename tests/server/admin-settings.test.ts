// Admin settings over HTTP (issue 16, policy admin.settings): only root edits the sign-in settings and the layer offer;
// stored values override the environment and apply without a restart (GET /api/config and the login flow see them at
// once); null returns a value to the environment; every change is audited; bad input names the field and changes
// nothing; the layer offer is per organisation and users read their own organisation's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { CATALOGUE } from '../../layers/catalogue';
import { OVERRIDE_TTL_MS } from '../../server/auth/auth-config';

let ts: TestServer;
let root: Api, admin: Api, viewer: Api, other: Api;
const layer = CATALOGUE[0].name;

beforeAll(async () => {
  ts = await startTestServer();
  [root, admin, viewer, other] = await Promise.all(
    ['root@demo.example', 'admin@demo.example', 'viewer@demo.example', 'engineer@other.example'].map(async (e) => ts.api(await ts.login(e))));
});
afterAll(async () => { await ts?.close(); });

const orgOf = async (email: string) => (await ts.db.query<{ organisation_id: number }>('SELECT organisation_id FROM users WHERE email = $1', [email])).rows[0].organisation_id;

describe('admin settings', () => {
  it('is root only (admin.settings): administrators and viewers get 403 and change nothing', async () => {
    for (const a of [admin, viewer]) {
      expect((await a.get('/api/admin/settings')).status).toBe(403);
      expect((await a.put('/api/admin/settings/sign-in', { signupEnabled: true })).status).toBe(403);
      expect((await a.put('/api/admin/settings/layer-offer', { layers: [{ name: layer, offered: false }] })).status).toBe(403);
    }
    expect((await ts.db.query('SELECT * FROM admin_setting')).rows).toEqual([]);
    expect((await ts.db.query('SELECT * FROM admin_event_log')).rows).toEqual([]);
  });

  it('stored sign-in settings override the environment without a restart and are audited; null goes back to it', async () => {
    const before = await root.get('/api/admin/settings');
    expect(before.body.signIn.signupEnabled).toEqual({ value: false, environment: false, stored: false });
    expect(before.body.sso).toEqual({ configured: false, provider: null });
    const put = await root.put('/api/admin/settings/sign-in', { signupEnabled: true, agreementRequired: true, agreementVersion: '7' });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ signupEnabled: true, agreementRequired: true, agreementVersion: '7', totpRequired: false });
    const cfg = await ts.api().get('/api/config');
    expect(cfg.body).toMatchObject({ signupEnabled: true, agreementRequired: true, agreementVersion: '7' });
    // The agreement check of the user routes reads the same setting: a user who accepted '1' is now asked again.
    expect((await root.get('/api/admin/settings')).body.signIn.agreementVersion).toEqual({ value: '7', environment: '1', stored: true });
    const log = await root.get('/api/admin/settings/event_log');
    expect(log.body.data[0]).toMatchObject({ type: 'SIGN_IN_SETTINGS_CHANGED', detail: { changes: { signupEnabled: { from: false, to: true }, agreementVersion: { from: '1', to: '7' } } } });
    await root.put('/api/admin/settings/sign-in', { signupEnabled: null, agreementRequired: null, agreementVersion: null });
    expect((await ts.api().get('/api/config')).body).toMatchObject({ signupEnabled: false, agreementRequired: false, agreementVersion: '1' });
  });

  it('a value written by another server process is picked up within the re-read interval', async () => {
    await ts.db.query(`INSERT INTO admin_setting (key, value) VALUES ('totpRequired', 'true'::jsonb)`);
    await ts.api().get('/api/config'); // a read after the interval starts the re-read
    await new Promise((r) => setTimeout(r, OVERRIDE_TTL_MS + 100));
    await ts.api().get('/api/config');
    await new Promise((r) => setTimeout(r, 200));
    expect((await ts.api().get('/api/config')).body.totpRequired).toBe(true);
    await root.put('/api/admin/settings/sign-in', { totpRequired: null });
    expect((await ts.api().get('/api/config')).body.totpRequired).toBe(false);
  });

  it('refuses bad input naming the field, all or nothing', async () => {
    const n = (await ts.db.query('SELECT count(*)::int AS n FROM admin_event_log')).rows[0].n;
    const bad = await root.put('/api/admin/settings/sign-in', { signupEnabled: true, agreementVersion: '' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('agreementVersion');
    const unknown = await root.put('/api/admin/settings/sign-in', { captchaSiteKey: 'x' });
    expect(unknown.status).toBe(400);
    const layerBad = await root.put('/api/admin/settings/layer-offer', { layers: [{ name: layer, offered: false }, { name: 'no_such_layer', offered: false }] });
    expect([layerBad.status, layerBad.body.error]).toEqual([400, 'unknown_layer']);
    expect(layerBad.body.message).toContain('layers/1/name');
    expect((await ts.db.query('SELECT * FROM organisation_layer_offer')).rows).toEqual([]);
    expect((await ts.db.query('SELECT count(*)::int AS n FROM admin_event_log')).rows[0].n).toBe(n);
    expect((await ts.api().get('/api/config')).body.signupEnabled).toBe(false);
  });

  it('the layer offer is per organisation: switched off for one, still offered to the other; users read their own', async () => {
    const demoOrg = await orgOf('admin@demo.example');
    const otherOrg = await orgOf('engineer@other.example');
    const r = await root.put('/api/admin/settings/layer-offer', { organisationId: otherOrg, layers: [{ name: layer, offered: false }] });
    expect(r.body).toEqual({ organisationId: otherOrg, hidden: [layer] });
    expect((await other.get('/api/organisation/layer-offer')).body).toEqual({ organisationId: otherOrg, hidden: [layer] });
    expect((await viewer.get('/api/organisation/layer-offer')).body).toEqual({ organisationId: demoOrg, hidden: [] });
    const offer = await root.get(`/api/admin/settings/layer-offer?organisationId=${otherOrg}`);
    expect(offer.body.layers.find((l: { name: string }) => l.name === layer).offered).toBe(false);
    expect(offer.body.layers).toHaveLength(CATALOGUE.length);
    expect((await root.get('/api/admin/settings/layer-offer?organisationId=999999')).status).toBe(404);
    const log = await root.get(`/api/admin/settings/event_log?organisationId=${otherOrg}`);
    expect(log.body.data[0]).toMatchObject({ type: 'LAYER_OFFER_CHANGED', organisationId: otherOrg });
  });
});
