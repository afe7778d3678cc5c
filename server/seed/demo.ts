// Demo data on first start (skipped when DEMO_SEED=off): organisations 'demo' and 'other', one user per role with the
// DEMO_PASSWORD, the shared demo reference data (demo-reference.ts), then the demo project
// (server/seed/demo-project.ts, when present). Idempotent: runs on every start.
import type { Db } from '../db/db';
import type { ServerConfig } from '../config';
import { DEMO_USERS } from './demo-users';
import { hashPassword, sha512Hex } from '../auth/password';
import { seedDemoReference } from './demo-reference';

export const DEMO_ORGANISATIONS = ['demo', 'other'] as const;

export async function seedDemoUsers(db: Db, config: ServerConfig): Promise<void> {
  for (const name of DEMO_ORGANISATIONS) {
    await db.query('INSERT INTO organisations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  }
  const existing = new Set((await db.query<{ email: string }>('SELECT lower(email) AS email FROM users')).rows.map((r) => r.email));
  const missing = DEMO_USERS.filter((u) => !existing.has(u.email));
  if (!missing.length) return;
  const stored = await hashPassword(sha512Hex(config.demoPassword));
  for (const u of missing) {
    await db.query(
      `INSERT INTO users (organisation_id, email, name, role, language, active, password_hash, agreement_version)
       SELECT o.id, $2, $3, $4, 'en', true, $5, NULL FROM organisations o WHERE o.name = $1
       ON CONFLICT DO NOTHING`,
      [u.organisation, u.email, u.name, u.role, stored]);
  }
}

export async function seedDemo(db: Db, config: ServerConfig): Promise<void> {
  await db.query(`INSERT INTO server_meta (key, value) VALUES ('seeded_at', now()::text) ON CONFLICT (key) DO NOTHING`);
  await seedDemoUsers(db, config);
  await seedDemoReference(db);
  // The demo project belongs to the projects work; seeded only when that module exists.
  const path = './demo-project';
  let mod: { seedDemoProject?: (db: Db, config: ServerConfig) => Promise<void> } | undefined;
  try { mod = await import(/* @vite-ignore */ path); } catch (e) {
    if (!isModuleMissing(e)) throw e;
  }
  if (mod?.seedDemoProject && config.demoProject !== false) await mod.seedDemoProject(db, config);
}

function isModuleMissing(e: unknown): boolean {
  const code = (e as { code?: string })?.code;
  const msg = String((e as Error)?.message ?? e);
  return code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url|does not exist/i.test(msg) && msg.includes('demo-project');
}
