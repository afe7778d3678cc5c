// The one street generator (deterministic) for the demo project, `npm run seed`, the benches and the tests: a street
// grid of G×G blocks (crossings jittered by a seeded random generator), each street split at three house taps into
// street edges, with a house connection edge and a house per tap, cut into square tiles of crossings, each tile one
// access-point area yielded as one block (a block refers only to itself and earlier blocks, so memory stays
// O(tile + one row of tiles' border)). Exactly `edges` edges (the last tile is cut). What lies on the streets:
// - 'ftth' (default; spec 3 §4 fibre object kinds): a trench with a duct on every edge, a customer connection and a
//   drop cable per house, handholes, distribution points every third crossing fed by feeder cables along the streets
//   from the tile's access point, with attribute values and relations;
// - 'light' (engine tests and benches, browser benches): trenches, customer connections (their address only),
//   handholes, access and distribution points and feeder cables — no ducts, drop cables, relations or other values.
// Coordinates are EPSG:3857 map units around an origin; ids come from an injected factory (default: counters).
import type { AttributeValue, Id, NetworkObject, ObjectInstance, Position, Relation } from './types';
import type { ModelInput, PathEdgeRow } from './model';
import { lineLength } from './geometry';
import { fromLngLat } from './mercator';
import { GENERATED_TYPE_IDS as T, GENERATED_TYPES, STREET_NAMES, seededRandom } from './generate-catalogue';

export { GENERATED_TYPE_IDS, GENERATED_TYPES } from './generate-catalogue';

/** Utrecht, Leidsche Rijn area (lon 5.07, lat 52.09): the default origin. */
export const UTRECHT: Position = fromLngLat([5.07, 52.09]);
/** Crossings per tile side: 24 → ≈ 8,000 edges and one access point serving ≈ 1,700 houses per tile. */
export const STREET_TILE = 24;
/** Map units between crossings (≈ 80 m on the ground at 52° N). */
export const STREET_BLOCK = 130;
/** Edges per street between two crossings: 4 street edges (3 house taps) + 3 house connections. */
const EDGES_PER_STREET = 7;

/** Edges of a whole grid of G blocks a side (crossings 0..G): 2·G·(G+1) streets of 7 edges. */
export const gridEdges = (g: number): number => 2 * EDGES_PER_STREET * g * (g + 1);

/** Street grid size G (crossings 0..G a side) that holds at least `edges` edges. */
export function gridFor(edges: number): number {
  let g = Math.max(1, Math.floor(Math.sqrt(edges / (2 * EDGES_PER_STREET))));
  while (gridEdges(g) < edges) g++;
  return g;
}

export type IdKind = 'node' | 'edge' | 'path' | 'pathEdge' | 'instance';

const PREFIX: Record<IdKind, string> = { node: 'nd', edge: 'e', path: 'p', pathEdge: 'pe', instance: 'i' };

/** Default ids: a counter per kind (edges e0, e1, … in the order made; nodes nd0, …; paths p0, …). */
export function generatedIds(): (kind: IdKind) => Id {
  const n: Record<IdKind, number> = { node: 0, edge: 0, path: 0, pathEdge: 0, instance: 0 };
  return (kind) => PREFIX[kind] + n[kind]++;
}

export interface StreetOptions {
  /** Exactly this many edges. */
  edges: number;
  /** Crossings per tile side (≥ 3; default STREET_TILE). */
  tile?: number;
  /** Map position of crossing (0, 0) (default UTRECHT); map units between crossings (default STREET_BLOCK). */
  origin?: Position; block?: number;
  /** Crossings move up to ±jitter/2 map units each way (default 20; 0 = a regular grid). */
  jitter?: number;
  seed?: number;
  detail?: 'ftth' | 'light';
  newId?: (kind: IdKind) => Id;
  projectId?: number;
  /** Name of every access point (default 'AP {n}'); digits of distribution point numbers (default 5). */
  apName?: string; dpDigits?: number;
}

/** One block of the network as flat wire lists (path edges ordered by `position`). */
export interface NetworkBlock {
  networkObjects: NetworkObject[]; objectInstances: ObjectInstance[]; pathEdges: PathEdgeRow[];
  attributeValues: AttributeValue[]; relations: Relation[];
}

