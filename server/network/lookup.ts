// Set look-ups the batches use to check references against what is already stored (one query per kind of id).
import type { Queryable } from '../db/db';
import type { NetworkObjectKind } from '../../engine/types';

export interface StoredObject { id: string; kind: NetworkObjectKind; from_node_id: string | null; to_node_id: string | null }

export async function storedObjects(q: Queryable, projectId: number, ids: string[]): Promise<Map<string, StoredObject>> {
  if (!ids.length) return new Map();
  const r = await q.query<StoredObject>(
    'SELECT id, kind, from_node_id, to_node_id FROM network_object WHERE project_id = $1 AND id = ANY($2::text[])',
    [projectId, [...new Set(ids)]]);
  return new Map(r.rows.map((x) => [x.id, x]));
}

export async function storedIds(q: Queryable, table: 'path_edge' | 'object_instance', projectId: number, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const r = await q.query<{ id: string }>(`SELECT id FROM ${table} WHERE project_id = $1 AND id = ANY($2::text[])`,
    [projectId, [...new Set(ids)]]);
  return new Set(r.rows.map((x) => x.id));
}

export interface StoredInstance { id: string; object_type_id: number; network_object_id: string }

export async function storedInstances(q: Queryable, projectId: number, ids: string[]): Promise<Map<string, StoredInstance>> {
  if (!ids.length) return new Map();
  const r = await q.query<StoredInstance>(
    'SELECT id, object_type_id, network_object_id FROM object_instance WHERE project_id = $1 AND id = ANY($2::text[])',
    [projectId, [...new Set(ids)]]);
  return new Map(r.rows.map((x) => [x.id, x]));
}
