// Editing limited to the loaded area (area loading of large projects): a tool intent may run only when every point it
// moves, creates or removes lies in a loaded tile, so that each node it touches has all its edges loaded.
import type { Id, Position } from 'engine/types';
import { getInstance, getObject, type InstanceRow, type Model, type NetworkObjectRow } from 'engine/model';
import type { Action } from 'engine/actions';
import type { EditIntent } from './tools/types';

/** The points an intent touches: new and old positions, and the end nodes of the edges it changes. */
export function touchedPoints(model: Model, i: EditIntent): Position[] {
  const nodeAt = (id: Id | null): Position[] => { const o = id ? getObject(model, id) : undefined; return o?.node ? [o.node.geometry.coordinates] : []; };
  const edgeEnds = (id: Id): Position[] => {
    const o = getObject(model, id);
    if (o?.node) return [o.node.geometry.coordinates];
    if (!o?.edge) return [];
    const c = o.edge.geometry.coordinates;
    return [c[0], c[c.length - 1], ...nodeAt(o.edge.fromNodeId), ...nodeAt(o.edge.toNodeId)];
  };
  switch (i.kind) {
    case 'createNode': return [i.position];
    case 'createEdge': return [...i.coordinates, ...i.snappedEdgeIds.flatMap(edgeEnds)];
    case 'moveNode': return [...nodeAt(i.nodeId), i.to];
    case 'moveVertex': return [...edgeEnds(i.edgeId), i.to];
    case 'editEdgeGeometry': return [...edgeEnds(i.edgeId), ...i.coordinates];
    case 'splitEdge': return [...edgeEnds(i.edgeId), i.position];
    case 'deleteObjects': return i.ids.flatMap(edgeEnds);
    case 'unsnap': return [...i.nodeMoves.flatMap((m) => [...nodeAt(m.nodeId), m.to]), ...i.vertexMoves.flatMap((m) => [...edgeEnds(m.edgeId), m.to])];
  }
}

/** Whether every point the intent touches is inside the loaded area. */
export function insideLoadedArea(model: Model, i: EditIntent, contains: (p: Position) => boolean): boolean {
  return touchedPoints(model, i).every(contains);
}

/**
 * The tiles a list of stored actions needs loaded before it can be applied again (restoring unsaved edits of a large
 * project): the tiles of the network objects it creates, changes or removes, and of the objects whose instances,
 * path edges, relations or attribute values it touches. `model` is the session's model when the actions were stored.
 */
export function tilesOfActions(model: Model, actions: readonly Action[], tileOf: (p: Position) => string): string[] {
  const rows = new Map<Id, NetworkObjectRow>();
  const instObj = new Map<Id, Id>();
  for (const a of actions) {
    const r = 'after' in a && a.after ? a.after : 'before' in a ? a.before : null;
    if (!r) continue;
    if (a.code <= 2) rows.set((r as NetworkObjectRow).id, r as NetworkObjectRow);
    else if (a.code >= 6 && a.code <= 8) instObj.set((r as InstanceRow).id, (r as InstanceRow).networkObjectId);
  }
  const objectOf = (iid: Id) => instObj.get(iid) ?? getInstance(model, iid)?.networkObjectId;
  const out = new Set<string>();
  const at = (id: Id | undefined) => {
    const o = id ? rows.get(id) ?? getObject(model, id) : undefined;
    if (o?.node) out.add(tileOf(o.node.geometry.coordinates));
    else if (o?.edge) { const c = o.edge.geometry.coordinates; out.add(tileOf(c[0])); out.add(tileOf(c[c.length - 1])); }
  };
  for (const a of actions) {
    const r = ('after' in a && a.after ? a.after : 'before' in a ? a.before : null) as unknown as Record<string, Id> | null;
    if (!r) continue;
    if (a.code <= 2) at(r.id);
    else if (a.code <= 5) { at(r.edgeId); at(r.pathId); }
    else if (a.code <= 8) at(r.networkObjectId);
    else if (a.code <= 10) { at(objectOf(r.fromId)); at(objectOf(r.toId)); }
    else at(objectOf(r.objectInstanceId));
  }
  return [...out];
}
