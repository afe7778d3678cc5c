// `npm run seed -- --edges N` (issue 4 §9): a project of exactly N edges, generated and stored block by block in one
// transaction, that passes the server's graph_integrity validation; a block that breaks a reference loses everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { generateFtthTiles } from '../../server/projects/generate';
import { gridFor } from '../../engine/generate';
import { insertNetworkBlocks } from '../../server/projects/bulk-insert';

let s: TestServer;
let api: Api;

beforeAll(async () => {
  s = await startTestServer();
  api = s.api(await s.login('engineer@demo.example'));
}, 120_000);
afterAll(async () => { await s?.close(); });

const count = async (sql: string, ...params: unknown[]) => Number((await s.db.query<{ n: string }>(sql, params)).rows[0].n);

describe('seeding a scale-test project', () => {
  it('generates exactly N edges in tiles that only refer to themselves and earlier tiles', () => {
    const seen = new Set<string>();
    let edges = 0, blocks = 0;
    for (const b of generateFtthTiles({ edges: 3000, tile: 5 })) {
      blocks++;
      for (const o of b.objects) seen.add(o.id);
      for (const o of b.objects) if (o.kind === 'edge') { edges++; expect(seen.has(o.fromNodeId!) && seen.has(o.toNodeId!)).toBe(true); }
      for (const p of b.pathEdges) expect(seen.has(p.pathId) && seen.has(p.edgeId) && seen.has(p.startNodeId)).toBe(true);
    }
    expect(edges).toBe(3000);
    expect(blocks).toBeGreaterThan(3);
    expect(14 * gridFor(1_000_000) * (gridFor(1_000_000) + 1)).toBeGreaterThanOrEqual(1_000_000);
  });

  it('stores a 3,000-edge project in several blocks that passes graph_integrity and has exactly 3,000 edges', async () => {
    const r = await seedProject(s.db, { edges: 3000, name: 'Seed 3000', organisation: 'demo', tile: 5 });
    expect(r.blocks).toBeGreaterThan(3);
    expect(r.edges).toBe(3000);
    // Where the role may switch the per-row triggers off, the keys are verified set-wise before commit.
    const su = (await s.db.query<{ su: string }>(`SELECT current_setting('is_superuser') AS su`)).rows[0].su === 'on';
    expect(r.setWiseForeignKeys).toBe(su);
    const pid = r.projectId;
    expect(await count(`SELECT count(*) AS n FROM network_object WHERE project_id = $1 AND kind = 'edge'`, pid)).toBe(3000);
    expect(await count(`SELECT count(*) AS n FROM network_object WHERE project_id = $1`, pid)).toBe(r.objects);
    const v = await api.post(`/api/project/${pid}/validations`, [{ name: 'graph_integrity', params: { geometry: true } }]);
    expect(v.status).toBe(200);
    expect(v.body.graph_integrity.passed).toBe(true);
    // The project is what the app loads: every edge with its end nodes, access points with feeder cables.
    const all = await api.get(`/api/project/${pid}/network_object/all`);
    expect(all.status).toBe(200);
    const data = all.body.data as { id: string; edge?: unknown; pathEdges?: unknown[]; objectInstances?: { objectTypeId: number }[] }[];
    expect(data.filter((o) => o.edge).length).toBe(3000);
    const types = new Set(data.flatMap((o) => (o.objectInstances ?? []).map((i) => i.objectTypeId)));
    for (const t of [101, 103, 105, 106, 111, 112]) expect(types.has(t)).toBe(true);
    expect(data.some((o) => (o.pathEdges?.length ?? 0) > 4)).toBe(true); // feeder cables over several street edges
  }, 120_000);

  it('checks foreign keys row by row when asked, with the same result', async () => {
    const r = await seedProject(s.db, { edges: 1000, name: 'Seed 1000 checked', organisation: 'demo', tile: 4, checkEachRow: true });
    expect(r.setWiseForeignKeys).toBe(false);
    expect(await count(`SELECT count(*) AS n FROM network_object WHERE project_id = $1 AND kind = 'edge'`, r.projectId)).toBe(1000);
    const v = await api.post(`/api/project/${r.projectId}/validations`, [{ name: 'graph_integrity' }]);
    expect(v.body.graph_integrity.passed).toBe(true);
  }, 120_000);

  for (const checkEachRow of [false, true]) {
    it(`keeps nothing when a later block refers to a missing node (${checkEachRow ? 'row by row' : 'set-wise'})`, async () => {
      const tiles = generateFtthTiles({ edges: 600, tile: 4, seed: 3 });
      function* broken() {
        let k = 0;
        for (const b of tiles) {
          if (++k === 3) b.objects.find((o) => o.kind === 'edge')!.toNodeId = 'no-such-node';
          yield b;
        }
      }
      const name = `Broken seed ${checkEachRow}`;
      await expect(insertNetworkBlocks(s.db, broken(), async (q) => (await q.query<{ id: number }>(
        `INSERT INTO project (organisation_id, name, project_type_id) SELECT id, $1, 10 FROM organisations WHERE name = 'demo' RETURNING id`, [name])).rows[0].id,
      { checkEachRow })).rejects.toThrow(/foreign key/);
      expect(await count(`SELECT count(*) AS n FROM project WHERE name = $1`, name)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM network_object o WHERE NOT EXISTS (SELECT 1 FROM project p WHERE p.id = o.project_id)`)).toBe(0);
    }, 120_000);
  }
});
