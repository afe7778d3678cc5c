// The one FTTH street generator (spec 3 §4 fibre object kinds) — the demo project, `npm run seed` and the server
// benches: a jittered street grid of G×G blocks, streets split at house taps into trench edges carrying a duct, a
// house-connection trench + duct + drop cable per house, customer connections, distribution points (spliceboxes) every
// third crossing, handholes, cut into square tiles (TILE crossings a side), each tile one access-point area (its own
// access point, feeder cables within the tile), yielded tile by tile. A block only refers to objects of itself or of
// earlier blocks, so it can be inserted and dropped; memory stays O(tile + one row of tiles' border). Exactly `edges`
// edges (the last tile is cut). Coordinates are EPSG:3857 map units around an origin (Utrecht by default).
import { randomUUID } from 'node:crypto';
import type { GeneratedNetwork } from './generate';
import { cut, rng, STREETS, T, UTRECHT } from './generate';
import { bboxOf } from '../network/rows';
import { lineLength } from '../../engine/geometry';

/** Crossings per tile side: 24 → ≈ 8,000 edges and one access point serving ≈ 1,700 houses per tile. */
export const TILE = 24;
/** Map units between crossings (≈ 80 m on the ground at 52° N). */
export const BLOCK = 130;
/** Edges per street between two crossings: 4 street edges (3 house taps) + 3 house connections. */
const EDGES_PER_STREET = 7;

/** Street grid size G (crossings 0..G a side) that holds at least `edges` edges: 2·G·(G+1) streets of 7 edges. */
export function gridFor(edges: number): number {
  let g = Math.max(1, Math.floor(Math.sqrt(edges / (2 * EDGES_PER_STREET))));
  while (2 * EDGES_PER_STREET * g * (g + 1) < edges) g++;
  return g;
}

export interface TiledOptions {
  edges: number; tile?: number; origin?: [number, number]; seed?: number;
  /** Name of every access point (default 'AP {n}'); digits of distribution point numbers (default 5). */
  apName?: string; dpDigits?: number;
}

