// Policies: the role-to-policy table (documented in docs/roles.md) and the policy object by path, with per-user
// overrides applied on top. The roles and their hierarchy (root ⊃ administrator ⊃ {engineer, demo, viewer}) are
// common/roles.ts, shared with the web app.
import type { Queryable } from '../db/db';
import { ROLES, type Role } from '../../common/roles';

const ALL: readonly Role[] = ROLES;
const ADMINS: readonly Role[] = ['root', 'administrator'];
const EDITORS: readonly Role[] = ['root', 'administrator', 'engineer', 'demo'];
const ENGINEERS: readonly Role[] = ['root', 'administrator', 'engineer'];

/** Role-to-policy table: policy path → roles holding it. Keep docs/roles.md in step with this table. */
export const POLICY_TABLE: Record<string, readonly Role[]> = {
  // Named route policies (spec 1 §6, spec 2 §6).
  management_dashboard: ADMINS,
  material_management: ENGINEERS,
  'project.create_and_edit': EDITORS,
  'admin.view': ADMINS,
  'admin.settings': ['root'],
  'workflow.statistics.view': ALL,
  // Read permissions.
  'project.view': ALL,
  'network.view': ALL,
  'catalogue.view': ALL,
  'user.view': ADMINS,
  // Write permissions.
  'project.delete': ADMINS,
  'project.restore': ADMINS,
  'project.unlock': ENGINEERS,
  'project.settings.edit': ENGINEERS,
  'network.edit': EDITORS,
  'validation.run': EDITORS,
  'profile.edit': ENGINEERS,
  'upload.create': EDITORS,
  'event_log.write': ALL,
  'user.edit': ADMINS,
  'user.delete': ADMINS,
  'user.permission': ADMINS,
  'organisation.all': ['root'],
  // Feature permissions, granted per user by an administrator (policy editor, user.permission).
  'cyclomedia.coverage': ADMINS,
};

export const POLICY_PATHS = Object.keys(POLICY_TABLE);

export type PolicyObject = { [key: string]: boolean | PolicyObject };

/** Effective flat policy (path → allowed) for a role plus overrides. Unknown override paths are ignored. */
export function flatPolicy(role: Role, overrides: Record<string, boolean> = {}): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const path of POLICY_PATHS) out[path] = POLICY_TABLE[path].includes(role);
  for (const [path, allowed] of Object.entries(overrides)) if (path in out) out[path] = allowed;
  return out;
}

/** The policy object by path as the client reads it: 'project.create_and_edit' → {project: {create_and_edit}}. */
export function policyObject(flat: Record<string, boolean>): PolicyObject {
  const root: PolicyObject = {};
  // Shorter paths first, so a leaf like 'project.view' never collides with a deeper path's object.
  for (const path of Object.keys(flat).sort((a, b) => a.split('.').length - b.split('.').length)) {
    const parts = path.split('.');
    let node = root;
    for (const p of parts.slice(0, -1)) {
      const next = node[p];
      if (typeof next !== 'object') node[p] = {};
      node = node[p] as PolicyObject;
    }
    node[parts[parts.length - 1]] = flat[path];
  }
  return root;
}

/** Looks a path up in a policy object; anything missing or not true counts as denied (spec 2 §6). */
export function policyAllows(policy: PolicyObject, path: string): boolean {
  let node: boolean | PolicyObject | undefined = policy;
  for (const p of path.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = node[p];
  }
  return node === true;
}

export async function loadOverrides(q: Queryable, userId: number): Promise<Record<string, boolean>> {
  const r = await q.query<{ path: string; allowed: boolean }>('SELECT path, allowed FROM user_permissions WHERE user_id = $1', [userId]);
  return Object.fromEntries(r.rows.map((x) => [x.path, x.allowed]));
}
