// The latest validation result per project and validator (validation_run, migration 061), written by the
// validations route after each run and read by the statistics (validation pass rate).
import type { Queryable } from '../db/db';

export interface ValidatorOutcome { passed: boolean; results: readonly { passed: boolean }[] }

/** Replaces the stored outcome of each validator that ran (one statement; other validators keep theirs). */
export async function recordValidationRun(q: Queryable, projectId: number, userId: number | null, out: Record<string, ValidatorOutcome>): Promise<void> {
  const names = Object.keys(out);
  if (!names.length) return;
  await q.query(`INSERT INTO validation_run (project_id, name, passed, results, results_passed, ran_by)
    SELECT $1, t.name, t.passed, t.results, t.results_passed, $2
      FROM unnest($3::text[], $4::boolean[], $5::int[], $6::int[]) AS t(name, passed, results, results_passed)
    ON CONFLICT (project_id, name) DO UPDATE SET passed = EXCLUDED.passed, results = EXCLUDED.results,
      results_passed = EXCLUDED.results_passed, ran_by = EXCLUDED.ran_by, ran_at = now()`,
  [projectId, userId, names, names.map((n) => out[n].passed), names.map((n) => out[n].results.length),
    names.map((n) => out[n].results.filter((r) => r.passed).length)]);
}