/** Yields the network of `opts.edges` edges tile by tile (each block ready to insert after the earlier ones). */
export function* generateFtthTiles(opts: TiledOptions): Generator<GeneratedNetwork> {
  const G = gridFor(opts.edges);
  const S = Math.max(3, opts.tile ?? TILE);
  const [ox, oy] = opts.origin ?? UTRECHT;
  const rand = rng(opts.seed ?? 52090);
  const round = (v: number) => Math.round(v * 100) / 100;
  // Crossings still referenced: the last column of the previous tile column and the current tile column.
  const cross = new Map<number, { id: string; x: number; y: number }>();
  const key = (i: number, j: number) => i * (G + 1) + j;
  let left = opts.edges, houseNo = 0, dpNo = 0, apNo = 0;
  const tiles = Math.ceil((G + 1) / S);

  for (let ti = 0; ti < tiles && left > 0; ti++) {
    for (const k of [...cross.keys()]) if (Math.floor(k / (G + 1)) < ti * S - 1) cross.delete(k);
    for (let tj = 0; tj < tiles && left > 0; tj++) {
      const net: GeneratedNetwork = { objects: [], pathEdges: [], instances: [], values: [], relations: [] };
      const pos = new Map<string, [number, number]>();
      const ends = new Map<string, [string, string]>();
      const node = (x: number, y: number): string => {
        const id = randomUUID();
        const c: [number, number] = [round(x), round(y)];
        const g = { type: 'Point' as const, coordinates: c };
        net.objects.push({ id, scenarioId: null, kind: 'node', geometry: JSON.stringify(g), fromNodeId: null, toNodeId: null, twoWay: null, length: null, bbox: bboxOf(g) });
        pos.set(id, c);
        return id;
      };
      const at = (id: string): [number, number] => pos.get(id)!;
      const addEdge = (a: string, b: string): string => {
        const id = randomUUID();
        ends.set(id, [a, b]);
        const g = { type: 'LineString' as const, coordinates: [at(a), at(b)] };
        net.objects.push({ id, scenarioId: null, kind: 'edge', geometry: JSON.stringify(g), fromNodeId: a, toNodeId: b, twoWay: true, length: round(lineLength(g.coordinates)), bbox: bboxOf(g) });
        return id;
      };
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
      const path = (): string => {
        const id = randomUUID();
        net.objects.push({ id, scenarioId: null, kind: 'path', geometry: null, fromNodeId: null, toNodeId: null, twoWay: null, length: null, bbox: null });
        return id;
      };
      const segment = new Map<string, { edges: string[]; ducts: string[] }>();
      const street = (a: string, b: string, streetName: string, horizontal: boolean) => {
        const [ax, ay] = at(a), [bx, by] = at(b);
        const chain = [a];
        for (let k = 1; k <= 3; k++) {
          const f = k / 4, side = k % 2 === 0 ? 1 : -1;
          const tap = node(ax + (bx - ax) * f, ay + (by - ay) * f);
          chain.push(tap);
          const house = node(ax + (bx - ax) * f + (horizontal ? 0 : side * 25), ay + (by - ay) * f + (horizontal ? side * 25 : 0));
          const he = addEdge(tap, house);
          const duct = trenchWithDuct(he, `Huisaansluiting ${streetName} ${++houseNo}`, true);
          inst(house, T.customer, { name: `${streetName} ${houseNo}`, status: 'connect', building_type: rand() < 0.85 ? 'lowRise' : 'duplex', address: `${streetName} ${houseNo}, Utrecht`, demand: '1' });
          const drop = path();
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

      const i0 = ti * S, i1 = Math.min(G, i0 + S - 1), j0 = tj * S, j1 = Math.min(G, j0 + S - 1);
      for (let i = i0; i <= i1; i++) {
        for (let j = j0; j <= j1; j++) {
          const x = ox + i * BLOCK + (rand() - 0.5) * 20, y = oy + j * BLOCK + (rand() - 0.5) * 20;
          cross.set(key(i, j), { id: node(x, y), x: round(x), y: round(y) });
        }
      }
      const c = (i: number, j: number): string => {
        const v = cross.get(key(i, j))!;
        if (!pos.has(v.id)) pos.set(v.id, [v.x, v.y]);
        return v.id;
      };
      for (let i = i0; i <= i1; i++) {
        for (let j = j0; j <= j1; j++) {
          if (i > 0) street(c(i - 1, j), c(i, j), STREETS[j % STREETS.length], true);
          if (j > 0) street(c(i, j - 1), c(i, j), STREETS[(i + 7) % STREETS.length], false);
        }
      }

      // One access point in the middle of the tile; distribution points every third crossing, fed along the tile's
      // streets (first along the access point's row, then along the distribution point's column); handholes between.
      const mi = Math.floor((i0 + i1) / 2), mj = Math.floor((j0 + j1) / 2);
      const ap = inst(c(mi, mj), T.accessPoint, { name: opts.apName ?? `AP ${++apNo}`, capacity: '100', cost: '75000' });
      for (let i = i0; i <= i1; i++) {
        for (let j = j0; j <= j1; j++) {
          if (i === mi && j === mj) continue;
          if (i % 3 !== 1 || j % 3 !== 1) { if ((i + j) % 2 === 0) inst(c(i, j), T.handhole, { name: `HH-${i}-${j}` }); continue; }
          const dp = inst(c(i, j), T.splicebox, { name: `DP-${String(++dpNo).padStart(opts.dpDigits ?? 5, '0')}`, capacity: '46', physical_capacity: '48' });
          net.relations.push({ fromId: ap, toId: dp, objectRelationTypeName: 'access_point_feeds_splicebox' });
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
              net.pathEdges.push({ id: randomUUID(), pathId: feeder, edgeId: e, startNodeId: here, seq: seq++ });
              const [f, t] = ends.get(e)!;
              here = f === here ? t : f;
              net.relations.push({ fromId: duct, toId: cable, objectRelationTypeName: 'duct_contains_cable' });
            }
            ci = ni; cj = nj;
          };
          while (ci !== i) step(ci + Math.sign(i - ci), cj);
          while (cj !== j) step(ci, cj + Math.sign(j - cj));
        }
      }
      let n = 0;
      for (const o of net.objects) if (o.kind === 'edge') n++;
      const block = n > left ? cut(net, left) : net;
      left -= Math.min(n, left);
      yield block;
    }
  }
}

/**
 * A small network in one piece (the demo project: one tile, one access point): a G×G grid (`grid`, default 12 ≈ 2,200
 * edges) or exactly `maxEdges` edges, generated by the same street generator as the tiles.
 */
export function generateFtthNetwork(opts: { grid?: number; maxEdges?: number; origin?: [number, number]; seed?: number; apName?: string } = {}): GeneratedNetwork {
  const grid = opts.grid ?? gridFor(opts.maxEdges ?? 14 * 12 * 13);
  const edges = Math.min(opts.maxEdges ?? Infinity, 2 * EDGES_PER_STREET * grid * (grid + 1));
  const net: GeneratedNetwork = { objects: [], pathEdges: [], instances: [], values: [], relations: [] };
  for (const b of generateFtthTiles({ edges, tile: grid + 1, origin: opts.origin, seed: opts.seed, apName: opts.apName, dpDigits: 3 })) {
    for (const k of ['objects', 'pathEdges', 'instances', 'values', 'relations'] as const) (net[k] as unknown[]).push(...b[k]);
  }
  return net;
}