const emptyBlock = (): NetworkBlock => ({ networkObjects: [], objectInstances: [], pathEdges: [], attributeValues: [], relations: [] });

/** Yields the network of `o.edges` edges tile by tile (each block ready to store after the earlier ones). */
export function* streetTiles(o: StreetOptions): Generator<NetworkBlock> {
  const G = gridFor(o.edges);
  const S = Math.max(3, o.tile ?? STREET_TILE);
  const [ox, oy] = o.origin ?? UTRECHT;
  const BLOCK = o.block ?? STREET_BLOCK, JITTER = o.jitter ?? 20;
  const rand = seededRandom(o.seed ?? 52090);
  const ftth = (o.detail ?? 'ftth') === 'ftth';
  const newId = o.newId ?? generatedIds();
  const projectId = o.projectId ?? 1;
  const round = (v: number) => Math.round(v * 100) / 100;
  // Crossings still referenced: the last column of the previous tile column and the current tile column.
  const cross = new Map<number, { id: Id; x: number; y: number }>();
  const key = (i: number, j: number) => i * (G + 1) + j;
  let left = o.edges, houseNo = 0, dpNo = 0, apNo = 0;
  const tiles = Math.ceil((G + 1) / S);

  for (let ti = 0; ti < tiles && left > 0; ti++) {
    for (const k of [...cross.keys()]) if (Math.floor(k / (G + 1)) < ti * S - 1) cross.delete(k);
    for (let tj = 0; tj < tiles && left > 0; tj++) {
      const net = emptyBlock();
      const pos = new Map<Id, Position>();
      const ends = new Map<Id, [Id, Id]>();
      const node = (x: number, y: number): Id => {
        const id = newId('node');
        const c: Position = [round(x), round(y)];
        net.networkObjects.push({ id, projectId, node: { geometry: { type: 'Point', coordinates: c } } });
        pos.set(id, c);
        return id;
      };
      const at = (id: Id): Position => pos.get(id)!;
      const edge = (a: Id, b: Id): Id => {
        const id = newId('edge');
        ends.set(id, [a, b]);
        const coordinates = [at(a), at(b)];
        net.networkObjects.push({ id, projectId, edge: { geometry: { type: 'LineString', coordinates }, fromNodeId: a, toNodeId: b, twoWay: true, length: round(lineLength(coordinates)) } });
        return id;
      };
      const inst = (networkObjectId: Id, objectTypeId: number, values: Record<string, string>): Id => {
        const id = newId('instance');
        net.objectInstances.push({ id, objectTypeId, networkObjectId });
        for (const [k, v] of Object.entries(values)) if (ftth || k === 'address') net.attributeValues.push({ objectInstanceId: id, attributeTypeName: k, value: v });
        return id;
      };
      const relate = (fromId: Id, toId: Id, objectRelationTypeName: string) => { if (ftth) net.relations.push({ fromId, toId, objectRelationTypeName }); };
      /** A trench on the edge with (ftth) a duct in it: the duct, or the trench where there is none. */
      const trench = (edgeId: Id, name: string, house: boolean): Id => {
        const t = inst(edgeId, T.trench, { name, house_connection: String(house) });
        if (!ftth) return t;
        const d = inst(edgeId, T.duct, { name, Existing: 'false', duct_type: house ? '1x6' : '7x14', usage: house ? 'dac' : 'distribution' });
        relate(t, d, 'trench_contains_duct');
        return d;
      };
      const path = (): Id => {
        const id = newId('path');
        net.networkObjects.push({ id, projectId });
        return id;
      };
      const segment = new Map<string, { edges: Id[]; ducts: Id[] }>();
      const street = (a: Id, b: Id, streetName: string, horizontal: boolean) => {
        const [ax, ay] = at(a), [bx, by] = at(b);
        const chain = [a];
        for (let k = 1; k <= 3; k++) {
          const f = k / 4, side = k % 2 === 0 ? 1 : -1;
          const tap = node(ax + (bx - ax) * f, ay + (by - ay) * f);
          chain.push(tap);
          const house = node(ax + (bx - ax) * f + (horizontal ? 0 : side * 25), ay + (by - ay) * f + (horizontal ? side * 25 : 0));
          const he = edge(tap, house);
          const duct = trench(he, `Huisaansluiting ${streetName} ${++houseNo}`, true);
          inst(house, T.customer, { name: `${streetName} ${houseNo}`, status: 'connect', building_type: rand() < 0.85 ? 'lowRise' : 'duplex', address: `${streetName} ${houseNo}, Utrecht`, demand: '1' });
          if (!ftth) continue;
          const drop = path();
          net.pathEdges.push({ id: newId('pathEdge'), pathId: drop, edgeId: he, startNodeId: tap, position: 0 });
          relate(duct, inst(drop, T.cable, { name: `Drop ${houseNo}`, fibers: '12', usage: 'dac' }), 'duct_contains_cable');
        }
        chain.push(b);
        const edges: Id[] = [], ducts: Id[] = [];
        for (let k = 0; k < chain.length - 1; k++) {
          const e = edge(chain[k], chain[k + 1]);
          edges.push(e);
          ducts.push(trench(e, streetName, false));
        }
        segment.set(`${a}|${b}`, { edges, ducts });
      };

      const i0 = ti * S, i1 = Math.min(G, i0 + S - 1), j0 = tj * S, j1 = Math.min(G, j0 + S - 1);
      for (let i = i0; i <= i1; i++) {
        for (let j = j0; j <= j1; j++) {
          const x = ox + i * BLOCK + (rand() - 0.5) * JITTER, y = oy + j * BLOCK + (rand() - 0.5) * JITTER;
          cross.set(key(i, j), { id: node(x, y), x: round(x), y: round(y) });
        }
      }
      const c = (i: number, j: number): Id => {
        const v = cross.get(key(i, j))!;
        if (!pos.has(v.id)) pos.set(v.id, [v.x, v.y]);
        return v.id;
      };
      for (let i = i0; i <= i1; i++) {
        for (let j = j0; j <= j1; j++) {
          if (i > 0) street(c(i - 1, j), c(i, j), STREET_NAMES[j % STREET_NAMES.length], true);
          if (j > 0) street(c(i, j - 1), c(i, j), STREET_NAMES[(i + 7) % STREET_NAMES.length], false);
        }
      }

      // One access point in the middle of the tile; distribution points every third crossing, fed along the tile's
      // streets (first along the access point's row, then along the distribution point's column); handholes between.
      const mi = Math.floor((i0 + i1) / 2), mj = Math.floor((j0 + j1) / 2);
      const ap = inst(c(mi, mj), T.accessPoint, { name: o.apName ?? `AP ${++apNo}`, capacity: '100', cost: '75000' });
      for (let i = i0; i <= i1; i++) {
        for (let j = j0; j <= j1; j++) {
          if (i === mi && j === mj) continue;
          if (i % 3 !== 1 || j % 3 !== 1) { if ((i + j) % 2 === 0) inst(c(i, j), T.handhole, { name: `HH-${i}-${j}` }); continue; }
          const dp = inst(c(i, j), T.splicebox, { name: `DP-${String(++dpNo).padStart(o.dpDigits ?? 5, '0')}`, capacity: '46', physical_capacity: '48' });
          relate(ap, dp, 'access_point_feeds_splicebox');
          const feeder = path();
          const cable = inst(feeder, T.cable, { name: `Feeder ${dpNo}`, fibers: '144', usage: 'feeding' });
          let seq = 0, ci = mi, cj = mj;
          const step = (ni: number, nj: number) => {
            const a = c(ci, cj), b = c(ni, nj);
            const fwd = segment.get(`${a}|${b}`);
            const s = (fwd ?? segment.get(`${b}|${a}`))!;
            const order = s.edges.map((e, k) => [e, s.ducts[k]]);
            if (!fwd) order.reverse();
            let here = a;
            for (const [e, duct] of order) {
              net.pathEdges.push({ id: newId('pathEdge'), pathId: feeder, edgeId: e, startNodeId: here, position: seq++ });
              const [f, t] = ends.get(e)!;
              here = f === here ? t : f;
              relate(duct, cable, 'duct_contains_cable');
            }
            ci = ni; cj = nj;
          };
          while (ci !== i) step(ci + Math.sign(i - ci), cj);
          while (cj !== j) step(ci, cj + Math.sign(j - cj));
        }
      }
      let n = 0;
      for (const x of net.networkObjects) if (x.edge) n++;
      const block = n > left ? cutNetwork(net, left) : net;
      left -= Math.min(n, left);
      yield block;
    }
  }
}

