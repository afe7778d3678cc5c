// Gestures the map and the store drive (one gesture = one history item), each with its `disabled()` reason beside it:
// draw edge / node, move node, edit edge geometry, split, delete, delete segment (spec 3 §4), unsnap, instances,
// attribute values, relations, paths. Coordinates are rounded to 2 decimals (spec 1 §9).
import type { Id, Position, Relation } from './types';
import type { Gesture } from './gesture';
import { isZeroLength, pointsEqual, projectOnSegment, lineLength, dist } from './geometry';
import { roundPosition } from './projection';
import { mergeDuplicateEdges, mergeNodeInto, moveNode, splitEdgeAt } from './topology';

export const WARNING_ZERO_LENGTH = 'zero length';
/** Unsnap offset per ring, in map units; 8 features per ring. */
export const UNSNAP_OFFSET = 10;
export const UNSNAP_PER_RING = 8;

export interface NewInstance { objectTypeId: number; values?: Record<string, string | null> }

export type Intent =
  | { type: 'drawEdge'; coordinates: Position[]; instances?: NewInstance[]; twoWay?: boolean }
  | { type: 'drawNode'; coordinates: Position; instances?: NewInstance[] }
  | { type: 'moveNode'; id: Id; to: Position }
  | { type: 'editEdgeGeometry'; id: Id; coordinates: Position[] }
  | { type: 'splitEdge'; id: Id; at: Position }
  | { type: 'deleteObject'; id: Id }
  /** Several objects deleted in one gesture (a multi-selection): one history item. */
  | { type: 'deleteObjects'; ids: Id[] }
  | { type: 'deleteSegment'; id: Id; at: Position }
  | { type: 'unsnap'; ids: Id[] }
  | { type: 'createInstance'; networkObjectId: Id; objectTypeId: number; values?: Record<string, string | null> }
  | { type: 'deleteInstance'; id: Id }
  | { type: 'editAttributes'; instanceId: Id; values: Record<string, string | null> }
  | { type: 'createRelation'; relation: Relation }
  | { type: 'deleteRelation'; relation: Relation }
  | { type: 'createPath'; edgeIds: Id[]; startNodeId: Id; instances?: NewInstance[] }
  /** One path edge deleted alone (the path goes with its last path edge). */
  | { type: 'deletePathEdge'; id: Id };

const r2 = (p: Position) => roundPosition(p);

/** Why the intent cannot run now (a short English reason), or null when it can. Reads only what it needs. */
export function disabledReason(g: Gesture, it: Intent): string | null {
  switch (it.type) {
    case 'drawEdge': {
      if (!Array.isArray(it.coordinates) || it.coordinates.length < 2) return 'a line needs at least two coordinates';
      return isZeroLength(it.coordinates.map(r2)) ? WARNING_ZERO_LENGTH : null;
    }
    case 'drawNode': return null;
    case 'moveNode': return g.obj(it.id)?.node ? null : 'not a node';
    case 'editEdgeGeometry': return !g.obj(it.id)?.edge ? 'not an edge' : it.coordinates.length < 2 ? 'a line needs at least two coordinates' : null;
    case 'splitEdge': {
      const e = g.obj(it.id)?.edge;
      if (!e) return 'not an edge';
      const on = g.edgesNear(r2(it.at)).some((n) => n.id === it.id);
      if (!on) return 'point is not on the edge';
      const c = e.geometry.coordinates;
      return pointsEqual(r2(it.at), c[0]) || pointsEqual(r2(it.at), c[c.length - 1]) ? 'point is at the end of the edge' : null;
    }
    case 'deleteObject': {
      const o = g.obj(it.id);
      if (!o) return 'unknown network object';
      const edges = o.edge ? [it.id] : o.node ? g.tx.edgesOf(it.id) : [];
      return edges.some((e) => g.tx.pathEdgesOver(e).length) ? 'edge is used by a path' : null;
    }
    case 'deleteObjects': {
      if (!it.ids.length) return 'nothing selected';
      for (const id of it.ids) { const r = disabledReason(g, { type: 'deleteObject', id }); if (r) return r; }
      return null;
    }
    case 'deleteSegment': return g.obj(it.id)?.edge ? (g.tx.pathEdgesOver(it.id).length ? 'edge is used by a path' : null) : 'not an edge';
    case 'unsnap': {
      for (const id of it.ids) {
        const o = g.obj(id);
        if (!o || (!o.node && !o.edge)) return 'select nodes or edges';
        const edges = o.node ? g.tx.edgesOf(id) : [id];
        if (edges.some((e) => g.tx.pathEdgesOver(e).length)) return 'edge is used by a path';
      }
      return it.ids.length ? null : 'nothing selected';
    }
    case 'createInstance': return g.obj(it.networkObjectId) ? null : 'unknown network object';
    case 'deleteInstance': return g.tx.inst(it.id) ? null : 'unknown object instance';
    case 'editAttributes': return g.tx.inst(it.instanceId) ? null : 'unknown object instance';
    case 'createRelation': return g.tx.inst(it.relation.fromId) && g.tx.inst(it.relation.toId) ? null : 'unknown object instance';
    case 'deleteRelation': return null;
    case 'createPath': return it.edgeIds.length ? null : 'a path needs edges';
    case 'deletePathEdge': {
      const pe = g.tx.pathEdge(it.id);
      if (!pe) return 'unknown path edge';
      const list = g.tx.pathEdgesOf(pe.pathId);
      // only an end of the path may go: the rest stays traversable edge by edge
      return list[0] === it.id || list[list.length - 1] === it.id ? null : 'only the first or last path edge of a path can be deleted';
    }
  }
}

