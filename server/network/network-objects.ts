// Network-object batches (spec 1 §7): create (with optional nested path edges and object instances), edit, delete
// by ids, delete all by object-type filter. Each runs inside the caller's transaction and throws on the first
// offending id, so a rejected batch saves nothing.
import type { NetworkObject, PathEdge } from '../../engine/types';
import type { Queryable } from '../db/db';
import { badItem, firstDuplicate, integrity, unknownId } from './errors';
import { storedIds, storedObjects } from './lookup';
import { INSERT_NETWORK_OBJECTS, insertParams, kindOf, toRow } from './rows';
import { checkChain, insertPathEdges, onLine, positionOf, reorderPaths } from './path-edges';
import { createInstances } from './instances';

function checkShape(projectId: number, o: NetworkObject): void {
  if (kindOf(o) === 'invalid') badItem('invalid_network_object', `Network object ${o.id} must have at most one of node, edge or pathEdges.`);
  if (o.projectId !== undefined && o.projectId !== projectId) {
    badItem('project_mismatch', `Network object ${o.id} names project ${o.projectId}, not ${projectId}.`);
  }
  if (o.edge && o.edge.fromNodeId === o.edge.toNodeId) integrity('self_loop', `Edge ${o.id} starts and ends at node ${o.edge.fromNodeId} (self-loop).`);
}

export async function createNetworkObjects(q: Queryable, projectId: number, family: string, items: NetworkObject[], scenarioId?: number): Promise<void> {
  for (const o of items) checkShape(projectId, o);
  const dup = firstDuplicate(items.map((o) => o.id));
  if (dup) integrity('duplicate_id', `Network object ${dup} occurs twice in the batch.`);
  const refs = items.flatMap((o) => [o.id, ...(o.edge ? [o.edge.fromNodeId, o.edge.toNodeId] : []), ...(o.pathEdges ?? []).flatMap((p) => [p.edgeId])]);
  const stored = await storedObjects(q, projectId, refs);
  const taken = items.find((o) => stored.has(o.id));
  if (taken) integrity('duplicate_id', `Network object ${taken.id} already exists.`);
  const batch = new Map(items.map((o) => [o.id, o]));
  const isNode = (id: string) => batch.get(id)?.node !== undefined || stored.get(id)?.kind === 'node';
  for (const o of items) {
    if (!o.edge) continue;
    for (const n of [o.edge.fromNodeId, o.edge.toNodeId]) {
      if (!isNode(n)) integrity('missing_node', `Edge ${o.id} refers to node ${n}, which does not exist.`);
    }
  }
  const steps: (PathEdge & { seq: number })[] = [];
  const ends = (id: string) => {
    const b = batch.get(id);
    if (b) return b.edge ? { from: b.edge.fromNodeId, to: b.edge.toNodeId } : undefined;
    const s = stored.get(id);
    return s?.kind === 'edge' ? { from: s.from_node_id!, to: s.to_node_id! } : undefined;
  };
  for (const o of items) {
    if (!o.pathEdges) continue;
    if (o.edge && o.pathEdges.length) badItem('invalid_network_object', `Edge ${o.id} cannot carry path edges; send them with their path.`);
    if (o.edge) continue;
    for (const s of o.pathEdges) {
      if (s.pathId !== o.id) badItem('path_mismatch', `Path edge ${s.id} names path ${s.pathId}, but it is sent with path ${o.id}.`);
    }
    checkChain(o.id, o.pathEdges, ends);
    o.pathEdges.forEach((s, i) => steps.push({ ...s, seq: positionOf(s) ?? i }));
  }
  const dupStep = firstDuplicate(steps.map((s) => s.id));
  if (dupStep) integrity('duplicate_id', `Path edge ${dupStep} occurs twice in the batch.`);
  const takenSteps = await storedIds(q, 'path_edge', projectId, steps.map((s) => s.id));
  const takenStep = steps.find((s) => takenSteps.has(s.id));
  if (takenStep) integrity('duplicate_id', `Path edge ${takenStep.id} already exists.`);
  const rows = items.map((o) => {
    const r = toRow(o);
    if (scenarioId !== undefined && o.scenarioId === undefined) r.scenarioId = scenarioId;
    return r;
  });
  await q.query(INSERT_NETWORK_OBJECTS, insertParams(projectId, rows));
  await insertPathEdges(q, projectId, steps);
  const instances = items.flatMap((o) => (o.objectInstances ?? []).map((i) => {
    if (i.networkObjectId !== o.id) badItem('instance_mismatch', `Object instance ${i.id} names network object ${i.networkObjectId}, but it is sent with ${o.id}.`);
    return i;
  }));
  await createInstances(q, projectId, family, instances);
}

