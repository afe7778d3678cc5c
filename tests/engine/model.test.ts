// Normalized model (spec 1 §3; engine/README "Model"): createModel's compact base — rows as loaded, reverse indexes
// (instances by network object, path edges by path and by edge, edges by node, relations by source and target,
// values by instance) — answers exactly like a scan of the rows, also for bad input the integrity check must see.
import { describe, it, expect } from 'vitest';
import {
  createModel, edgesOfNode, getInstance, getObject, getPathEdge, getValue, instancesOf, pathEdgesOfEdge, pathEdgesOfPath,
  pentries, relationsFrom, relationsTo, valuesOf, generateNetwork, applyActions, checkIntegrity,
  type Model, type NetworkObject,
} from 'engine';
import { ascii } from './ascii';

/** Every reverse index recomputed by a full scan of the rows, compared with the model's answer for each key. */
function expectIndexesMatchScan(m: Model): void {
  const group = (pairs: [string, string][]) => {
    const g = new Map<string, string[]>();
    for (const [k, v] of pairs) g.set(k, [...(g.get(k) ?? []), v]);
    for (const l of g.values()) l.sort();
    return g;
  };
  const objs = [...pentries(m.networkObjects)];
  const edgeEnds = objs.flatMap(([id, o]) => (o.edge ? [[o.edge.fromNodeId, id], ...(o.edge.toNodeId !== o.edge.fromNodeId ? [[o.edge.toNodeId, id]] : [])] : []) as [string, string][]);
  for (const [k, l] of group(edgeEnds)) expect([...edgesOfNode(m, k)]).toEqual(l);
  const insts = [...pentries(m.objectInstances)];
  for (const [k, l] of group(insts.map(([id, i]) => [i.networkObjectId, id]))) expect([...instancesOf(m, k)]).toEqual(l);
  const pes = [...pentries(m.pathEdges)];
  for (const [k, l] of group(pes.map(([id, p]) => [p.edgeId, id]))) expect([...pathEdgesOfEdge(m, k)]).toEqual(l);
  const byPath = new Map<string, string[]>();
  for (const [id, p] of pes.sort(([, a], [, b]) => a.position - b.position || (a.id < b.id ? -1 : 1))) byPath.set(p.pathId, [...(byPath.get(p.pathId) ?? []), id]);
  for (const [k, l] of byPath) expect([...pathEdgesOfPath(m, k)]).toEqual(l);
  const rels = [...pentries(m.relations)];
  for (const [k, l] of group(rels.map(([key, r]) => [r.fromId, key]))) expect([...relationsFrom(m, k)]).toEqual(l);
  for (const [k, l] of group(rels.map(([key, r]) => [r.toId, key]))) expect([...relationsTo(m, k)]).toEqual(l);
  const vals = [...pentries(m.attributeValues)];
  for (const [k, l] of group(vals.map(([, v]) => [v.objectInstanceId, v.attributeTypeName]))) expect(valuesOf(m, k).map((v) => v.attributeTypeName)).toEqual(l);
  // keys nobody refers to have empty lists
  for (const [id] of objs) if (!edgeEnds.some(([n]) => n === id)) expect(edgesOfNode(m, id)).toEqual([]);
}

