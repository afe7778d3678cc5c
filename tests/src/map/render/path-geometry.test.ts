// Cables on the map: a path is drawn along its edges in path order (each edge turned to run on from the current node),
// gets the server's cable kind from its end nodes, and is drawn by the one cable layer of that kind.
import { describe, expect, it } from 'vitest';
import { createModel } from 'engine/model';
import type { NetworkObject, ObjectType } from 'engine/types';
import { cableKind, pathLine } from '../../../../src/map/render/path-geometry';
import { modelSource } from '../../../../src/map/render/model-source';
import { catalogueStyle } from '../../../../src/map/render/catalogue-style';
import { NetworkChunks } from '../../../../src/map/render/network-chunks';
import { EditSession } from '../../../../src/map/edit-session';
import { CATALOGUE } from 'layers';

const TYPES: ObjectType[] = [
  { id: 1, name: 'access_point', family: 'fttx', geometryKind: 'node', attributeTypes: [] },
  { id: 2, name: 'splicebox', family: 'fttx', geometryKind: 'node', attributeTypes: [] },
  { id: 3, name: 'customer_connection', family: 'fttx', geometryKind: 'node', attributeTypes: [] },
  { id: 4, name: 'cable', family: 'fttx', geometryKind: 'path', attributeTypes: [] },
];
const node = (id: string, x: number, t?: number): NetworkObject => ({ id, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 0] } }, objectInstances: t ? [{ id: `i-${id}`, objectTypeId: t, networkObjectId: id }] : [] });
const edge = (id: string, a: string, b: string, xa: number, xb: number): NetworkObject => ({ id, projectId: 1, edge: { fromNodeId: a, toNodeId: b, geometry: { type: 'LineString', coordinates: [[xa, 0], [(xa + xb) / 2, 5], [xb, 0]] } } });
/** ap (0) — dp (100) — ka (200); e2 is stored from c to b (against the path's direction). */
function objs(): NetworkObject[] {
  return [
    node('a', 0, 1), node('b', 100, 2), node('c', 200, 3), edge('e1', 'a', 'b', 0, 100), edge('e2', 'c', 'b', 200, 100),
    { id: 'P', projectId: 1, pathEdges: [{ id: 'p1', pathId: 'P', edgeId: 'e1', startNodeId: 'a' }, { id: 'p2', pathId: 'P', edgeId: 'e2', startNodeId: 'b' }], objectInstances: [{ id: 'cab', objectTypeId: 4, networkObjectId: 'P' }] },
    { id: 'Q', projectId: 1, pathEdges: [{ id: 'q1', pathId: 'Q', edgeId: 'e1', startNodeId: 'a' }], objectInstances: [{ id: 'cab2', objectTypeId: 4, networkObjectId: 'Q' }] },
  ];
}

describe('paths on the map', () => {
  it('chains the edges of a path in order from its start node, shared points once', () => {
    const m = createModel({ networkObjects: objs(), objectTypes: TYPES });
    expect(pathLine(m, 'P')).toEqual({ coords: [[0, 0], [50, 5], [100, 0], [150, 5], [200, 0]], start: 'a', end: 'c' });
  });

  it('derives the cable kind from the end nodes as the server does', () => {
    const m = createModel({ networkObjects: objs(), objectTypes: TYPES });
    expect(cableKind(m, 'a', 'b')).toBe('ap_to_dp');
    expect(cableKind(m, 'b', 'a')).toBe('ap_to_dp');
    expect(cableKind(m, 'a', 'c')).toBe('dp_to_ka');
    expect(cableKind(m, 'a', 'a')).toBe('ap_to_oap');
    expect(cableKind(m, 'b', 'b')).toBeNull();
  });

  it('a cable is drawn by the cable layer of its kind only, and redrawn when one of its edges moves', () => {
    const fibre = CATALOGUE.filter((e) => e.name.startsWith('cable'));
    const style = catalogueStyle(fibre, []);
    const s = new EditSession(createModel({ networkObjects: objs(), objectTypes: TYPES }), { newId: () => 'n', projectId: 1 });
    const chunks = new NetworkChunks(modelSource(() => s.model), { cellSize: 10_000, style });
    chunks.build();
    const groups = chunks.chunks().filter((c) => c.edgeIds.length).map((c) => [c.group, c.edgeIds]);
    expect(groups).toEqual(expect.arrayContaining([['cableDpToKa', ['P']], ['cableApToDp', ['Q']]]));
    const e = s.perform({ type: 'moveNode', id: 'b', to: [100, 30] });
    expect(e.ids.has('P') && e.ids.has('Q')).toBe(true);
  });
});
