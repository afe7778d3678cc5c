// Operation editEdgeGeometry (spec 1 §4, spec 3 §4): replaces an edge's line; a moved end moves its node (and that
// node's other edges), a line that became zero length merges its ends (rules/move-node.ts). Rounded to 2 decimals.
import type { Id, Position } from '../types';
import { getObject } from '../model';
import { roundPosition } from '../projection';
import { editEdgeGeometry as editLine } from '../rules/move-node';
import { objectPoints } from './points';
import type { Operation } from './operation';

export interface EditEdgeGeometryIntent { type: 'editEdgeGeometry'; id: Id; coordinates: Position[] }

export const editEdgeGeometry: Operation<'editEdgeGeometry'> = {
  type: 'editEdgeGeometry',
  disabled: (g, it) => (!g.obj(it.id)?.edge ? 'not an edge' : !Array.isArray(it.coordinates) || it.coordinates.length < 2 ? 'a line needs at least two coordinates' : null),
  run: (g, it) => editLine(g, it.id, it.coordinates.map((p) => roundPosition(p))),
  // old line (its points move or go), the new line, and both end nodes with their other edges (a moved end moves them)
  touched(m, it) {
    const e = getObject(m, it.id)?.edge;
    if (!e) return [...it.coordinates];
    return [...e.geometry.coordinates, ...it.coordinates, ...objectPoints(m, e.fromNodeId), ...objectPoints(m, e.toNodeId)];
  },
};