describe('createModel: tables and reverse indexes', () => {
  it('indexes a generated street grid exactly like a scan of its rows', () => {
    const net = generateNetwork(2000);
    const m = createModel(net);
    expect([...pentries(m.networkObjects)].length).toBe(net.networkObjects.length);
    expect(getObject(m, net.networkObjects[7].id)).toBe(net.networkObjects[7]);
    expectIndexesMatchScan(m);
  });

  it('keeps wire objects with embedded instances, values, relations and path edges (as the server sends them)', () => {
    const o: NetworkObject[] = [...ascii('A----B----C'), { id: 'P', projectId: 1, pathEdges: [
      { id: 'p2', pathId: 'P', edgeId: 'BC', startNodeId: 'B' }, { id: 'p1', pathId: 'P', edgeId: 'AB', startNodeId: 'A' }] }];
    o[0].objectInstances = [{ id: 'i1', objectTypeId: 1, networkObjectId: 'A', attributeValues: [{ objectInstanceId: 'i1', attributeTypeName: 'x', value: '1' }],
      relationSources: [{ fromId: 'i1', toId: 'i2', objectRelationTypeName: 'r' }] }];
    o[1].objectInstances = [{ id: 'i2', objectTypeId: 1, networkObjectId: 'B', relationTargets: [{ fromId: 'i1', toId: 'i2', objectRelationTypeName: 'r' }] }];
    const m = createModel({ networkObjects: o });
    expect(getObject(m, 'A')).not.toHaveProperty('objectInstances');
    expect(getInstance(m, 'i1')).toEqual({ id: 'i1', objectTypeId: 1, networkObjectId: 'A' });
    expect(getValue(m, 'i1', 'x')?.value).toBe('1');
    expect(relationsFrom(m, 'i1')).toEqual(relationsTo(m, 'i2'));
    expect(pathEdgesOfPath(m, 'P')).toEqual(['p2', 'p1']); // array order is path order (positions 0, 1)
    expect(getPathEdge(m, 'p1')?.position).toBe(1);
    expectIndexesMatchScan(m);
  });

  it('orders a path by position when the rows come unordered', () => {
    const m = createModel({ networkObjects: [...ascii('A----B----C'), { id: 'P', projectId: 1 }], pathEdges: [
      { id: 'b', pathId: 'P', edgeId: 'BC', startNodeId: 'B', position: 1 } as never, { id: 'a', pathId: 'P', edgeId: 'AB', startNodeId: 'A', position: 0 } as never] });
    expect(pathEdgesOfPath(m, 'P')).toEqual(['a', 'b']);
  });

  it('later duplicates overwrite earlier ones, and checkIntegrity still reports the duplicate id', () => {
    const o = ascii('A----B');
    const moved: NetworkObject = { id: 'A', projectId: 1, node: { geometry: { type: 'Point', coordinates: [5, 5] } } };
    const input = { networkObjects: [...o, moved], objectInstances: [
      { id: 'i', objectTypeId: 1, networkObjectId: 'A' }, { id: 'i', objectTypeId: 2, networkObjectId: 'B' }] };
    const m = createModel(input);
    expect(getObject(m, 'A')).toBe(moved);
    expect([...pentries(m.networkObjects)].length).toBe(3);
    expect(getInstance(m, 'i')?.objectTypeId).toBe(2);
    expect(instancesOf(m, 'A')).toEqual([]);
    expect(instancesOf(m, 'B')).toEqual(['i']);
    expect(checkIntegrity(input).map((x) => `${x.code}:${x.id}`)).toContain('duplicate id:A');
    expectIndexesMatchScan(m);
  });

  it('indexes dangling references and self-loops of bad input, so the integrity check can name them', () => {
    const o = ascii('A----B');
    o.push({ id: 'L', projectId: 1, edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, fromNodeId: 'A', toNodeId: 'A' } });
    o.push({ id: 'G', projectId: 1, edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [9, 9]] }, fromNodeId: 'A', toNodeId: 'ghost' } });
    const m = createModel({ networkObjects: o, objectInstances: [{ id: 'i', objectTypeId: 1, networkObjectId: 'nowhere' }],
      attributeValues: [{ objectInstanceId: 'missing', attributeTypeName: 'x', value: null }] });
    expect(edgesOfNode(m, 'A')).toEqual(['AB', 'G', 'L']);
    expect(edgesOfNode(m, 'ghost')).toEqual(['G']);
    expect(instancesOf(m, 'nowhere')).toEqual(['i']);
    expect(valuesOf(m, 'missing').map((v) => v.attributeTypeName)).toEqual(['x']);
    expect(checkIntegrity(m).map((x) => x.code)).toEqual(expect.arrayContaining(['self-loop edge', 'missing endpoint', 'instance on missing network object', 'value of missing instance']));
    expectIndexesMatchScan(m);
  });

  it('a reverse index where few keys have lists (path edges by path) answers [] for every other object, also after an edit', () => {
    const net = generateNetwork(3000);
    const m = createModel(net);
    const paths = new Set(net.pathEdges!.map((p) => p.pathId));
    expect(paths.size * 16).toBeLessThan(net.networkObjects.length);
    for (const o of net.networkObjects) if (!paths.has(o.id)) expect(pathEdgesOfPath(m, o.id)).toEqual([]);
    const [pid] = paths;
    const first = getPathEdge(m, pathEdgesOfPath(m, pid)[0])!;
    const { model } = applyActions(m, [{ code: 3, after: { ...first, id: 'extra', position: -1 } }]);
    expect(pathEdgesOfPath(model, pid)[0]).toBe('extra');
    expect(pathEdgesOfPath(model, pid).length).toBe(pathEdgesOfPath(m, pid).length + 1);
    expectIndexesMatchScan(model);
  });

  it('wire objects with many embedded instances and values give the same model as the flat lists', () => {
    const net = generateNetwork(400);
    const flat = createModel(net);
    const byObject = new Map<string, typeof net.objectInstances>();
    for (const i of net.objectInstances!) byObject.set(i.networkObjectId, [...(byObject.get(i.networkObjectId) ?? []), i]);
    const values = new Map(net.attributeValues!.map((v) => [v.objectInstanceId, v]));
    const wire = net.networkObjects.map((o) => ({
      ...o,
      ...(byObject.has(o.id) ? { objectInstances: byObject.get(o.id)!.map((i) => ({ ...i, ...(values.has(i.id) ? { attributeValues: [values.get(i.id)!] } : {}) })) } : {}),
    }));
    const m = createModel({ networkObjects: wire, pathEdges: net.pathEdges, objectTypes: net.objectTypes });
    expect(net.objectInstances!.length).toBeGreaterThan(100);
    expect(Object.fromEntries(pentries(m.objectInstances))).toEqual(Object.fromEntries(pentries(flat.objectInstances)));
    expect(Object.fromEntries(pentries(m.attributeValues))).toEqual(Object.fromEntries(pentries(flat.attributeValues)));
    for (const o of net.networkObjects) {
      expect(instancesOf(m, o.id)).toEqual(instancesOf(flat, o.id));
      expect(edgesOfNode(m, o.id)).toEqual(edgesOfNode(flat, o.id));
    }
    expectIndexesMatchScan(m);
  });

  it('an edit changes only the overlay: the base is shared, reads see the change, and the indexes follow', () => {
    const m = createModel({ networkObjects: ascii('A----B----C') });
    const ab = getObject(m, 'AB')!;
    const { model } = applyActions(m, [
      { code: 1, before: ab, after: { ...ab, edge: { ...ab.edge!, toNodeId: 'C' } } },
      { code: 6, after: { id: 'i9', objectTypeId: 1, networkObjectId: 'C' } },
    ]);
    expect(model.networkObjects.base).toBe(m.networkObjects.base);
    expect(model.edgesByNode.base).toBe(m.edgesByNode.base);
    expect(edgesOfNode(model, 'B')).toEqual(['BC']);
    expect(edgesOfNode(model, 'C')).toEqual(['AB', 'BC']);
    expect(edgesOfNode(m, 'B')).toEqual(['AB', 'BC']);
    expect(instancesOf(model, 'C')).toEqual(['i9']);
    expectIndexesMatchScan(model);
  });
});
