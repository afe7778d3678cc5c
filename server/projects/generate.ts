// Generator of a realistic FTTH network (spec 3 §4 fibre object kinds) on a jittered street grid: streets split at
// house taps into trench edges carrying a duct, a house-connection trench + duct + drop cable per house, customer
// connections, distribution points (spliceboxes) every few crossings, one access point and feeder cables from the
// access point to every distribution point. Coordinates are EPSG:3857 map units around an origin. Optionally cut to
// exactly `maxEdges` edges (keeping only what the kept edges need).
import { randomUUID } from 'node:crypto';
import type { AttributeValue, ObjectInstance, PathEdge, Relation } from '../../engine/types';
import type { NetworkObjectRow } from '../network/rows';
import { bboxOf, lineLength } from '../network/rows';
import { fromLngLat } from '../../engine/mercator';

export interface GeneratedNetwork {
  objects: NetworkObjectRow[]; pathEdges: (PathEdge & { seq: number })[]; instances: ObjectInstance[];
  values: AttributeValue[]; relations: Relation[];
}

/** EPSG:4326 → EPSG:3857 (spherical Mercator), the map projection. */
export function toWebMercator(lon: number, lat: number): [number, number] {
  const [x, y] = fromLngLat([lon, lat]);
  return [x, y];
}

/** Utrecht, Leidsche Rijn area (lon 5.07, lat 52.09). */
export const UTRECHT = toWebMercator(5.07, 52.09);

export const STREETS = ['Vleutenseweg', 'Kanaalweg', 'Damstraat', 'Cartesiusweg', 'Thomas à Kempisweg', 'Marnixlaan', 'Bilderdijkstraat',
  'Laan van Nieuw Guinea', 'Amsterdamsestraatweg', 'Royaardslaan', 'Van Lieflandlaan', 'Kardinaal de Jongweg', 'Draaiweg',
  'Groeneweg', 'Burgemeester Reigerstraat', 'Adelaarstraat', 'Merelstraat', 'Kievitdwarsstraat', 'Lessinglaan', 'Lauwerhof'];

export const T = { accessPoint: 101, customer: 103, handhole: 104, cable: 105, trench: 106, splicebox: 111, duct: 112 };

