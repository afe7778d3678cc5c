// Roles and policies (spec 2 §6): the policy object per role from GET /api/user/policies/, the role hierarchy, and
// per-user overrides through POST /api/user/permission/{id}.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { POLICY_TABLE } from '../../server/auth/policies';

let s: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
beforeAll(async () => {
  s = await startTestServer();
  for (const e of ['root@demo.example', 'admin@demo.example', 'engineer@demo.example', 'demo@demo.example', 'viewer@demo.example', 'engineer@other.example']) {
    tokens[e] = await s.login(e);
  }
  for (const r of (await s.db.query<{ id: number; email: string }>('SELECT id, email FROM users')).rows) ids[r.email] = r.id;
});
afterAll(async () => { await s?.close(); });

const get = (email: string, path: string) => s.api(tokens[email]).get(path);

describe('GET /api/user/policies/', () => {
  const expectations: Record<string, Record<string, boolean>> = {
    'root@demo.example': { management_dashboard: true, 'admin.settings': true, 'admin.view': true, 'project.create_and_edit': true, 'network.edit': true, 'user.edit': true },
    'admin@demo.example': { management_dashboard: true, 'admin.settings': false, 'admin.view': true, 'project.create_and_edit': true, 'user.edit': true, 'project.delete': true },
    'engineer@demo.example': { management_dashboard: false, material_management: true, 'admin.view': false, 'project.create_and_edit': true, 'network.edit': true, 'user.edit': false, 'project.delete': false },
    'demo@demo.example': { material_management: false, 'project.create_and_edit': true, 'network.edit': true, 'profile.edit': false, 'admin.view': false },
    'viewer@demo.example': { 'project.create_and_edit': false, 'network.edit': false, 'upload.create': false, 'workflow.statistics.view': true, 'project.view': true },
  };
  for (const [email, exp] of Object.entries(expectations)) {
    it(`gives ${email.split('@')[0]} the policy object of the role table`, async () => {
      const r = await get(email, '/api/user/policies/');
      expect(r.status).toBe(200);
      for (const [path, allowed] of Object.entries(exp)) {
        const v = path.split('.').reduce<any>((o, k) => o?.[k], r.body);
        expect([path, v]).toEqual([path, allowed]);
      }
    });
  }

  it('a viewer can write nothing: every write policy is false', async () => {
    const r = await get('viewer@demo.example', '/api/user/policies/');
    for (const path of Object.keys(POLICY_TABLE).filter((p) => /\.(edit|delete|create|create_and_edit|restore|unlock|permission|run|settings)$/.test(p))) {
      expect([path, path.split('.').reduce<any>((o, k) => o?.[k], r.body)]).toEqual([path, false]);
    }
  });

  it('root holds every policy; administrator every one but admin.settings and organisation.all', async () => {
    const root = (await get('root@demo.example', '/api/user/policies/')).body;
    const admin = (await get('admin@demo.example', '/api/user/policies/')).body;
    for (const path of Object.keys(POLICY_TABLE)) {
      expect(path.split('.').reduce<any>((o, k) => o?.[k], root)).toBe(true);
      const want = !['admin.settings', 'organisation.all'].includes(path);
      expect([path, path.split('.').reduce<any>((o, k) => o?.[k], admin)]).toEqual([path, want]);
    }
  });

  it('/policies/{id}: an administrator reads a user of the organisation; not of another (404); a viewer not at all (403)', async () => {
    const ok = await get('admin@demo.example', `/api/user/policies/${ids['viewer@demo.example']}`);
    expect(ok.status).toBe(200);
    expect(ok.body.network.edit).toBe(false);
    expect((await get('admin@demo.example', `/api/user/policies/${ids['engineer@other.example']}`)).status).toBe(404);
    expect((await get('viewer@demo.example', `/api/user/policies/${ids['engineer@demo.example']}`)).status).toBe(403);
    expect((await get('viewer@demo.example', `/api/user/policies/${ids['viewer@demo.example']}`)).status).toBe(200);
    expect((await get('root@demo.example', `/api/user/policies/999999`)).status).toBe(404);
  });
});