export async function updateNetworkObjects(q: Queryable, projectId: number, items: NetworkObject[]): Promise<void> {
  for (const o of items) checkShape(projectId, o);
  const dup = firstDuplicate(items.map((o) => o.id));
  if (dup) badItem('duplicate_id', `Network object ${dup} occurs twice in the batch.`);
  const stored = await storedObjects(q, projectId, items.flatMap((o) => [o.id, ...(o.edge ? [o.edge.fromNodeId, o.edge.toNodeId] : [])]));
  for (const o of items) {
    const s = stored.get(o.id);
    if (!s) unknownId('Network object', o.id);
    if (s.kind !== kindOf(o)) integrity('kind_change', `Network object ${o.id} is a ${s.kind}; it cannot become a ${kindOf(o)}.`);
    if (o.edge) {
      for (const n of [o.edge.fromNodeId, o.edge.toNodeId]) {
        if (stored.get(n)?.kind !== 'node') integrity('missing_node', `Edge ${o.id} refers to node ${n}, which does not exist.`);
      }
    }
  }
  await checkEdgeEditsKeepPaths(q, projectId, items);
  const rows = items.map(toRow);
  const p = insertParams(projectId, rows);
  await q.query(
    `UPDATE network_object n SET scenario_id = t.scenario_id, geometry = t.geometry::jsonb, from_node_id = t.from_node_id,
            to_node_id = t.to_node_id, two_way = t.two_way, length = t.length, bbox = t.bbox::box
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::float8[], $10::text[])
         AS t(id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
      WHERE n.project_id = $1 AND n.id = t.id`, p);
  // Paths sent with their path edges get them replaced (the whole path must then be traversable); a path row sent
  // without pathEdges (as the engine sends it) keeps its path edges.
  const paths = items.filter((o) => kindOf(o) === 'path' && o.pathEdges !== undefined);
  if (paths.length) {
    const ids = paths.map((o) => o.id);
    await q.query('DELETE FROM path_edge WHERE project_id = $1 AND path_id = ANY($2::text[])', [projectId, ids]);
    const steps = paths.flatMap((o) => o.pathEdges!.map((s, i) => {
      if (s.pathId !== o.id) badItem('path_mismatch', `Path edge ${s.id} names path ${s.pathId}, but it is sent with path ${o.id}.`);
      return { ...s, seq: positionOf(s) ?? i };
    }));
    const dupStep = firstDuplicate(steps.map((s) => s.id));
    if (dupStep) integrity('duplicate_id', `Path edge ${dupStep} occurs twice in the batch.`);
    const takenSteps = await storedIds(q, 'path_edge', projectId, steps.map((s) => s.id));
    const takenStep = steps.find((s) => takenSteps.has(s.id));
    if (takenStep) integrity('duplicate_id', `Path edge ${takenStep.id} already exists.`);
    const edges = await storedObjects(q, projectId, steps.map((s) => s.edgeId));
    const ends = (id: string) => {
      const e = edges.get(id);
      return e?.kind === 'edge' ? { from: e.from_node_id!, to: e.to_node_id! } : undefined;
    };
    for (const o of paths) checkChain(o.id, o.pathEdges!, ends);
    await insertPathEdges(q, projectId, steps);
  }
  // Paths over edited edges are put back in chain order when they chain (a split edge's path edges may briefly enter
  // it at a node on its line — see checkEdgeEditsKeepPaths and checkSteps in path-edges.ts).
  const edgeIds = items.filter((o) => o.edge).map((o) => o.id);
  if (edgeIds.length) {
    const affected = await q.query<{ path_id: string }>('SELECT DISTINCT path_id FROM path_edge WHERE project_id = $1 AND edge_id = ANY($2::text[])', [projectId, edgeIds]);
    await reorderPaths(q, projectId, affected.rows.map((r) => r.path_id));
  }
}

/**
 * An edge edit may drop an end node that a path edge over the edge starts at only when the edit is a split (the new
 * line lies on the stored line): the spec's save order edits the split edge before re-pointing the path edge.
 * Any other such edit would leave the path untraversable: 409 naming the path edge.
 */
async function checkEdgeEditsKeepPaths(q: Queryable, projectId: number, items: NetworkObject[]): Promise<void> {
  const edges = items.filter((o) => o.edge);
  if (!edges.length) return;
  const r = await q.query<{ id: string; edge_id: string; start_node_id: string; c: string }>(
    `SELECT pe.id, pe.edge_id, pe.start_node_id, (e.geometry->'coordinates')::text AS c
       FROM path_edge pe JOIN network_object e ON e.project_id = pe.project_id AND e.id = pe.edge_id
      WHERE pe.project_id = $1 AND pe.edge_id = ANY($2::text[])`, [projectId, edges.map((o) => o.id)]);
  const byId = new Map(edges.map((o) => [o.id, o.edge!]));
  for (const pe of r.rows) {
    const e = byId.get(pe.edge_id)!;
    if (pe.start_node_id === e.fromNodeId || pe.start_node_id === e.toNodeId) continue;
    const old = JSON.parse(pe.c) as [number, number][];
    if (!e.geometry.coordinates.every((pt) => onLine(pt as [number, number], old, 0.01))) {
      integrity('path_not_traversable', `Edge ${pe.edge_id} cannot be changed this way: path edge ${pe.id} enters it at ${pe.start_node_id}, which would no longer be one of its end nodes.`);
    }
  }
}

