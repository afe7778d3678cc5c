// Test helper for the incremental-index property tests: random gestures on a small fibre network through the Editor
// (draw, move, split, delete, unsnap, instances of every kind the validators and capex read, attribute edits with
// good, blank and bad values, relations, paths, undo, redo) plus raw actions the gestures refuse (a List value outside
// its allowed values, a relation beyond its multiplicity, a node moved without its edges), so every validator fails
// and passes again along the way.
import fc from 'fast-check';
import {
  Editor, familyRulesFromSchema, getObject, getPathEdge, pathEdgesOfPath, pentries, pget, type Diff, type Intent, type Model, type Position,
} from 'engine';
import { T, fixture, path, counterIds } from './fixtures';

export const START = `
A----B----C----D
|    |    |
E----F----G    H
|         |
I----J----K`;

/** The demarcation area of the runs: the left part of the drawing area (x < 95). */
export const AREA: Position[][] = [[[-5, 5], [95, 5], [95, -125], [-5, -125], [-5, 5]]];

const coord = fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: -12, max: 0 })).map(([x, y]) => [x * 10, y * 10] as Position);
export const op = fc.record({
  kind: fc.constantFrom('edge', 'edge', 'node', 'node', 'move', 'moveEdge', 'split', 'delete', 'segment', 'unsnap', 'inst', 'inst', 'attr', 'attr',
    'attr', 'rel', 'rel', 'rel', 'delrel', 'path', 'path', 'pathEdge', 'delinst', 'rawValue', 'rawRel', 'rawMove', 'rawType', 'rawEnds', 'rawPathEdge', 'undo', 'undo',
    'redo'),
  a: coord, b: coord, pick: fc.nat(), pick2: fc.nat(), v: fc.nat(),
});
export type Op = typeof op extends fc.Arbitrary<infer X> ? X : never;

const NODE_TYPES = [T.customer, T.customer, T.splicebox, T.technicalPath, T.accessPoint, T.pointElement];
const EDGE_TYPES = [T.trench, T.duct];
const VALUES: Record<string, (string | null)[]> = {
  capacity: ['1', '2', '3', '', null], physical_capacity: ['2', '3', ''], connections: ['1', '5', ''], fibers: ['12', '24', ''],
  demand: ['1', '6', '13', '13', ''], Existing: ['true', 'false'], drilling_type: ['directional_drilling', 'moling', ''], house_connection: ['true', 'false'],
  status: ['connect', ''], name: ['x', 'y'],
};
const RELATIONS = ['technical_path_customer_connection', 'splicebox_technical_path', 'trench_contains_duct', 'duct_contains_cable', 'custom_link', 'custom_link'];
const RETYPE = [T.customer, T.technicalPath, T.splicebox, T.pointElement, T.cable];

const sortedIds = (m: Model, table: 'networkObjects' | 'objectInstances' | 'relations' | 'pathEdges', keep: (row: never) => boolean = () => true) =>
  [...pentries(m[table] as never)].filter(([, r]) => keep(r as never)).map(([k]) => k as string).sort();
const pickOf = <X>(list: readonly X[], n: number): X | undefined => (list.length ? list[n % list.length] : undefined);

export function startEditor(): Editor {
  const m = fixture({
    art: START,
    instances: [['dp', T.splicebox, 'F', { capacity: '2', physical_capacity: '3' }], ['c1', T.customer, 'H', { status: 'connect', demand: '4' }],
      ['c2', T.customer, 'K', { status: 'connect', demand: '8' }], ['tp', T.technicalPath, 'F'], ['t1', T.trench, 'AB', { house_connection: 'true' }],
      ['d1', T.duct, 'AB', { Existing: 'false', duct_type: '7x14' }], ['k1', T.cable, 'P', { fibers: '12' }], ['c3', T.customer, 'G', { demand: '6' }]],
    relations: [['dp', 'tp', 'splicebox_technical_path'], ['tp', 'c2', 'technical_path_customer_connection'], ['t1', 'd1', 'trench_contains_duct']],
    objects: [path('P', ['FG', 'GK'], ['F', 'G'])],
  });
  return new Editor(m, { newId: counterIds(), projectId: 1, familyRules: familyRulesFromSchema(m.schema) });
}

