// Graph integrity (spec 3 §4, §5): duplicate ids, self-loops, endpoints, traversable paths, unique path edge ids,
// relations to existing instances — each issue names the offending id.
import { describe, it, expect } from 'vitest';
import { checkIntegrity, createModel, getObject, type NetworkObject } from 'engine';
import { objectIssues } from '../../engine/integrity';
import { PTableWriter } from '../../engine/ptable';
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

describe('objectIssues, lists read by row number (issue 15)', () => {
  const issues = (m: ReturnType<typeof createModel>, id: string) => objectIssues(m, id, getObject(m, id)!, { nodeEdges: true }).map((i) => `${i.code}:${i.id}`);
  it("a node's listed edge whose row a local change deleted (its list not updated) is reported missing", () => {
    const m = createModel({ networkObjects: net() });
    expect(issues(m, 'B')).toEqual([]);
    const w = new PTableWriter(m.networkObjects, () => false);
    w.set('AB', undefined);
    const broken = { ...m, networkObjects: w.finish() };
    expect(issues(broken, 'B')).toEqual(['missing endpoint:AB']);
    expect(issues(broken, 'C')).toEqual([]);
  });
  it("a node whose list a local change points at an edge that has no row (the objects as loaded) reports it missing", () => {
    const m = createModel({ networkObjects: net() });
    const w = new PTableWriter(m.edgesByNode, () => false);
    w.set('C', ['BC', 'ghost']);
    const broken = { ...m, edgesByNode: w.finish() };
    expect(issues(broken, 'C')).toEqual(['missing endpoint:ghost']);
    expect(issues(broken, 'A')).toEqual([]);
  });
  it("a path's edges are walked in path order: a missing edge, then a turn back that is not traversable, each named", () => {
    const pe = (id: string, edgeId: string, startNodeId: string) => ({ id, pathId: 'P', edgeId, startNodeId });
    const path: NetworkObject = { id: 'P', projectId: 1, pathEdges: [pe('p1', 'AB', 'A'), pe('p2', 'BC', 'B'), pe('p3', 'gone', 'C'), pe('p4', 'BC', 'C'), pe('p5', 'AB', 'A')] };
    const m = createModel({ networkObjects: [...net(), path] });
    expect(objectIssues(m, 'P', getObject(m, 'P')!, {}).map((i) => i.message)).toEqual([
      'path edge p3 refers to missing edge gone', 'path P is not traversable at path edge p5']);
  });
});
