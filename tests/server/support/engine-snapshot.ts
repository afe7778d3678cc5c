// Engine ↔ server contract helpers: load a project from the server exactly as the app does (object types, relation
// types, GET network_object/all) into an engine model, send the engine's merged save requests in order, and compare
// two models in a normalised form (rows by id, path edges in path order, values and relations as sets).
import { expect } from 'vitest';
import { createModel, pentries, pathEdgesOfPath, type Model, type NetworkObject, type ObjectRelationType, type ObjectType, type SaveRequest } from '../../../engine/index';
import type { Api } from './server';
import { saveCall, saveUrl } from '../../../src/api/endpoints/save-calls';

export async function loadModel(api: Api, projectId: number, query = ''): Promise<{ model: Model; objectTypes: ObjectType[]; relationTypes: ObjectRelationType[]; bytes: number }> {
  const [types, rels, all] = await Promise.all([
    api.get(`/api/project/${projectId}/object_type`),
    api.get(`/api/project/${projectId}/object_relation_type`),
    api.get(`/api/project/${projectId}/network_object/all${query}`),
  ]);
  expect(types.status, types.text).toBe(200);
  expect(rels.status, rels.text).toBe(200);
  expect(all.status, all.text.slice(0, 300)).toBe(200);
  const objectTypes = types.body as ObjectType[];
  const relationTypes = rels.body as ObjectRelationType[];
  const networkObjects = all.body.data as NetworkObject[];
  return { model: createModel({ networkObjects, objectTypes, relationTypes }), objectTypes, relationTypes, bytes: all.text.length };
}

/** Sends the save batches in order as the app does (src/api/endpoints/save-calls.ts); every one must succeed. */
export async function sendAll(api: Api, projectId: number, requests: SaveRequest[]): Promise<void> {
  for (const r of requests) {
    const url = saveUrl(projectId, r);
    const res = await api.request(r.method, url, { body: saveCall(projectId, r).body });
    expect(res.status, `${r.kind}: ${r.method} ${url} → ${res.status} ${res.text.slice(0, 500)}`).toBeLessThan(300);
  }
}

export interface Snapshot {
  objects: Record<string, unknown>;
  paths: Record<string, string[]>;
  instances: Record<string, unknown>;
  values: Record<string, string | null>;
  relations: string[];
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Normalised content of a model, restricted to the network objects `keep` accepts (with what hangs on them). */
export function snapshot(m: Model, keep: (id: string) => boolean = () => true): Snapshot {
  const s: Snapshot = { objects: {}, paths: {}, instances: {}, values: {}, relations: [] };
  for (const [id, o] of pentries(m.networkObjects)) {
    if (!keep(id)) continue;
    if (o.node) s.objects[id] = { node: o.node.geometry.coordinates, scenarioId: o.scenarioId ?? null };
    else if (o.edge) {
      const e = o.edge;
      s.objects[id] = { coords: e.geometry.coordinates, from: e.fromNodeId, to: e.toNodeId, twoWay: !!e.twoWay, length: e.length === undefined ? null : round2(e.length), scenarioId: o.scenarioId ?? null };
    } else {
      s.objects[id] = { path: true, scenarioId: o.scenarioId ?? null };
      s.paths[id] = [...pathEdgesOfPath(m, id)];
    }
  }
  const pe = new Map([...pentries(m.pathEdges)]);
  for (const id of Object.keys(s.paths)) s.paths[id] = s.paths[id].map((k) => { const p = pe.get(k)!; return `${p.id}:${p.edgeId}:${p.startNodeId}`; });
  const inst = new Set<string>();
  for (const [id, i] of pentries(m.objectInstances)) {
    if (!keep(i.networkObjectId)) continue;
    inst.add(id);
    s.instances[id] = { objectTypeId: i.objectTypeId, networkObjectId: i.networkObjectId };
  }
  for (const [k, v] of pentries(m.attributeValues)) if (inst.has(v.objectInstanceId)) s.values[k] = v.value;
  for (const [k, r] of pentries(m.relations)) if (inst.has(r.fromId) || inst.has(r.toId)) s.relations.push(k);
  s.relations.sort();
  return s;
}

/** Ids the server returns without includeWithoutObjectInstances: objects with instances plus what they need (end
 *  nodes of edges; edges, start nodes and end nodes of paths). */
export function withInstancesClosure(m: Model): Set<string> {
  const keep = new Set<string>();
  for (const [, i] of pentries(m.objectInstances)) keep.add(i.networkObjectId);
  const pathEdges = [...pentries(m.pathEdges)].map(([, p]) => p);
  for (const p of pathEdges) if (keep.has(p.pathId)) { keep.add(p.edgeId); keep.add(p.startNodeId); }
  for (const [id, o] of pentries(m.networkObjects)) if (o.edge && keep.has(id)) { keep.add(o.edge.fromNodeId); keep.add(o.edge.toNodeId); }
  return keep;
}

/** Differences between two snapshots, as readable lines (at most `max`). */
export function diffSnapshots(a: Snapshot, b: Snapshot, max = 20): string[] {
  const out: string[] = [];
  for (const part of ['objects', 'paths', 'instances', 'values'] as const) {
    const x = a[part] as Record<string, unknown>, y = b[part] as Record<string, unknown>;
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const l = JSON.stringify(x[k]), r = JSON.stringify(y[k]);
      if (l !== r) out.push(`${part} ${k.replace('\u0001', '/')}: engine ${l} ≠ server ${r}`);
    }
  }
  const ra = new Set(a.relations), rb = new Set(b.relations);
  for (const k of ra) if (!rb.has(k)) out.push(`relation ${k.replace(/\u0001/g, '/')} missing on the server`);
  for (const k of rb) if (!ra.has(k)) out.push(`relation ${k.replace(/\u0001/g, '/')} only on the server`);
  return out.slice(0, max);
}
