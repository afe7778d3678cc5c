// Side effects of spec 1 §4 on ASCII fixtures: missing end nodes, splits (paths follow), merges, moves, zero length.
import { describe, it, expect } from 'vitest';
import { Editor, checkIntegrity, getObject, edgesOfNode, pathEdgesOfPath, getPathEdge, instancesOf, pentries, type Model } from 'engine';
import { model, config } from './ascii';

const ok = (m: Model) => expect(checkIntegrity(m, { geometry: true })).toEqual([]);
const count = (m: Model, kind: 'node' | 'edge' | 'path') => [...pentries(m.networkObjects)].filter(([, o]) => (kind === 'node' ? !!o.node : kind === 'edge' ? !!o.edge : !o.node && !o.edge)).length;

describe('a drawn edge gets missing end nodes created', () => {
  it('creates both end nodes on empty ground', () => {
    const ed = new Editor(model('A'), config());
    const r = ed.apply({ type: 'drawEdge', coordinates: [[100, 0], [200, 0]] });
    expect(r.rejected).toBeNull();
    expect(count(r.model, 'node')).toBe(3);
    expect(count(r.model, 'edge')).toBe(1);
    ok(r.model);
  });
  it('reuses an existing node at an end (within 0.01)', () => {
    const ed = new Editor(model('A'), config());
    const r = ed.apply({ type: 'drawEdge', coordinates: [[0.004, 0], [50, 0]] });
    expect(edgesOfNode(r.model, 'A')).toHaveLength(1);
    expect(count(r.model, 'node')).toBe(2);
    ok(r.model);
  });
});

describe("creating a zero-length edge is rejected with the warning 'zero length'", () => {
  it('is not created', () => {
    const ed = new Editor(model('A'), config());
    const r = ed.apply({ type: 'drawEdge', coordinates: [[5, 5], [5.001, 5]] });
    expect(r.warnings).toEqual(['zero length']);
    expect(r.historyItem).toBeNull();
    expect(count(r.model, 'edge')).toBe(0);
  });
});

describe('a node placed on an edge splits the edge (paths follow)', () => {
  //   A----------B
  const art = 'A----------B';
  it('splits AB in two at the node', () => {
    const ed = new Editor(model(art), config());
    const r = ed.apply({ type: 'drawNode', coordinates: [40, 0] });
    expect(count(r.model, 'edge')).toBe(2);
    expect(getObject(r.model, 'AB')!.edge!.geometry.coordinates).toEqual([[0, 0], [40, 0]]);
    ok(r.model);
  });
  it('re-points the path edges to both halves, in order, in both directions', () => {
    //  A---B---C  with a path C→B→A
    const ed = new Editor(model('A----B----C'), config());
    ed.apply({ type: 'createPath', edgeIds: ['BC', 'AB'], startNodeId: 'C' });
    const pathId = 'x1';
    const r = ed.apply({ type: 'drawNode', coordinates: [20, 0] }); // on AB
    const steps = pathEdgesOfPath(r.model, pathId).map((id) => getPathEdge(r.model, id)!);
    expect(steps).toHaveLength(3);
    const nodes = steps.map((s) => s.startNodeId);
    expect(nodes[0]).toBe('C');
    expect(nodes[1]).toBe('B');
    expect(getObject(r.model, steps[2].startNodeId)!.node!.geometry.coordinates).toEqual([20, 0]);
    ok(r.model);
  });
  it('the new half carries copies of the edge instances', () => {
    const ed = new Editor(model('A----------B', { objectInstances: [{ id: 't', objectTypeId: 1, networkObjectId: 'AB' }] }), config());
    const r = ed.apply({ type: 'splitEdge', id: 'AB', at: [50, 0] });
    const other = [...pentries(r.model.networkObjects)].find(([id, o]) => o.edge && id !== 'AB')![0];
    expect(instancesOf(r.model, other)).toHaveLength(1);
  });
  it('split at the head or tail splits nothing', () => {
    const ed = new Editor(model(art), config());
    expect(ed.disabled({ type: 'splitEdge', id: 'AB', at: [0, 0] })).toBe('point is at the end of the edge');
  });
});

