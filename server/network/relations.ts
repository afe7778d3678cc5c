// Object instance relations (spec 1 §3): create (POST list) and delete (DELETE {objectInstanceRelations}). A relation
// joins two stored instances through a relation type of the project's catalogue whose from/to object types match.
import type { Relation } from '../../engine/types';
import type { Queryable } from '../db/db';
import { catalogueFor } from '../catalogue/catalogue';
import { HttpError } from '../auth/messages';
import { badItem, integrity } from './errors';
import { storedInstances } from './lookup';

const key = (r: Relation) => `${r.fromId}\u0000${r.toId}\u0000${r.objectRelationTypeName}`;
const label = (r: Relation) => `${r.objectRelationTypeName} ${r.fromId} → ${r.toId}`;

async function storedRelations(q: Queryable, projectId: number, rels: Relation[]): Promise<Set<string>> {
  if (!rels.length) return new Set();
  const r = await q.query<{ from_id: string; to_id: string; relation_type_name: string }>(
    `SELECT r.from_id, r.to_id, r.relation_type_name FROM relation r
       JOIN unnest($2::text[], $3::text[], $4::text[]) AS t(f, o, n) ON r.from_id = t.f AND r.to_id = t.o AND r.relation_type_name = t.n
      WHERE r.project_id = $1`,
    [projectId, rels.map((x) => x.fromId), rels.map((x) => x.toId), rels.map((x) => x.objectRelationTypeName)]);
  return new Set(r.rows.map((x) => key({ fromId: x.from_id, toId: x.to_id, objectRelationTypeName: x.relation_type_name })));
}

export async function createRelations(q: Queryable, projectId: number, family: string, rels: Relation[]): Promise<void> {
  if (!rels.length) return;
  const cat = await catalogueFor(q, family);
  const seen = new Set<string>();
  for (const r of rels) {
    if (seen.has(key(r))) integrity('duplicate_id', `Relation ${label(r)} occurs twice in the batch.`);
    seen.add(key(r));
  }
  const insts = await storedInstances(q, projectId, rels.flatMap((r) => [r.fromId, r.toId]));
  for (const r of rels) {
    const t = cat.relationTypes.get(r.objectRelationTypeName);
    if (!t) badItem('unknown_relation_type', `Relation type ${r.objectRelationTypeName} does not exist in this project's catalogue.`);
    const from = insts.get(r.fromId), to = insts.get(r.toId);
    if (!from) integrity('missing_reference', `Relation ${label(r)} refers to object instance ${r.fromId}, which does not exist.`);
    if (!to) integrity('missing_reference', `Relation ${label(r)} refers to object instance ${r.toId}, which does not exist.`);
    if (from.object_type_id !== t.fromObjectTypeId || to.object_type_id !== t.toObjectTypeId) {
      integrity('relation_type_mismatch', `Relation ${label(r)} joins object types ${from.object_type_id} → ${to.object_type_id}, but ${t.name} joins ${t.fromObjectTypeId} → ${t.toObjectTypeId}.`);
    }
  }
  const exists = await storedRelations(q, projectId, rels);
  const taken = rels.find((r) => exists.has(key(r)));
  if (taken) integrity('duplicate_id', `Relation ${label(taken)} already exists.`);
  await q.query(
    `INSERT INTO relation (project_id, from_id, to_id, relation_type_name)
     SELECT $1, t.f, t.o, t.n FROM unnest($2::text[], $3::text[], $4::text[]) AS t(f, o, n)`,
    [projectId, rels.map((x) => x.fromId), rels.map((x) => x.toId), rels.map((x) => x.objectRelationTypeName)]);
}

export async function deleteRelations(q: Queryable, projectId: number, rels: Relation[]): Promise<number> {
  if (!rels.length) return 0;
  const exists = await storedRelations(q, projectId, rels);
  const missing = rels.find((r) => !exists.has(key(r)));
  if (missing) throw new HttpError(404, 'not_found', `Relation ${label(missing)} does not exist.`);
  const r = await q.query(
    `DELETE FROM relation r USING unnest($2::text[], $3::text[], $4::text[]) AS t(f, o, n)
      WHERE r.project_id = $1 AND r.from_id = t.f AND r.to_id = t.o AND r.relation_type_name = t.n`,
    [projectId, rels.map((x) => x.fromId), rels.map((x) => x.toId), rels.map((x) => x.objectRelationTypeName)]);
  return r.rowCount;
}
