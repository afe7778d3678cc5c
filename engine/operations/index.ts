// The operation registry: one module per gesture type (the one vocabulary tools emit and the editor runs).
// `disabledReason`, `execute` and `touchedPoints` dispatch on the intent's type.
import type { Position } from '../types';
import type { Model } from '../model';
import type { Gesture } from '../gesture';
import type { Intent } from '../intents';
import type { Operation } from './operation';
import { drawNode } from './draw-node';
import { drawEdge } from './draw-edge';
import { moveNode } from './move-node';
import { editEdgeGeometry } from './edit-edge-geometry';
import { splitEdge } from './split-edge';
import { deleteSegment } from './delete-segment';
import { deleteObject } from './delete-object';
import { deleteObjects } from './delete-objects';
import { unsnap } from './unsnap';
import { createInstance } from './create-instance';
import { deleteInstance } from './delete-instance';
import { editAttributes } from './edit-attributes';
import { createRelation } from './create-relation';
import { deleteRelation } from './delete-relation';
import { createPath } from './create-path';
import { deletePathEdge } from './delete-path-edge';

/** Every operation by its intent type. */
export const operations: { readonly [K in Intent['type']]: Operation<K> } = {
  drawEdge, drawNode, moveNode, editEdgeGeometry, splitEdge, deleteObject, deleteObjects, deleteSegment, unsnap,
  createInstance, deleteInstance, editAttributes, createRelation, deleteRelation, createPath, deletePathEdge,
};

function operationOf(it: Intent): Operation<Intent['type']> {
  const o = Object.prototype.hasOwnProperty.call(operations, it?.type) ? operations[it.type] : undefined;
  if (!o) throw new Error(`type: unknown gesture '${String((it as { type?: unknown })?.type)}'`);
  return o as Operation<Intent['type']>;
}

/** Why the intent cannot run now (a short English reason), or null when it can. */
export function disabledReason(g: Gesture, it: Intent): string | null { return operationOf(it).disabled(g, it as never); }

/** Runs the intent's own change; the caller then runs the rules and finishes the gesture. */
export function execute(g: Gesture, it: Intent): void { operationOf(it).run(g, it as never); }

/** The points a gesture touches (the map's loaded-area guard): new and old positions, ends of the edges it changes. */
export function touchedPoints(m: Model, it: Intent): Position[] { return operationOf(it).touched(m, it as never); }

export type { Operation, IntentOf } from './operation';
export type { NewInstance } from './new-instances';
export { UNSNAP_OFFSET, UNSNAP_PER_RING } from './unsnap';
