// A scale-test project of exactly N edges (`npm run seed`, tests, benchmarks): creates the project in the
// organisation and streams the tiles of generateFtthTiles into it, all in one transaction.
import type { Db } from '../db/db';
import { generateFtthTiles } from './generate';
import { insertNetworkBlocks, type BlockProgress } from './bulk-insert';

export interface SeedOptions { edges: number; name: string; organisation?: string; tile?: number; seed?: number; checkEachRow?: boolean }

export async function seedProject(db: Db, o: SeedOptions, onBlock?: (p: BlockProgress) => void):
  Promise<{ projectId: number; peakRss: number; setWiseForeignKeys: boolean } & BlockProgress> {
  const orgName = o.organisation ?? 'demo';
  let peakRss = process.memoryUsage().rss;
  const r = await insertNetworkBlocks(db, generateFtthTiles({ edges: o.edges, tile: o.tile, seed: o.seed }), async (q) => {
    await q.query('INSERT INTO organisations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [orgName]);
    const org = (await q.query<{ id: number }>('SELECT id FROM organisations WHERE name = $1', [orgName])).rows[0].id;
    return (await q.query<{ id: number }>('INSERT INTO project (organisation_id, name, project_type_id) VALUES ($1, $2, 10) RETURNING id',
      [org, o.name])).rows[0].id;
  }, { checkEachRow: o.checkEachRow, onBlock: (p) => { peakRss = Math.max(peakRss, process.memoryUsage().rss); onBlock?.(p); } });
  return { ...r, peakRss };
}
