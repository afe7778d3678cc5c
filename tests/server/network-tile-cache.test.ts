// Tiles (window reads in the Arrow form) are kept per process (server/network/tile-cache.ts, issue 15): the same tile
// again is answered from the cache; after network writes it is kept only while the change log names none of the
// objects its read found and none of the named objects meets the window or is a path over one of its edges — and
// every answer, kept or read, is exactly what a fresh read gives. Checked on named writes (far away, in the tile, a new
// path over a tile edge, a node moved in) and on random batches of edits, through the HTTP route and the function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { bumpNetworkVersion, clearNetworkCache, databaseId } from '../../server/network/cache';
import { ARROW_MEDIA_TYPE } from '../../engine/network-arrow-schema';
import { lastTile, tileArrowBody } from '../../server/network/tile-cache';
import type { NetworkFilter } from '../../server/network/read';
import type { Queryable } from '../../server/db/db';
import { randomNetworkEdit, rng } from './support/random-edits';
import { decoded, fresh as freshRead, quadrants as quadrantsOf } from './support/tiles';

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('engineer@demo.example');
}, 120_000);
afterAll(async () => { await s?.close(); });

const seeded = async (name: string) => (await seedProject(s.db, { edges: 300, name, organisation: 'demo', tile: 5 })).projectId;
/** The project's node extent cut in four quadrants. */
const quadrants = (pid: number) => quadrantsOf(s, pid);
const fresh = (pid: number, f: NetworkFilter) => freshRead(s, pid, f);
async function kept(pid: number, f: NetworkFilter) {
  const e = await tileArrowBody(s.db, pid, f, await databaseId(s.db));
  return { body: e.body, how: lastTile.how };
}
const write = (pid: number, fn: (q: Queryable) => Promise<unknown>) => s.db.tx(async (q) => { await fn(q); await bumpNetworkVersion(q, pid); });

describe('tiles kept per process (Arrow window reads)', () => {
  it('the same tile again is kept; a write elsewhere keeps it; a write in it, a new path over it, a node moved in read it again', async () => {
    clearNetworkCache();
    const pid = await seeded('Tile cache');
    const [w, , , far] = await quadrants(pid); // far: the diagonal quadrant
    const f: NetworkFilter = { includeWithoutObjectInstances: false, bbox: w };
    const check = async (how: string) => {
      const r = await kept(pid, f);
      expect(r.how).toBe(how);
      expect(decoded(r.body)).toEqual(decoded(await fresh(pid, f)));
      return decoded(r.body);
    };
    const first = await check('read');
    expect(first.length).toBeGreaterThan(50);
    await check('kept');
    // through the route: the same bytes, from the cache
    const get = async () => new Uint8Array(await (await fetch(`${s.url}/api/project/${pid}/network_object/all?includeWithoutObjectInstances=false&bbox=${w.join(',')}`,
      { headers: { authorization: `Bearer ${token}`, accept: ARROW_MEDIA_TYPE, 'accept-encoding': 'identity' } })).arrayBuffer());
    expect(decoded(await get())).toEqual(first);
    expect(lastTile.how).toBe('kept');

    // a value of an instance on an object in the far quadrant that the tile did not read
    const ids = new Set(first.map((o) => o.id));
    const other = (await s.db.query<{ id: string; obj: string }>(`SELECT i.id, i.network_object_id AS obj FROM object_instance i JOIN network_object o
      ON o.project_id = i.project_id AND o.id = i.network_object_id WHERE i.project_id = $1 AND o.kind = 'node' AND o.scenario_id IS NULL AND o.bbox && $2::box ORDER BY i.id`,
    [pid, `(${far[2]},${far[3]}),(${far[0]},${far[1]})`])).rows.find((r) => !ids.has(r.obj))!;
    await write(pid, (q) => q.query(`INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value) VALUES ($1, $2, 'note', 'far')
      ON CONFLICT (project_id, object_instance_id, attribute_type_name) DO UPDATE SET value = 'far'`, [pid, other.id]));
    await check('revalidated');
    await check('kept');

    // a value on an instance of an object in the tile
    const inside = first.find((o) => o.objectInstances?.length)!.objectInstances![0].id;
    await write(pid, (q) => q.query(`INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value) VALUES ($1, $2, 'note', 'in the tile')
      ON CONFLICT (project_id, object_instance_id, attribute_type_name) DO UPDATE SET value = 'in the tile'`, [pid, inside]));
    const afterValue = await check('read');
    expect(afterValue.flatMap((o) => o.objectInstances ?? []).find((i) => i.id === inside)?.attributeValues?.some((v) => (v as { value: string }).value === 'in the tile')).toBe(true);

    // a new path (no box of its own) over an edge in the tile (not one the closure brought from outside)
    const within = ([x, y]: number[]) => x >= w[0] && x <= w[2] && y >= w[1] && y <= w[3];
    const edge = first.find((o) => o.edge && !o.scenarioId && o.edge.geometry.coordinates.every(within))!;
    const type = (await s.db.query<{ t: number }>(`SELECT object_type_id AS t FROM object_instance WHERE project_id = $1 ORDER BY id LIMIT 1`, [pid])).rows[0].t;
    await write(pid, async (q) => {
      await q.query(`INSERT INTO network_object (project_id, id, kind) VALUES ($1, 't-path', 'path')`, [pid]);
      await q.query(`INSERT INTO path_edge (project_id, id, path_id, edge_id, start_node_id, seq) VALUES ($1, 't-pe', 't-path', $2, $3, 0)`, [pid, edge.id, edge.edge!.fromNodeId]);
      await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, 't-cable', type, 't-path']);
    });
    expect((await check('read')).some((o) => o.id === 't-path')).toBe(true);

    // a node of the far quadrant moved into the tile (geometry and box)
    const [cx, cy] = [(w[0] + w[2]) / 2, (w[1] + w[3]) / 2];
    await write(pid, (q) => q.query(`UPDATE network_object SET geometry = $3::jsonb, bbox = $4::box WHERE project_id = $1 AND id = $2`,
      [pid, other.obj, JSON.stringify({ type: 'Point', coordinates: [cx, cy] }), `(${cx},${cy}),(${cx},${cy})`]));
    expect((await check('read')).some((o) => o.id === other.obj)).toBe(true);
  }, 120_000);

  it('after random batches of edits every tile answers what a fresh read gives, kept across writes or read again', async () => {
    clearNetworkCache();
    const pid = await seeded('Tile cache edited');
    const boxes = await quadrants(pid);
    const rand = rng(1127);
    const hows = new Map<string, number>();
    for (let round = 0; round < 8; round++) {
      for (const bbox of boxes) {
        for (const f of [{ includeWithoutObjectInstances: false }, { includeWithoutObjectInstances: true, scenarioId: 7 }] as NetworkFilter[]) {
          const r = await kept(pid, { ...f, bbox });
          hows.set(r.how, (hows.get(r.how) ?? 0) + 1);
          expect(decoded(r.body), `round ${round}`).toEqual(decoded(await fresh(pid, { ...f, bbox })));
        }
      }
      const n = 1 + Math.floor(rand() * 2);
      for (let k = 0; k < n; k++) await randomNetworkEdit(s.db, pid, rand);
    }
    // both ways were taken: tiles kept across writes, and tiles read again
    expect(hows.get('revalidated') ?? 0).toBeGreaterThan(0);
    expect(hows.get('read') ?? 0).toBeGreaterThan(8);
  }, 180_000);
});
