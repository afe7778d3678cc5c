// Where a validation result's subject lies: a network object id or an object instance id (validators check either)
// resolved to its network object, and that object's extent — a node's point, an edge's line, a path's edges.
import type { Id, Position } from 'engine/types';
import { getInstance, getObject, getPathEdge, pathEdgesOfPath, type Model } from 'engine/model';
import { bboxOf } from 'engine/geometry';

/** The network object a result is about, or null when it no longer exists. */
export function subjectObject(m: Model, id: Id): Id | null {
  if (getObject(m, id)) return id;
  const o = getInstance(m, id)?.networkObjectId;
  return o && getObject(m, o) ? o : null;
}

/** The extent [minX, minY, maxX, maxY] of a network object, or null when it has no geometry. */
export function objectExtent(m: Model, id: Id): [number, number, number, number] | null {
  const o = getObject(m, id);
  if (!o) return null;
  if (o.node) { const [x, y] = o.node.geometry.coordinates; return [x, y, x, y]; }
  if (o.edge) return bboxOf(o.edge.geometry.coordinates);
  const pts: Position[] = [];
  for (const pe of pathEdgesOfPath(m, id)) {
    const e = getObject(m, getPathEdge(m, pe)?.edgeId ?? '')?.edge;
    if (e) pts.push(...e.geometry.coordinates);
  }
  return pts.length ? bboxOf(pts) : null;
}
