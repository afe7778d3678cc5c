// Object instances and attribute values (spec 1 §3): the batch calls for POST/PUT/DELETE of instances and PATCH of
// attribute values. Instances must sit on an existing network object and have an object type of the project's
// catalogue; attribute values must name an attribute type of the instance's object type and fit its kind.
import type { AttributeValue, ObjectInstance, Relation } from '../../engine/types';
import type { Queryable } from '../db/db';
import { catalogueFor, valueProblem, type Catalogue } from '../catalogue/catalogue';
import { badItem, firstDuplicate, integrity, unknownId } from './errors';
import { storedIds, storedInstances, storedObjects } from './lookup';
import { createRelations } from './relations';

function checkType(cat: Catalogue, inst: Pick<ObjectInstance, 'id' | 'objectTypeId'>): void {
  if (!cat.objectTypes.has(inst.objectTypeId)) {
    badItem('unknown_object_type', `Object instance ${inst.id}: object type ${inst.objectTypeId} does not exist in this project's catalogue.`);
  }
}

function checkValue(cat: Catalogue, objectTypeId: number, v: AttributeValue): void {
  const t = cat.attributeTypes.get(objectTypeId)?.get(v.attributeTypeName);
  if (!t) {
    badItem('unknown_attribute_type', `Attribute ${v.attributeTypeName} does not exist for object type ${objectTypeId} (object instance ${v.objectInstanceId}).`);
  }
  const why = valueProblem(t, v.value);
  if (why) badItem('invalid_attribute_value', `Attribute ${v.attributeTypeName} of object instance ${v.objectInstanceId} ${why}.`);
}

async function upsertValues(q: Queryable, projectId: number, values: AttributeValue[]): Promise<void> {
  if (!values.length) return;
  const last = new Map<string, AttributeValue>();
  for (const v of values) last.set(`${v.objectInstanceId}\u0000${v.attributeTypeName}`, v);
  const vs = [...last.values()];
  await q.query(
    `INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value)
     SELECT $1, t.i, t.n, t.v FROM unnest($2::text[], $3::text[], $4::text[]) AS t(i, n, v)
     ON CONFLICT (project_id, object_instance_id, attribute_type_name) DO UPDATE SET value = EXCLUDED.value`,
    [projectId, vs.map((v) => v.objectInstanceId), vs.map((v) => v.attributeTypeName), vs.map((v) => v.value)]);
}

export async function createInstances(q: Queryable, projectId: number, family: string, items: ObjectInstance[]): Promise<void> {
  if (!items.length) return;
  const cat = await catalogueFor(q, family);
  const dup = firstDuplicate(items.map((i) => i.id));
  if (dup) integrity('duplicate_id', `Object instance ${dup} occurs twice in the batch.`);
  const exists = await storedIds(q, 'object_instance', projectId, items.map((i) => i.id));
  const taken = items.find((i) => exists.has(i.id));
  if (taken) integrity('duplicate_id', `Object instance ${taken.id} already exists.`);
  const objs = await storedObjects(q, projectId, items.map((i) => i.networkObjectId));
  const values: AttributeValue[] = [];
  const relations: Relation[] = [];
  for (const i of items) {
    checkType(cat, i);
    if (!objs.has(i.networkObjectId)) {
      integrity('missing_reference', `Object instance ${i.id} refers to network object ${i.networkObjectId}, which does not exist.`);
    }
    for (const v of i.attributeValues ?? []) {
      if (v.objectInstanceId !== i.id) badItem('instance_mismatch', `Attribute value ${v.attributeTypeName} of object instance ${i.id} names object instance ${v.objectInstanceId}.`);
      checkValue(cat, i.objectTypeId, v);
      values.push(v);
    }
    relations.push(...(i.relationSources ?? []), ...(i.relationTargets ?? []));
  }
  await q.query(
    `INSERT INTO object_instance (project_id, id, object_type_id, network_object_id)
     SELECT $1, t.id, t.ot, t.no FROM unnest($2::text[], $3::int[], $4::text[]) AS t(id, ot, no)`,
    [projectId, items.map((i) => i.id), items.map((i) => i.objectTypeId), items.map((i) => i.networkObjectId)]);
  await upsertValues(q, projectId, values);
  if (relations.length) {
    const seen = new Set<string>();
    const uniq = relations.filter((r) => {
      const k = `${r.fromId}\u0000${r.toId}\u0000${r.objectRelationTypeName}`;
      return seen.has(k) ? false : (seen.add(k), true);
    });
    await createRelations(q, projectId, family, uniq);
  }
}

/** Edits instances without their attribute values: object type and network object. */
export async function updateInstances(q: Queryable, projectId: number, family: string, items: ObjectInstance[]): Promise<void> {
  const cat = await catalogueFor(q, family);
  const dup = firstDuplicate(items.map((i) => i.id));
  if (dup) badItem('duplicate_id', `Object instance ${dup} occurs twice in the batch.`);
  const stored = await storedInstances(q, projectId, items.map((i) => i.id));
  const missing = items.find((i) => !stored.has(i.id));
  if (missing) unknownId('Object instance', missing.id);
  const objs = await storedObjects(q, projectId, items.map((i) => i.networkObjectId));
  for (const i of items) {
    checkType(cat, i);
    if (!objs.has(i.networkObjectId)) {
      integrity('missing_reference', `Object instance ${i.id} refers to network object ${i.networkObjectId}, which does not exist.`);
    }
  }
  await q.query(
    `UPDATE object_instance o SET object_type_id = t.ot, network_object_id = t.no
       FROM unnest($2::text[], $3::int[], $4::text[]) AS t(id, ot, no) WHERE o.project_id = $1 AND o.id = t.id`,
    [projectId, items.map((i) => i.id), items.map((i) => i.objectTypeId), items.map((i) => i.networkObjectId)]);
}

export async function deleteInstances(q: Queryable, projectId: number, ids: string[]): Promise<number> {
  const dup = firstDuplicate(ids);
  if (dup) badItem('duplicate_id', `Object instance ${dup} occurs twice in the batch.`);
  const exists = await storedIds(q, 'object_instance', projectId, ids);
  const missing = ids.find((id) => !exists.has(id));
  if (missing) unknownId('Object instance', missing);
  const r = await q.query('DELETE FROM object_instance WHERE project_id = $1 AND id = ANY($2::text[])', [projectId, ids]);
  return r.rowCount;
}

export async function patchAttributeValues(q: Queryable, projectId: number, family: string, values: AttributeValue[]): Promise<void> {
  const cat = await catalogueFor(q, family);
  const stored = await storedInstances(q, projectId, values.map((v) => v.objectInstanceId));
  for (const v of values) {
    const inst = stored.get(v.objectInstanceId);
    if (!inst) unknownId('Object instance', v.objectInstanceId);
    checkValue(cat, inst.object_type_id, v);
  }
  await upsertValues(q, projectId, values);
}
