// The admin pages' role lists (spec 2 §6): the offered list excludes root unless asked; display name is the capitalised
// role with underscores as spaces. The roles and which role covers which are common/roles.ts (shared with the server).
import { ROLES, type Role } from 'common/roles';

export function roleList(includeRoot = false): Role[] {
  return ROLES.filter((r) => includeRoot || r !== 'root');
}

export function roleDisplayName(role: string): string {
  const s = role.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
