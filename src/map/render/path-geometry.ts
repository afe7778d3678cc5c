// Paths (cables) on the map: a path has no geometry of its own; it is drawn along its edges in path order, each edge
// turned to run on from the path's current node. Cables get the server's cable kind from the object types at their two
// end nodes (server/geoserver/network-features.ts): ap at both ends → ap_to_oap, ap and dp → ap_to_dp, a customer
// connection at either end → dp_to_ka; the four cable layers of the catalogue each draw one kind.
import type { Id, Position } from 'engine/types';
import { getObject, type Model } from 'engine/model';
import { eachPathEdgeOf, instanceTypesOf } from 'engine/field-reads';

/** The path's line: its edges' coordinates chained from its start node (shared points once); [] when incomplete. Its
 *  path edges read field by field (a whole read's path-edge rows are not made for the draw). */
export function pathLine(m: Model, pathId: Id): { coords: Position[]; start: Id | null; end: Id | null } {
  const coords: Position[] = [];
  let start: Id | null = null, at: Id | null = null, whole = true;
  eachPathEdgeOf(m, pathId, (edgeId, startNodeId) => {
    const e = whole ? getObject(m, edgeId)?.edge : undefined;
    if (!e) { whole = false; return; }
    start ??= startNodeId;
    const forward = e.fromNodeId === startNodeId;
    const c = forward ? e.geometry.coordinates : [...e.geometry.coordinates].reverse();
    coords.push(...(coords.length ? c.slice(1) : c));
    at = forward ? e.toNodeId : e.fromNodeId;
  });
  return whole ? { coords, start, end: at } : { coords: [], start: null, end: null };
}

function role(m: Model, nodeId: Id | null): 'ap' | 'dp' | 'ka' | null {
  if (!nodeId) return null;
  const names = instanceTypesOf(m, nodeId).map((t) => m.schema.objectTypes[t]?.name);
  if (names.includes('access_point')) return 'ap';
  if (names.some((n) => n === 'splicebox' || n === 'enclosure')) return 'dp';
  if (names.includes('customer_connection')) return 'ka';
  return null;
}

/** The cable kind (feature_type) of a path from the roles of its end nodes, or null. */
export function cableKind(m: Model, start: Id | null, end: Id | null): string | null {
  const a = role(m, start), b = role(m, end);
  if (a === 'ap' && b === 'ap') return 'ap_to_oap';
  if ((a === 'ap' && b === 'dp') || (a === 'dp' && b === 'ap')) return 'ap_to_dp';
  if (a === 'ka' || b === 'ka') return 'dp_to_ka';
  return null;
}
