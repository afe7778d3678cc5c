// Graph integrity (spec 3 §4, §5): duplicate ids, self-loops, endpoints, traversable paths, unique path edge ids,
// relations to existing instances — each issue names the offending id.
import { describe, it, expect } from 'vitest';
import { checkIntegrity, createModel, type NetworkObject } from 'engine';
import { ascii } from './ascii';

//  A----B----C
const net = () => ascii('A----B----C');
const codes = (objs: NetworkObject[], extra = {}) => checkIntegrity({ networkObjects: objs, ...extra }).map((i) => `${i.code}:${i.id}`);

describe('checkIntegrity', () => {
  it('passes a consistent network', () => expect(codes(net())).toEqual([]));
  it('no duplicate node or edge ids', () => expect(codes([...net(), net()[0]])).toEqual(['duplicate id:A']));
  it('no self-loop edges', () => {
    const o = net(); o.push({ id: 'L', projectId: 1, edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, fromNodeId: 'A', toNodeId: 'A' } });
    expect(codes(o)).toEqual(['self-loop edge:L']);
  });
  it('both endpoints must exist', () => expect(codes(net().filter((o) => o.id !== 'C'))).toEqual(['missing endpoint:BC']));
  it('a path must be traversable edge by edge', () => {
    const path: NetworkObject = { id: 'P', projectId: 1, pathEdges: [
      { id: 'p1', pathId: 'P', edgeId: 'AB', startNodeId: 'A' }, { id: 'p2', pathId: 'P', edgeId: 'BC', startNodeId: 'C' }] };
    expect(codes([...net(), path])).toEqual(['path not traversable:P']);
    path.pathEdges![1].startNodeId = 'B';
    expect(codes([...net(), path])).toEqual([]);
  });
  it('path edge ids are unique', () => {
    const path: NetworkObject = { id: 'P', projectId: 1, pathEdges: [{ id: 'p1', pathId: 'P', edgeId: 'AB', startNodeId: 'A' }] };
    expect(codes([...net(), path], { pathEdges: [{ id: 'p1', pathId: 'P', edgeId: 'AB', startNodeId: 'A' }] })).toContain('duplicate path edge id:p1');
  });
  it('relations reference existing instances', () => {
    const m = createModel({ networkObjects: net(), objectInstances: [{ id: 'i1', objectTypeId: 1, networkObjectId: 'A' }], relations: [{ fromId: 'i1', toId: 'ghost', objectRelationTypeName: 'r' }] });
    expect(checkIntegrity(m).map((i) => `${i.code}:${i.id}`)).toEqual(['relation to missing instance:ghost']);
  });
});
