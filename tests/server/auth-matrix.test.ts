// Authorization matrix over the user/session routes: every route called as each role and as users of the other
// organisation; the status must follow the role-to-policy table (docs/roles.md) and a refused call changes nothing.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { dumpTables } from './support/dump';

type Caller = 'root' | 'administrator' | 'engineer' | 'demo' | 'viewer' | 'otherEngineer' | 'otherAdmin' | 'anonymous';
const CALLERS: Caller[] = ['root', 'administrator', 'engineer', 'demo', 'viewer', 'otherEngineer', 'otherAdmin', 'anonymous'];
const EMAIL: Record<Exclude<Caller, 'anonymous'>, string> = {
  root: 'root@demo.example', administrator: 'admin@demo.example', engineer: 'engineer@demo.example', demo: 'demo@demo.example',
  viewer: 'viewer@demo.example', otherEngineer: 'engineer@other.example', otherAdmin: 'admin@other.example',
};

let s: TestServer;
const tok: Partial<Record<Caller, string>> = {};
let victim = 0;
let demoOrg = 0;
let n = 0;

beforeAll(async () => {
  s = await startTestServer();
  await s.db.query(`INSERT INTO users (organisation_id, email, name, role, password_hash)
    SELECT (SELECT id FROM organisations WHERE name = 'other'), 'admin@other.example', 'Other Admin', 'administrator', password_hash
    FROM users WHERE email = 'root@demo.example'`);
  await s.db.query(`INSERT INTO users (organisation_id, email, name, role, password_hash)
    SELECT organisation_id, 'victim@demo.example', 'Victim', 'viewer', password_hash FROM users WHERE email = 'viewer@demo.example'`);
  victim = (await s.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'victim@demo.example'`)).rows[0].id;
  demoOrg = (await s.db.query<{ id: number }>(`SELECT id FROM organisations WHERE name = 'demo'`)).rows[0].id;
  for (const c of CALLERS) if (c !== 'anonymous') tok[c] = await s.login(EMAIL[c]);
});
afterAll(async () => { await s?.close(); });

interface Case { name: string; method: string; path: () => string; body?: () => unknown; allowed: Caller[]; otherOrg?: number; ok?: number; undo?: () => Promise<void> }
const ADMINS: Caller[] = ['root', 'administrator'];
const SIGNED_IN: Caller[] = ['root', 'administrator', 'engineer', 'demo', 'viewer', 'otherEngineer', 'otherAdmin'];

const CASES: Case[] = [
  { name: 'list all users', method: 'GET', path: () => '/api/user/all', allowed: [...ADMINS, 'otherAdmin'] },
  { name: 'users of the demo organisation', method: 'GET', path: () => `/api/user/organisation/${demoOrg}`, allowed: ADMINS, otherOrg: 404 },
  { name: 'get a user', method: 'GET', path: () => `/api/user/${victim}`, allowed: ADMINS, otherOrg: 404 },
  { name: 'policies of a user', method: 'GET', path: () => `/api/user/policies/${victim}`, allowed: ADMINS, otherOrg: 404 },
  { name: 'edit a user', method: 'PUT', path: () => `/api/user/${victim}`, body: () => ({ name: 'Victim' }), allowed: ADMINS, otherOrg: 404 },
  { name: 'create a user', method: 'POST', path: () => '/api/user', body: () => ({ email: `made${++n}@demo.example`, name: 'Made', role: 'viewer', password: 'abcdefg1' }), allowed: [...ADMINS, 'otherAdmin'], ok: 201,
    undo: async () => { await s.db.query(`DELETE FROM users WHERE email LIKE 'made%'`); } },
  { name: 'permission overrides', method: 'POST', path: () => `/api/user/permission/${victim}`, body: () => ({ permissions: { 'network.view': null } }), allowed: ADMINS, otherOrg: 404 },
  { name: 'delete a user', method: 'DELETE', path: () => `/api/user/${victim}`, allowed: ADMINS, otherOrg: 404,
    undo: async () => { await s.db.query('UPDATE users SET deleted_at = NULL, updated_at = now() WHERE id = $1', [victim]); } },
  { name: 'recover a user', method: 'POST', path: () => `/api/user/recover/${victim}`, allowed: ADMINS, otherOrg: 404 },
  { name: 'e-mail check', method: 'POST', path: () => '/api/user/email', body: () => ({ email: 'x@demo.example' }), allowed: [...ADMINS, 'otherAdmin'] },
  { name: 'own policies', method: 'GET', path: () => '/api/user/policies/', allowed: SIGNED_IN },
  { name: 'own cyclomedia settings', method: 'GET', path: () => '/api/user/settings/cyclomedia', allowed: SIGNED_IN },
  { name: 'own profile settings', method: 'GET', path: () => '/api/user/settings/profiles', allowed: SIGNED_IN },
  { name: 'own layer settings', method: 'GET', path: () => '/api/user/layer_setting/dp', allowed: SIGNED_IN },
  { name: 'streetsmart config', method: 'GET', path: () => '/api/config/streetsmart', allowed: SIGNED_IN },
  { name: 'public config', method: 'GET', path: () => '/api/config', allowed: CALLERS },
  { name: 'has-no-root', method: 'GET', path: () => '/api/user/has-no-root', allowed: CALLERS },
  { name: 'heartbeat', method: 'GET', path: () => '/api/user/heartbeat', allowed: CALLERS },
];

describe('authorization matrix', () => {
  for (const c of CASES) {
    for (const caller of CALLERS) {
      const allowed = c.allowed.includes(caller);
      const other = caller === 'otherEngineer' || caller === 'otherAdmin';
      const expected = allowed ? (c.ok ?? 200)
        : caller === 'anonymous' ? 401
        : other && c.otherOrg && caller === 'otherAdmin' ? c.otherOrg : 403;
      it(`${c.name}: ${caller} → ${expected}`, async () => {
        const before = await dumpTables(s.db);
        const r = await s.api(tok[caller]).request(c.method, c.path(), { body: c.body?.() });
        expect(r.status, r.text).toBe(expected);
        if (!allowed) {
          expect(r.body.error).toBe(expected === 401 ? 'session_does_not_exist' : expected === 404 ? 'not_found' : 'forbidden');
          expect(await dumpTables(s.db)).toBe(before);
        } else if (c.undo) {
          await c.undo();
        }
      });
    }
  }
});
