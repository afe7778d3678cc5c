// Operation editAttributes (spec 1 §4 action 11, §5): sets attribute values of one instance, each corrected against
// its attribute type; an unchanged value writes nothing. Existing becoming 'true' on a duct then deletes its laying
// activity (rules/laying-activity.ts). Moves no geometry: it touches no points.
import type { Id } from '../types';
import type { Operation } from './operation';

export interface EditAttributesIntent { type: 'editAttributes'; instanceId: Id; values: Record<string, string | null> }

export const editAttributes: Operation<'editAttributes'> = {
  type: 'editAttributes',
  disabled: (g, it) => (g.tx.inst(it.instanceId) ? null : 'unknown object instance'),
  run: (g, it) => { for (const [k, v] of Object.entries(it.values)) g.setValue(it.instanceId, k, v); },
  touched: () => [],
};
