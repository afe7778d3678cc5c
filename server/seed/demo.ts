// Demo data on first start (skipped when DEMO_SEED=off). Filled in by the users/projects work; idempotent.
import type { Db } from '../db/db';
import type { ServerConfig } from '../config';

export async function seedDemo(db: Db, _config: ServerConfig): Promise<void> {
  await db.query(`INSERT INTO server_meta (key, value) VALUES ('seeded_at', now()::text) ON CONFLICT (key) DO NOTHING`);
}
