// Map feature properties and display name (spec 1 §3): names of a feature's objects joined by '/', ordered by type,
// including names from paths over an edge; objectInstances, pathObjectTypes and costObjectTypeIds.
import { describe, it, expect } from 'vitest';
import { createModel, displayName, featureProperties, type NetworkObject, type ObjectType } from 'engine';

const T = (id: number, name: string): ObjectType => ({ id, name, family: 'fttx', geometryKind: 'edge', attributeTypes: [{ name: 'name', type: 'String' }] });
const TYPES = [T(106, 'trench'), T(112, 'duct'), T(108, 'activity'), T(105, 'cable')];
const av = (objectInstanceId: string, attributeTypeName: string, value: string) => ({ objectInstanceId, attributeTypeName, value });
const objs: NetworkObject[] = [
  { id: 'a', projectId: 1, node: { geometry: { type: 'Point', coordinates: [0, 0] } } },
  { id: 'b', projectId: 1, node: { geometry: { type: 'Point', coordinates: [50, 0] } } },
  { id: 'e', projectId: 1, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[0, 0], [50, 0]] } },
    objectInstances: [
      { id: 'd', objectTypeId: 112, networkObjectId: 'e', attributeValues: [av('d', 'name', 'D-1')] },
      { id: 't', objectTypeId: 106, networkObjectId: 'e', attributeValues: [av('t', 'name', 'T-9')] },
      { id: 'act', objectTypeId: 108, networkObjectId: 'e', attributeValues: [av('act', 'cost_object_type', '112')] },
    ] },
  { id: 'p', projectId: 1, pathEdges: [{ id: 'pe', pathId: 'p', edgeId: 'e', startNodeId: 'a' }],
    objectInstances: [{ id: 'c', objectTypeId: 105, networkObjectId: 'p', attributeValues: [av('c', 'name', 'CAB-A')] }] },
];

describe('feature properties (spec 1 §3)', () => {
  const m = createModel({ networkObjects: objs, objectTypes: TYPES });
  it("display name: the objects' names by type, with the names of paths over the edge, joined by '/'", () => {
    expect(displayName(m, 'e')).toBe('CAB-A/T-9/D-1'); // cable 105, trench 106, duct 112 (the activity has no name)
    expect(displayName(m, 'a')).toBe('');
    expect(displayName(m, 'p')).toBe('CAB-A');
  });
  it('lists the instances, the object types of paths over the edge and the cost object types of its activities', () => {
    expect(featureProperties(m, 'e')).toEqual({
      id: 'e', name: 'CAB-A/T-9/D-1',
      objectInstances: [{ id: 'act', objectTypeId: 108 }, { id: 'd', objectTypeId: 112 }, { id: 't', objectTypeId: 106 }],
      pathObjectTypes: [105], costObjectTypeIds: [112],
    });
    expect(featureProperties(m, 'b')).toEqual({ id: 'b', name: '', objectInstances: [], pathObjectTypes: [], costObjectTypeIds: [] });
  });
});
