// Editor session facade the Redux store and the map drive: apply a gesture (intent) → {model, diff, historyItem,
// warnings}; undo/redo → diff; the spatial index follows every diff. Model and history are plain data.
import type { Action } from './actions';
import { inverse } from './actions';
import type { Model } from './model';
import { Tx, emptyDiff, type Diff } from './tx';
import { SpatialIndex } from './spatial';
import { Gesture, type EngineConfig } from './gesture';
import { runRules } from './rules/index';
import type { Intent } from './intents';
import { disabledReason, execute, touchedPoints } from './operations/index';
import type { Position } from './types';
import {
  canRedo, canSave, canUndo, emptyHistory, markSaved, pendingActions, pushItem, redoStep, undoStep,
  type History, type HistoryItem,
} from './history';
import { saveRequests, type SaveRequest } from './save';
import { compactModel, mergeInBulk, overlayIsLarge, planMerge, type MergeKnown, type MergePlan, type MergeRead } from './merge';
import { BULK_MERGE, foldSegments } from './segments';
import { planUnload, type Box, type UnloadPlan } from './unload';

export interface GestureResult {
  model: Model;
  diff: Diff;
  /** null when the gesture was rejected or changed nothing. */
  historyItem: HistoryItem | null;
  warnings: string[];
  /** Rejection reason (the change was not made), e.g. 'zero length'. */
  rejected: string | null;
  /** The signal: the history holds 20 items (ask for a save). */
  limitReached: boolean;
}

export interface StepResult { model: Model; diff: Diff; item: HistoryItem }

export class Editor {
  model: Model;
  history: History = emptyHistory();
  readonly index: SpatialIndex;

  constructor(model: Model, readonly config: EngineConfig, index?: SpatialIndex) {
    this.model = model;
    this.index = index ?? SpatialIndex.fromModel(model);
  }

  /** Why `intent` cannot run now, or null. */
  disabled(intent: Intent): string | null {
    return disabledReason(new Gesture(new Tx(this.model), this.index, this.config), intent);
  }

  /** The points the intent touches (area guard of area-loaded projects). */
  touched(intent: Intent): Position[] { return touchedPoints(this.model, intent); }

  /** Runs one gesture with all its side effects as one history item. Errors leave the model untouched. */
  apply(intent: Intent, label: string = intent.type): GestureResult {
    const g = new Gesture(new Tx(this.model), this.index, this.config);
    const reason = disabledReason(g, intent);
    if (reason) return { model: this.model, diff: emptyDiff(), historyItem: null, warnings: [reason], rejected: reason, limitReached: false };
    execute(g, intent);
    runRules(g);
    return this.commit(g.tx, label, g.warnings);
  }

  /** Applies raw actions (codes 0–11) as one history item, without side effects. */
  applyActions(actions: Action[], label = 'actions'): GestureResult {
    const tx = new Tx(this.model);
    for (const a of actions) tx.apply(a);
    return this.commit(tx, label, []);
  }

  private commit(tx: Tx, label: string, warnings: string[]): GestureResult {
    if (tx.actions.length === 0) {
      return { model: this.model, diff: emptyDiff(), historyItem: null, warnings, rejected: null, limitReached: false };
    }
    const { model, diff } = tx.finish();
    this.model = model;
    this.index.applyDiff(diff);
    const pushed = pushItem(this.history, tx.actions, label, warnings);
    this.history = pushed.history;
    return { model, diff, historyItem: pushed.item, warnings, rejected: null, limitReached: pushed.limitReached };
  }

  undo(): StepResult | null {
    const step = undoStep(this.history);
    if (!step) return null;
    const tx = new Tx(this.model);
    for (let i = step.item.actions.length - 1; i >= 0; i--) tx.apply(inverse(step.item.actions[i]));
    return this.step(tx, step.history, step.item);
  }

  redo(): StepResult | null {
    const step = redoStep(this.history);
    if (!step) return null;
    const tx = new Tx(this.model);
    for (const a of step.item.actions) tx.apply(a);
    return this.step(tx, step.history, step.item);
  }

  private step(tx: Tx, history: History, item: HistoryItem): StepResult {
    const { model, diff } = tx.finish();
    this.model = model;
    this.history = history;
    this.index.applyDiff(diff);
    return { model, diff, item };
  }

  /**
   * Adds rows of a read the session has not seen (area loading) outside the history — a large read in bulk as a new
   * base segment, a small one as a transaction: the spatial index follows the diff; undo/redo and saving are unaffected.
   */
  merge(read: MergeRead, known: MergeKnown, opts: { deferFolds?: boolean } = {}): { model: Model; diff: Diff; plan: MergePlan } {
    const plan = planMerge(this.model, read, known);
    const bulk = mergeInBulk(this.model, plan, { ...BULK_MERGE, ...this.config.bulkMerge }, opts.deferFolds);
    if (!bulk) return { ...this.outsideHistory(plan.actions), plan };
    this.index.applyDiff(bulk.diff);
    this.model = overlayIsLarge(bulk.model) ? compactModel(bulk.model) : bulk.model;
    return { model: this.model, diff: bulk.diff, plan };
  }

  /** Runs the segment folds merges with `deferFolds` left (the map: after the frame that draws the read). The model
   *  holds the same rows after it: no diff, no history. Returns whether anything was folded. */
  fold(): boolean {
    const m = foldSegments(this.model, { ...BULK_MERGE, ...this.config.bulkMerge });
    if (m === this.model) return false;
    this.model = m;
    return true;
  }

  /**
   * Drops the rows of far areas no kept part needs (area loading; unload.ts) in one transaction outside the history:
   * the spatial index follows the diff; undo/redo and saving are unaffected (kept rows include everything edits touch).
   */
  unload(dropped: Box[], held: (b: Box) => boolean, keep: (id: string) => boolean): { model: Model; diff: Diff; plan: UnloadPlan } {
    const plan = planUnload(this.model, this.index, dropped, held, keep);
    return { ...this.outsideHistory(plan.actions), plan };
  }

  /** Applies actions as one transaction outside the history; the spatial index follows the diff. */
  private outsideHistory(actions: readonly Action[]): { model: Model; diff: Diff } {
    if (!actions.length) return { model: this.model, diff: emptyDiff() };
    const tx = new Tx(this.model);
    for (const a of actions) tx.apply(a);
    const { model, diff } = tx.finish();
    this.index.applyDiff(diff);
    // loaded rows land in the overlay; once it outgrows the base, fold both into a new base (amortised O(1) a row)
    this.model = overlayIsLarge(model) ? compactModel(model) : model;
    return { model: this.model, diff };
  }

  get canUndo(): boolean { return canUndo(this.history); }
  get canRedo(): boolean { return canRedo(this.history); }
  get canSave(): boolean { return canSave(this.history); }

  /** The merged save calls for everything unsaved (spec 1 §4 Saving, §7). */
  saveRequests(): SaveRequest[] {
    return saveRequests(pendingActions(this.history), { scenarioId: this.config.scenarioId });
  }

  /** After the server accepted the save: history starts over. */
  markSaved(): void {
    this.history = markSaved(this.history);
  }
}