/** Keeps the first `maxEdges` edges and only what they need: their nodes, paths over kept edges, instances, values. */
export function cutNetwork(net: NetworkBlock, maxEdges: number): NetworkBlock {
  const edges = net.networkObjects.filter((o) => o.edge).slice(0, maxEdges);
  const keepEdge = new Set(edges.map((e) => e.id));
  const keepNode = new Set(edges.flatMap((e) => [e.edge!.fromNodeId, e.edge!.toNodeId]));
  const steps = new Map<Id, PathEdgeRow[]>();
  for (const s of net.pathEdges) { let l = steps.get(s.pathId); if (!l) steps.set(s.pathId, (l = [])); l.push(s); }
  const keepPath = new Set([...steps].filter(([, l]) => l.every((s) => keepEdge.has(s.edgeId))).map(([p]) => p));
  const keep = (id: Id) => keepEdge.has(id) || keepNode.has(id) || keepPath.has(id);
  const objectInstances = net.objectInstances.filter((i) => keep(i.networkObjectId));
  const keepInst = new Set(objectInstances.map((i) => i.id));
  return {
    networkObjects: net.networkObjects.filter((o) => keep(o.id)),
    pathEdges: net.pathEdges.filter((s) => keepPath.has(s.pathId)),
    objectInstances,
    attributeValues: net.attributeValues.filter((v) => keepInst.has(v.objectInstanceId)),
    relations: net.relations.filter((r) => keepInst.has(r.fromId) && keepInst.has(r.toId)),
  };
}

