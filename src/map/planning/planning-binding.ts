// Planning plug-in of the editor binding (issue 13): the live network validation and the live capex follow every
// change's diff (engine NetworkValidation / CapexIndex: only what the diff touches is recomputed), feed the project's
// validation service (validator 'network', synchronous) and publish a capex snapshot for the capex panel through an
// external store. Server validators (groupable, one POST /validations) join only where the live model is partial —
// projects loaded by area — in the 'area' context; a whole-loaded network is validated live ('edit' context).
// The capex index is built after the live validation's first results are out (in the next idle time, or when first
// asked for): one open's first results no longer wait for it (≈ 1 s at 100 000 edges here), and the main thread is free
// for input between the two builds.
import { CapexIndex, NetworkValidation, trenchCostEntries, type CostLine, type ObjectTypeCost, type ValidationResult } from 'engine';
import { groundLength } from 'engine/mercator';
import type { ChangeEvent, EditSession } from '../edit-session';
import { ValidationService, type GroupAnswer, type Result } from '../../validation/validation-service';

export interface PlanningSettings {
  network?: { dp_capacity?: unknown; dp_minimum_usage?: unknown; dp_physical_capacity?: unknown; ap_cost?: unknown; dp_cost?: unknown; oap_cost?: unknown };
  trenchCosts?: Record<string, { cost?: unknown; method?: unknown; priority?: unknown; active?: unknown }>;
}

export interface CapexSnapshot { total: number; lines: readonly CostLine[]; byType: readonly ObjectTypeCost[] }

/** Server validators run as one group where the live model is partial (area loading). */
export const SERVER_VALIDATORS = ['graph_integrity', 'required_attributes', 'relation_multiplicity'] as const;
export const LIVE_CONTEXT = 'edit';
export const AREA_CONTEXT = 'area';

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const toResult = (r: ValidationResult): Result => ({ ...r });

/** Runs `work` in the main thread's next idle time (at the latest after a second; a timer where there is no idle
 *  callback); returns its cancel. */
function afterIdle(work: () => void): () => void {
  const g = globalThis as { requestIdleCallback?: (f: () => void, o: { timeout: number }) => number; cancelIdleCallback?: (h: number) => void };
  if (g.requestIdleCallback && g.cancelIdleCallback) { const h = g.requestIdleCallback(work, { timeout: 1000 }); return () => g.cancelIdleCallback!(h); }
  const h = setTimeout(work, 0);
  return () => clearTimeout(h);
}

export class PlanningBinding {
  readonly service: ValidationService;
  private validation: NetworkValidation;
  private capex: CapexIndex | null = null;
  private readonly capexOpts: ConstructorParameters<typeof CapexIndex>[1];
  private snap: CapexSnapshot | null = null;
  private later: (() => void) | null = null;
  private destroyed = false;
  private listeners = new Set<() => void>();
  private live: Result[] = [];
  private liveVersion = -1;
  private offs: (() => void)[] = [];

  constructor(private session: EditSession, settings: PlanningSettings | null, opts: {
    stateId?: number | null; partial?: boolean; runGroup: (v: { name: string; params: Record<string, unknown> }[]) => Promise<GroupAnswer>;
  }) {
    const n = settings?.network ?? {};
    const model = session.model;
    this.validation = new NetworkValidation(model, {
      stateId: opts.stateId ?? null,
      settings: defined({ dp_capacity: num(n.dp_capacity), dp_minimum_usage: num(n.dp_minimum_usage), dp_physical_capacity: num(n.dp_physical_capacity) }),
    });
    this.capexOpts = {
      trenchCosts: trenchCostEntries(settings),
      settings: defined({ ap_cost: num(n.ap_cost), dp_cost: num(n.dp_cost), oap_cost: num(n.oap_cost) }),
      lengthOf: groundLength,
    };
    this.service = new ValidationService({ runGroup: opts.runGroup });
    this.offs.push(this.service.register({ kind: 'sync', name: 'network', run: () => this.liveResults() }));
    for (const name of SERVER_VALIDATORS) {
      this.offs.push(this.service.register({ kind: 'groupable', name, ignoredIn: [LIVE_CONTEXT], params: () => ({ stateId: opts.stateId ?? null }) }));
    }
    this.context = opts.partial ? AREA_CONTEXT : LIVE_CONTEXT;
  }

  readonly context: string;

  /** Starts following the session and runs the validation once; the capex index is built after its first results. */
  start(subscribe: (l: (e: ChangeEvent) => void) => () => void): void {
    this.offs.push(subscribe((e) => this.follow(e)));
    void this.service.run(this.context).catch((err: unknown) => console.error('validation failed', err));
    // the live results are out now (a synchronous validator); the server's, where they join, are not waited for
    this.later = afterIdle(() => { this.later = null; if (!this.destroyed && !this.capex) { this.capexIndex(); this.changed(); } });
  }

  /** Whether the capex index is built (it is once asked for, or in the idle time after the first results). */
  get capexBuilt(): boolean { return this.capex !== null; }

  /** The capex index, built from the session's model as it is now when not built yet (the diffs before are in it). */
  private capexIndex(): CapexIndex {
    return (this.capex ??= new CapexIndex(this.session.model, this.capexOpts));
  }

  private changed(): void { this.snap = null; for (const l of [...this.listeners]) l(); }

  private follow(e: ChangeEvent): void {
    const model = this.session.model;
    if (this.validation.apply(model, e.diff)) this.service.refresh('network');
    // not built yet: it will be built from the model with this change
    if (this.capex?.apply(model, e.diff)) this.changed();
  }

  /** The live validator's results: rebuilt only when the index's results changed. */
  private liveResults(): Result[] {
    if (this.liveVersion !== this.validation.version) {
      this.live = this.validation.report().map(toResult);
      this.liveVersion = this.validation.version;
    }
    return this.live;
  }

  private capexSnapshot(): CapexSnapshot {
    const capex = this.capexIndex(), lines = capex.lines();
    return { lines, total: capex.total(lines), byType: capex.byObjectType(lines) };
  }

  /** Runs every validator of this project's context again (e.g. after a save, for the server's view). */
  revalidate(): Promise<unknown> { return this.service.run(this.context); }

  readonly subscribeCapex = (l: () => void): (() => void) => { this.listeners.add(l); return () => { this.listeners.delete(l); }; };
  /** The capex snapshot (the same object until the costs change: an external store's snapshot). */
  readonly getCapex = (): CapexSnapshot => (this.snap ??= this.capexSnapshot());
  /** Every cost line, zero lines included when asked (the CSV export). */
  capexLines(keepZero = false): CostLine[] { return this.capexIndex().lines({ keepZero }); }

  destroy(): void { this.destroyed = true; this.later?.(); this.later = null; for (const off of this.offs.splice(0)) off(); this.listeners.clear(); }
}
