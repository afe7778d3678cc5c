// Path edges (spec 1 §3): one step of a path over an edge, entered at startNodeId. The batch calls (POST, PUT,
// DELETE {ids}) and the path rules: every step enters its edge at one of the edge's end nodes, a path sent whole
// must be traversable edge by edge, and a path's order follows its chain of steps.
import type { PathEdge } from '../../engine/types';
import { projectOnSegment } from '../../engine/geometry';
import type { Queryable } from '../db/db';
import { badItem, firstDuplicate, integrity, unknownId } from './errors';
import { storedIds, storedObjects, type StoredObject } from './lookup';

type Ends = (edgeId: string) => { from: string; to: string } | undefined;

/** The engine's order key of a path edge (`position`), stored as seq; undefined when not sent. */
export function positionOf(s: PathEdge): number | undefined {
  const p = (s as PathEdge & { position?: unknown }).position;
  return typeof p === 'number' && Number.isFinite(p) ? p : undefined;
}

/** Checks one whole path in order: each step's edge exists, is entered at an end, and continues where the last ended. */
export function checkChain(pathId: string, steps: PathEdge[], ends: Ends): void {
  let at: string | undefined;
  for (const s of steps) {
    const e = ends(s.edgeId);
    if (!e) integrity('missing_reference', `Path edge ${s.id} refers to edge ${s.edgeId}, which does not exist.`);
    if (s.startNodeId !== e.from && s.startNodeId !== e.to) {
      integrity('path_not_traversable', `Path ${pathId} is not traversable: path edge ${s.id} enters edge ${s.edgeId} at ${s.startNodeId}, which is not one of its end nodes.`);
    }
    if (at !== undefined && s.startNodeId !== at) {
      integrity('path_not_traversable', `Path ${pathId} is not traversable: path edge ${s.id} starts at ${s.startNodeId}, but the path arrived at ${at}.`);
    }
    at = s.startNodeId === e.from ? e.to : e.from;
  }
}

export const INSERT_PATH_EDGES = `
  INSERT INTO path_edge (project_id, id, path_id, edge_id, start_node_id, seq)
  SELECT $1, t.id, t.path_id, t.edge_id, t.start_node_id, t.seq
  FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::float8[]) AS t(id, path_id, edge_id, start_node_id, seq)`;

export async function insertPathEdges(q: Queryable, projectId: number, rows: (PathEdge & { seq: number })[]): Promise<void> {
  if (!rows.length) return;
  await q.query(INSERT_PATH_EDGES, [projectId, rows.map((r) => r.id), rows.map((r) => r.pathId), rows.map((r) => r.edgeId),
    rows.map((r) => r.startNodeId), rows.map((r) => r.seq)]);
}

function edgeEnds(objs: Map<string, StoredObject>): Ends {
  return (id) => {
    const o = objs.get(id);
    return o && o.kind === 'edge' ? { from: o.from_node_id!, to: o.to_node_id! } : undefined;
  };
}

/**
 * Checks single steps: the path is a path, the edge an edge, the start a node, and the start is one of the edge's end
 * nodes or lies on the edge's stored line (within 0.01). The second case is a save in the spec's order passing through
 * an edge split: the path edge over the split edge, entered at the new node, is created before the edit that makes
 * that node the edge's end, and the new node then lies on the edge's stored line. Paths sent whole are checked for
 * traversability; the `graph_integrity` validation checks every path.
 */
async function checkSteps(q: Queryable, projectId: number, steps: PathEdge[]): Promise<void> {
  const objs = await storedObjects(q, projectId, steps.flatMap((s) => [s.pathId, s.edgeId, s.startNodeId]));
  const ends = edgeEnds(objs);
  for (const s of steps) {
    const p = objs.get(s.pathId);
    if (!p || p.kind !== 'path') integrity('missing_reference', `Path edge ${s.id} refers to path ${s.pathId}, which does not exist.`);
    if (!ends(s.edgeId)) integrity('missing_reference', `Path edge ${s.id} refers to edge ${s.edgeId}, which does not exist.`);
    if (objs.get(s.startNodeId)?.kind !== 'node') integrity('missing_reference', `Path edge ${s.id} starts at node ${s.startNodeId}, which does not exist.`);
  }
  const off = steps.filter((s) => { const e = ends(s.edgeId)!; return s.startNodeId !== e.from && s.startNodeId !== e.to; });
  if (!off.length) return;
  const geo = await q.query<{ id: string; c: string }>(
    `SELECT id, (geometry->'coordinates')::text AS c FROM network_object WHERE project_id = $1 AND id = ANY($2::text[])`,
    [projectId, [...new Set(off.flatMap((s) => [s.edgeId, s.startNodeId]))]]);
  const coords = new Map(geo.rows.map((r) => [r.id, JSON.parse(r.c) as unknown]));
  for (const s of off) {
    const line = coords.get(s.edgeId) as [number, number][] | undefined;
    const pt = coords.get(s.startNodeId) as [number, number] | undefined;
    if (!line || !pt || !onLine(pt, line, 0.01)) {
      integrity('path_not_traversable', `Path edge ${s.id} enters edge ${s.edgeId} at ${s.startNodeId}, which is neither one of its end nodes nor on its line.`);
    }
  }
}

/** Whether point p lies within tol of the polyline. */
export function onLine(p: [number, number], line: [number, number][], tol: number): boolean {
  for (let i = 1; i < line.length; i++) if (projectOnSegment(p, line[i - 1], line[i]).distance <= tol) return true;
  return false;
}

