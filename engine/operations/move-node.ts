// Operation moveNode (spec 1 §4): moves a node; the connected edge ends follow and a node moved onto another node
// merges into it (rules/move-node.ts). The target is rounded to 2 decimals.
import type { Id, Position } from '../types';
import { roundPosition } from '../projection';
import { moveNode as moveNodeRule } from '../rules/move-node';
import { objectPoints } from './points';
import type { Operation } from './operation';

export interface MoveNodeIntent { type: 'moveNode'; id: Id; to: Position }

export const moveNode: Operation<'moveNode'> = {
  type: 'moveNode',
  disabled: (g, it) => (g.obj(it.id)?.node ? null : 'not a node'),
  run: (g, it) => moveNodeRule(g, it.id, roundPosition(it.to)),
  touched: (m, it) => [...objectPoints(m, it.id), it.to],
};
