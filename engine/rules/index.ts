// The model rules run at the end of each gesture, in the same history item (spec 1 §4 Side effects): the duct laying
// activity, one trace per network object, then orphan cleanup. They look only at what the gesture touched — never the
// whole network. (Topology side effects — end nodes, splits, merges, moves, zero length — run inside the operations.)
import type { Gesture } from '../gesture';
import { ductRule } from './laying-activity';
import { traceRule } from './one-trace';
import { cleanup } from './orphan-cleanup';

export function runRules(g: Gesture): void {
  const created = g.createdInstances.splice(0);
  const edited = g.editedValues.splice(0);
  ductRule(g, created, edited);
  traceRule(g, created);
  cleanup(g);
}

export { DEFAULT_DUCT_FAMILIES, familyRulesFromSchema, type FamilyRule } from './laying-activity';
export { TRACE_TYPE_BIS, WARNING_ROUTE_OVERLAPPING } from './one-trace';
export { WARNING_ZERO_LENGTH } from './zero-length';
export { splitEdgeAt } from './split-edge';
export { mergeNodeInto } from './merge-duplicate-nodes';
export { mergeDuplicateEdges } from './merge-duplicate-edges';
export { moveNode, editEdgeGeometry } from './move-node';
export { removeDegenerateEdges } from './zero-length';
export { endNode } from './end-nodes';
export type { Schema } from '../model';
