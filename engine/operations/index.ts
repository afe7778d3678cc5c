// The operation registry: one module per gesture type (the one vocabulary tools emit and the editor runs). `disabled`,
// `execute` and `touchedPoints` dispatch on the intent's type.
import type { Position } from '../types';
import type { Model } from '../model';
import type { Gesture } from '../gesture';
import type { Intent } from '../intents';
import type { IntentOf, Operation } from './operation';
import { drawEdge, drawNode } from './draw';
import { deleteSegment, editEdgeGeometry, moveNode, splitEdge } from './geometry-edits';
import { deleteObject, deleteObjects, unsnap } from './delete';
import { createInstance, createPath, createRelation, deleteInstance, deletePathEdge, deleteRelation, editAttributes } from './objects';

export const operations: { [K in Intent['type']]: Operation<K> } = {
  drawEdge, drawNode, moveNode, editEdgeGeometry, splitEdge, deleteObject, deleteObjects, deleteSegment, unsnap,
  createInstance, deleteInstance, editAttributes, createRelation, deleteRelation, createPath, deletePathEdge,
};

const op = <T extends Intent['type']>(it: IntentOf<T>): Operation<T> => {
  const o = operations[it.type as T] as Operation<T> | undefined;
  if (!o) throw new Error(`type: unknown gesture '${String((it as { type: unknown }).type)}'`);
  return o;
};

/** Why the intent cannot run now (a short English reason), or null when it can. */
export function disabledReason(g: Gesture, it: Intent): string | null { return op(it).disabled(g, it as never); }

/** Runs the intent's own change; the caller then runs the rules and finishes the gesture. */
export function execute(g: Gesture, it: Intent): void { op(it).run(g, it as never); }

/** The points a gesture touches (the map's loaded-area guard). */
export function touchedPoints(m: Model, it: Intent): Position[] { return op(it).touched(m, it as never); }

export type { Operation, IntentOf } from './operation';
export { UNSNAP_OFFSET, UNSNAP_PER_RING } from './delete';
