// Route graphs from a network: the stored/wire network objects (server, bench; embedded or flat instances and
// values) or an engine model (the map). Every edge becomes a two-way graph edge between its end nodes with:
// - length: the edge's `length`, else `lengthOf(geometry)` (planar by default; pass `groundLength` for EPSG:3857);
// - unit cost: the project's trench cost entries (capex TrenchCosts) over the values of every instance on the edge,
//   with an attribute `surface` of value v also tagging `surface_v` (the entries surface_asphalt, surface_sand), times
//   the route determination weights (settings routeDetermination.weights: {name: {weight, active}}) of every active
//   weight whose name is a tag of the edge (road, green, private_property, …);
// - PRIVATE when a tag is `private` or `private_property` (a value, or a Boolean attribute `private` = 'true');
// - CENTERLINE when a tag is `centerline` or `road_centerline` (a value, or a Boolean attribute `centerline` = 'true',
//   e.g. on edges drawn over uploaded road centre lines).
// Tags are an edge's values and the names of its attributes that are 'true' (capex trenchTags).
import type { AttributeValue, Id, NetworkObject, ObjectInstance, Position } from '../types';
import { allObjects, instancesOf, valuesOf, type Model } from '../model';
import { lineLength } from '../geometry';
import { TrenchCosts, trenchTags } from '../capex/trench-costs';
import { DEFAULT_TRENCH_COST, type TrenchCostEntry } from '../capex/types';
import { RouteGraph } from './graph';
import { CENTERLINE, PRIVATE, type EdgeListInput } from './types';

export type RouteWeights = Readonly<Record<string, { weight: number; active: boolean }>>;

export interface GraphOptions {
  trenchCosts?: readonly TrenchCostEntry[];
  weights?: RouteWeights;
  lengthOf?: (coordinates: readonly Position[]) => number;
}

export const PRIVATE_TAGS = ['private', 'private_property'];
export const CENTERLINE_TAGS = ['centerline', 'road_centerline'];

/** Unit cost and flags of an edge from the values of the instances on it. */
export function edgeClass(values: readonly AttributeValue[], costs: TrenchCosts, weights: RouteWeights = {}): { unitCost: number; flags: number } {
  const extra: AttributeValue[] = [];
  for (const v of values) if (v.attributeTypeName === 'surface' && v.value) extra.push({ objectInstanceId: v.objectInstanceId, attributeTypeName: 'surface_tag', value: `surface_${v.value.trim()}` });
  const all = extra.length ? [...values, ...extra] : values;
  const tags = trenchTags(all);
  let unitCost = costs.of(all).cost;
  for (const t of tags) { const w = weights[t]; if (w && w.active && Number.isFinite(w.weight)) unitCost *= w.weight; }
  let flags = 0;
  if (PRIVATE_TAGS.some((t) => tags.has(t))) flags |= PRIVATE;
  if (CENTERLINE_TAGS.some((t) => tags.has(t))) flags |= CENTERLINE;
  return { unitCost, flags };
}

/** Growable typed arrays (no boxed number arrays for 10⁶ edges). */
class GrowF64 {
  a = new Float64Array(1024); length = 0;
  push(x: number): void { if (this.length === this.a.length) { const b = new Float64Array(this.a.length * 2); b.set(this.a); this.a = b; } this.a[this.length++] = x; }
  done(): Float64Array { return this.a.slice(0, this.length); }
}
class GrowI32 {
  a = new Int32Array(1024); length = 0;
  push(x: number): void { if (this.length === this.a.length) { const b = new Int32Array(this.a.length * 2); b.set(this.a); this.a = b; } this.a[this.length++] = x; }
  done(): Int32Array { return this.a.slice(0, this.length); }
}

interface EdgeSource { id: Id; from: Id; to: Id; coordinates: Position[]; length?: number; values: readonly AttributeValue[] }

