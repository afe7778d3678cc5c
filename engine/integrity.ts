// Graph integrity check (spec 3 §4 Graph integrity, §5 Graph): no duplicate ids, no self-loop edges, both endpoints
// exist, paths traversable edge by edge, path edge ids unique, relations reference existing instances.
import type { Id, NetworkObject } from './types';
import { createModel, edgesOfNode, getObject, kindOf, pathEdgeRowsOf, type Model, type ModelInput, type NetworkObjectRow } from './model';
import { pentries, pget, prows, type PTable } from './ptable';
import { listedRowsAll } from './list-rows';
import { pointsEqual } from './geometry';

export type IntegrityCode =
  | 'duplicate id' | 'self-loop edge' | 'missing endpoint' | 'endpoint is not a node' | 'path not traversable'
  | 'duplicate path edge id' | 'relation to missing instance' | 'instance on missing network object'
  | 'value of missing instance' | 'path edge on missing edge' | 'invalid geometry' | 'edge end away from its node';

export interface IntegrityIssue { code: IntegrityCode; id: Id; message: string }

export interface IntegrityOptions {
  /** Also check that edge ends lie on their nodes (within 0.01) and geometries are well formed. */
  geometry?: boolean;
  /** Check only these network objects (and what hangs on them); default all. */
  only?: Iterable<Id>;
}

function isModel(x: Model | ModelInput): x is Model {
  return (x as Model).edgesByNode !== undefined;
}

function duplicates(input: ModelInput): IntegrityIssue[] {
  const out: IntegrityIssue[] = [];
  const seen = new Set<string>();
  const pe = new Set<string>();
  const inst = new Set<string>();
  const visitPe = (id: Id) => {
    if (pe.has(id)) out.push({ code: 'duplicate path edge id', id, message: `path edge id ${id} is not unique` });
    pe.add(id);
  };
  for (const o of input.networkObjects as NetworkObject[]) {
    if (seen.has(o.id)) out.push({ code: 'duplicate id', id: o.id, message: `duplicate network object id ${o.id}` });
    seen.add(o.id);
    for (const p of o.pathEdges ?? []) visitPe(p.id);
    for (const i of o.objectInstances ?? []) {
      if (inst.has(i.id)) out.push({ code: 'duplicate id', id: i.id, message: `duplicate object instance id ${i.id}` });
      inst.add(i.id);
    }
  }
  for (const p of input.pathEdges ?? []) visitPe(p.id);
  for (const i of input.objectInstances ?? []) {
    if (inst.has(i.id)) out.push({ code: 'duplicate id', id: i.id, message: `duplicate object instance id ${i.id}` });
    inst.add(i.id);
  }
  return out;
}

/**
 * Returns the integrity issues of a model (or of wire input, which also gets duplicate-id checks), each naming the
 * offending id. Empty list = consistent. The server rejects a batch naming the first issue.
 */
export function checkIntegrity(source: Model | ModelInput, opts: IntegrityOptions = {}): IntegrityIssue[] {
  const issues: IntegrityIssue[] = isModel(source) ? [] : duplicates(source);
  const m = isModel(source) ? source : createModel(source);
  const ids = opts.only ? [...opts.only] : null;
  const objects: Iterable<[string, ReturnType<typeof getObject>]> = ids
    ? ids.map((id) => [id, getObject(m, id)] as [string, ReturnType<typeof getObject>])
    : pentries(m.networkObjects);
  for (const [id, o] of objects) if (o) objectIssues(m, id, o, { geometry: opts.geometry, nodeEdges: ids !== null }, issues);
  if (!ids) {
    for (const [id, pe] of pentries(m.pathEdges)) {
      const p = getObject(m, pe.pathId);
      if (!p || p.node || p.edge) issues.push({ code: 'path not traversable', id, message: `path edge ${id} belongs to missing path ${pe.pathId}` });
    }
    for (const [id, i] of pentries(m.objectInstances)) {
      if (!getObject(m, i.networkObjectId)) issues.push({ code: 'instance on missing network object', id, message: `object instance ${id} is on missing network object ${i.networkObjectId}` });
    }
    for (const v of prows(m.attributeValues)) {
      if (!pget(m.objectInstances, v.objectInstanceId)) issues.push({ code: 'value of missing instance', id: v.objectInstanceId, message: `attribute value ${v.attributeTypeName} belongs to missing instance ${v.objectInstanceId}` });
    }
    for (const r of prows(m.relations)) {
      for (const iid of [r.fromId, r.toId]) {
        if (!pget(m.objectInstances, iid)) issues.push({ code: 'relation to missing instance', id: iid, message: `relation ${r.objectRelationTypeName} refers to missing object instance ${iid}` });
      }
    }
  }
  return issues;
}

