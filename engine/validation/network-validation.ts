// NetworkValidation: the failed validation results of a model, kept up to date from the engine's diffs (Editor.apply,
// undo, redo and merge all return {model, diff}). The constructor runs every validator over the whole model; `apply`
// re-checks only the subjects the diff's rows name through each validator's `dependsOn` (the rows' objects, instances
// and their neighbours in the models before and after), so an edit costs O(diff × local degree), never a scan.
// Results are kept per validator and subject; counts per severity and per validator follow each replacement, and
// `version` goes up whenever the set of results changes (a cheap subscription key for a UI).
import type { Id } from '../types';
import { allObjects, type Model } from '../model';
import { makeBaseRows } from '../field-reads';
import { pentries } from '../ptable';
import type { Diff, DiffRow } from '../tx';
import { resolveContext, type ValidationContext } from './context';
import { VALIDATORS } from './validators';
import {
  sameResult, type Severity, type ValidationConfig, type ValidationResult, type ValidationStatus, type Validator,
  type ValidatorSummary,
} from './types';

interface Active { v: Validator; severity: Severity; results: Map<Id, ValidationResult[]>; failed: number }

const sameList = (a: readonly ValidationResult[] | undefined, b: readonly ValidationResult[]): boolean =>
  (a?.length ?? 0) === b.length && b.every((r, i) => sameResult(a![i], r));

export class NetworkValidation {
  /** Goes up by one on every apply that changed the results. */
  version = 0;
  /** Subjects re-checked by the last apply (for tests and benches: it must not grow with the network). */
  lastChecked = 0;
  private current: Model;
  private readonly ctx: ValidationContext;
  private readonly active: Active[];
  private readonly bySeverity: Record<Severity, number> = { Required: 0, Recommended: 0, Optional: 0 };

  constructor(model: Model, readonly config: ValidationConfig = {}) {
    this.current = model;
    this.ctx = resolveContext(model, config);
    const ignore = new Set(config.ignore ?? []);
    this.active = (config.validators ?? VALIDATORS)
      .filter((v) => !ignore.has(v.name) && (v.enabled?.(this.ctx) ?? true))
      .map((v) => ({ v, severity: config.severity?.[v.name] ?? v.severity, results: new Map(), failed: 0 }));
    // each subject once per validator, none with results yet: only failures are kept (no lookup per passed subject)
    this.eachSubject(model, (a, id) => { const r = a.v.check(model, id, this.ctx, a.severity); if (r.length) this.set(a, id, r); });
  }

  /** Every subject of a full run per validator: one scan of the network objects and one of the instances for all. */
  private eachSubject(m: Model, f: (a: Active, id: Id) => void): void {
    makeBaseRows(m, ['objectInstances', 'pathEdges']); // the checks read every instance and path edge
    const objects: Active[] = [], byType: [Active, ReadonlySet<number>][] = [];
    for (const a of this.active) {
      const s = a.v.subjects(this.ctx);
      if (s === 'objects') objects.push(a);
      else if (typeof s === 'function') for (const id of s(m)) f(a, id);
      else if (s.size) byType.push([a, s]);
    }
    if (objects.length) for (const [id] of allObjects(m)) for (const a of objects) f(a, id);
    if (byType.length) for (const [id, i] of pentries(m.objectInstances)) for (const [a, types] of byType) if (types.has(i.objectTypeId)) f(a, id);
  }

  get model(): Model { return this.current; }

  /** Follows one diff from the model this index holds to `model`. Returns whether the results changed. */
  apply(model: Model, diff: Diff): boolean {
    const dc = { before: this.current, after: model, ctx: this.ctx };
    const dirty = this.active.map(() => new Set<Id>());
    const visit = (row: DiffRow) => { for (let k = 0; k < this.active.length; k++) this.active[k].v.dependsOn(row, dc, dirty[k]); };
    for (const r of diff.added) visit(r);
    for (const r of diff.removed) visit(r);
    for (const [a, b] of diff.updated) { visit(a); visit(b); }
    this.current = model;
    let changed = false, checked = 0;
    this.active.forEach((a, k) => {
      for (const id of dirty[k]) { checked++; changed = this.set(a, id, a.v.check(model, id, this.ctx, a.severity)) || changed; }
    });
    this.lastChecked = checked;
    if (changed) this.version++;
    return changed;
  }

  /** Replaces one subject's results; whether they changed. */
  private set(a: Active, id: Id, next: ValidationResult[]): boolean {
    const prev = a.results.get(id);
    if (sameList(prev, next)) return false;
    for (const r of prev ?? []) this.bySeverity[r.severity]--;
    for (const r of next) this.bySeverity[r.severity]++;
    a.failed += next.length - (prev?.length ?? 0);
    if (next.length) a.results.set(id, next); else a.results.delete(id);
    return true;
  }

  /** The failed results (of one validator, when named). */
  results(validator?: string): ValidationResult[] {
    const out: ValidationResult[] = [];
    for (const a of this.active) if (!validator || a.v.name === validator) for (const l of a.results.values()) out.push(...l);
    return out;
  }

  /** The failed results about one subject (network object or instance id). */
  resultsOf(objectId: Id): ValidationResult[] {
    return this.active.flatMap((a) => a.results.get(objectId) ?? []);
  }

  /** Failed results per severity. */
  counts(): Record<Severity, number> { return { ...this.bySeverity }; }

  /** Spec 2 §4–§5: VALID when every Required result passed. */
  status(): ValidationStatus { return this.bySeverity.Required === 0 ? 'VALID' : 'INVALID'; }

  /** Per validator that runs: whether all its results passed, and how many failed. */
  summary(): ValidatorSummary[] { return this.active.map((a) => ({ name: a.v.name, passed: a.failed === 0, failedCount: a.failed })); }

  /** The results as the validation service answers (spec 2 §3): a validator's failures, or one passed result. */
  report(): ValidationResult[] {
    return this.active.flatMap((a) => (a.failed ? this.results(a.v.name)
      : [{ validator: a.v.name, objectId: null, message: `${a.v.name}: passed`, stateId: this.ctx.stateId, severity: a.severity, passed: true }]));
  }

  /** Names of the validators that run (config `ignore` and disabled ones left out). */
  validators(): string[] { return this.active.map((a) => a.v.name); }

  /** Every validator over the whole model, from scratch (the reference the incremental results must equal). */
  fullRun(model: Model = this.current): ValidationResult[] {
    const out: ValidationResult[] = [];
    this.eachSubject(model, (a, id) => { for (const r of a.v.check(model, id, this.ctx, a.severity)) out.push(r); });
    return out;
  }
}