function assemble(nodes: Iterable<[Id, Position]>, edges: Iterable<EdgeSource>, o: GraphOptions): RouteGraph {
  const costs = new TrenchCosts(o.trenchCosts ?? [], DEFAULT_TRENCH_COST);
  const lengthOf = o.lengthOf ?? lineLength;
  const vertex = new Map<Id, number>(), vertexIds: Id[] = [], xs: number[] = [];
  const add = (id: Id, p: Position | undefined) => {
    let v = vertex.get(id);
    if (v === undefined) { v = vertexIds.length; vertex.set(id, v); vertexIds.push(id); xs.push(p?.[0] ?? NaN, p?.[1] ?? NaN); }
    else if (Number.isNaN(xs[2 * v]) && p) { xs[2 * v] = p[0]; xs[2 * v + 1] = p[1]; }
    return v;
  };
  for (const [id, p] of nodes) add(id, p);
  const edgeIds: Id[] = [];
  const from = new GrowI32(), to = new GrowI32(), geomStart = new GrowI32(), lengths = new GrowF64(), unit = new GrowF64(), geom = new GrowF64();
  const flags = new GrowI32();
  geomStart.push(0);
  let bent = false;
  const classes = new Map<string, { unitCost: number; flags: number }>();
  for (const e of edges) {
    const c = e.coordinates;
    if (!c || c.length < 2 || e.from === e.to) continue;
    edgeIds.push(e.id);
    from.push(add(e.from, c[0])); to.push(add(e.to, c[c.length - 1]));
    lengths.push(e.length ?? lengthOf(c));
    // edges with the same values share a class (most edges of a network have one of a few value sets)
    const key = e.values.length === 0 ? '' : e.values.map((v) => `${v.attributeTypeName}=${v.value ?? ''}`).sort().join('\u0001');
    let cls = classes.get(key);
    if (!cls) { cls = edgeClass(e.values, costs, o.weights); classes.set(key, cls); }
    unit.push(cls.unitCost); flags.push(cls.flags);
    if (c.length > 2) bent = true;
    for (const p of c) { geom.push(p[0]); geom.push(p[1]); }
    geomStart.push(geom.length / 2);
  }
  const input: EdgeListInput = {
    vertexIds, xy: Float64Array.from(xs), edgeIds, from: from.done(), to: to.done(),
    lengths: lengths.done(), unitCosts: unit.done(), flags: Uint8Array.from(flags.done()),
    ...(bent ? { geomStart: geomStart.done(), geomXY: geom.done() } : {}),
  };
  return RouteGraph.build(input);
}

/** The graph of wire network objects (embedded instances/values as the server sends, or the flat lists). */
export function graphFromNetwork(net: { networkObjects: readonly NetworkObject[]; objectInstances?: readonly ObjectInstance[]; attributeValues?: readonly AttributeValue[] }, o: GraphOptions = {}): RouteGraph {
  const objectOf = new Map<Id, Id>();
  const valuesByObject = new Map<Id, AttributeValue[]>();
  const push = (objectId: Id, v: AttributeValue) => { const l = valuesByObject.get(objectId); if (l) l.push(v); else valuesByObject.set(objectId, [v]); };
  if (net.attributeValues?.length) for (const i of net.objectInstances ?? []) objectOf.set(i.id, i.networkObjectId);
  for (const x of net.networkObjects) for (const i of x.objectInstances ?? []) for (const v of i.attributeValues ?? []) push(x.id, v);
  for (const i of net.objectInstances ?? []) for (const v of i.attributeValues ?? []) push(i.networkObjectId, v);
  for (const v of net.attributeValues ?? []) { const o2 = objectOf.get(v.objectInstanceId); if (o2 !== undefined) push(o2, v); }
  const none: AttributeValue[] = [];
  function* nodes(): Generator<[Id, Position]> { for (const x of net.networkObjects) if (x.node) yield [x.id, x.node.geometry.coordinates as Position]; }
  function* edges(): Generator<EdgeSource> {
    for (const x of net.networkObjects) {
      if (!x.edge) continue;
      yield { id: x.id, from: x.edge.fromNodeId, to: x.edge.toNodeId, coordinates: x.edge.geometry.coordinates as Position[], length: x.edge.length, values: valuesByObject.get(x.id) ?? none };
    }
  }
  return assemble(nodes(), edges(), o);
}

/** The graph of an engine model's edges (the map's current network). */
export function graphFromModel(m: Model, o: GraphOptions = {}): RouteGraph {
  function* nodes(): Generator<[Id, Position]> { for (const [id, x] of allObjects(m)) if (x.node) yield [id, x.node.geometry.coordinates as Position]; }
  function* edges(): Generator<EdgeSource> {
    for (const [id, x] of allObjects(m)) {
      if (!x.edge) continue;
      const values = instancesOf(m, id).flatMap((i) => valuesOf(m, i));
      yield { id, from: x.edge.fromNodeId, to: x.edge.toNodeId, coordinates: x.edge.geometry.coordinates as Position[], length: x.edge.length, values };
    }
  }
  return assemble(nodes(), edges(), o);
}