/** A seeded pseudo-random generator (mulberry32), so the same size gives the same shape. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateFtthNetwork(opts: { grid?: number; maxEdges?: number; origin?: [number, number]; seed?: number } = {}): GeneratedNetwork {
  const G = opts.grid ?? (opts.maxEdges ? Math.max(1, Math.ceil(Math.sqrt(opts.maxEdges / 14))) : 12);
  const [ox, oy] = opts.origin ?? UTRECHT;
  const rand = rng(opts.seed ?? 52090);
  const BLOCK = 130; // ≈ 80 m on the ground at 52° N (3857 units are stretched by 1/cos(lat) ≈ 1.62)
  const net: GeneratedNetwork = { objects: [], pathEdges: [], instances: [], values: [], relations: [] };
  const round = (v: number) => Math.round(v * 100) / 100;
  const addNode = (x: number, y: number): string => {
    const id = randomUUID();
    const g = { type: 'Point' as const, coordinates: [round(x), round(y)] as [number, number] };
    net.objects.push({ id, scenarioId: null, kind: 'node', geometry: JSON.stringify(g), fromNodeId: null, toNodeId: null, twoWay: null, length: null, bbox: bboxOf(g) });
    return id;
  };
  const pos = new Map<string, [number, number]>();
  const ends = new Map<string, [string, string]>();
  const addEdge = (a: string, b: string): string => {
    const id = randomUUID();
    ends.set(id, [a, b]);
    const g = { type: 'LineString' as const, coordinates: [pos.get(a)!, pos.get(b)!] };
    net.objects.push({ id, scenarioId: null, kind: 'edge', geometry: JSON.stringify(g), fromNodeId: a, toNodeId: b, twoWay: true, length: round(lineLength(g.coordinates)), bbox: bboxOf(g) });
    return id;
  };
  const node = (x: number, y: number) => { const id = addNode(x, y); pos.set(id, [round(x), round(y)]); return id; };
  const inst = (networkObjectId: string, objectTypeId: number, values: Record<string, string>): string => {
    const id = randomUUID();
    net.instances.push({ id, objectTypeId, networkObjectId });
    for (const [k, v] of Object.entries(values)) net.values.push({ objectInstanceId: id, attributeTypeName: k, value: v });
    return id;
  };
  const trenchWithDuct = (edgeId: string, name: string, house: boolean): string => {
    const t = inst(edgeId, T.trench, { name, house_connection: String(house) });
    const d = inst(edgeId, T.duct, { name, Existing: 'false', duct_type: house ? '1x6' : '7x14', usage: house ? 'dac' : 'distribution' });
    net.relations.push({ fromId: t, toId: d, objectRelationTypeName: 'trench_contains_duct' });
    return d;
  };

  // Crossings on a jittered grid.
  const cross: string[][] = [];
  for (let i = 0; i <= G; i++) {
    cross.push([]);
    for (let j = 0; j <= G; j++) cross[i].push(node(ox + i * BLOCK + (rand() - 0.5) * 20, oy + j * BLOCK + (rand() - 0.5) * 20));
  }
  // Street segments between crossings, split at three house taps; each tap feeds one house.
  const segment = new Map<string, { edges: string[]; ducts: string[] }>(); // "a|b" → street edges/ducts from a to b
  let houseNo = 0;
  const street = (a: string, b: string, streetName: string, horizontal: boolean) => {
    const [ax, ay] = pos.get(a)!, [bx, by] = pos.get(b)!;
    const chain = [a];
    for (let k = 1; k <= 3; k++) {
      const f = k / 4;
      const tap = node(ax + (bx - ax) * f, ay + (by - ay) * f);
      chain.push(tap);
      const side = k % 2 === 0 ? 1 : -1;
      const hx = ax + (bx - ax) * f + (horizontal ? 0 : side * 25), hy = ay + (by - ay) * f + (horizontal ? side * 25 : 0);
      const house = node(hx, hy);
      const he = addEdge(tap, house);
      const duct = trenchWithDuct(he, `Huisaansluiting ${streetName} ${++houseNo}`, true);
      inst(house, T.customer, { name: `${streetName} ${houseNo}`, status: 'connect', building_type: rand() < 0.85 ? 'lowRise' : 'duplex', address: `${streetName} ${houseNo}, Utrecht`, demand: '1' });
      const drop = randomUUID();
      net.objects.push({ id: drop, scenarioId: null, kind: 'path', geometry: null, fromNodeId: null, toNodeId: null, twoWay: null, length: null, bbox: null });
      net.pathEdges.push({ id: randomUUID(), pathId: drop, edgeId: he, startNodeId: tap, seq: 0 });
      const c = inst(drop, T.cable, { name: `Drop ${houseNo}`, fibers: '12', usage: 'dac' });
      net.relations.push({ fromId: duct, toId: c, objectRelationTypeName: 'duct_contains_cable' });
    }
    chain.push(b);
    const edges: string[] = [], ducts: string[] = [];
    for (let k = 0; k < chain.length - 1; k++) {
      const e = addEdge(chain[k], chain[k + 1]);
      edges.push(e);
      ducts.push(trenchWithDuct(e, streetName, false));
    }
    segment.set(`${a}|${b}`, { edges, ducts });
  };
  for (let j = 0; j <= G; j++) for (let i = 0; i < G; i++) street(cross[i][j], cross[i + 1][j], STREETS[j % STREETS.length], true);
  for (let i = 0; i <= G; i++) for (let j = 0; j < G; j++) street(cross[i][j], cross[i][j + 1], STREETS[(i + 7) % STREETS.length], false);

  // Access point in the middle, distribution points every third crossing, handholes on the others.
  const mid = Math.floor(G / 2);
  const ap = inst(cross[mid][mid], T.accessPoint, { name: 'AP Utrecht Leidsche Rijn', capacity: '100', cost: '75000' });
  let dpNo = 0;
  for (let i = 0; i <= G; i++) {
    for (let j = 0; j <= G; j++) {
      if (i === mid && j === mid) continue;
      if (i % 3 !== 1 || j % 3 !== 1) { if ((i + j) % 2 === 0) inst(cross[i][j], T.handhole, { name: `HH-${i}-${j}` }); continue; }
      const dp = inst(cross[i][j], T.splicebox, { name: `DP-${String(++dpNo).padStart(3, '0')}`, capacity: '46', physical_capacity: '48' });
      net.relations.push({ fromId: ap, toId: dp, objectRelationTypeName: 'access_point_feeds_splicebox' });
      // Feeder cable: along the row of the access point, then along the column of the distribution point.
      const feeder = randomUUID();
      net.objects.push({ id: feeder, scenarioId: null, kind: 'path', geometry: null, fromNodeId: null, toNodeId: null, twoWay: null, length: null, bbox: null });
      const c = inst(feeder, T.cable, { name: `Feeder ${dpNo}`, fibers: '144', usage: 'feeding' });
      let seq = 0, ci = mid, cj = mid;
      const step = (ni: number, nj: number) => {
        const a = cross[ci][cj], b = cross[ni][nj];
        const fwd = segment.get(`${a}|${b}`), back = segment.get(`${b}|${a}`);
        const s = (fwd ?? back)!;
        const order = fwd ? s.edges.map((e, k) => [e, s.ducts[k]]) : s.edges.map((e, k) => [e, s.ducts[k]]).reverse();
        let at = a;
        for (const [e, duct] of order) {
          net.pathEdges.push({ id: randomUUID(), pathId: feeder, edgeId: e, startNodeId: at, seq: seq++ });
          const [f, t] = ends.get(e)!;
          at = f === at ? t : f;
          net.relations.push({ fromId: duct, toId: c, objectRelationTypeName: 'duct_contains_cable' });
        }
        ci = ni; cj = nj;
      };
      while (ci !== i) step(ci + Math.sign(i - ci), cj);
      while (cj !== j) step(ci, cj + Math.sign(j - cj));
    }
  }
  return opts.maxEdges ? cut(net, opts.maxEdges) : net;
}

/** Keeps the first `maxEdges` edges and only what they need: their nodes, paths over kept edges, instances, values. */
export function cut(net: GeneratedNetwork, maxEdges: number): GeneratedNetwork {
  const edges = net.objects.filter((o) => o.kind === 'edge').slice(0, maxEdges);
  const keepEdge = new Set(edges.map((e) => e.id));
  const keepNode = new Set(edges.flatMap((e) => [e.fromNodeId!, e.toNodeId!]));
  const steps = new Map<string, (PathEdge & { seq: number })[]>();
  for (const s of net.pathEdges) { let l = steps.get(s.pathId); if (!l) steps.set(s.pathId, (l = [])); l.push(s); }
  const keepPath = new Set([...steps].filter(([, l]) => l.every((s) => keepEdge.has(s.edgeId))).map(([p]) => p));
  const keep = (id: string) => keepEdge.has(id) || keepNode.has(id) || keepPath.has(id);
  const instances = net.instances.filter((i) => keep(i.networkObjectId));
  const keepInst = new Set(instances.map((i) => i.id));
  return {
    objects: net.objects.filter((o) => keep(o.id)),
    pathEdges: net.pathEdges.filter((s) => keepPath.has(s.pathId)),
    instances,
    values: net.values.filter((v) => keepInst.has(v.objectInstanceId)),
    relations: net.relations.filter((r) => keepInst.has(r.fromId) && keepInst.has(r.toId)),
  };
}