describe('an edge drawn over existing nodes splits there', () => {
  //  A    B    C   (loose nodes) — an edge drawn from A to C passes B
  it('makes two edges A–B and B–C', () => {
    const ed = new Editor(model('A    B    C'), config());
    const r = ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [100, 0]] });
    expect(edgesOfNode(r.model, 'B')).toHaveLength(2);
    expect(count(r.model, 'edge')).toBe(2);
    ok(r.model);
  });
});

describe('duplicate nodes at the same location are merged; duplicate edges are merged', () => {
  it('moving a node onto another merges them', () => {
    //  A----B    C----D
    const ed = new Editor(model('A----B    C----D'), config());
    const r = ed.apply({ type: 'moveNode', id: 'B', to: [100.005, 0] });
    expect(getObject(r.model, 'B')).toBeUndefined();
    expect(edgesOfNode(r.model, 'C')).toEqual(['AB', 'CD']);
    ok(r.model);
  });
  it('drawing an edge over an existing one merges into the existing edge', () => {
    const ed = new Editor(model('A----B'), config());
    const r = ed.apply({ type: 'drawEdge', coordinates: [[50, 0], [0, 0]] });
    expect(count(r.model, 'edge')).toBe(1);
    expect(getObject(r.model, 'AB')).toBeDefined();
    ok(r.model);
  });
});

describe('moving a node moves the connected edge ends; an edge that becomes zero length is deleted', () => {
  //  A----B
  //       |
  //       C
  it('moves both edge ends', () => {
    const ed = new Editor(model('A----B\n     |\n     C'), config());
    const r = ed.apply({ type: 'moveNode', id: 'B', to: [60, 5] });
    expect(getObject(r.model, 'AB')!.edge!.geometry.coordinates.at(-1)).toEqual([60, 5]);
    expect(getObject(r.model, 'BC')!.edge!.geometry.coordinates[0]).toEqual([60, 5]);
    ok(r.model);
  });
  it('moving B onto A deletes the zero-length edge AB', () => {
    const ed = new Editor(model('A----B\n     |\n     C'), config());
    const r = ed.apply({ type: 'moveNode', id: 'B', to: [0, 0] });
    expect(getObject(r.model, 'AB')).toBeUndefined();
    expect(getObject(r.model, 'BC')!.edge!.fromNodeId).toBe('A');
    ok(r.model);
  });
  it('moving an edge end moves its node', () => {
    const ed = new Editor(model('A----B\n     |\n     C'), config());
    const r = ed.apply({ type: 'editEdgeGeometry', id: 'AB', coordinates: [[0, 0], [25, 5], [55, 0]] });
    expect(getObject(r.model, 'B')!.node!.geometry.coordinates).toEqual([55, 0]);
    expect(getObject(r.model, 'BC')!.edge!.geometry.coordinates[0]).toEqual([55, 0]);
    ok(r.model);
  });
});

describe('empty orphaned network objects and paths without path edges are deleted', () => {
  it('deleting an edge deletes its empty end nodes', () => {
    const ed = new Editor(model('A----B----C'), config());
    const r = ed.apply({ type: 'deleteObject', id: 'AB' });
    expect(getObject(r.model, 'A')).toBeUndefined();
    expect(getObject(r.model, 'B')).toBeDefined();
    ok(r.model);
  });
  it('a path whose only edge becomes zero length (and is deleted) is deleted', () => {
    const ed = new Editor(model('A----B----C'), config());
    ed.apply({ type: 'createPath', edgeIds: ['AB'], startNodeId: 'A' });
    expect(ed.disabled({ type: 'deleteObject', id: 'AB' })).toBe('edge is used by a path');
    const r = ed.apply({ type: 'moveNode', id: 'B', to: [0, 0] });
    expect(getObject(r.model, 'AB')).toBeUndefined();
    expect(getObject(r.model, 'x1')).toBeUndefined();
    ok(r.model);
  });
});
