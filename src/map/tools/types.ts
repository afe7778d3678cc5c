// Contracts shared by the tool state machines: pointer events in map units, the hit index they query (backed by the
// engine's rbush), the engine intents they emit (one vocabulary: the engine's operations; one intent = one history
// item) and the sketch they draw. Tools only translate pointer events into intents; the engine decides the rest.
import type { Id, Position } from 'engine/types';
import type { Intent } from 'engine';
import type { LineHit } from '../geometry';

export interface NodeHit { id: Id; position: Position; d: number }
export interface EdgeHit { id: Id; coordinates: Position[]; hit: LineHit }

/** Spatial lookups the tools need; `tol` is in map units (hit tolerance × resolution). */
export interface HitIndex {
  nodesAt(p: Position, tol: number): NodeHit[];
  edgesAt(p: Position, tol: number): EdgeHit[];
  /** Ids of nodes and edges whose geometry intersects the extent [minX, minY, maxX, maxY]. */
  inExtent?(extent: [number, number, number, number]): Id[];
}

export type SplitPosition = 'none' | 'head' | 'body' | 'tail';

/** What tools emit: an engine intent (engine/operations). */
export type { Intent };

/** A pointer event: position in map units and the hit tolerance in map units at the current resolution. */
export interface PointerEvt { p: Position; tol: number; shift?: boolean }

export interface Sketch {
  /** Lines drawn as a rubber band (map units). */
  lines: Position[][];
  points: Position[];
  /** Text near the cursor (measure result, draw tooltip). */
  label?: { at: Position; text: string; colour?: 'green' | 'red' | 'neutral'; extra?: string };
}

export interface ToolHost {
  index: HitIndex;
  emit(intent: Intent): void;
  /** Why the engine would refuse the intent now (its operation's disabled reason), or null. */
  disabled?(intent: Intent): string | null;
  /** Shows a notification with an i18n key (under `map.`). */
  notify(key: string, level?: 'info' | 'warning' | 'error'): void;
}

/** Base of every tool: pointer and key handlers return true when they consumed the event. */
export abstract class Tool {
  constructor(protected host: ToolHost) {}
  click(_e: PointerEvt): boolean { return false; }
  doubleClick(_e: PointerEvt): boolean { return false; }
  move(_e: PointerEvt): void {}
  down(_e: PointerEvt): boolean { return false; }
  drag(_e: PointerEvt): void {}
  up(_e: PointerEvt): void {}
  key(_key: string): boolean { return false; }
  /** Ends any gesture in progress without emitting. */
  cancel(): void {}
  sketch(): Sketch | null { return null; }
  /** True while a gesture is in progress (the map must not pan on drag). */
  busy(): boolean { return false; }
}
