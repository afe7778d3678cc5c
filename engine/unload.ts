// Dropping far parts of a loaded network (area loading of large projects, issue 15: no limit on the tiles a session
// visits). The counterpart of merge.ts: delete actions, applied as one transaction OUTSIDE the history, for the
// objects of dropped tiles that no kept part needs — an object stays when the caller keeps it (edited or referred to
// by an edit), when its box meets an area still held, when a staying edge ends at it, or when a staying path runs
// over it. A later read of the tile brings the dropped rows back (the caller forgets them as known).
import type { Action } from './actions';
import type { Id } from './types';
import { bboxOf } from './geometry';
import {
  edgesOfNode, getInstance, getObject, instancesOf, pathEdgeRowsOf, relationsFrom, relationsTo, valuesOf, type Model,
} from './model';
import { pget } from './ptable';
import { pathsOver } from './dependents';
import type { SpatialIndex } from './spatial';

export type Box = [number, number, number, number];

export interface UnloadPlan {
  actions: Action[];
  /** Network objects removed. */
  objects: Id[];
  /** Relations (relKey) removed. */
  relations: string[];
}

/** The box of a node or edge (undefined for a path). */
export function objectBox(m: Model, id: Id): Box | undefined {
  const o = getObject(m, id);
  if (o?.node) return bboxOf([o.node.geometry.coordinates]);
  if (o?.edge) return bboxOf(o.edge.geometry.coordinates);
  return undefined;
}

/**
 * Delete actions for the objects met by `dropped` boxes that can go: not kept (`keep`), box meeting no held area
 * (`held`), not needed by a staying edge or path. Cost: the objects in the dropped boxes and their neighbours.
 */
export function planUnload(m: Model, index: SpatialIndex, dropped: Box[], held: (b: Box) => boolean, keep: (id: Id) => boolean): UnloadPlan {
  const gone = new Set<Id>();
  const consider = (id: Id) => {
    if (gone.has(id) || keep(id)) return;
    const b = objectBox(m, id);
    if (b && !held(b)) gone.add(id);
  };
  const ends = (id: Id) => { const e = getObject(m, id)?.edge; if (e) { consider(e.fromNodeId); consider(e.toNodeId); } };
  for (const [x0, y0, x1, y1] of dropped) for (const it of index.search(x0, y0, x1, y1)) consider(it.id);
  // rows loaded as the closure of those (end nodes outside the dropped tiles) go with them unless held
  for (const id of [...gone]) ends(id);
  // paths over those edges go when all their edges can go (edges outside the dropped tiles: when not held)
  const paths = new Set<Id>();
  for (const id of gone) if (getObject(m, id)?.edge) for (const p of pathsOver(m, id)) paths.add(p);
  const steps = (p: Id) => pathEdgeRowsOf(m, p);
  const gonePaths = new Set<Id>();
  for (const p of paths) {
    if (keep(p)) continue;
    const st = steps(p);
    for (const pe of st) { consider(pe.edgeId); ends(pe.edgeId); }
    if (st.every((pe) => gone.has(pe.edgeId))) gonePaths.add(p);
  }
  for (const id of [...gone]) if (getObject(m, id)?.edge && pathsOver(m, id).some((p) => !gonePaths.has(p))) gone.delete(id);
  // a node at the end of a staying edge stays
  for (const id of [...gone]) if (getObject(m, id)?.node && edgesOfNode(m, id).some((e) => !gone.has(e))) gone.delete(id);
  const objects = [...gonePaths, ...gone];
  const rels = new Map<string, Action>(), values: Action[] = [], insts: Action[] = [], pes: Action[] = [], objs: Action[] = [];
  for (const id of objects) {
    for (const iid of instancesOf(m, id)) {
      for (const k of [...relationsFrom(m, iid), ...relationsTo(m, iid)]) { const r = pget(m.relations, k); if (r && !rels.has(k)) rels.set(k, { code: 10, before: r }); }
      for (const v of valuesOf(m, iid)) values.push({ code: 11, before: v, after: null });
      const inst = getInstance(m, iid);
      if (inst) insts.push({ code: 8, before: inst });
    }
    if (gonePaths.has(id)) for (const pe of pathEdgeRowsOf(m, id)) pes.push({ code: 5, before: pe });
  }
  // paths, then edges, then nodes: nothing left referring to a removed row
  const order = (id: Id) => (gonePaths.has(id) ? 0 : getObject(m, id)?.edge ? 1 : 2);
  for (const id of [...objects].sort((a, b) => order(a) - order(b))) { const o = getObject(m, id); if (o) objs.push({ code: 2, before: o }); }
  return { actions: [...rels.values(), ...values, ...insts, ...pes, ...objs], objects, relations: [...rels.keys()] };
}
