// The model built straight from an Arrow read's columns (engine/model-columns.ts, issue 15) holds exactly what
// createModel builds from the same answer's flat rows: every row table and every reverse index, lists in the same order —
// for random networks (self-loops, edges to nodes outside the answer, paths over missing edges, relations to instances
// outside it, repeated and non-ASCII values and ids, duplicate values and relations) and for a generated street network.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { modelFromColumns } from '../../engine/model-columns';
import { modelInputFromColumns, networkColumns } from '../../engine/network-arrow';
import { createModel, type Model } from '../../engine/model';
import { pentries, pget } from '../../engine/ptable';
import { generateNetwork } from '../../engine/generate';
import { arrowOf, build, netArb } from './support/arrow-networks';
import type { ObjRow } from '../../server/network/read-json';

const TABLES = ['networkObjects', 'pathEdges', 'objectInstances', 'attributeValues', 'relations', 'edgesByNode', 'instancesByObject',
  'pathEdgesByPath', 'pathEdgesByEdge', 'relationsBySource', 'relationsByTarget', 'valuesByInstance'] as const;

/** Every table's entries, by key. */
function content(m: Model): Record<string, [string, unknown][]> {
  const out: Record<string, [string, unknown][]> = {};
  for (const t of TABLES) out[t] = [...pentries(m[t] as never)].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return out;
}

function expectSame(bytes: Uint8Array): Model {
  const types = { objectTypes: [{ id: 1, name: 'duct' }] as never, relationTypes: [] };
  const m = modelFromColumns(networkColumns(bytes), types);
  const ref = createModel({ ...modelInputFromColumns(networkColumns(bytes)), ...types });
  const want = content(ref);
  expect(content(m)).toEqual(want);
  // and every key is found by lookup (the id tables' hashes are the keys' own)
  for (const t of TABLES) for (const [k, v] of want[t]) expect(pget(m[t] as never, k)).toEqual(v);
  expect(m.schema.objectTypes[1]).toEqual({ id: 1, name: 'duct' });
  return m;
}

describe('the model built from Arrow columns', () => {
  it('holds what createModel builds from the same answer, for random networks', () => {
    fc.assert(fc.property(netArb, (r) => { expectSame(arrowOf(build(r))); }), { numRuns: 300 });
  });

  it('holds what createModel builds for a generated street network (ids decoded in one piece)', () => {
    const net = generateNetwork(600);
    const pathIds = new Set(net.networkObjects.filter((o) => !o.node && !o.edge).map((o) => o.id));
    const objects: ObjRow[] = net.networkObjects.map((o) => ({
      id: o.id, kind: o.node ? 'node' : o.edge ? 'edge' : 'path', scenario_id: null,
      c: o.node ? JSON.stringify(o.node.geometry.coordinates) : o.edge ? JSON.stringify(o.edge.geometry.coordinates) : null,
      from_node_id: o.edge?.fromNodeId ?? null, to_node_id: o.edge?.toNodeId ?? null, two_way: o.edge?.twoWay ?? null, length: o.edge?.length ?? null,
    }));
    const m = expectSame(arrowOf({
      objects,
      insts: net.objectInstances.map((i) => ({ id: i.id, network_object_id: i.networkObjectId, object_type_id: i.objectTypeId })),
      pes: net.pathEdges.filter((p) => pathIds.has(p.pathId)).map((p, k) => ({ id: p.id, path_id: p.pathId, edge_id: p.edgeId, start_node_id: p.startNodeId, seq: k })),
      avs: net.attributeValues.map((v) => ({ object_instance_id: v.objectInstanceId, attribute_type_name: v.attributeTypeName, value: v.value as string | null })),
      rels: (net.relations ?? []).map((x) => ({ from_id: x.fromId, to_id: x.toId, relation_type_name: x.objectRelationTypeName })),
    }));
    expect([...pentries(m.networkObjects)].length).toBe(net.networkObjects.length);
    expect(net.networkObjects.length).toBeGreaterThan(1024);
  });

  it('columns whose object rows do not cover ids 0 … objects − 1 (never sent) go through createModel', () => {
    const bytes = arrowOf(build({ nodes: ['a', 'b'], edges: [[0, 1, false, 2]], paths: [], insts: [[2, 1]], values: [[0, 'Type', 'x']], rels: [] }));
    const c = networkColumns(bytes);
    c.nodes.id[1] = c.objects + 1; // a node numbered past the objects (an id of the closure)
    const want = createModel(modelInputFromColumns(c));
    expect(content(modelFromColumns(c))).toEqual(content(want));
  });
});
