// Object operations (spec 1 §4 actions 3–11): instances (created with type defaults and the active phase; deleted with
// their values and relations), attribute values (code 11, corrected by type), relations, paths over edges (a path
// must be traversable edge by edge) and one path edge deleted alone (only an end of its path; the path goes with its
// last path edge, rules/orphan-cleanup.ts). None of them moves geometry: `touched` names the objects' points.
import { getPathEdge, getInstance } from '../model';
import { addInstances } from './draw';
import { edgeEnds, objectPoints } from './points';
import type { Operation } from './operation';

export const createInstance: Operation<'createInstance'> = {
  type: 'createInstance',
  disabled: (g, it) => (g.obj(it.networkObjectId) ? null : 'unknown network object'),
  run: (g, it) => { g.createInstance(it.networkObjectId, it.objectTypeId, it.values ?? {}); },
  touched: (m, it) => objectPoints(m, it.networkObjectId),
};

export const deleteInstance: Operation<'deleteInstance'> = {
  type: 'deleteInstance',
  disabled: (g, it) => (g.tx.inst(it.id) ? null : 'unknown object instance'),
  run: (g, it) => g.deleteInstance(it.id),
  touched: (m, it) => { const i = getInstance(m, it.id); return i ? objectPoints(m, i.networkObjectId) : []; },
};

export const editAttributes: Operation<'editAttributes'> = {
  type: 'editAttributes',
  disabled: (g, it) => (g.tx.inst(it.instanceId) ? null : 'unknown object instance'),
  run: (g, it) => { for (const [k, v] of Object.entries(it.values)) g.setValue(it.instanceId, k, v); },
  touched: () => [],
};

export const createRelation: Operation<'createRelation'> = {
  type: 'createRelation',
  disabled: (g, it) => (g.tx.inst(it.relation.fromId) && g.tx.inst(it.relation.toId) ? null : 'unknown object instance'),
  run: (g, it) => g.createRelation(it.relation),
  touched: () => [],
};

export const deleteRelation: Operation<'deleteRelation'> = {
  type: 'deleteRelation',
  disabled: () => null,
  run: (g, it) => { g.tx.apply({ code: 10, before: it.relation }); },
  touched: () => [],
};

export const createPath: Operation<'createPath'> = {
  type: 'createPath',
  disabled: (_g, it) => (it.edgeIds.length ? null : 'a path needs edges'),
  run(g, it) {
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
  },
  touched: (m, it) => it.edgeIds.flatMap((id) => edgeEnds(m, id)),
};

export const deletePathEdge: Operation<'deletePathEdge'> = {
  type: 'deletePathEdge',
  disabled(g, it) {
    const pe = g.tx.pathEdge(it.id);
    if (!pe) return 'unknown path edge';
    const list = g.tx.pathEdgesOf(pe.pathId);
    // only an end of the path may go: the rest stays traversable edge by edge
    return list[0] === it.id || list[list.length - 1] === it.id ? null : 'only the first or last path edge of a path can be deleted';
  },
  run: (g, it) => g.deletePathEdge(it.id),
  touched: (m, it) => { const pe = getPathEdge(m, it.id); return pe ? edgeEnds(m, pe.edgeId) : []; },
};
