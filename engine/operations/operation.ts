// The shape of an engine operation (iD's action + operation, Rapid's perform…commit): one module per gesture, with the
// reason it cannot run now beside it (`disabled`), what it does (`run`, side effects then follow in engine/rules), and
// the points it touches (`touched`, for the map's loaded-area guard). Tools emit intents; the editor runs operations.
import type { Position } from '../types';
import type { Model } from '../model';
import type { Gesture } from '../gesture';
import type { Intent } from '../intents';

export type IntentOf<T extends Intent['type']> = Extract<Intent, { type: T }>;

export interface Operation<T extends Intent['type']> {
  type: T;
  /** Why the intent cannot run now (a short English reason), or null. Reads only what it needs. */
  disabled(g: Gesture, it: IntentOf<T>): string | null;
  /** The intent's own change; the editor then runs the rules and commits one history item. */
  run(g: Gesture, it: IntentOf<T>): void;
  /** The points it creates, moves or removes, and the ends and end-node positions of the edges it changes. */
  touched(m: Model, it: IntentOf<T>): Position[];
}
