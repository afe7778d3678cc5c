// Map feature properties and display name (spec 1 §3): names of a feature's objects joined by '/', ordered by type,
// including names from paths over an edge; objectInstances, pathObjectTypes and costObjectTypeIds.
import { describe, it, expect } from 'vitest';
import { Editor, createModel, displayName, featureProperties, type NetworkObject, type ObjectType } from 'engine';

const T = (id: number, name: string): ObjectType => ({ id, name, family: 'fttx', geometryKind: 'edge', attributeTypes: [{ name: 'name', type: 'String' }] });
const TYPES = [T(106, 'trench'), T(112, 'duct'), T(108, 'activity'), T(105, 'cable'), T(109, 'microduct')];
const av = (objectInstanceId: string, attributeTypeName: string, value: string) => ({ objectInstanceId, attributeTypeName, value });
const node = (id: string, x: number): NetworkObject => ({ id, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 0] } } });
const objs: NetworkObject[] = [
  node('a', 0), node('b', 50), node('c', 100),
  { id: 'e', projectId: 1, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[0, 0], [50, 0]] } },
    objectInstances: [
      { id: 'd', objectTypeId: 112, networkObjectId: 'e', attributeValues: [av('d', 'name', 'D-1')] },
      { id: 't', objectTypeId: 106, networkObjectId: 'e', attributeValues: [av('t', 'name', 'T-9')] },
      { id: 'act', objectTypeId: 108, networkObjectId: 'e', attributeValues: [av('act', 'cost_object_type', '112')] },
    ] },
  { id: 'f', projectId: 1, edge: { fromNodeId: 'b', toNodeId: 'c', geometry: { type: 'LineString', coordinates: [[50, 0], [100, 0]] } } },
  { id: 'p', projectId: 1, pathEdges: [{ id: 'pe', pathId: 'p', edgeId: 'e', startNodeId: 'a' }],
    objectInstances: [{ id: 'cab', objectTypeId: 105, networkObjectId: 'p', attributeValues: [av('cab', 'name', 'CAB-A')] }] },
];

describe('feature properties (spec 1 §3)', () => {
  const m = createModel({ networkObjects: objs, objectTypes: TYPES });

  it("display name: the objects' names by type, with the names of paths over the edge, joined by '/'", () => {
    expect(displayName(m, 'e')).toBe('CAB-A/T-9/D-1'); // cable 105, trench 106, duct 112 (the activity has no name)
    expect(displayName(m, 'a')).toBe('');
    expect(displayName(m, 'f')).toBe(''); // no instances, no paths
    expect(displayName(m, 'p')).toBe('CAB-A');
    expect(displayName(m, 'nope')).toBe('');
  });

  it('lists the instances, the object types of paths over the edge and the cost object types of its activities', () => {
    expect(featureProperties(m, 'e')).toEqual({
      id: 'e', name: 'CAB-A/T-9/D-1',
      objectInstances: [{ id: 'act', objectTypeId: 108 }, { id: 'd', objectTypeId: 112 }, { id: 't', objectTypeId: 106 }],
      pathObjectTypes: [105], costObjectTypeIds: [112],
    });
    expect(featureProperties(m, 'b')).toEqual({ id: 'b', name: '', objectInstances: [], pathObjectTypes: [], costObjectTypeIds: [] });
  });

  it('an unknown object has no feature properties', () => {
    expect(featureProperties(m, 'nope')).toBeNull();
  });

  it('names of one type go by name; empty names are skipped; a name shared by several objects appears once', () => {
    const m2 = createModel({
      objectTypes: TYPES,
      networkObjects: [
        node('a', 0), node('b', 50),
        { id: 'e', projectId: 1, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[0, 0], [50, 0]] } },
          objectInstances: [
            { id: 'm2', objectTypeId: 109, networkObjectId: 'e', attributeValues: [av('m2', 'name', 'MD-2')] },
            { id: 'm1', objectTypeId: 109, networkObjectId: 'e', attributeValues: [av('m1', 'name', 'MD-1')] },
            { id: 'blank', objectTypeId: 106, networkObjectId: 'e', attributeValues: [av('blank', 'name', '  ')] },
            { id: 'act', objectTypeId: 108, networkObjectId: 'e', attributeValues: [av('act', 'costObjectTypeId', '109'), av('act', 'name', '')] },
            { id: 'act2', objectTypeId: 108, networkObjectId: 'e', attributeValues: [av('act2', 'COST_OBJECT_TYPE', 'duct')] },
            { id: 'act3', objectTypeId: 108, networkObjectId: 'e', attributeValues: [av('act3', 'cost_object_type', '112')] },
          ] },
        // two cables of the same name over the edge, one of them passing it twice
        { id: 'p1', projectId: 1, pathEdges: [{ id: 'q1', pathId: 'p1', edgeId: 'e', startNodeId: 'a' }, { id: 'q2', pathId: 'p1', edgeId: 'e', startNodeId: 'b' }],
          objectInstances: [{ id: 'c1', objectTypeId: 105, networkObjectId: 'p1', attributeValues: [av('c1', 'name', 'CAB')] }] },
        { id: 'p2', projectId: 1, pathEdges: [{ id: 'q3', pathId: 'p2', edgeId: 'e', startNodeId: 'a' }],
          objectInstances: [{ id: 'c2', objectTypeId: 105, networkObjectId: 'p2', attributeValues: [av('c2', 'name', 'CAB')] }] },
      ],
    });
    expect(displayName(m2, 'e')).toBe('CAB/MD-1/MD-2');
    const f = featureProperties(m2, 'e')!;
    expect(f.name).toBe('CAB/MD-1/MD-2');
    expect(f.pathObjectTypes).toEqual([105]);
    expect(f.costObjectTypeIds).toEqual([109, 112]); // 'duct' is not a type id
    expect(f.objectInstances.map((i) => i.id).sort()).toEqual(['act', 'act2', 'act3', 'blank', 'm1', 'm2']);
  });

  it('follows edits: renaming the cable over the edge renames the edge', () => {
    let n = 0;
    const ed = new Editor(m, { newId: () => `n${++n}`, projectId: 1 });
    const r = ed.apply({ type: 'editAttributes', instanceId: 'cab', values: { name: 'CAB-Z' } });
    expect(r.rejected).toBeNull();
    expect(displayName(ed.model, 'e')).toBe('CAB-Z/T-9/D-1');
    expect(featureProperties(ed.model, 'p')!.name).toBe('CAB-Z');
    expect(displayName(m, 'e')).toBe('CAB-A/T-9/D-1'); // the earlier model is unchanged
  });
});
