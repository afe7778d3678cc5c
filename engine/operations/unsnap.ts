// Operation unsnap (spec 3 §4, §9): each selected edge's shared ends (a selected node: all its edges but the first)
// go to new nodes offset 10 map units per ring, 8 per ring, spread in a circle. Edges carrying paths are refused
// ('edge is used by a path': paths stay traversable).
import type { Id, Position } from '../types';
import type { NetworkObjectRow } from '../model';
import { edgesOfNode, getObject } from '../model';
import type { Gesture } from '../gesture';
import { dist } from '../geometry';
import { roundPosition } from '../projection';
import { edgeEnds, objectPoints } from './points';
import type { Operation } from './operation';

export interface UnsnapIntent { type: 'unsnap'; ids: Id[] }

/** Unsnap offset per ring, in map units; 8 features per ring. */
export const UNSNAP_OFFSET = 10;
export const UNSNAP_PER_RING = 8;

interface Reader { obj(id: Id): NetworkObjectRow | undefined; edgesOf(id: Id): readonly Id[] }

/** The edges that move off their shared ends, each with its offset (ring by ring, spread in a circle). */
function offsets(r: Reader, ids: readonly Id[]): { edgeId: Id; off: Position }[] {
  const edges: Id[] = [];
  for (const id of ids) {
    const o = r.obj(id);
    if (o?.edge) edges.push(id);
    else if (o?.node) edges.push(...r.edgesOf(id).slice(1));
  }
  return edges.map((edgeId, k) => {
    const ring = Math.floor(k / UNSNAP_PER_RING) + 1;
    const angle = (2 * Math.PI * (k % UNSNAP_PER_RING)) / Math.min(UNSNAP_PER_RING, edges.length);
    return { edgeId, off: [UNSNAP_OFFSET * ring * Math.cos(angle), UNSNAP_OFFSET * ring * Math.sin(angle)] as Position };
  });
}

const shifted = (q: Position, off: Position): Position => roundPosition([q[0] + off[0], q[1] + off[1]]);

export const unsnap: Operation<'unsnap'> = {
  type: 'unsnap',
  disabled(g, it) {
    for (const id of it.ids) {
      const o = g.obj(id);
      if (!o || (!o.node && !o.edge)) return 'select nodes or edges';
      const edges = o.node ? g.tx.edgesOf(id) : [id];
      if (edges.some((e) => g.tx.pathEdgesOver(e).length)) return 'edge is used by a path';
    }
    return it.ids.length ? null : 'nothing selected';
  },
  run(g, it) {
    for (const { edgeId, off } of offsets({ obj: (id) => g.obj(id), edgesOf: (id) => g.tx.edgesOf(id) }, it.ids)) {
      for (const end of ['fromNodeId', 'toNodeId'] as const) {
        const e = g.obj(edgeId)!.edge!;
        const nodeId = e[end];
        if (g.tx.edgesOf(nodeId).length < 2) continue; // not shared
        const p = shifted(g.mustObj(nodeId).node!.geometry.coordinates, off);
        const c = e.geometry.coordinates.slice();
        if (dist(p, c[end === 'fromNodeId' ? c.length - 1 : 0]) < 0.02) continue; // would be zero length
        const n = g.createNode(p);
        if (end === 'fromNodeId') c[0] = p; else c[c.length - 1] = p;
        g.setEdgeCoords(edgeId, c, { [end]: n });
        g.lost.add(nodeId);
      }
    }
  },
  // the selected objects' points, and where each moved edge end may go (both ends, shared or not)
  touched(m, it) {
    const out = it.ids.flatMap((id) => objectPoints(m, id));
    for (const { edgeId, off } of offsets({ obj: (id) => getObject(m, id), edgesOf: (id) => edgesOfNode(m, id) }, it.ids)) {
      const ends = edgeEnds(m, edgeId);
      out.push(...ends, ...ends.map((q) => shifted(q, off)));
    }
    return out;
  },
};
