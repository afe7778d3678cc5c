// CapexIndex: the cost lines of a model (spec 2 §3 Cost line, §5 rules), kept up to date from the engine's diffs. Each
// instance's contribution (line, length in centimetres, unused) is kept packed in one number, so an update subtracts
// exactly what was added; `apply` recomputes only the instances a diff touches: its instance, value and relation rows'
// instances, the instances on a changed edge and on the paths over it, the instances of a path whose path edges
// changed. Sums are integers (centimetres), so the incremental lines equal a rebuild exactly.
import type { Id } from '../types';
import type { Model } from '../model';
import { pentries } from '../ptable';
import type { Diff, DiffRow } from '../tx';
import { addInstancesOn, addPathInstancesOver, instancesOfRow, type ModelPair } from '../dependents';
import { contributionOf, lineMeta, resolveCapex, type CapexContext, type LineMeta } from './contribution';
import { compareLines, costLine, isZeroLine, lineTotal, toCsv } from './lines';
import type { CapexConfig, CostLine, LinesOptions, ObjectTypeCost } from './types';

/** Line slots in a packed contribution: value = ((lengthCm × 2) + unused) × SLOTS + line. */
const SLOTS = 65536;

export class CapexIndex {
  /** Goes up by one on every apply that changed a line. */
  version = 0;
  /** Instances recomputed by the last apply. */
  lastChecked = 0;
  private current: Model;
  private readonly cc: CapexContext;
  private readonly metas: LineMeta[] = [];
  private readonly lineOf = new Map<string, number>();
  private readonly count: number[] = [];
  private readonly cm: number[] = [];
  private readonly unused: number[] = [];
  private readonly contrib = new Map<Id, number>();

  constructor(model: Model, readonly config: CapexConfig = {}) {
    this.current = model;
    this.cc = resolveCapex(model, config);
    for (const [id] of pentries(model.objectInstances)) this.update(model, id);
  }

  get model(): Model { return this.current; }

  private slot(meta: LineMeta): number {
    let k = this.lineOf.get(meta.id);
    if (k === undefined) {
      k = this.metas.length;
      if (k >= SLOTS) throw new Error(`capex: more than ${SLOTS} cost lines`);
      this.metas.push(meta); this.lineOf.set(meta.id, k); this.count.push(0); this.cm.push(0); this.unused.push(0);
    }
    return k;
  }

  private add(packed: number, sign: 1 | -1): void {
    const k = packed % SLOTS, rest = Math.floor(packed / SLOTS);
    this.count[k] += sign;
    this.unused[k] += sign * (rest % 2);
    this.cm[k] += sign * Math.floor(rest / 2);
  }

  /** Replaces one instance's contribution; whether it changed. */
  private update(m: Model, iid: Id): boolean {
    const c = contributionOf(this.cc, m, iid);
    const next = c ? (c.lengthCm * 2 + (c.unused ? 1 : 0)) * SLOTS + this.slot(c.line) : undefined;
    const prev = this.contrib.get(iid);
    if (prev === next) return false;
    if (prev !== undefined) this.add(prev, -1);
    if (next === undefined) this.contrib.delete(iid);
    else { this.add(next, 1); this.contrib.set(iid, next); }
    return true;
  }

  /** Follows one diff from the model this index holds to `model`. Returns whether a line changed. */
  apply(model: Model, diff: Diff): boolean {
    const pair: ModelPair = { before: this.current, after: model };
    const dirty = new Set<Id>();
    const visit = (row: DiffRow) => {
      if (row.table === 'networkObjects') { if (row.row.edge) { addInstancesOn(pair, row.key, dirty); addPathInstancesOver(pair, row.key, dirty); } }
      else if (row.table === 'pathEdges') addInstancesOn(pair, row.row.pathId, dirty);
      else for (const iid of instancesOfRow(row)) dirty.add(iid);
    };
    for (const r of diff.added) visit(r);
    for (const r of diff.removed) visit(r);
    for (const [a, b] of diff.updated) { visit(a); visit(b); }
    this.current = model;
    let changed = false;
    for (const iid of dirty) changed = this.update(model, iid) || changed;
    this.lastChecked = dirty.size;
    if (changed) this.version++;
    return changed;
  }

  /** The cost lines, sorted by object type, new before existing, then id. */
  lines(opts: LinesOptions = {}): CostLine[] {
    const out: CostLine[] = [];
    const seen = new Set<number>();
    this.metas.forEach((meta, k) => {
      const l = costLine(meta, this.count[k], this.cm[k], this.unused[k]);
      if (isZeroLine(l)) return;
      out.push(l);
      seen.add(meta.objectTypeId);
    });
    if (opts.keepZero) {
      for (const t of this.cc.configured) {
        if (seen.has(t)) continue;
        const meta = lineMeta(this.cc, t, false, this.cc.trench.has(t) ? this.cc.trenchCosts.of([]).cost : this.cc.unitCost(t)?.cost ?? 0);
        out.push(costLine(meta, 0, 0, 0));
      }
    }
    return out.sort(compareLines);
  }

  /** Sum of the lines' costs (spec 2 §5: cost × length, or × count when the length is 0). */
  total(lines: readonly CostLine[] = this.lines()): number {
    let s = 0;
    for (const l of lines) s += lineTotal(l);
    return s;
  }

  /** Count, length and cost per object type (all its lines together), by object type id. */
  byObjectType(lines: readonly CostLine[] = this.lines()): ObjectTypeCost[] {
    const by = new Map<number, ObjectTypeCost>();
    for (const l of lines) {
      let t = by.get(l.objectTypeId);
      if (!t) by.set(l.objectTypeId, (t = { objectTypeId: l.objectTypeId, name: this.cc.schema.objectTypes[l.objectTypeId]?.name ?? l.name, count: 0, length: 0, total: 0 }));
      t.count += l.count; t.length += l.length; t.total += lineTotal(l);
    }
    return [...by.values()].sort((a, b) => a.objectTypeId - b.objectTypeId);
  }

  toCsv(lines: readonly CostLine[] = this.lines()): string { return toCsv(lines); }

  /** Instances counted on the lines (for tests). */
  get size(): number { return this.contrib.size; }
}

/** The cost lines of a model from scratch (the reference the incremental index must equal). */
export function costLines(model: Model, config: CapexConfig = {}, opts: LinesOptions = {}): CostLine[] {
  return new CapexIndex(model, config).lines(opts);
}
