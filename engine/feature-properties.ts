// Map feature properties and display name (spec 1 §3): "Map feature properties: id, name, objectInstances,
// pathObjectTypes, costObjectTypeIds. Display name of a feature: the names of its objects joined by '/', ordered by
// type, including names coming from paths over an edge." Reads only the object's instances, the paths over it and their
// instances, through the model's indexes: O(instances of the object + paths over it), never a scan of the network.
import type { Id } from './types';
import { eachInstanceOf, eachPathOver } from './field-reads';
import { getObject, getValueText, instanceRowsOf, valuesOf, type Model } from './model';

export interface FeatureProperties {
  id: Id;
  /** Display name ('' when no object has a name). */
  name: string;
  /** The object's own instances, in the model's order: id and object type. */
  objectInstances: { id: Id; objectTypeId: number }[];
  /** Object types of the instances of the paths (cables) whose path edges go over the edge; ascending, once each. */
  pathObjectTypes: number[];
  /** Cost object types of the object's activity instances (their cost_object_type / costObjectTypeId attribute);
   *  ascending, once each. */
  costObjectTypeIds: number[];
}

/** The attribute holding an object's name. */
const NAME = 'name';
/** cost_object_type, costObjectType, costObjectTypeId, cost_object_type_id, in any case. */
const COST = /^cost_?object_?type(_?id)?$/i;

/** The paths whose path edges go over the edge, each once (a path may pass an edge more than once). */
function pathsOver(m: Model, edgeId: Id): Id[] {
  const out = new Set<Id>();
  eachPathOver(m, edgeId, (p) => { out.add(p); }); // field by field: a whole read's path-edge rows are not made for a label
  return [...out];
}

/** [object type id, name] of each instance of the objects that has a non-empty name. */
function namesOf(m: Model, objectIds: readonly Id[]): [number, string][] {
  const out: [number, string][] = [];
  for (const oid of objectIds) {
    eachInstanceOf(m, oid, (iid, typeId) => {
      const name = getValueText(m, iid, NAME)?.trim();
      if (name) out.push([typeId, name]);
    });
  }
  return out;
}

const byTypeThenName = (a: [number, string], b: [number, string]) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

/**
 * The names of the object's instances and (for an edge) of the instances of the paths over it, ordered by object type
 * id (then name), each name once, joined by '/'; '' when none has a name or the object is unknown.
 */
export function displayName(m: Model, id: Id): string {
  const names = namesOf(m, [id, ...pathsOver(m, id)]).sort(byTypeThenName);
  return [...new Set(names.map(([, n]) => n))].join('/');
}

const ascending = (s: Set<number>) => [...s].sort((a, b) => a - b);

/** The map feature properties of a network object; null when the model has no such object. */
export function featureProperties(m: Model, id: Id): FeatureProperties | null {
  if (!getObject(m, id)) return null;
  const objectInstances: FeatureProperties['objectInstances'] = [];
  const costs = new Set<number>();
  for (const inst of instanceRowsOf(m, id)) {
    objectInstances.push({ id: inst.id, objectTypeId: inst.objectTypeId });
    for (const v of valuesOf(m, inst.id)) {
      if (!COST.test(v.attributeTypeName) || v.value === null || v.value.trim() === '') continue;
      const n = Number(v.value);
      if (Number.isFinite(n)) costs.add(n);
    }
  }
  const pathTypes = new Set<number>();
  for (const p of pathsOver(m, id)) for (const i of instanceRowsOf(m, p)) pathTypes.add(i.objectTypeId);
  return { id, name: displayName(m, id), objectInstances, pathObjectTypes: ascending(pathTypes), costObjectTypeIds: ascending(costs) };
}
