// What the feature-info card shows (spec 2 §2, §3; spec 1 §3): for the network objects at a clicked location, one
// entry per object instance (or per bare node/edge), with its display name, layer name and attribute rows.
import type { AttributeType, Id, ObjectType } from 'engine/types';
import { getInstance, getObject, instancesOf, kindOf, valuesOf, type Model } from 'engine/model';
import { CATALOGUE } from 'layers';

export interface InfoEntry {
  key: string;
  networkObjectId: Id;
  kind: 'node' | 'edge' | 'path';
  instanceId: Id | null;
  objectType: ObjectType | null;
  /** Layer of the object type in the catalogue (null: fall back to the type or kind name). */
  layerName: string | null;
  displayName: string;
  values: Record<string, string | null>;
}

/** Attribute names never shown or edited in the generic editor (protected properties). */
export const PROTECTED_ATTRIBUTES = new Set(['id', 'uuid', 'projectId', 'networkObjectId', 'objectInstanceId']);

export function layerNameForType(typeName: string | undefined): string | null {
  if (!typeName) return null;
  return CATALOGUE.find((l) => l.objectTypes.includes(typeName))?.name ?? null;
}

/** Display name of an instance: the type name, plus ': ' and the value of its attribute called name when present. */
export function instanceDisplayName(typeName: string, values: Record<string, string | null>): string {
  const name = values.name ?? values.Name;
  return name ? `${typeName}: ${name}` : typeName;
}

export function infoEntries(m: Model, ids: readonly Id[]): InfoEntry[] {
  const out: InfoEntry[] = [];
  for (const id of ids) {
    const o = getObject(m, id);
    if (!o) continue;
    const kind = kindOf(o);
    const iids = instancesOf(m, id);
    if (!iids.length) {
      out.push({ key: id, networkObjectId: id, kind, instanceId: null, objectType: null, layerName: null, displayName: kind, values: {} });
      continue;
    }
    for (const iid of iids) {
      const inst = getInstance(m, iid);
      if (!inst) continue;
      const type = m.schema.objectTypes[inst.objectTypeId] ?? null;
      const values: Record<string, string | null> = {};
      for (const v of valuesOf(m, iid)) values[v.attributeTypeName] = v.value;
      const typeName = type?.name ?? `#${inst.objectTypeId}`;
      out.push({ key: iid, networkObjectId: id, kind, instanceId: iid, objectType: type, layerName: layerNameForType(type?.name), displayName: instanceDisplayName(typeName, values), values });
    }
  }
  return out;
}

/** Attribute types the editor shows: not hidden, not protected. */
export function visibleAttributes(type: ObjectType | null): AttributeType[] {
  return (type?.attributeTypes ?? []).filter((a) => !a.hidden && !PROTECTED_ATTRIBUTES.has(a.name));
}
