// A small network with two ways between S (0, 0) and T (20, 0) for the route panel tests: a short asphalt way over M
// (20 m at 120 €/m with SETTINGS) and a long sand way over A and B (40 m at 5 €/m). At y ≈ 0 (the equator in
// EPSG:3857) ground metres equal map units.
import type { NetworkObject, ObjectType, Position } from 'engine/types';

export const TYPES: ObjectType[] = [
  { id: 1, name: 'trench', family: 'zpi', geometryKind: 'edge', attributeTypes: [{ name: 'surface', type: 'String' }] },
  { id: 3, name: 'technical_path', family: 'zpi', geometryKind: 'path', attributeTypes: [] },
  { id: 2, name: 'cable', family: 'zpi', geometryKind: 'path', attributeTypes: [] },
];
const node = (id: string, x: number, y: number): NetworkObject => ({ id, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, y] } } });
const edge = (id: string, a: string, b: string, c: Position[], surface: string): NetworkObject => ({
  id, projectId: 1, edge: { fromNodeId: a, toNodeId: b, geometry: { type: 'LineString', coordinates: c } },
  objectInstances: [{ id: `i-${id}`, objectTypeId: 1, networkObjectId: id, attributeValues: [{ objectInstanceId: `i-${id}`, attributeTypeName: 'surface', value: surface }] }],
});
// at y ≈ 0 (the equator in EPSG:3857) ground metres equal map units
export const OBJS: NetworkObject[] = [
  node('S', 0, 0), node('M', 10, 0), node('T', 20, 0), node('A', 0, 10), node('B', 20, 10),
  edge('sm', 'S', 'M', [[0, 0], [10, 0]], 'asphalt'), edge('mt', 'M', 'T', [[10, 0], [20, 0]], 'asphalt'),
  edge('sa', 'S', 'A', [[0, 0], [0, 10]], 'sand'), edge('ab', 'A', 'B', [[0, 10], [20, 10]], 'sand'), edge('bt', 'B', 'T', [[20, 10], [20, 0]], 'sand'),
];
export const SETTINGS = {
  trenchCosts: {
    surface_asphalt: { cost: 120, method: '=', priority: 1, active: true },
    surface_sand: { cost: 5, method: '=', priority: 1, active: true },
  },
};