/**
 * The issues of one network object (appended to `out`): an edge's self-loop, missing or non-node end nodes and (with
 * geometry) ends away from its nodes; a path's path edges over missing edges or not traversable; (with nodeEdges) a
 * node's missing edges; (with geometry) a malformed geometry. O(the object's path edges or edges).
 */
export function objectIssues(m: Model, id: Id, o: NetworkObjectRow, opts: { geometry?: boolean; nodeEdges?: boolean }, issues: IntegrityIssue[] = []): IntegrityIssue[] {
  const kind = kindOf(o);
  if (opts.geometry && kind !== 'path') {
    const g = o.node ? o.node.geometry : o.edge!.geometry;
    const ok = o.node ? g?.type === 'Point' : g?.type === 'LineString' && g.coordinates.length >= 2;
    if (!ok) issues.push({ code: 'invalid geometry', id, message: `network object ${id} has an invalid geometry` });
  }
  if (kind === 'edge') {
    const e = o.edge!;
    if (e.fromNodeId === e.toNodeId) issues.push({ code: 'self-loop edge', id, message: `edge ${id} starts and ends at node ${e.fromNodeId}` });
    const ends = [getObject(m, e.fromNodeId), getObject(m, e.toNodeId)];
    [e.fromNodeId, e.toNodeId].forEach((nid, k) => {
      if (!ends[k]) issues.push({ code: 'missing endpoint', id, message: `edge ${id} refers to missing node ${nid}` });
      else if (!ends[k]!.node) issues.push({ code: 'endpoint is not a node', id, message: `edge ${id} endpoint ${nid} is not a node` });
    });
    if (opts.geometry) {
      const c = e.geometry.coordinates;
      const a = ends[0]?.node, b = ends[1]?.node;
      if ((a && !pointsEqual(a.geometry.coordinates, c[0])) || (b && !pointsEqual(b.geometry.coordinates, c[c.length - 1]))) {
        issues.push({ code: 'edge end away from its node', id, message: `edge ${id} does not end on its nodes` });
      }
    }
  } else if (kind === 'path') {
    let at: Id | null = null;
    // the path edges by the list's row numbers (list-rows.ts), not each looked up by id
    for (const pe of pathEdgeRowsOf(m, id)) {
      const edge = getObject(m, pe.edgeId)?.edge;
      if (!edge) { issues.push({ code: 'path edge on missing edge', id: pe.id, message: `path edge ${pe.id} refers to missing edge ${pe.edgeId}` }); at = null; continue; }
      const fits = pe.startNodeId === edge.fromNodeId || pe.startNodeId === edge.toNodeId;
      if (!fits || (at !== null && pe.startNodeId !== at)) {
        issues.push({ code: 'path not traversable', id, message: `path ${id} is not traversable at path edge ${pe.id}` });
      }
      at = pe.startNodeId === edge.fromNodeId ? edge.toNodeId : edge.fromNodeId;
    }
  } else if (kind === 'node' && opts.nodeEdges && !listedRowsAll(m.edgesByNode, m.networkObjects as PTable<unknown>, id)) {
    // (a list read by row number with no local change names only existing rows: nothing to look up)
    for (const eid of edgesOfNode(m, id)) if (!getObject(m, eid)) issues.push({ code: 'missing endpoint', id: eid, message: `edge ${eid} is missing` });
  }
  return issues;
}

