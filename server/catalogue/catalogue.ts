// The object-type catalogue of a project family (general types plus the family's own): object types with their
// attribute types, and object relation types, in the wire shapes of engine/types.ts. Reference data from the
// migrations, cached per process; plus the check of an attribute value against its attribute type.
import type { AttributeKind, AttributeType, ObjectRelationType, ObjectType, RelationKind } from '../../engine/types';
import type { Queryable } from '../db/db';

export interface Catalogue {
  objectTypes: Map<number, ObjectType>;
  attributeTypes: Map<number, Map<string, AttributeType>>;
  relationTypes: Map<string, ObjectRelationType>;
}

const cache = new Map<string, Promise<Catalogue>>();

export function familiesOf(family: string): string[] {
  return family === 'general' ? ['general'] : ['general', family];
}

export function catalogueFor(q: Queryable, family: string): Promise<Catalogue> {
  let hit = cache.get(family);
  if (!hit) {
    hit = loadCatalogue(q, family);
    cache.set(family, hit);
    hit.catch(() => cache.delete(family));
  }
  return hit;
}

interface AttrRow {
  object_type_id: number; name: string; alias: string | null; description: string | null; type: AttributeKind;
  required: boolean; default_value: string | null; allowed_values: string[] | null; hidden: boolean; disabled: boolean; hint: string | null;
}

async function loadCatalogue(q: Queryable, family: string): Promise<Catalogue> {
  const fams = familiesOf(family);
  const types = await q.query<{ id: number; name: string; family: string; object_type_category_id: number; geometry_kind: ObjectType['geometryKind'] }>(
    'SELECT id, name, family, object_type_category_id, geometry_kind FROM object_type WHERE family = ANY($1::text[]) ORDER BY id', [fams]);
  const attrs = await q.query<AttrRow>(
    `SELECT a.* FROM attribute_type a JOIN object_type o ON o.id = a.object_type_id
      WHERE o.family = ANY($1::text[]) ORDER BY a.object_type_id, a.sort, a.name`, [fams]);
  const rels = await q.query<{ name: string; from_object_type_id: number; to_object_type_id: number; relation_type: RelationKind;
    from_multiplicity: number; to_multiplicity: number; cascading_delete: boolean }>(
    'SELECT * FROM object_relation_type WHERE family = ANY($1::text[]) ORDER BY name', [fams]);
  const attributeTypes = new Map<number, Map<string, AttributeType>>();
  for (const a of attrs.rows) {
    let m = attributeTypes.get(a.object_type_id);
    if (!m) attributeTypes.set(a.object_type_id, (m = new Map()));
    m.set(a.name, {
      name: a.name, alias: a.alias ?? undefined, description: a.description ?? undefined, type: a.type, required: a.required,
      defaultValue: a.default_value, allowedValues: a.allowed_values ?? undefined, hidden: a.hidden, disabled: a.disabled,
      hint: a.hint ?? undefined,
    });
  }
  const objectTypes = new Map<number, ObjectType>();
  for (const t of types.rows) {
    objectTypes.set(t.id, {
      id: t.id, name: t.name, objectTypeCategoryId: t.object_type_category_id, geometryKind: t.geometry_kind, family: t.family,
      attributeTypes: [...(attributeTypes.get(t.id)?.values() ?? [])],
    });
  }
  const relationTypes = new Map<string, ObjectRelationType>();
  for (const r of rels.rows) {
    relationTypes.set(r.name, {
      name: r.name, fromObjectTypeId: r.from_object_type_id, toObjectTypeId: r.to_object_type_id, relationType: r.relation_type,
      fromMultiplicity: r.from_multiplicity, toMultiplicity: r.to_multiplicity, cascadingDelete: r.cascading_delete,
    });
  }
  return { objectTypes, attributeTypes, relationTypes };
}

/** Why `value` does not fit the attribute type, or null when it does (null is always allowed). */
export function valueProblem(t: AttributeType, value: string | null): string | null {
  if (value === null) return null;
  switch (t.type) {
    case 'Integer': return /^-?\d+$/.test(value.trim()) ? null : `must be an integer`;
    case 'Float': return value.trim() !== '' && Number.isFinite(Number(value)) ? null : `must be a number`;
    case 'Boolean': return value === 'true' || value === 'false' ? null : `must be 'true' or 'false'`;
    case 'List': return !t.allowedValues?.length || t.allowedValues.includes(value) ? null : `must be one of ${t.allowedValues.join(', ')}`;
    default: return null;
  }
}
