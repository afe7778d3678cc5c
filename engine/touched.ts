// The points a gesture touches (for the map's "edit only inside the loaded area" guard of area-loaded projects): the
// positions it creates, moves or removes, and both ends and end-node positions of every edge it changes. Reads only
// the objects the intent names — never the network.
import type { Id, Position } from './types';
import { edgesOfNode, getObject, getPathEdge, type Model } from './model';
import type { Intent } from './intents';

function nodeAt(m: Model, id: Id | null | undefined): Position[] {
  const o = id ? getObject(m, id) : undefined;
  return o?.node ? [o.node.geometry.coordinates] : [];
}

/** An edge's end coordinates and its end nodes' positions; a node's position and the ends of its edges. */
function objectPoints(m: Model, id: Id): Position[] {
  const o = getObject(m, id);
  if (o?.node) return [o.node.geometry.coordinates, ...edgesOfNode(m, id).flatMap((e) => edgeEnds(m, e))];
  return edgeEnds(m, id);
}

function edgeEnds(m: Model, id: Id): Position[] {
  const e = getObject(m, id)?.edge;
  if (!e) return [];
  const c = e.geometry.coordinates;
  return [c[0], c[c.length - 1], ...nodeAt(m, e.fromNodeId), ...nodeAt(m, e.toNodeId)];
}

export function touchedPoints(m: Model, it: Intent): Position[] {
  switch (it.type) {
    case 'drawEdge': return [...it.coordinates];
    case 'drawNode': return [it.coordinates];
    case 'moveNode': return [...objectPoints(m, it.id), it.to];
    case 'editEdgeGeometry': return [...edgeEnds(m, it.id), ...it.coordinates];
    case 'splitEdge': return [...edgeEnds(m, it.id), it.at];
    case 'deleteSegment': return [...edgeEnds(m, it.id), it.at];
    case 'deleteObject': return objectPoints(m, it.id);
    case 'deleteObjects': return it.ids.flatMap((id) => objectPoints(m, id));
    case 'unsnap': return it.ids.flatMap((id) => objectPoints(m, id));
    case 'createInstance': return objectPoints(m, it.networkObjectId);
    case 'createPath': return it.edgeIds.flatMap((id) => edgeEnds(m, id));
    default: {
      // instance, attribute and relation edits change no geometry; a path edge names its edge
      const pe = 'id' in it && typeof it.id === 'string' ? getPathEdge(m, it.id) : undefined;
      return pe ? edgeEnds(m, pe.edgeId) : [];
    }
  }
}
