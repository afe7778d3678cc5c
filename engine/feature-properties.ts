// Map feature properties and display name (spec 1 §3): "Map feature properties: id, name, objectInstances,
// pathObjectTypes, costObjectTypeIds. Display name of a feature: the names of its objects joined by '/', ordered by
// type, including names coming from paths over an edge." Reads only the object's instances, the paths over it and their
// instances: O(instances + paths over the edge), never the network.
import type { Id } from './types';
import { getInstance, getPathEdge, getValue, instancesOf, pathEdgesOfEdge, valuesOf, type Model } from './model';

export interface FeatureProperties {
  id: Id;
  /** Display name ('' when no object has a name). */
  name: string;
  /** The object's own instances: id and object type. */
  objectInstances: { id: Id; objectTypeId: number }[];
  /** Object types of the instances of the paths (cables) over an edge, ascending, once each. */
  pathObjectTypes: number[];
  /** Cost object types of the object's activity instances (their cost_object_type attribute), ascending, once each. */
  costObjectTypeIds: number[];
}

const NAME = 'name';
const COST = /^cost_?object_?type(_?id)?$/i;

/** The paths whose path edges go over the edge (each once, in path-edge order). */
function pathsOver(m: Model, edgeId: Id): Id[] {
  const out = new Set<Id>();
  for (const pe of pathEdgesOfEdge(m, edgeId)) { const p = getPathEdge(m, pe); if (p) out.add(p.pathId); }
  return [...out];
}

/** [object type id, name] of each named instance of the objects. */
function named(m: Model, objectIds: readonly Id[]): [number, string][] {
  const out: [number, string][] = [];
  for (const oid of objectIds) {
    for (const iid of instancesOf(m, oid)) {
      const inst = getInstance(m, iid);
      const name = getValue(m, iid, NAME)?.value;
      if (inst && name) out.push([inst.objectTypeId, name]);
    }
  }
  return out;
}

/** The names of the object's instances and of the paths over it, ordered by type (then name), joined by '/'. */
export function displayName(m: Model, id: Id): string {
  const names = named(m, [id, ...pathsOver(m, id)]).sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return [...new Set(names.map(([, n]) => n))].join('/');
}

export function featureProperties(m: Model, id: Id): FeatureProperties {
  const objectInstances = instancesOf(m, id).map((iid) => ({ id: iid, objectTypeId: getInstance(m, iid)!.objectTypeId }));
  const pathTypes = new Set<number>();
  for (const p of pathsOver(m, id)) for (const iid of instancesOf(m, p)) { const i = getInstance(m, iid); if (i) pathTypes.add(i.objectTypeId); }
  const costs = new Set<number>();
  for (const { id: iid } of objectInstances) {
    for (const v of valuesOf(m, iid)) {
      const n = Number(v.value);
      if (COST.test(v.attributeTypeName) && v.value !== null && v.value !== '' && Number.isFinite(n)) costs.add(n);
    }
  }
  return {
    id, name: displayName(m, id), objectInstances,
    pathObjectTypes: [...pathTypes].sort((a, b) => a - b), costObjectTypeIds: [...costs].sort((a, b) => a - b),
  };
}
