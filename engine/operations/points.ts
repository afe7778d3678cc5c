// Points of the objects an operation names (for `touched`, the map's loaded-area guard): a node's position and the
// ends of its edges; an edge's end coordinates and its end nodes' positions; a path's edges' ends. Reads only those
// objects.
import type { Id, Position } from '../types';
import { edgesOfNode, getObject, getPathEdge, pathEdgesOfPath, type Model } from '../model';

export function nodeAt(m: Model, id: Id | null | undefined): Position[] {
  const o = id ? getObject(m, id) : undefined;
  return o?.node ? [o.node.geometry.coordinates] : [];
}

export function edgeEnds(m: Model, id: Id): Position[] {
  const e = getObject(m, id)?.edge;
  if (!e) return [];
  const c = e.geometry.coordinates;
  return [c[0], c[c.length - 1], ...nodeAt(m, e.fromNodeId), ...nodeAt(m, e.toNodeId)];
}

export function objectPoints(m: Model, id: Id): Position[] {
  const o = getObject(m, id);
  if (!o) return [];
  if (o.node) return [o.node.geometry.coordinates, ...edgesOfNode(m, id).flatMap((e) => edgeEnds(m, e))];
  if (o.edge) return edgeEnds(m, id);
  return pathEdgesOfPath(m, id).flatMap((pe) => { const r = getPathEdge(m, pe); return r ? edgeEnds(m, r.edgeId) : []; });
}
