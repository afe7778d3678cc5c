// Whole-network validator results shared through the database (network_validation_result, migration 062): every app
// process answers a call at a network version from the results any process stored for it, so a job of a minute at
// 10⁶ edges runs once per version, not once per process or restart. Keys are SHA-1s of everything the results depend
// on besides the version (network-validation.ts). Storing is best effort: a failure is logged, the answer stands.
import type { Db } from '../db/db';
import type { ValidationResult } from './results';

/** Results stored for `keys` at `version` of project `projectId`, by key. */
export async function storedResults(db: Db, projectId: number, version: string, keys: string[]): Promise<Map<string, ValidationResult[]>> {
  if (!keys.length) return new Map();
  const r = await db.query<{ key: string; results: ValidationResult[] | string }>(
    'SELECT key, results FROM network_validation_result WHERE project_id = $1 AND version = $2 AND key = ANY($3::text[])', [projectId, version, keys]);
  return new Map(r.rows.map((x) => [x.key, typeof x.results === 'string' ? (JSON.parse(x.results) as ValidationResult[]) : x.results]));
}

/** Stores results of `version` (kept when another process stored them first) and drops those of older versions. */
export async function storeResults(db: Db, projectId: number, version: string, entries: [string, ValidationResult[]][]): Promise<void> {
  if (!entries.length) return;
  try {
    await db.tx(async (q) => {
      await q.query('DELETE FROM network_validation_result WHERE project_id = $1 AND version < $2', [projectId, version]);
      for (const [key, results] of entries) {
        await q.query(`INSERT INTO network_validation_result (project_id, key, version, results) VALUES ($1, $2, $3, $4::jsonb)
          ON CONFLICT DO NOTHING`, [projectId, key, version, JSON.stringify(results)]);
      }
    });
  } catch (e) {
    console.warn(`validation results of project ${projectId} not stored: ${(e as Error).message}`);
  }
}

/** Forgets every stored result (tests and benchmarks: a cold start). */
export async function clearStoredResults(db: Db): Promise<void> {
  await db.query('DELETE FROM network_validation_result');
}
