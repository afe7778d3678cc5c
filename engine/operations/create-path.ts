// Operation createPath (spec 1 §3–§4 actions 0 and 3): a path over edges from a start node, one path edge per edge in
// travel order (`position`), with the draw object's instances. The path must be traversable edge by edge.
import type { Id } from '../types';
import type { Gesture } from '../gesture';
import { addInstances, type NewInstance } from './new-instances';
import { edgeEnds } from './points';
import type { Operation } from './operation';

export interface CreatePathIntent { type: 'createPath'; edgeIds: Id[]; startNodeId: Id; instances?: NewInstance[] }

/** The start node of each step of the walk, or the edge where the walk breaks. */
function walk(g: Gesture, edgeIds: readonly Id[], startNodeId: Id): { starts: Id[] } | { broken: Id } {
  const starts: Id[] = [];
  let at = startNodeId;
  for (const edgeId of edgeIds) {
    const e = g.obj(edgeId)?.edge;
    if (!e || (e.fromNodeId !== at && e.toNodeId !== at)) return { broken: edgeId };
    starts.push(at);
    at = e.fromNodeId === at ? e.toNodeId : e.fromNodeId;
  }
  return { starts };
}

export const createPath: Operation<'createPath'> = {
  type: 'createPath',
  disabled(g, it) {
    if (!it.edgeIds?.length) return 'a path needs edges';
    return 'broken' in walk(g, it.edgeIds, it.startNodeId) ? 'the path is not traversable' : null;
  },
  run(g, it) {
    const w = walk(g, it.edgeIds, it.startNodeId);
    if ('broken' in w) throw new Error(`edgeIds: path is not traversable at edge ${w.broken}`);
    const id = g.newId();
    g.tx.apply({ code: 0, after: { id, ...g.baseRow() } });
    it.edgeIds.forEach((edgeId, i) => g.tx.apply({ code: 3, after: { id: g.newId(), pathId: id, edgeId, startNodeId: w.starts[i], position: i } }));
    addInstances(g, id, it.instances);
  },
  touched: (m, it) => it.edgeIds.flatMap((id) => edgeEnds(m, id)),
};
