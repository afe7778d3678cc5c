// Authorization matrix over the project-side routes: every route called as each role and as an engineer of the
// other organisation. The status must follow the role-to-policy table (403 without the policy; 404 for another
// organisation's project; 2xx otherwise) and a refused call must change nothing (database dump before/after).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { POLICY_TABLE } from '../../server/auth/policies';
import type { Role } from '../../common/roles';
import { dump, node, wire } from './network-fixtures';

let ts: TestServer;
let pid: number;
const who = [
  { email: 'root@demo.example', role: 'root' as Role, other: false },
  { email: 'admin@demo.example', role: 'administrator' as Role, other: false },
  { email: 'engineer@demo.example', role: 'engineer' as Role, other: false },
  { email: 'demo@demo.example', role: 'demo' as Role, other: false },
  { email: 'viewer@demo.example', role: 'viewer' as Role, other: false },
  { email: 'engineer@other.example', role: 'engineer' as Role, other: true },
];
const apis = new Map<string, Api>();
const ids = new Map<string, number>();

interface Call { name: string; policy: string; scoped: boolean; run(api: Api, tag: string): Promise<{ status: number }> }

beforeAll(async () => {
  ts = await startTestServer();
  for (const w of who) apis.set(w.email, ts.api(await ts.login(w.email)));
  const eng = apis.get('engineer@demo.example')!;
  pid = (await eng.post('/api/project', { name: 'Matrix', projectTypeId: 10 })).body.id;
  await eng.post(`/api/project/${pid}/network_object`, wire(who.map((w, i) => node(`n-${w.role}-${w.other}`, i, i))));
  await eng.post(`/api/project/${pid}/object_instance`, who.map((w) => ({ id: `i-${w.role}-${w.other}`, objectTypeId: 1, networkObjectId: `n-${w.role}-${w.other}` })));
  for (const w of who) ids.set(w.email, (await eng.post('/api/project', { name: `Throwaway ${w.email}`, projectTypeId: 10 })).body.id);
});
afterAll(async () => { await ts?.close(); });

const calls = (w: (typeof who)[number]): Call[] => {
  const t = `${w.role}-${w.other}`;
  const own = ids.get(w.email)!;
  return [
    { name: 'GET project/all', policy: 'project.view', scoped: false, run: (a) => a.get('/api/project/all') },
    { name: 'GET project', policy: 'project.view', scoped: true, run: (a) => a.get(`/api/project/${pid}`) },
    { name: 'PUT project/edit', policy: 'project.create_and_edit', scoped: true, run: (a) => a.put(`/api/project/edit/${pid}`, { name: 'Matrix' }) },
    { name: 'PUT property/value', policy: 'project.create_and_edit', scoped: true, run: (a) => a.put(`/api/project/${pid}/property/value`, { values: [{ propertyTypeName: 'country', value: 'NL' }] }) },
    { name: 'PATCH unlock', policy: 'project.unlock', scoped: true, run: (a) => a.patch(`/api/project/${pid}/unlock`) },
    { name: 'GET object_type', policy: 'catalogue.view', scoped: true, run: (a) => a.get(`/api/project/${pid}/object_type`) },
    { name: 'GET network_object/all', policy: 'network.view', scoped: true, run: (a) => a.get(`/api/project/${pid}/network_object/all`) },
    { name: 'POST network_object', policy: 'network.edit', scoped: true, run: (a) => a.post(`/api/project/${pid}/network_object`, wire([node(`new-${t}`, 50, 50)])) },
    { name: 'PATCH attribute_value', policy: 'network.edit', scoped: true, run: (a) => a.patch(`/api/project/${pid}/attribute_value`, [{ objectInstanceId: `i-${t}`, attributeTypeName: 'name', value: 'x' }]) },
    { name: 'DELETE object_instance', policy: 'network.edit', scoped: true, run: (a) => a.delete(`/api/project/${pid}/object_instance`, [`i-${t}`]) },
    { name: 'DELETE network_object', policy: 'network.edit', scoped: true, run: (a) => a.delete(`/api/project/${pid}/network_object`, { networkObjectIds: [`n-${t}`] }) },
    { name: 'POST validations', policy: 'validation.run', scoped: true, run: (a) => a.post(`/api/project/${pid}/validations`, [{ name: 'graph_integrity' }]) },
    { name: 'POST fttx/settings', policy: 'project.settings.edit', scoped: true, run: (a) => a.post(`/api/project/${pid}/fttx/settings`, { network: {} }) },
    { name: 'POST capex/rule_set', policy: 'project.settings.edit', scoped: true, run: (a) => a.post(`/api/project/${pid}/capex/rule_set`, { terminal_types: [] }) },
    { name: 'DELETE project', policy: 'project.delete', scoped: true, run: (a) => a.delete(`/api/project/${w.other ? pid : own}`, {}) },
    { name: 'POST project', policy: 'project.create_and_edit', scoped: false, run: (a) => a.post('/api/project', { name: `By ${t}`, projectTypeId: 10 }) },
    { name: 'POST profile', policy: 'profile.edit', scoped: false, run: (a) => a.post('/api/profile', { name: `P ${t}`, type: 'weights', settings: {} }) },
  ];
};

describe('authorization matrix', () => {
  for (const w of who) {
    it(`${w.role}${w.other ? ' of the other organisation' : ''}: statuses follow the policy table, refusals change nothing`, async () => {
      const api = apis.get(w.email)!;
      const got: string[] = [], want: string[] = [];
      for (const c of calls(w)) {
        const allowed = POLICY_TABLE[c.policy].includes(w.role);
        const expected = !allowed ? 403 : c.scoped && w.other ? 404 : 200;
        const before = expected === 200 ? '' : await dump(ts.db);
        const r = await c.run(api, w.role);
        got.push(`${c.name}: ${r.status >= 200 && r.status < 300 ? 200 : r.status}`);
        want.push(`${c.name}: ${expected}`);
        if (expected !== 200) expect(await dump(ts.db), `${c.name} as ${w.email} changed the database`).toBe(before);
      }
      expect(got).toEqual(want);
    });
  }
});
