// The editing session of one project on the map, over the engine's Editor (model, history, rbush index, side
// effects). Each engine intent a tool emits is ONE gesture (one history item); the diff's network-object ids are
// reported to listeners so the renderer rebuilds only the chunks they touch. Undo/redo and save requests come from
// the engine.
import type { Id } from 'engine/types';
import type { Action } from 'engine/actions';
import { getInstance, type Model } from 'engine/model';
import { eachPathOver } from 'engine/field-reads';
import type { Diff } from 'engine/tx';
import { Editor, type GestureResult } from 'engine/editor';
import type { MergeKnown, MergePlan, MergeRead } from 'engine/merge';
import type { Box, UnloadPlan } from 'engine/unload';
import type { EngineConfig } from 'engine/gesture';
import type { Intent, NewInstance } from 'engine/intents';
import { limitReached, pendingActions } from 'engine/history';
import type { SaveRequest } from 'engine/save';

export interface SessionState { canUndo: boolean; canRedo: boolean; canSave: boolean; limitReached: boolean; size: number }

export interface ChangeEvent { ids: Set<Id>; diff: Diff; warnings: string[]; rejected: string | null; limitReached: boolean; kind: 'edit' | 'undo' | 'redo' | 'reset' | 'load' }

const EMPTY: Diff = { added: [], updated: [], removed: [] };

/** Network-object ids whose rows a diff touched (what the renderer must rebuild): the objects themselves, the objects
 *  of instances added, removed or changed, paths whose path edges changed, and (with the model) the paths over touched
 *  edges and the objects of changed attribute values (styles read attribute values). */
export function touchedObjectIds(diff: Diff, model?: Model): Set<Id> {
  const ids = new Set<Id>();
  const instObj = new Map<Id, Id>();
  const rows = [...diff.added, ...diff.removed, ...diff.updated.flatMap(([from, to]) => [from, to])];
  for (const r of rows) {
    if (r.table === 'networkObjects') ids.add(r.key);
    else if (r.table === 'objectInstances') {
      const i = r.row as { id: Id; networkObjectId: Id };
      ids.add(i.networkObjectId);
      instObj.set(i.id, i.networkObjectId);
    }
  }
  for (const r of rows) if (r.table === 'pathEdges') ids.add((r.row as { pathId: Id }).pathId);
  // a path (cable) is drawn along its edges: an edge's change redraws the paths over it (read by the list's row
  // numbers, no path edge looked up by id: src/map/README.md, twenty-first stop)
  if (model) for (const id of [...ids]) eachPathOver(model, id, (p) => { ids.add(p); });
  if (model) for (const r of rows) {
    if (r.table !== 'attributeValues') continue;
    const iid = (r.row as { objectInstanceId: Id }).objectInstanceId;
    const o = instObj.get(iid) ?? getInstance(model, iid)?.networkObjectId;
    if (o) ids.add(o);
  }
  return ids;
}

/** A drawn feature takes the instances of the current draw object (spec 3 §5) unless the intent names its own. */
function withDrawInstances(i: Intent, instances: NewInstance[]): Intent {
  if ((i.type === 'drawEdge' || i.type === 'drawNode') && !i.instances?.length && instances.length) return { ...i, instances };
  return i;
}

export class EditSession {
  readonly editor: Editor;
  private listeners = new Set<(e: ChangeEvent) => void>();
  /** Instances given to drawn features (the current draw object). */
  drawInstances: NewInstance[] = [];

  constructor(model: Model, config: EngineConfig) {
    this.editor = new Editor(model, config);
  }

  get model(): Model { return this.editor.model; }
  get index() { return this.editor.index; }

  subscribe(l: (e: ChangeEvent) => void): () => void { this.listeners.add(l); return () => { this.listeners.delete(l); }; }
  private emit(e: ChangeEvent): ChangeEvent { for (const l of this.listeners) l(e); return e; }

  state(): SessionState {
    const h = this.editor.history;
    return { canUndo: this.editor.canUndo, canRedo: this.editor.canRedo, canSave: this.editor.canSave, limitReached: limitReached(h), size: h.items.length };
  }

  private result(r: GestureResult, kind: ChangeEvent['kind']): ChangeEvent {
    return this.emit({ ids: touchedObjectIds(r.diff, this.model), diff: r.diff, warnings: r.warnings, rejected: r.rejected, limitReached: r.limitReached, kind });
  }

  /** Runs an engine intent (a tool gesture, an attribute edit, …) as one gesture: one history item. */
  perform(intent: Intent): ChangeEvent { return this.result(this.editor.apply(withDrawInstances(intent, this.drawInstances)), 'edit'); }

  /** Same as perform (kept for attribute edits from the feature-info card). */
  apply(intent: Intent): ChangeEvent { return this.perform(intent); }

  /** Why the engine would refuse the intent now (its operation's disabled reason), or null. */
  disabled(intent: Intent): string | null { return this.editor.disabled(withDrawInstances(intent, this.drawInstances)); }

  undo(): ChangeEvent | null {
    const s = this.editor.undo();
    return s ? this.emit({ ids: touchedObjectIds(s.diff, this.model), diff: s.diff, warnings: [], rejected: null, limitReached: false, kind: 'undo' }) : null;
  }

  redo(): ChangeEvent | null {
    const s = this.editor.redo();
    return s ? this.emit({ ids: touchedObjectIds(s.diff, this.model), diff: s.diff, warnings: [], rejected: null, limitReached: false, kind: 'redo' }) : null;
  }

  /** Merges a read of more of the network (area loading): not an edit, nothing to undo or save. */
  merge(read: MergeRead, known: MergeKnown): { plan: MergePlan; diff: Diff } {
    const { plan, diff } = this.editor.merge(read, known, { deferFolds: this.deferFolds });
    if (plan.objects.length || diff.added.length) this.emit({ ids: touchedObjectIds(diff, this.model), diff, warnings: [], rejected: null, limitReached: false, kind: 'load' });
    return { plan, diff };
  }

  /** Set by the map's binding: bulk merges leave their segment folds to `fold`, which it runs after the frame that
   *  draws the read (issue 15: ≈ 50 ms of a 10⁶-edge tile's merge). */
  deferFolds = false;

  /** The segment folds merges left (same rows: nothing to emit). */
  fold(): boolean { return this.editor.fold(); }

  /** Drops rows of far areas (area loading): not an edit, nothing to undo or save (engine/unload.ts). */
  unload(dropped: Box[], held: (b: Box) => boolean, keep: (id: string) => boolean): { plan: UnloadPlan; diff: Diff } {
    const { plan, diff } = this.editor.unload(dropped, held, keep);
    if (plan.actions.length) this.emit({ ids: touchedObjectIds(diff, this.model), diff, warnings: [], rejected: null, limitReached: false, kind: 'load' });
    return { plan, diff };
  }

  /** The phase new instances take in their Phase attribute from now on (spec 3 §4); null: none. */
  setActivePhase(id: string | null): void { this.editor.config.activePhaseId = id; }

  /** Unsaved actions in order (stored for reload recovery). */
  pending(): Action[] { return pendingActions(this.editor.history); }

  saveRequests(): SaveRequest[] { return this.editor.saveRequests(); }

  markSaved(): void {
    this.editor.markSaved();
    this.emit({ ids: new Set(), diff: EMPTY, warnings: [], rejected: null, limitReached: false, kind: 'reset' });
  }

  /** Re-applies stored unsaved actions (offered back after a reload) as one history item. */
  restore(actions: Action[]): ChangeEvent { return this.result(this.editor.applyActions(actions, 'restored edits'), 'edit'); }
}
