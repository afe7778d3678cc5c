// Database dump for "nothing changed" checks: every row of the given tables, ordered, as one JSON string.
import type { Db } from '../../../server/db/db';

export const USER_TABLES = ['organisations', 'users', 'user_permissions', 'user_settings', 'layer_settings', 'user_tokens'];

export async function dumpTables(db: Db, tables: string[] = USER_TABLES): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new Error(`bad table name ${t}`);
    const r = await db.query(`SELECT to_jsonb(x) AS row FROM ${t} x`);
    out[t] = r.rows.map((x) => JSON.stringify((x as { row: unknown }).row)).sort();
  }
  return JSON.stringify(out);
}
