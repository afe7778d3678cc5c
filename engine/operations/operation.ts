// The shape of an engine operation (iD's action + operation, Rapid's perform…commit): one module per gesture, with the
// reason it cannot run now beside it (`disabled`), what it does (`run`, the model rules then follow, engine/rules),
// and the points it touches (`touched`, for the map's loaded-area guard). Tools emit intents; the editor runs them.
import type { Position } from '../types';
import type { Model } from '../model';
import type { Gesture } from '../gesture';
import type { Intent } from '../intents';

/** The intent of one gesture type. */
export type IntentOf<T extends Intent['type']> = Extract<Intent, { type: T }>;

export interface Operation<T extends Intent['type']> {
  type: T;
  /** Why the intent cannot run now (a short English reason the toolbar and hover hints show), or null. */
  disabled(g: Gesture, it: IntentOf<T>): string | null;
  /** The intent's own change; the editor then runs the rules and commits one history item. */
  run(g: Gesture, it: IntentOf<T>): void;
  /**
   * The points it creates, moves or removes (new and old positions), and the end coordinates and end-node positions of
   * the edges it changes. Reads the model only (no spatial index): what a drawn point snaps to lies at that point.
   */
  touched(m: Model, it: IntentOf<T>): Position[];
}
