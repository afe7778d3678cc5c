// Operation createInstance (spec 1 §4 actions 6 and 11): an object instance on a network object, with its type's
// defaults, the given values (corrected by type) and the active phase (spec 3 §4); the model rules then run on it
// (rules/laying-activity.ts, rules/one-trace.ts).
import type { Id } from '../types';
import { objectPoints } from './points';
import type { Operation } from './operation';

export interface CreateInstanceIntent { type: 'createInstance'; networkObjectId: Id; objectTypeId: number; values?: Record<string, string | null> }

export const createInstance: Operation<'createInstance'> = {
  type: 'createInstance',
  disabled: (g, it) => (g.obj(it.networkObjectId) ? null : 'unknown network object'),
  run: (g, it) => { g.createInstance(it.networkObjectId, it.objectTypeId, it.values ?? {}); },
  touched: (m, it) => objectPoints(m, it.networkObjectId),
};
