// Per-user settings over HTTP (spec 2 §4, §7): layer settings by map context (PATCH replaces a context, none deletes,
// DELETE restores the view), street-level imagery and profile settings, the client configuration calls.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

let s: TestServer;
let eng: string;
let viewer: string;
beforeAll(async () => {
  s = await startTestServer();
  eng = await s.login('engineer@demo.example');
  viewer = await s.login('viewer@demo.example');
});
afterAll(async () => { await s?.close(); });

describe('layer settings', () => {
  it('PATCH stores a list by map context, GET returns it per context and only for the user', async () => {
    const list = [
      { layerName: 'cables', layerStyle: 'by_fibres', mapContext: 'dp', opacity: 0.85, visible: true },
      { layerName: 'ducts', layerStyle: null, mapContext: 'dp', opacity: 0.5, visible: false },
      { layerName: 'trenches', layerStyle: null, mapContext: 'trenches', opacity: 1, visible: true },
    ];
    const r = await s.api(eng).patch('/api/user/layer_setting', list);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(3);
    const dp = await s.api(eng).get('/api/user/layer_setting/dp');
    expect(dp.body.map((x: { layerName: string; layerStyle: string | null; opacity: number; visible: boolean }) => [x.layerName, x.layerStyle, x.opacity, x.visible]))
      .toEqual([['cables', 'by_fibres', 0.85, true], ['ducts', null, 0.5, false]]);
    expect(dp.body[0]).toMatchObject({ mapContext: 'dp', userId: expect.any(Number), id: expect.any(Number) });
    expect((await s.api(viewer).get('/api/user/layer_setting/dp')).body).toEqual([]);
  });

  it('PATCH of a context replaces its settings; PATCH with none deletes them; other contexts stay', async () => {
    await s.api(eng).patch('/api/user/layer_setting/dp', [{ layerName: 'cables', opacity: 0.3, visible: false }]);
    expect((await s.api(eng).get('/api/user/layer_setting/dp')).body.map((x: { layerName: string }) => x.layerName)).toEqual(['cables']);
    const none = await s.api(eng).patch('/api/user/layer_setting/dp', []);
    expect(none.body).toEqual([]);
    expect((await s.api(eng).get('/api/user/layer_setting/dp')).body).toEqual([]);
    expect((await s.api(eng).get('/api/user/layer_setting/trenches')).body).toHaveLength(1);
  });

  it('DELETE restores a view by clearing its settings', async () => {
    const r = await s.api(eng).delete('/api/user/layer_setting/trenches');
    expect(r.body).toEqual({ success: true, deleted: 1 });
    expect((await s.api(eng).get('/api/user/layer_setting')).body).toEqual([]);
  });

  it('rejects bad items with a 400 naming the field and saves nothing', async () => {
    const bad = await s.api(eng).patch('/api/user/layer_setting', [{ layerName: 'x', mapContext: 'dp', opacity: 7 }]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('opacity');
    const noCtx = await s.api(eng).patch('/api/user/layer_setting', [{ layerName: 'x' }]);
    expect(noCtx.status).toBe(400);
    expect(noCtx.body.message).toContain('mapContext');
    const mixed = await s.api(eng).patch('/api/user/layer_setting', [{ layerName: 'a', mapContext: 'ap' }, { mapContext: 'ap' }]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toContain('layerName');
    expect((await s.api(eng).get('/api/user/layer_setting')).body).toEqual([]);
  });
});

describe('user settings', () => {
  it('cyclomedia settings are kept per user; PATCH merges and null removes a key', async () => {
    expect((await s.api(eng).get('/api/user/settings/cyclomedia')).body).toEqual({});
    await s.api(eng).patch('/api/user/settings/cyclomedia', { username: 'eng', password: 'p', enabled: true });
    const r = await s.api(eng).patch('/api/user/settings/cyclomedia', { password: null, zoom: 3 });
    expect(r.body).toEqual({ username: 'eng', enabled: true, zoom: 3 });
    expect((await s.api(eng).get('/api/user/settings/cyclomedia')).body).toEqual({ username: 'eng', enabled: true, zoom: 3 });
    expect((await s.api(viewer).get('/api/user/settings/cyclomedia')).body).toEqual({});
  });

  it('profile settings: profiles by uuid and ignore timestamps per project, merged', async () => {
    const uuid = '0b7c1c1e-0f5e-4a53-9f3b-1c2d3e4f5a6b';
    await s.api(eng).patch('/api/user/settings/profiles', { profiles: { [uuid]: { updated_at: '2026-01-01T00:00:00Z', applied_at: '2026-01-02T00:00:00Z' } } });
    const r = await s.api(eng).patch('/api/user/settings/profiles', { ignoreProfileRefreshTimeStamps: { 42: '2026-02-01T00:00:00Z' } });
    expect(r.body).toEqual({
      profiles: { [uuid]: { updated_at: '2026-01-01T00:00:00Z', applied_at: '2026-01-02T00:00:00Z' } },
      ignoreProfileRefreshTimeStamps: { 42: '2026-02-01T00:00:00Z' },
    });
    expect((await s.api(viewer).get('/api/user/settings/profiles')).body).toEqual({ profiles: {}, ignoreProfileRefreshTimeStamps: {} });
  });
});

describe('configuration calls', () => {
  it('GET /api/config is public and tells what the login screen needs', async () => {
    const r = await s.api().get('/api/config');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ languages: ['en', 'nl'], totpRequired: false, agreementRequired: false, agreementVersion: '1', sso: { enabled: false }, signup: { enabled: false } });
  });

  it('GET /api/config/streetsmart needs a session', async () => {
    expect((await s.api().get('/api/config/streetsmart')).status).toBe(401);
    expect((await s.api(viewer).get('/api/config/streetsmart')).body).toMatchObject({ enabled: false });
  });

  it('SSO is off by default: adfs/login is 404 sso_disabled and verify-sso answers success false', async () => {
    const r = await s.api().get('/api/user/adfs/login');
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('sso_disabled');
    expect((await s.api().post('/api/user/verify-sso', { accessToken: 'x', userInfo: { email: 'a@b.c' } })).body).toEqual({ success: false });
  });
});