/** The blocks as one network. */
export function joinBlocks(blocks: Iterable<NetworkBlock>): NetworkBlock {
  const net = emptyBlock();
  for (const b of blocks) {
    for (const k of Object.keys(net) as (keyof NetworkBlock)[]) for (const row of b[k]) (net[k] as unknown[]).push(row);
  }
  return net;
}

export interface GeneratedNetwork extends NetworkBlock, Pick<ModelInput, 'objectTypes'> {
  edges: number; nodes: number; grid: number; spacing: number; streetEdgeIds: Id[]; houseNodeIds: Id[];
}

/**
 * The network of exactly `edges` edges in one piece with the generated object types, for engine tests and benches:
 * by default 'light', on a regular grid (no jitter) of 100-unit blocks from (150000, 460000). `streetEdgeIds`: the edges
 * along the streets; `houseNodeIds`: the houses (the end of each house connection).
 */
export function generateNetwork(edges: number, opts: Omit<StreetOptions, 'edges'> = {}): GeneratedNetwork {
  const o: StreetOptions = { origin: [150000, 460000], block: 100, jitter: 0, detail: 'light', ...opts, edges };
  const net = joinBlocks(streetTiles(o));
  const houses = new Set(net.objectInstances.filter((i) => i.objectTypeId === T.customer).map((i) => i.networkObjectId));
  const streetEdgeIds: Id[] = [];
  let nodes = 0;
  for (const x of net.networkObjects) {
    if (x.node) nodes++;
    else if (x.edge && !houses.has(x.edge.fromNodeId) && !houses.has(x.edge.toNodeId)) streetEdgeIds.push(x.id);
  }
  return { ...net, objectTypes: GENERATED_TYPES, edges, nodes, grid: gridFor(edges), spacing: o.block!, streetEdgeIds, houseNodeIds: [...houses] };
}

/** The network as the server sends it: each object with its instances (and their values) and a path with its edges. */
export function embeddedNetwork(net: NetworkBlock): NetworkObject[] {
  const group = <T>(rows: T[], by: (r: T) => Id) => {
    const m = new Map<Id, T[]>();
    for (const r of rows) { const l = m.get(by(r)); if (l) l.push(r); else m.set(by(r), [r]); }
    return m;
  };
  const values = group(net.attributeValues, (v) => v.objectInstanceId);
  const instances = group(net.objectInstances.map((i) => ({ ...i, attributeValues: values.get(i.id) ?? [] })), (i) => i.networkObjectId);
  const steps = group(net.pathEdges, (s) => s.pathId);
  return net.networkObjects.map((o) => ({ ...o, ...(instances.has(o.id) ? { objectInstances: instances.get(o.id) } : {}), ...(steps.has(o.id) ? { pathEdges: steps.get(o.id) } : {}) }));
}
