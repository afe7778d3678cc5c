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
import { encodeScanArrow } from '../../server/network/arrow-encode';
import { scanFromRows } from '../../server/network/scan-rows';
import type { AvRow, InstRow, ObjRow, PeRow, RelRow } from '../../server/network/read-json';

const TABLES = ['networkObjects', 'pathEdges', 'objectInstances', 'attributeValues', 'relations', 'edgesByNode', 'instancesByObject',
  'pathEdgesByPath', 'pathEdgesByEdge', 'relationsBySource', 'relationsByTarget', 'valuesByInstance'] as const;

/** Every table's entries, by key. */
function content(m: Model): Record<string, [string, unknown][]> {
  const out: Record<string, [string, unknown][]> = {};
  for (const t of TABLES) out[t] = [...pentries(m[t] as never)].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return out;
}

interface Net { objects: ObjRow[]; insts: InstRow[]; pes: PeRow[]; avs: AvRow[]; rels: RelRow[] }

/** The Arrow answer the server's encoder makes of these rows (every instance sent, every path kept). */
function arrowOf(n: Net): Uint8Array {
  const byObj = new Map<string, InstRow[]>();
  for (const i of n.insts) byObj.set(i.network_object_id, [...(byObj.get(i.network_object_id) ?? []), i]);
  const { scan, kept } = scanFromRows(3, { objects: n.objects, byObj, pes: n.pes, avs: n.avs, rels: n.rels, sent: new Set(n.insts.map((i) => i.id)), keepPath: () => true });
  return new Uint8Array(encodeScanArrow(scan, kept));
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

const id = fc.constantFrom('n', 'N', 'ñ', 'x').chain((p) => fc.integer({ min: 0, max: 30 }).map((k) => `${p}${k}`));
const netArb = fc.record({
  nodes: fc.uniqueArray(id, { maxLength: 14 }),
  edges: fc.array(fc.tuple(fc.nat(20), fc.nat(20), fc.boolean(), fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null })), { maxLength: 14 }),
  paths: fc.array(fc.array(fc.nat(20), { maxLength: 4 }), { maxLength: 3 }),
  insts: fc.array(fc.tuple(fc.nat(40), fc.nat(3)), { maxLength: 16 }),
  values: fc.array(fc.tuple(fc.nat(20), fc.constantFrom('Type', 'Note', 'ø', 'a'), fc.option(fc.constantFrom('true', 'ø 40', '', 'x'), { nil: null })), { maxLength: 24 }),
  rels: fc.array(fc.tuple(fc.nat(20), fc.nat(24), fc.constantFrom('contains', 'feeds')), { maxLength: 12 }),
});

type NetIn = typeof netArb extends fc.Arbitrary<infer T> ? T : never;

function build(r: NetIn): Net {
  const nodes = r.nodes;
  const pick = (k: number, list: string[], outside: string) => (list.length && k < 2 * list.length ? list[k % list.length] : `${outside}${k}`);
  const objects: ObjRow[] = nodes.map((n, i) => ({ id: n, kind: 'node', scenario_id: i % 3 === 0 ? 2 : null, c: `[${i}, ${-i / 2}]`, from_node_id: null, to_node_id: null, two_way: null, length: null }));
  const edges: string[] = [];
  r.edges.forEach(([a, b, two, len], k) => {
    const e = `e${k}`;
    edges.push(e);
    objects.push({ id: e, kind: 'edge', scenario_id: null, c: `[[0, 0], [${k}, 1.5]]`, from_node_id: pick(a, nodes, 'gone'), to_node_id: b % 5 === 0 ? pick(a, nodes, 'gone') : pick(b, nodes, 'gone'), two_way: two, length: len });
  });
  const pes: PeRow[] = [];
  r.paths.forEach((steps, k) => {
    objects.push({ id: `p${k}`, kind: 'path', scenario_id: null, c: null, from_node_id: null, to_node_id: null, two_way: null, length: null });
    steps.forEach((s, j) => pes.push({ id: `pe${k}.${j}`, path_id: `p${k}`, edge_id: pick(s, edges, 'lost'), start_node_id: pick(s, nodes, 'gone'), seq: (j * 7) % 3 }));
  });
  const seen = new Set<string>();
  const insts: InstRow[] = [];
  r.insts.forEach(([o, t], k) => { if (o < objects.length && !seen.has(`i${k}`)) { seen.add(`i${k}`); insts.push({ id: `i${k}`, network_object_id: objects[o].id, object_type_id: t }); } });
  const inst = (k: number) => (insts.length && k < insts.length ? insts[k].id : `far${k}`);
  const avs: AvRow[] = r.values.map(([i, name, value]) => ({ object_instance_id: inst(i % Math.max(1, insts.length)), attribute_type_name: name, value }));
  const rels: RelRow[] = r.rels.map(([a, b, type]) => ({ from_id: inst(a % Math.max(1, insts.length)), to_id: inst(b), relation_type_name: type }));
  return { objects, insts, pes, avs, rels };
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
