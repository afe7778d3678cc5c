// The role hierarchy of spec 2 §6 (spec 3 §6), shared by the server (policies, user administration) and the web app
// (role lists, who may manage whom): roles root, administrator, engineer, demo, viewer; "Root covers all roles;
// administrator covers administrator, engineer, demo and viewer; the others cover only themselves."
export const ROLES = ['root', 'administrator', 'engineer', 'demo', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles each role covers. */
export const ROLE_COVERS: Record<Role, readonly Role[]> = {
  root: ROLES,
  administrator: ['administrator', 'engineer', 'demo', 'viewer'],
  engineer: ['engineer'],
  demo: ['demo'],
  viewer: ['viewer'],
};

export function roleCovers(role: Role, other: Role): boolean {
  return ROLE_COVERS[role].includes(other);
}
