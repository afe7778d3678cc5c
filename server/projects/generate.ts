// The parts of the one FTTH street generator (generate-tiles.ts): the rows it yields, the catalogue type ids it uses,
// street names, the seeded random generator, the default origin (Utrecht, EPSG:3857 map units) and `cut` (exactly N
// edges, keeping only what the kept edges need).
import type { AttributeValue, ObjectInstance, PathEdge, Relation } from '../../engine/types';
import type { NetworkObjectRow } from '../network/rows';
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
