// The validation service of spec 2 §4/§5: validators are synchronous, asynchronous or groupable (groupable ones run
// together in ONE server call, POST /api/project/{id}/validations); some are ignored in given contexts. Status:
// INVALID initially, PENDING while asynchronous runs are out, then VALID when every result passed, INVALID otherwise,
// VALIDATOR_ERROR when some validator produced no result. An HTTP error in an asynchronous (or groupable) validator is
// swallowed and leaves no result; other errors propagate. A project passes when every Required result has passed.
// Results are compared by message, state and severity (spec 2 §3): an unchanged run keeps the old list, so readers
// (useSyncExternalStore) do not re-render.

export type Severity = 'Required' | 'Recommended' | 'Optional';
export type ValidationStatus = 'INVALID' | 'PENDING' | 'VALID' | 'VALIDATOR_ERROR';
export const SEVERITIES: readonly Severity[] = ['Required', 'Recommended', 'Optional'];

export interface Result {
  message: string;
  stateId: number | null;
  severity: Severity;
  passed: boolean;
  /** The validator that produced it. */
  validator?: string;
  /** The network object to zoom to, when the result is about one. */
  objectId?: string | null;
}

/** Two results are equal when message, state and severity match (spec 2 §3); the object is part of the message. */
export const sameResult = (a: Result, b: Result): boolean =>
  a.message === b.message && a.stateId === b.stateId && a.severity === b.severity && a.passed === b.passed && (a.objectId ?? null) === (b.objectId ?? null);

interface Base { name: string; ignoredIn?: readonly string[] }
export interface SyncValidator extends Base { kind: 'sync'; run(): Result[] }
export interface AsyncValidator extends Base { kind: 'async'; run(): Promise<Result[]> }
/** Runs on the server with the others of its group; `params` are sent as they are. */
export interface GroupableValidator extends Base { kind: 'groupable'; params(): Record<string, unknown> }
export type Validator = SyncValidator | AsyncValidator | GroupableValidator;

/** The server's answer per validator name: {passed, results} (our server) or a bare result list. */
export type GroupAnswer = Record<string, { passed?: boolean; results?: Result[] } | Result[] | undefined>;

export interface ServiceDeps {
  /** POST /validations with the groupable validators of a run. */
  runGroup(validations: { name: string; params: Record<string, unknown> }[]): Promise<GroupAnswer>;
}

/** An HTTP failure (RTK Query's {status, data} or a Response-like error): swallowed by async validators. */
export function isHttpError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const s = (e as { status?: unknown }).status;
  return typeof s === 'number' || s === 'FETCH_ERROR' || s === 'PARSING_ERROR' || s === 'TIMEOUT_ERROR';
}

export interface ServiceState {
  status: ValidationStatus;
  /** Every result of the last runs, per validator, in registration order. */
  results: readonly Result[];
  /** Every Required result passed (and nothing pending): the gate of the next workflow step. */
  passes: boolean;
  /** Validators that produced no result in their last run. */
  missing: readonly string[];
}

const INITIAL: ServiceState = { status: 'INVALID', results: [], passes: false, missing: [] };

export class ValidationService {
  private validators: Validator[] = [];
  private byName = new Map<string, Result[] | null>();
  private pending = 0;
  private runId = 0;
  private state: ServiceState = INITIAL;
  private listeners = new Set<() => void>();

  constructor(private deps: ServiceDeps) {}

  register(v: Validator): () => void {
    if (this.validators.some((x) => x.name === v.name)) throw new Error(`validator ${v.name} is registered twice`);
    this.validators.push(v);
    return () => { this.validators = this.validators.filter((x) => x !== v); this.byName.delete(v.name); this.publish(); };
  }

  subscribe(l: () => void): () => void { this.listeners.add(l); return () => { this.listeners.delete(l); }; }
  getState = (): ServiceState => this.state;

  private active(context: string): Validator[] { return this.validators.filter((v) => !v.ignoredIn?.includes(context)); }

  /** Re-runs one synchronous validator (e.g. the live network validation after an edit); no other validator runs. */
  refresh(name: string): void {
    const v = this.validators.find((x) => x.name === name);
    if (!v || v.kind !== 'sync') throw new Error(`${name} is not a registered synchronous validator`);
    this.byName.set(name, v.run());
    this.publish();
  }

  /** Runs every validator not ignored in `context`: synchronous ones at once, the rest in the background. */
  async run(context: string): Promise<ServiceState> {
    const id = ++this.runId;
    const list = this.active(context);
    for (const v of this.validators) if (!list.includes(v)) this.byName.delete(v.name);
    for (const v of list) if (v.kind === 'sync') this.byName.set(v.name, v.run());
    const asyncs = list.filter((v): v is AsyncValidator => v.kind === 'async');
    const group = list.filter((v): v is GroupableValidator => v.kind === 'groupable');
    const jobs: Promise<void>[] = asyncs.map((v) => this.track(id, v.name, v.run()));
    if (group.length) {
      const answer = this.deps.runGroup(group.map((v) => ({ name: v.name, params: v.params() })));
      jobs.push(...group.map((v) => this.track(id, v.name, answer.then((a) => resultsOf(a[v.name], v.name)))));
    }
    this.publish();
    await Promise.all(jobs);
    return this.state;
  }

  private async track(id: number, name: string, p: Promise<Result[] | null>): Promise<void> {
    this.pending++;
    this.publish();
    try {
      const r = await p;
      if (id === this.runId) this.byName.set(name, r);
    } catch (e) {
      if (!isHttpError(e)) throw e;
      if (id === this.runId) this.byName.set(name, null); // swallowed: no result
    } finally {
      this.pending--;
      this.publish();
    }
  }

  private publish(): void {
    const results: Result[] = [];
    const missing: string[] = [];
    for (const v of this.validators) {
      if (!this.byName.has(v.name)) continue;
      const r = this.byName.get(v.name);
      if (r === null || r === undefined) missing.push(v.name); else results.push(...r);
    }
    const ran = this.byName.size > 0;
    const status: ValidationStatus = this.pending > 0 ? 'PENDING'
      : !ran ? 'INVALID'
      : missing.length ? 'VALIDATOR_ERROR'
      : results.every((r) => r.passed) ? 'VALID' : 'INVALID';
    const passes = ran && this.pending === 0 && missing.length === 0 && results.every((r) => r.passed || r.severity !== 'Required');
    const prev = this.state;
    const same = prev.results.length === results.length && prev.results.every((r, i) => sameResult(r, results[i]));
    const next: ServiceState = { status, passes, results: same ? prev.results : results, missing: sameList(prev.missing, missing) ? prev.missing : missing };
    if (next.status === prev.status && next.passes === prev.passes && next.results === prev.results && next.missing === prev.missing) return;
    this.state = next;
    for (const l of [...this.listeners]) l();
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function resultsOf(a: GroupAnswer[string], name: string): Result[] | null {
  if (!a) return null;
  const list = Array.isArray(a) ? a : a.results;
  if (!Array.isArray(list)) return null;
  return list.map((r) => ({ ...r, validator: r.validator ?? name }));
}
