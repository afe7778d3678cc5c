// Random networks as the server's Arrow encoder writes them (shared by the tests of the model from columns and of the
// streamed read): self-loops, edges to nodes outside the answer, paths over missing edges, relations to instances
// outside it, repeated and non-ASCII values and ids.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { generateNetwork } from '../../../engine/generate';
import { encodeScanArrow } from '../../../server/network/arrow-encode';
import { scanFromRows } from '../../../server/network/scan-rows';
import type { AvRow, InstRow, ObjRow, PeRow, RelRow } from '../../../server/network/read-json';

export interface Net { objects: ObjRow[]; insts: InstRow[]; pes: PeRow[]; avs: AvRow[]; rels: RelRow[] }

/** The Arrow answer the server's encoder makes of these rows (every instance sent, every path kept). */
export function arrowOf(n: Net): Uint8Array {
  const byObj = new Map<string, InstRow[]>();
  for (const i of n.insts) byObj.set(i.network_object_id, [...(byObj.get(i.network_object_id) ?? []), i]);
  const { scan, kept } = scanFromRows(3, { objects: n.objects, byObj, pes: n.pes, avs: n.avs, rels: n.rels, sent: new Set(n.insts.map((i) => i.id)), keepPath: () => true });
  return new Uint8Array(encodeScanArrow(scan, kept));
}

const id = fc.constantFrom('n', 'N', 'ñ', 'x').chain((p) => fc.integer({ min: 0, max: 30 }).map((k) => `${p}${k}`));
export const netArb = fc.record({
  nodes: fc.uniqueArray(id, { maxLength: 14 }),
  edges: fc.array(fc.tuple(fc.nat(20), fc.nat(20), fc.boolean(), fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null })), { maxLength: 14 }),
  paths: fc.array(fc.array(fc.nat(20), { maxLength: 4 }), { maxLength: 3 }),
  insts: fc.array(fc.tuple(fc.nat(40), fc.nat(3)), { maxLength: 16 }),
  values: fc.array(fc.tuple(fc.nat(20), fc.constantFrom('Type', 'Note', 'ø', 'a'), fc.option(fc.constantFrom('true', 'ø 40', '', 'x'), { nil: null })), { maxLength: 24 }),
  rels: fc.array(fc.tuple(fc.nat(20), fc.nat(24), fc.constantFrom('contains', 'feeds')), { maxLength: 12 }),
});

export type NetIn = typeof netArb extends fc.Arbitrary<infer T> ? T : never;

export function build(r: NetIn): Net {
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

/** A generated FTTH network's Arrow answer as the server's encoder writes it, every id a random UUID (as the
 *  database's; at 10⁵ edges the size of bench:browser-whole's project: 236 619 objects, 607 096 ids). */
export function generatedAnswer(edges: number): Uint8Array {
  const net = generateNetwork(edges, { detail: 'ftth' });
  const ids = new Map<string, string>();
  const u = (x: string) => { let v = ids.get(x); if (!v) ids.set(x, (v = randomUUID())); return v; };
  const un = (x: string | undefined) => (x === undefined ? null : u(x));
  return arrowOf({
    objects: net.networkObjects.map((o) => ({
      id: u(o.id), kind: o.node ? 'node' : o.edge ? 'edge' : 'path', scenario_id: null,
      c: o.node ? JSON.stringify(o.node.geometry.coordinates) : o.edge ? JSON.stringify(o.edge.geometry.coordinates) : null,
      from_node_id: un(o.edge?.fromNodeId), to_node_id: un(o.edge?.toNodeId), two_way: o.edge?.twoWay ?? null, length: o.edge?.length ?? null,
    })),
    insts: net.objectInstances.map((i) => ({ id: u(i.id), network_object_id: u(i.networkObjectId), object_type_id: i.objectTypeId })),
    pes: net.pathEdges.map((p, k) => ({ id: u(p.id), path_id: u(p.pathId), edge_id: u(p.edgeId), start_node_id: u(p.startNodeId), seq: p.position ?? k })),
    avs: net.attributeValues.map((v) => ({ object_instance_id: u(v.objectInstanceId), attribute_type_name: v.attributeTypeName, value: v.value as string | null })),
    rels: (net.relations ?? []).map((r) => ({ from_id: u(r.fromId), to_id: u(r.toId), relation_type_name: r.objectRelationTypeName })),
  });
}
