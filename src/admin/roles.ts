// Role rules of spec 2 §6: the offered list excludes root unless asked; display name is the capitalised role with
// underscores as spaces; root covers all roles, administrator covers administrator, engineer, demo and viewer.
import { ROLES, type Role } from '../api/endpoints/types';

export function roleList(includeRoot = false): Role[] {
  return ROLES.filter((r) => includeRoot || r !== 'root');
}

export function roleDisplayName(role: string): string {
  const s = role.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export { roleCovers } from '../../common/roles';