function addInstances(g: Gesture, objectId: Id, list?: NewInstance[]): void {
  for (const n of list ?? []) g.createInstance(objectId, n.objectTypeId, n.values ?? {});
}

/** End node for a drawn line end: an existing node there, a split of an edge there, or a new node. */
function endNode(g: Gesture, p: Position): Id {
  const n = g.nodesNear(p)[0];
  if (n) return n.id;
  const e = g.edgesNear(p)[0];
  if (e) { const id = splitEdgeAt(g, e.id, p); if (id) return id; }
  return g.createNode(p);
}

function drawEdge(g: Gesture, coordinates: Position[], instances: NewInstance[] | undefined, twoWay?: boolean): Id[] {
  const c = coordinates.map(r2);
  // existing nodes on the drawn line (ends included): the line is cut there
  const cuts: { at: number; id: Id; point: Position }[] = [];
  const seen = new Set<Id>();
  for (let i = 0; i + 1 < c.length; i++) {
    for (const n of g.nodesAlong(c[i], c[i + 1])) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      cuts.push({ at: i + n.t, id: n.id, point: n.point });
    }
  }
  cuts.sort((a, b) => a.at - b.at);
  const pieces: { coords: Position[]; from?: Id; to?: Id }[] = [];
  let cur: Position[] = [c[0]];
  let from: Id | undefined;
  let seg = 0;
  for (const cut of cuts) {
    while (seg < Math.floor(cut.at) && seg + 1 < c.length) { seg++; if (!pointsEqual(c[seg], cur[cur.length - 1])) cur.push(c[seg]); }
    if (cur.length === 1 && pointsEqual(cur[0], cut.point)) { cur = [cut.point]; from = cut.id; continue; }
    if (pointsEqual(cur[cur.length - 1], cut.point)) cur[cur.length - 1] = cut.point; else cur.push(cut.point);
    pieces.push({ coords: cur, from, to: cut.id });
    cur = [cut.point];
    from = cut.id;
  }
  for (seg = seg + 1; seg < c.length; seg++) if (!pointsEqual(c[seg], cur[cur.length - 1])) cur.push(c[seg]);
  if (cur.length >= 2) pieces.push({ coords: cur, from });
  const made: Id[] = [];
  for (const piece of pieces) {
    if (isZeroLength(piece.coords)) continue;
    const a = piece.from ?? endNode(g, piece.coords[0]);
    const b = piece.to ?? endNode(g, piece.coords[piece.coords.length - 1]);
    if (a === b) continue;
    const pc = piece.coords.slice();
    pc[0] = g.mustObj(a).node!.geometry.coordinates;
    pc[pc.length - 1] = g.mustObj(b).node!.geometry.coordinates;
    const id = g.createEdge(pc, a, b, twoWay !== undefined ? { twoWay } : {});
    addInstances(g, id, instances);
    made.push(id);
    mergeDuplicateEdges(g, a);
  }
  return made.filter((id) => g.obj(id));
}

