// Delete operations (spec 1 §4, spec 3 §4): a network object with its instances (an edge also loses the path edges over
// it, a node its edges), several objects in one gesture (a multi-selection: one history item), and unsnap — each
// selected edge's shared ends go to new nodes offset 10 map units per ring, 8 per ring, spread in a circle (spec 3 §9).
// Edges carrying paths are refused ('edge is used by a path': reroute the path first; paths stay traversable).
import type { Id, Position } from '../types';
import type { Gesture } from '../gesture';
import { dist } from '../geometry';
import { roundPosition } from '../projection';
import { objectPoints } from './points';
import type { Operation } from './operation';

/** Unsnap offset per ring, in map units; 8 features per ring. */
export const UNSNAP_OFFSET = 10;
export const UNSNAP_PER_RING = 8;

function deleteReason(g: Gesture, id: Id): string | null {
  const o = g.obj(id);
  if (!o) return 'unknown network object';
  const edges = o.edge ? [id] : o.node ? g.tx.edgesOf(id) : [];
  return edges.some((e) => g.tx.pathEdgesOver(e).length) ? 'edge is used by a path' : null;
}

export const deleteObject: Operation<'deleteObject'> = {
  type: 'deleteObject',
  disabled: (g, it) => deleteReason(g, it.id),
  run: (g, it) => g.deleteObject(it.id),
  touched: (m, it) => objectPoints(m, it.id),
};

export const deleteObjects: Operation<'deleteObjects'> = {
  type: 'deleteObjects',
  disabled(g, it) {
    if (!it.ids.length) return 'nothing selected';
    for (const id of it.ids) { const r = deleteReason(g, id); if (r) return r; }
    return null;
  },
  run: (g, it) => { for (const id of it.ids) g.deleteObject(id); },
  touched: (m, it) => it.ids.flatMap((id) => objectPoints(m, id)),
};

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
  run: (g, it) => spread(g, it.ids),
  touched: (m, it) => it.ids.flatMap((id) => objectPoints(m, id)),
};

/** Detaches the selected edges' shared ends onto new nodes, offset 10 per ring, spread in a circle. */
function spread(g: Gesture, ids: Id[]): void {
  const edges: Id[] = [];
  for (const id of ids) {
    const o = g.mustObj(id);
    if (o.edge) edges.push(id);
    else edges.push(...g.tx.edgesOf(id).slice(1));
  }
  edges.forEach((eid, k) => {
    const ring = Math.floor(k / UNSNAP_PER_RING) + 1;
    const angle = (2 * Math.PI * (k % UNSNAP_PER_RING)) / Math.min(UNSNAP_PER_RING, edges.length);
    const off: Position = [UNSNAP_OFFSET * ring * Math.cos(angle), UNSNAP_OFFSET * ring * Math.sin(angle)];
    for (const end of ['fromNodeId', 'toNodeId'] as const) {
      const e = g.obj(eid)!.edge!;
      const nodeId = e[end];
      if (g.tx.edgesOf(nodeId).length < 2) continue;
      const q = g.mustObj(nodeId).node!.geometry.coordinates;
      const p = roundPosition([q[0] + off[0], q[1] + off[1]]);
      if (dist(p, e.geometry.coordinates[end === 'fromNodeId' ? e.geometry.coordinates.length - 1 : 0]) < 0.02) continue;
      const n = g.createNode(p);
      const c = e.geometry.coordinates.slice();
      if (end === 'fromNodeId') c[0] = p; else c[c.length - 1] = p;
      g.setEdgeCoords(eid, c, { [end]: n });
      g.lost.add(nodeId);
    }
  });
}
