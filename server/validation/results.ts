// The validation service's result shape (spec 2 §3 "Validation result") and the small helpers every validator uses:
// the state and severity a run asks for, and a validator's summary (one passed result, or its failed results capped).
export type Severity = 'Required' | 'Recommended' | 'Optional';
export interface ValidationResult { message: string; stateId: number | null; severity: Severity; passed: boolean; id?: string }

export const MAX_RESULTS = 1000;

export const stateOf = (p: Record<string, unknown>): number | null => (typeof p.stateId === 'number' ? p.stateId : null);

export const severityOf = (p: Record<string, unknown>, d: Severity): Severity =>
  p.severity === 'Required' || p.severity === 'Recommended' || p.severity === 'Optional' ? p.severity : d;

/** One passed result when nothing failed, else the failed results (at most MAX_RESULTS). */
export function summary(name: string, failed: ValidationResult[], p: Record<string, unknown>, sev: Severity): ValidationResult[] {
  if (!failed.length) return [{ message: `${name}: passed`, stateId: stateOf(p), severity: sev, passed: true }];
  return failed.slice(0, MAX_RESULTS);
}
