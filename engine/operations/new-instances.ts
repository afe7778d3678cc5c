// The object instances a drawing gesture puts on what it creates (the draw object's types and values; spec 1 §4
// actions 6 and 11): each gets its type defaults and the active phase (gesture.ts createInstance).
import type { Id } from '../types';
import type { Gesture } from '../gesture';

export interface NewInstance { objectTypeId: number; values?: Record<string, string | null> }

/** Creates the listed instances on `objectId`. */
export function addInstances(g: Gesture, objectId: Id, list?: readonly NewInstance[]): void {
  for (const n of list ?? []) g.createInstance(objectId, n.objectTypeId, n.values ?? {});
}