export async function createPathEdges(q: Queryable, projectId: number, steps: PathEdge[]): Promise<void> {
  const dup = firstDuplicate(steps.map((s) => s.id));
  if (dup) integrity('duplicate_id', `Path edge ${dup} occurs twice in the batch.`);
  const exists = await storedIds(q, 'path_edge', projectId, steps.map((s) => s.id));
  const taken = steps.find((s) => exists.has(s.id));
  if (taken) integrity('duplicate_id', `Path edge ${taken.id} already exists.`);
  await checkSteps(q, projectId, steps);
  const max = await q.query<{ path_id: string; m: number }>(
    'SELECT path_id, max(seq) AS m FROM path_edge WHERE project_id = $1 AND path_id = ANY($2::text[]) GROUP BY path_id',
    [projectId, [...new Set(steps.map((s) => s.pathId))]]);
  const next = new Map(max.rows.map((r) => [r.path_id, Number(r.m) + 1]));
  const rows = steps.map((s) => {
    const seq = next.get(s.pathId) ?? 0;
    next.set(s.pathId, seq + 1);
    return { ...s, seq: positionOf(s) ?? seq };
  });
  await insertPathEdges(q, projectId, rows);
  await reorderPaths(q, projectId, [...new Set(steps.map((s) => s.pathId))]);
}

export async function updatePathEdges(q: Queryable, projectId: number, steps: PathEdge[]): Promise<void> {
  const dup = firstDuplicate(steps.map((s) => s.id));
  if (dup) badItem('duplicate_id', `Path edge ${dup} occurs twice in the batch.`);
  const exists = await storedIds(q, 'path_edge', projectId, steps.map((s) => s.id));
  const missing = steps.find((s) => !exists.has(s.id));
  if (missing) unknownId('Path edge', missing.id);
  await checkSteps(q, projectId, steps);
  const before = await q.query<{ path_id: string }>('SELECT DISTINCT path_id FROM path_edge WHERE project_id = $1 AND id = ANY($2::text[])',
    [projectId, steps.map((s) => s.id)]);
  await q.query(
    `UPDATE path_edge p SET path_id = t.path_id, edge_id = t.edge_id, start_node_id = t.start_node_id, seq = coalesce(t.seq, p.seq)
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::float8[]) AS t(id, path_id, edge_id, start_node_id, seq)
      WHERE p.project_id = $1 AND p.id = t.id`,
    [projectId, steps.map((s) => s.id), steps.map((s) => s.pathId), steps.map((s) => s.edgeId), steps.map((s) => s.startNodeId),
      steps.map((s) => positionOf(s) ?? null)]);
  await reorderPaths(q, projectId, [...new Set([...before.rows.map((r) => r.path_id), ...steps.map((s) => s.pathId)])]);
}

export async function deletePathEdges(q: Queryable, projectId: number, ids: string[]): Promise<number> {
  const dup = firstDuplicate(ids);
  if (dup) badItem('duplicate_id', `Path edge ${dup} occurs twice in the batch.`);
  const exists = await storedIds(q, 'path_edge', projectId, ids);
  const missing = ids.find((id) => !exists.has(id));
  if (missing) unknownId('Path edge', missing);
  const r = await q.query('DELETE FROM path_edge WHERE project_id = $1 AND id = ANY($2::text[])', [projectId, ids]);
  return r.rowCount;
}

/**
 * Puts the steps of each path in chain order when they form one chain (the first step is the one no other step
 * leads to; each next step starts where the last ended) and the stored order (seq, id) differs from it; the keys are
 * then renumbered 0..n-1. Mid-save a path may briefly not chain (an edge split is sent as new path edges before the
 * edit of the split edge); its stored order — the engine's positions — is then kept as it is.
 */
export async function reorderPaths(q: Queryable, projectId: number, pathIds: string[]): Promise<void> {
  if (!pathIds.length) return;
  const r = await q.query<{ id: string; path_id: string; start_node_id: string; from_node_id: string; to_node_id: string; seq: number }>(
    `SELECT pe.id, pe.path_id, pe.start_node_id, e.from_node_id, e.to_node_id, pe.seq
       FROM path_edge pe JOIN network_object e ON e.project_id = pe.project_id AND e.id = pe.edge_id
      WHERE pe.project_id = $1 AND pe.path_id = ANY($2::text[]) ORDER BY pe.path_id, pe.seq, pe.id`, [projectId, pathIds]);
  const byPath = new Map<string, typeof r.rows>();
  for (const row of r.rows) {
    let l = byPath.get(row.path_id);
    if (!l) byPath.set(row.path_id, (l = []));
    l.push(row);
  }
  const ids: string[] = [], seqs: number[] = [];
  for (const steps of byPath.values()) {
    const end = (s: (typeof steps)[number]) => (s.start_node_id === s.from_node_id ? s.to_node_id : s.from_node_id);
    const ends = new Set(steps.map(end));
    const first = steps.find((s) => !ends.has(s.start_node_id)) ?? steps[0];
    const left = new Set(steps);
    const order = [first];
    left.delete(first);
    while (left.size) {
      const at = end(order[order.length - 1]);
      const next = [...left].find((s) => s.start_node_id === at);
      if (!next) break;
      order.push(next);
      left.delete(next);
    }
    if (left.size || order.every((s, i) => s === steps[i])) continue; // no chain, or already in chain order: keys kept
    order.forEach((s, i) => { ids.push(s.id); seqs.push(i); });
  }
  if (!ids.length) return;
  await q.query(`UPDATE path_edge p SET seq = t.seq FROM unnest($2::text[], $3::float8[]) AS t(id, seq) WHERE p.project_id = $1 AND p.id = t.id`,
    [projectId, ids, seqs]);
}