function intentOf(ed: Editor, o: Op): Intent | null {
  const m = ed.model;
  const nodes = sortedIds(m, 'networkObjects', (r: { node?: unknown }) => !!r.node);
  const edges = sortedIds(m, 'networkObjects', (r: { edge?: unknown }) => !!r.edge);
  const insts = sortedIds(m, 'objectInstances');
  const edgeAt = (n: number) => getObject(m, pickOf(edges, n)!)!;
  const mid = (id: string): Position => { const c = getObject(m, id)!.edge!.geometry.coordinates; return [(c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2]; };
  switch (o.kind) {
    case 'edge': return { type: 'drawEdge', coordinates: [o.a, o.b], instances: [{ objectTypeId: pickOf(EDGE_TYPES, o.pick)!, values: o.v % 3 ? { house_connection: 'true' } : {} }] };
    case 'node': return { type: 'drawNode', coordinates: o.a, instances: [{ objectTypeId: pickOf(NODE_TYPES, o.pick)! }] };
    case 'move': return nodes.length ? { type: 'moveNode', id: pickOf(nodes, o.pick)!, to: o.a } : null;
    case 'moveEdge': return edges.length ? { type: 'editEdgeGeometry', id: edgeAt(o.pick).id, coordinates: [o.a, o.b] } : null;
    case 'split': return edges.length ? { type: 'splitEdge', id: edgeAt(o.pick).id, at: mid(edgeAt(o.pick).id) } : null;
    case 'delete': return nodes.length + edges.length ? { type: 'deleteObject', id: pickOf([...nodes, ...edges], o.pick)! } : null;
    case 'segment': return edges.length ? { type: 'deleteSegment', id: edgeAt(o.pick).id, at: o.a } : null;
    case 'unsnap': return nodes.length ? { type: 'unsnap', ids: [pickOf(nodes, o.pick)!] } : null;
    case 'inst': {
      const onNode = o.v % 3 !== 0;
      const target = pickOf(onNode ? nodes : edges, o.pick);
      return target ? { type: 'createInstance', networkObjectId: target, objectTypeId: pickOf(onNode ? NODE_TYPES : EDGE_TYPES, o.pick2)! } : null;
    }
    case 'attr': {
      const iid = pickOf(insts, o.pick);
      if (!iid) return null;
      const names = Object.keys(VALUES);
      const name = pickOf(names, o.pick2)!;
      return { type: 'editAttributes', instanceId: iid, values: { [name]: pickOf(VALUES[name], o.v)! } };
    }
    case 'rel': {
      const from = pickOf(insts, o.pick), to = pickOf(insts, o.pick2);
      return from && to && from !== to ? { type: 'createRelation', relation: { fromId: from, toId: to, objectRelationTypeName: pickOf(RELATIONS, o.v)! } } : null;
    }
    case 'delrel': {
      const k = pickOf(sortedIds(m, 'relations'), o.pick);
      return k ? { type: 'deleteRelation', relation: pget(m.relations, k)! } : null;
    }
    case 'path': {
      if (!edges.length) return null;
      const e = edgeAt(o.pick).edge!;
      return { type: 'createPath', edgeIds: [edgeAt(o.pick).id], startNodeId: o.v % 2 ? e.fromNodeId : e.toNodeId, instances: [{ objectTypeId: T.cable, values: { fibers: o.v % 3 ? '12' : '24' } }] };
    }
    case 'pathEdge': {
      const paths = sortedIds(m, 'networkObjects', (r: { node?: unknown; edge?: unknown }) => !r.node && !r.edge);
      const p = pickOf(paths, o.pick);
      const pes = p ? pathEdgesOfPath(m, p) : [];
      return pes.length ? { type: 'deletePathEdge', id: pes[o.v % 2 ? 0 : pes.length - 1] } : null;
    }
    case 'delinst': { const iid = pickOf(insts, o.pick); return iid ? { type: 'deleteInstance', id: iid } : null; }
  }
  return null;
}

/** Raw actions no gesture makes: a List value outside its allowed values, a relation past multiplicity, a node moved
 *  alone, an instance changing its object type, an edge end re-pointed to another node (paths over it break), a path
 *  edge entered from its other end (its path breaks). */
function rawOf(ed: Editor, o: Op): Parameters<Editor['applyActions']>[0] | null {
  const m = ed.model;
  if (o.kind === 'rawValue') {
    const iid = pickOf(sortedIds(m, 'objectInstances'), o.pick);
    if (!iid) return null;
    const name = o.v % 2 ? 'fibers' : 'duct_type';
    return [{ code: 11, before: pget(m.attributeValues, `${iid}\u0001${name}`) ?? null, after: { objectInstanceId: iid, attributeTypeName: name, value: 'bogus' } }];
  }
  if (o.kind === 'rawRel') {
    const insts = sortedIds(m, 'objectInstances');
    const from = pickOf(insts, o.pick), to = pickOf(insts, o.pick2);
    const r = { fromId: from!, toId: to!, objectRelationTypeName: 'technical_path_customer_connection' };
    return from && to && from !== to && !pget(m.relations, `${from}\u0001${to}\u0001${r.objectRelationTypeName}`) ? [{ code: 9, after: r }] : null;
  }
  if (o.kind === 'rawMove') {
    const id = pickOf(sortedIds(m, 'networkObjects', (r: { node?: unknown }) => !!r.node), o.pick);
    const n = id && getObject(m, id);
    return n ? [{ code: 1, before: n, after: { ...n, node: { geometry: { type: 'Point', coordinates: o.a } } } }] : null;
  }
  if (o.kind === 'rawType') {
    const i = pickOf(sortedIds(m, 'objectInstances'), o.pick);
    const inst = i ? pget(m.objectInstances, i) : undefined;
    return inst ? [{ code: 7, before: inst, after: { ...inst, objectTypeId: pickOf(RETYPE, o.v)! } }] : null;
  }
  if (o.kind === 'rawPathEdge') {
    const pe = pickOf(sortedIds(m, 'pathEdges'), o.pick);
    const row = pe ? getPathEdge(m, pe) : undefined;
    const e = row && getObject(m, row.edgeId)?.edge;
    if (!row || !e) return null;
    return [{ code: 4, before: row, after: { ...row, startNodeId: row.startNodeId === e.fromNodeId ? e.toNodeId : e.fromNodeId } }];
  }
  if (o.kind === 'rawEnds') {
    const e = pickOf(sortedIds(m, 'networkObjects', (r: { edge?: unknown }) => !!r.edge), o.pick);
    const to = pickOf(sortedIds(m, 'networkObjects', (r: { node?: unknown }) => !!r.node), o.pick2);
    const row = e ? getObject(m, e) : undefined;
    if (!row?.edge || !to || to === row.edge.fromNodeId || to === row.edge.toNodeId) return null;
    const c = row.edge.geometry.coordinates;
    const at = getObject(m, to)!.node!.geometry.coordinates;
    return [{ code: 1, before: row, after: { ...row, edge: { ...row.edge, toNodeId: to, geometry: { type: 'LineString', coordinates: [...c.slice(0, -1), at] } } } }];
  }
  return null;
}

/** Runs one random step; the model and diff it made (an empty diff when refused or nothing changed). */
export function step(ed: Editor, o: Op): { model: Model; diff: Diff } {
  const none = { model: ed.model, diff: { added: [], updated: [], removed: [] } };
  if (o.kind === 'undo') return ed.undo() ?? none;
  if (o.kind === 'redo') return ed.redo() ?? none;
  try {
    const raw = rawOf(ed, o);
    if (raw) return ed.applyActions(raw);
    const it = intentOf(ed, o);
    return it ? ed.apply(it) : none;
  } catch {
    return none; // a gesture the engine refuses by throwing (e.g. on geometry a raw move broke) changes nothing
  }
}