/** Runs the intent's own change; the caller then runs the rules and finishes the gesture. */
export function execute(g: Gesture, it: Intent): void {
  switch (it.type) {
    case 'drawEdge': drawEdge(g, it.coordinates, it.instances, it.twoWay); break;
    case 'drawNode': {
      const p = r2(it.coordinates);
      const n = g.nodesNear(p)[0]?.id ?? (() => { const e = g.edgesNear(p)[0]; return e ? splitEdgeAt(g, e.id, p) : null; })() ?? g.createNode(p);
      addInstances(g, n, it.instances);
      break;
    }
    case 'moveNode': moveNode(g, it.id, r2(it.to)); break;
    case 'editEdgeGeometry': editEdgeGeometry(g, it.id, it.coordinates.map(r2)); break;
    case 'splitEdge': splitEdgeAt(g, it.id, r2(it.at)); break;
    case 'deleteObject': g.deleteObject(it.id); break;
    case 'deleteObjects': for (const id of it.ids) g.deleteObject(id); break;
    case 'deleteSegment': deleteSegment(g, it.id, r2(it.at)); break;
    case 'unsnap': unsnap(g, it.ids); break;
    case 'createInstance': g.createInstance(it.networkObjectId, it.objectTypeId, it.values ?? {}); break;
    case 'deleteInstance': g.deleteInstance(it.id); break;
    case 'editAttributes': for (const [k, v] of Object.entries(it.values)) g.setValue(it.instanceId, k, v); break;
    case 'createRelation': g.createRelation(it.relation); break;
    case 'deleteRelation': g.tx.apply({ code: 10, before: it.relation }); break;
    case 'deletePathEdge': g.deletePathEdge(it.id); break;
    case 'createPath': {
      const id = g.newId();
      g.tx.apply({ code: 0, after: { id, ...g.baseRow() } });
      let at = it.startNodeId;
      it.edgeIds.forEach((edgeId, i) => {
        const e = g.mustObj(edgeId).edge;
        if (!e || (e.fromNodeId !== at && e.toNodeId !== at)) throw new Error(`edgeIds: path is not traversable at edge ${edgeId}`);
        g.tx.apply({ code: 3, after: { id: g.newId(), pathId: id, edgeId, startNodeId: at, position: i } });
        at = e.fromNodeId === at ? e.toNodeId : e.fromNodeId;
      });
      addInstances(g, id, it.instances);
      break;
    }
  }
}

/** Editing an edge's line: a moved end moves its node (and that node's other edges). */
function editEdgeGeometry(g: Gesture, id: Id, c: Position[]): void {
  const e = g.mustObj(id).edge!;
  const from = g.mustObj(e.fromNodeId).node!.geometry.coordinates;
  const to = g.mustObj(e.toNodeId).node!.geometry.coordinates;
  const inner = c.slice();
  inner[0] = from; inner[inner.length - 1] = to;
  g.setEdgeCoords(id, inner);
  if (!pointsEqual(c[0], from)) moveNode(g, e.fromNodeId, c[0]);
  const e2 = g.obj(id)?.edge;
  if (e2 && !pointsEqual(c[c.length - 1], to)) moveNode(g, e2.toNodeId, c[c.length - 1]);
  const e3 = g.obj(id)?.edge;
  if (e3 && isZeroLength(e3.geometry.coordinates) && e3.fromNodeId !== e3.toNodeId) {
    mergeNodeInto(g, e3.toNodeId, e3.fromNodeId);
  }
}

/** Delete segment (spec 3 §4): removes the points of the segment nearest the click; all gone → the edge is deleted. */
function deleteSegment(g: Gesture, id: Id, at: Position): void {
  const c = g.mustObj(id).edge!.geometry.coordinates;
  let best = 0, bd = Infinity;
  for (let i = 0; i + 1 < c.length; i++) { const d = projectOnSegment(at, c[i], c[i + 1]).distance; if (d < bd) { bd = d; best = i; } }
  const rest = c.filter((_, i) => i !== best && i !== best + 1);
  if (rest.length < 2 || lineLength(rest) === 0) { g.deleteObject(id); return; }
  editEdgeGeometry(g, id, rest);
}

/** Unsnap: detaches the selected edges' shared ends onto new nodes, offset 10 per ring, spread in a circle. */
function unsnap(g: Gesture, ids: Id[]): void {
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
      const p = r2([q[0] + off[0], q[1] + off[1]]);
      if (dist(p, e.geometry.coordinates[end === 'fromNodeId' ? e.geometry.coordinates.length - 1 : 0]) < 0.02) continue;
      const n = g.createNode(p);
      const c = e.geometry.coordinates.slice();
      if (end === 'fromNodeId') c[0] = p; else c[c.length - 1] = p;
      g.setEdgeCoords(eid, c, { [end]: n });
      g.lost.add(nodeId);
    }
  });
}
