// The role hierarchy shared by the server and the web app (spec 2 §6): "Root covers all roles; administrator covers
// administrator, engineer, demo and viewer; the others cover only themselves."
import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_COVERS, roleCovers } from 'common/roles';

describe('role hierarchy', () => {
  it('has the five roles, root first', () => {
    expect([...ROLES]).toEqual(['root', 'administrator', 'engineer', 'demo', 'viewer']);
  });

  it('root covers every role, administrator all but root, the others only themselves', () => {
    for (const other of ROLES) {
      expect(roleCovers('root', other)).toBe(true);
      expect(roleCovers('administrator', other)).toBe(other !== 'root');
      for (const r of ['engineer', 'demo', 'viewer'] as const) expect(roleCovers(r, other)).toBe(r === other);
    }
    expect(Object.keys(ROLE_COVERS).sort()).toEqual([...ROLES].sort());
  });
});
