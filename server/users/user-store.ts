// Users in the database: row type, the public view sent to clients (never the password or TOTP secret), look-ups.
import type { Queryable } from '../db/db';
import type { Role } from '../../common/roles';

export interface UserRow {
  id: number; organisation_id: number; email: string; name: string; role: Role; language: string; active: boolean;
  password_hash: string | null; totp_secret: string | null; totp_enabled: boolean; agreement_version: string | null;
  locked_until: Date | string | null; created_at: Date | string; updated_at: Date | string; deleted_at: Date | string | null;
}

export interface PublicUser {
  id: number; email: string; name: string; role: Role; language: string; active: boolean;
  agreementVersion: string | null; organisationId: number; organisationName?: string; totpEnabled: boolean;
  deleted: boolean; createdAt: string;
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

export function publicUser(u: UserRow & { organisation_name?: string }): PublicUser {
  return {
    id: u.id, email: u.email, name: u.name, role: u.role, language: u.language, active: u.active,
    agreementVersion: u.agreement_version, organisationId: u.organisation_id,
    ...(u.organisation_name !== undefined ? { organisationName: u.organisation_name } : {}),
    totpEnabled: u.totp_enabled, deleted: u.deleted_at != null, createdAt: iso(u.created_at)!,
  };
}

const SELECT = `SELECT u.*, o.name AS organisation_name FROM users u JOIN organisations o ON o.id = u.organisation_id`;

export async function userById(q: Queryable, id: number): Promise<(UserRow & { organisation_name: string }) | undefined> {
  return (await q.query<UserRow & { organisation_name: string }>(`${SELECT} WHERE u.id = $1`, [id])).rows[0];
}

export async function userByEmail(q: Queryable, email: string): Promise<(UserRow & { organisation_name: string }) | undefined> {
  return (await q.query<UserRow & { organisation_name: string }>(`${SELECT} WHERE lower(u.email) = lower($1)`, [email])).rows[0];
}

export async function usersOf(q: Queryable, organisationId: number | null, includeDeleted: boolean): Promise<PublicUser[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (organisationId != null) { params.push(organisationId); where.push(`u.organisation_id = $${params.length}`); }
  if (!includeDeleted) where.push('u.deleted_at IS NULL');
  const sql = `${SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY u.organisation_id, lower(u.email)`;
  return (await q.query<UserRow & { organisation_name: string }>(sql, params)).rows.map(publicUser);
}

export async function rootExists(q: Queryable): Promise<boolean> {
  const r = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'root' AND deleted_at IS NULL`);
  return r.rows[0].n > 0;
}
