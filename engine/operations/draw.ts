// Draw operations (spec 1 §4, spec 3 §4–§5): drawNode places a node (on an existing node it reuses it, on an edge it
// splits it there) with the draw object's instances; drawEdge creates a line cut at every existing node it passes
// (each piece an edge), with missing end nodes created (rules/end-nodes.ts) and duplicate edges merged. A zero-length
// line is refused ('zero length'), a line needs two coordinates. Coordinates are rounded to 2 decimals.
import type { Id, Position } from '../types';
import type { Gesture } from '../gesture';
import type { NewInstance } from '../intents';
import { isZeroLength, pointsEqual } from '../geometry';
import { roundPosition } from '../projection';
import { endNode } from '../rules/end-nodes';
import { splitEdgeAt } from '../rules/split-edge';
import { mergeDuplicateEdges } from '../rules/merge-duplicate-edges';
import { WARNING_ZERO_LENGTH } from '../rules/zero-length';
import type { Operation } from './operation';

const r2 = (p: Position) => roundPosition(p);

export function addInstances(g: Gesture, objectId: Id, list?: NewInstance[]): void {
  for (const n of list ?? []) g.createInstance(objectId, n.objectTypeId, n.values ?? {});
}

export const drawNode: Operation<'drawNode'> = {
  type: 'drawNode',
  disabled: () => null,
  run(g, it) {
    const p = r2(it.coordinates);
    const n = g.nodesNear(p)[0]?.id ?? (() => { const e = g.edgesNear(p)[0]; return e ? splitEdgeAt(g, e.id, p) : null; })() ?? g.createNode(p);
    addInstances(g, n, it.instances);
  },
  touched: (_m, it) => [it.coordinates],
};

export const drawEdge: Operation<'drawEdge'> = {
  type: 'drawEdge',
  disabled(_g, it) {
    if (!Array.isArray(it.coordinates) || it.coordinates.length < 2) return 'a line needs at least two coordinates';
    return isZeroLength(it.coordinates.map(r2)) ? WARNING_ZERO_LENGTH : null;
  },
  run(g, it) { drawLine(g, it.coordinates, it.instances, it.twoWay); },
  touched: (_m, it) => [...it.coordinates],
};

function drawLine(g: Gesture, coordinates: Position[], instances: NewInstance[] | undefined, twoWay?: boolean): void {
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
    mergeDuplicateEdges(g, a);
  }
}
