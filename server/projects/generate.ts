// The server's side of the one street generator (engine/generate.ts, 'ftth' detail): its blocks as table rows with
// random UUIDs — the tiles that `npm run seed`, the tests and the server bench store block by block, and the demo
// project's network in one piece (one tile, one access point).
import { randomUUID } from 'node:crypto';
import type { AttributeValue, ObjectInstance, PathEdge, Relation } from '../../engine/types';
import { gridEdges, gridFor, joinBlocks, streetTiles, type NetworkBlock, type StreetOptions } from '../../engine/generate';
import { toRow, type NetworkObjectRow } from '../network/rows';

export interface GeneratedNetwork {
  objects: NetworkObjectRow[]; pathEdges: (PathEdge & { seq: number })[]; instances: ObjectInstance[];
  values: AttributeValue[]; relations: Relation[];
}

/** A generated block as rows (a path edge's position is its seq). */
export function toRows(b: NetworkBlock): GeneratedNetwork {
  return {
    objects: b.networkObjects.map(toRow),
    pathEdges: b.pathEdges.map(({ position, ...s }) => ({ ...s, seq: position })),
    instances: b.objectInstances, values: b.attributeValues, relations: b.relations,
  };
}

export type TiledOptions = Pick<StreetOptions, 'edges' | 'tile' | 'origin' | 'seed' | 'apName' | 'dpDigits'>;

const uuid = () => randomUUID();

/** Yields the FTTH network of `opts.edges` edges tile by tile as rows (each block ready to insert after the earlier ones). */
export function* generateFtthTiles(opts: TiledOptions): Generator<GeneratedNetwork> {
  for (const b of streetTiles({ ...opts, newId: uuid })) yield toRows(b);
}

/**
 * A small FTTH network in one piece (the demo project: one tile, one access point): a G×G grid (`grid`, default 12 ≈
 * 2,200 edges) or exactly `maxEdges` edges.
 */
export function generateFtthNetwork(opts: { grid?: number; maxEdges?: number; origin?: [number, number]; seed?: number; apName?: string } = {}): GeneratedNetwork {
  const grid = opts.grid ?? gridFor(opts.maxEdges ?? gridEdges(12));
  const edges = Math.min(opts.maxEdges ?? Infinity, gridEdges(grid));
  return toRows(joinBlocks(streetTiles({ edges, tile: grid + 1, origin: opts.origin, seed: opts.seed, apName: opts.apName, dpDigits: 3, newId: uuid })));
}