export async function deleteNetworkObjects(q: Queryable, projectId: number, ids: string[]): Promise<number> {
  const dup = firstDuplicate(ids);
  if (dup) badItem('duplicate_id', `Network object ${dup} occurs twice in the batch.`);
  const stored = await storedObjects(q, projectId, ids);
  const missing = ids.find((id) => !stored.has(id));
  if (missing) unknownId('Network object', missing);
  const usedNode = await q.query<{ id: string; from_node_id: string; to_node_id: string }>(
    `SELECT id, from_node_id, to_node_id FROM network_object WHERE project_id = $1 AND kind = 'edge'
        AND (from_node_id = ANY($2::text[]) OR to_node_id = ANY($2::text[])) AND NOT (id = ANY($2::text[])) LIMIT 1`, [projectId, ids]);
  if (usedNode.rows[0]) {
    const e = usedNode.rows[0];
    const n = ids.includes(e.from_node_id) ? e.from_node_id : e.to_node_id;
    integrity('node_in_use', `Node ${n} cannot be deleted: edge ${e.id} still ends at it.`);
  }
  const usedEdge = await q.query<{ id: string; edge_id: string; path_id: string }>(
    `SELECT id, edge_id, path_id FROM path_edge WHERE project_id = $1 AND (edge_id = ANY($2::text[]) OR start_node_id = ANY($2::text[]))
        AND NOT (path_id = ANY($2::text[])) LIMIT 1`, [projectId, ids]);
  if (usedEdge.rows[0]) {
    const u = usedEdge.rows[0];
    integrity('edge_in_use', `Network object ${ids.includes(u.edge_id) ? u.edge_id : 'node'} cannot be deleted: path edge ${u.id} of path ${u.path_id} still uses it.`);
  }
  const r = await q.query('DELETE FROM network_object WHERE project_id = $1 AND id = ANY($2::text[])', [projectId, ids]);
  return r.rowCount;
}

/**
 * DELETE network_object/all with an object-type filter: deletes the instances of those types, then the network
 * objects they leave empty and unused (paths, then edges no path uses, then nodes no edge or path uses).
 */
export async function deleteAllByType(q: Queryable, projectId: number, objectTypeIds: number[], scenarioId?: number): Promise<{ objectInstances: number; networkObjects: number }> {
  const scen = scenarioId === undefined ? 'n.scenario_id IS NULL' : 'n.scenario_id = $3';
  const params: unknown[] = [projectId, objectTypeIds, ...(scenarioId === undefined ? [] : [scenarioId])];
  const hosts = await q.query<{ id: string }>(
    `SELECT DISTINCT n.id FROM object_instance i JOIN network_object n ON n.project_id = i.project_id AND n.id = i.network_object_id
      WHERE i.project_id = $1 AND i.object_type_id = ANY($2::int[]) AND ${scen}`, params);
  const hostIds = hosts.rows.map((r) => r.id);
  if (!hostIds.length) return { objectInstances: 0, networkObjects: 0 };
  const del = await q.query('DELETE FROM object_instance WHERE project_id = $1 AND object_type_id = ANY($2::int[]) AND network_object_id = ANY($3::text[])',
    [projectId, objectTypeIds, hostIds]);
  const empty = `project_id = $1 AND id = ANY($2::text[]) AND NOT EXISTS (SELECT 1 FROM object_instance i WHERE i.project_id = $1 AND i.network_object_id = network_object.id)`;
  let removed = 0;
  removed += (await q.query(`DELETE FROM network_object WHERE ${empty} AND kind = 'path'`, [projectId, hostIds])).rowCount;
  removed += (await q.query(`DELETE FROM network_object WHERE ${empty} AND kind = 'edge'
      AND NOT EXISTS (SELECT 1 FROM path_edge p WHERE p.project_id = $1 AND p.edge_id = network_object.id)`, [projectId, hostIds])).rowCount;
  removed += (await q.query(`DELETE FROM network_object WHERE ${empty} AND kind = 'node'
      AND NOT EXISTS (SELECT 1 FROM network_object e WHERE e.project_id = $1 AND (e.from_node_id = network_object.id OR e.to_node_id = network_object.id))
      AND NOT EXISTS (SELECT 1 FROM path_edge p WHERE p.project_id = $1 AND p.start_node_id = network_object.id)`, [projectId, hostIds])).rowCount;
  return { objectInstances: del.rowCount, networkObjects: removed };
}