describe('POST /api/user/permission/{id}: per-user overrides', () => {
  it('grants a viewer network.edit, applied on the next call, and null removes it again', async () => {
    const viewer = ids['viewer@demo.example'];
    const r = await s.api(tokens['admin@demo.example']).post(`/api/user/permission/${viewer}`, { permissions: { 'network.edit': true } });
    expect(r.status).toBe(200);
    expect(r.body.network.edit).toBe(true);
    expect((await get('viewer@demo.example', '/api/user/policies/')).body.network.edit).toBe(true);
    await s.api(tokens['admin@demo.example']).post(`/api/user/permission/${viewer}`, { permissions: { 'network.edit': null } });
    expect((await get('viewer@demo.example', '/api/user/policies/')).body.network.edit).toBe(false);
  });

  it('cyclomedia.coverage (street-level imagery): held by root and administrator only; granting it to one engineer puts it in their session policy', async () => {
    expect((await get('root@demo.example', '/api/user/policies/')).body.cyclomedia.coverage).toBe(true);
    expect((await get('admin@demo.example', '/api/user/policies/')).body.cyclomedia.coverage).toBe(true);
    for (const e of ['engineer@demo.example', 'demo@demo.example', 'viewer@demo.example']) {
      expect([e, (await get(e, '/api/user/policies/')).body.cyclomedia.coverage]).toEqual([e, false]);
    }
    const engineer = ids['engineer@demo.example'];
    const r = await s.api(tokens['admin@demo.example']).post(`/api/user/permission/${engineer}`, { permissions: { 'cyclomedia.coverage': true } });
    expect(r.status).toBe(200);
    expect(r.body.cyclomedia.coverage).toBe(true);
    // The session's own policy (what the map reads to offer the street-level panel) carries it; nobody else's changes.
    expect((await get('engineer@demo.example', '/api/user/policies/')).body.cyclomedia.coverage).toBe(true);
    expect((await get('engineer@other.example', '/api/user/policies/')).body.cyclomedia.coverage).toBe(false);
    expect((await get('viewer@demo.example', '/api/user/policies/')).body.cyclomedia.coverage).toBe(false);
    await s.api(tokens['admin@demo.example']).post(`/api/user/permission/${engineer}`, { permissions: { 'cyclomedia.coverage': null } });
    expect((await get('engineer@demo.example', '/api/user/policies/')).body.cyclomedia.coverage).toBe(false);
  });

  it('revokes a policy of the role for one engineer only', async () => {
    await s.api(tokens['root@demo.example']).post(`/api/user/permission/${ids['engineer@demo.example']}`, { permissions: { material_management: false } });
    expect((await get('engineer@demo.example', '/api/user/policies/')).body.material_management).toBe(false);
    expect((await get('engineer@other.example', '/api/user/policies/')).body.material_management).toBe(true);
  });

  it('rejects an unknown path (400 naming it), a grant beyond the caller (403), another organisation (404), a viewer (403)', async () => {
    const admin = s.api(tokens['admin@demo.example']);
    const viewer = ids['viewer@demo.example'];
    const unknown = await admin.post(`/api/user/permission/${viewer}`, { permissions: { 'nuke.everything': true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('nuke.everything');
    expect((await admin.post(`/api/user/permission/${viewer}`, { permissions: { 'admin.settings': true } })).status).toBe(403);
    expect((await admin.post(`/api/user/permission/${ids['engineer@other.example']}`, { permissions: { 'network.edit': false } })).status).toBe(404);
    expect((await s.api(tokens['viewer@demo.example']).post(`/api/user/permission/${viewer}`, { permissions: { 'network.edit': true } })).status).toBe(403);
    expect((await admin.post(`/api/user/permission/${ids['root@demo.example']}`, { permissions: { 'network.edit': false } })).status).toBe(403);
    const rows = await s.db.query(`SELECT * FROM user_permissions WHERE user_id = $1`, [viewer]);
    expect(rows.rows).toEqual([]);
  });
});
