// Versioned SQL migrations: server/migrations/NNN_name.sql, applied in order once each, recorded in
// schema_migrations. On a PostgreSQL server an advisory lock keeps two starting processes from racing.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const dir = fileURLToPath(new URL('../migrations/', import.meta.url));

export function listMigrations(): { version: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_.*\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(dir + f, 'utf8') }));
}

export async function migrate(db: Db): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const applied: string[] = [];
  // One transaction for the whole run; the transaction-scoped advisory lock serialises concurrent starters.
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(424242)');
    const done = new Set((await q.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    for (const m of listMigrations()) {
      if (done.has(m.version)) continue;
      for (const stmt of splitSql(m.sql)) await q.query(stmt);
      await q.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
  });
  return applied;
}

/** Splits a migration file into statements on semicolons at line ends (no semicolons inside function bodies). */
export function splitSql(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
