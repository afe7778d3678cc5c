// Operation deleteInstance (spec 1 §4 action 8 with its side effects): an object instance with its attribute values
// and relations; a network object left empty and orphaned then goes (rules/orphan-cleanup.ts).
import type { Id } from '../types';
import { getInstance } from '../model';
import { objectPoints } from './points';
import type { Operation } from './operation';

export interface DeleteInstanceIntent { type: 'deleteInstance'; id: Id }

export const deleteInstance: Operation<'deleteInstance'> = {
  type: 'deleteInstance',
  disabled: (g, it) => (g.tx.inst(it.id) ? null : 'unknown object instance'),
  run: (g, it) => g.deleteInstance(it.id),
  touched: (m, it) => { const i = getInstance(m, it.id); return i ? objectPoints(m, i.networkObjectId) : []; },
};
