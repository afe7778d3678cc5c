// Tile answers kept in the database (issue 15, migration 066; server/network/tile-stored.ts): a process that does not
// hold a tile answers it from the stored one — as it is at the same version, after the change-log check across writes
// that cannot change it (the row then stamped with the new version), read again after writes that can — and every
// answer is exactly what a fresh read gives; a newer stored tile is never replaced by an older one; a project keeps at
// most NETWORK_STORED_TILES of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { bumpNetworkVersion, clearNetworkCache, databaseId } from '../../server/network/cache';
import { lastTile, tileArrowBody, tileKey } from '../../server/network/tile-cache';
import { loadStoredTile, pruneStoredTiles, saveStoredTile } from '../../server/network/tile-stored';
import { storedWrites } from '../../server/network/scan-stored';
import { gzip, gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { NetworkFilter } from '../../server/network/read';
import { randomNetworkEdit, rng } from './support/random-edits';
import { decoded, fresh as freshRead, quadrants as quadrantsOf } from './support/tiles';

let s: TestServer;
const gzipAsync = promisify(gzip), gunzipAsync = promisify(gunzip);

beforeAll(async () => { s = await startTestServer(); }, 120_000);
afterAll(async () => { await s?.close(); });

const seeded = async (name: string) => (await seedProject(s.db, { edges: 300, name, organisation: 'demo', tile: 5 })).projectId;
const quadrants = (pid: number) => quadrantsOf(s, pid);
const fresh = (pid: number, f: NetworkFilter) => freshRead(s, pid, f);
/** A tile read in a process that holds no tile (its cache cleared), after every stored write has ended. */
async function coldTile(pid: number, f: NetworkFilter) {
  await storedWrites();
  clearNetworkCache();
  const e = await tileArrowBody(s.db, pid, f, await databaseId(s.db));
  return { body: e.body, how: lastTile.how, stored: lastTile.stored };
}
const storedVersion = async (pid: number) => (await s.db.query<{ v: string }>('SELECT max(version)::text AS v FROM network_tile WHERE project_id = $1', [pid])).rows[0].v;
const version = async (pid: number) => (await s.db.query<{ v: string }>('SELECT network_version::text AS v FROM project WHERE id = $1', [pid])).rows[0].v;

const lengthOf = (pid: number, id: string, length: number) => s.db.tx(async (q) => {
  await q.query('UPDATE network_object SET length = $3 WHERE project_id = $1 AND id = $2', [pid, id, length]);
  await bumpNetworkVersion(q, pid);
});
/** A cold tile read answers as `how` says, equal to a fresh read, and the stored tile ends at the current version. */
async function expectTile(pid: number, f: NetworkFilter, how: [string, boolean]) {
  const r = await coldTile(pid, f);
  expect([r.how, r.stored]).toEqual(how);
  expect(decoded(r.body)).toEqual(decoded(await fresh(pid, f)));
  await storedWrites();
  expect(await storedVersion(pid)).toBe(await version(pid));
}

describe('tiles stored in the database', () => {
  it('answer a process that does not hold them: as stored, across a write elsewhere (stamped anew), read again after a write in them', async () => {
    const pid = await seeded('Stored tiles');
    const [w, , , far] = await quadrants(pid);
    const f: NetworkFilter = { includeWithoutObjectInstances: false, bbox: w };
    const first = await coldTile(pid, f);
    expect([first.how, first.stored]).toEqual(['read', false]);
    const again = await coldTile(pid, f);
    expect([again.how, again.stored]).toEqual(['stored', true]);
    expect(Buffer.compare(Buffer.from(again.body), Buffer.from(first.body))).toBe(0);
    // the row holds the answer's gzip, and a gzip client of the process that loaded it is sent those bytes
    const row = await loadStoredTile(s.db, pid, tileKey(pid, f));
    expect(Buffer.compare(await gunzipAsync(row!.gz), Buffer.from(first.body))).toBe(0);
    const kept = await tileArrowBody(s.db, pid, f, await databaseId(s.db)); // the entry the stored row made
    expect(kept.gz).toBeDefined(); // not compressed again
    expect(Buffer.compare(await kept.gz!, row!.gz)).toBe(0);

    // a write in the far quadrant, on an object the tile's read did not find
    const ids = new Set(decoded(first.body).map((o) => o.id));
    const other = (await s.db.query<{ id: string }>(`SELECT id FROM network_object WHERE project_id = $1 AND kind = 'node' AND scenario_id IS NULL AND bbox && $2::box ORDER BY id`,
      [pid, `(${far[2]},${far[3]}),(${far[0]},${far[1]})`])).rows.find((r) => !ids.has(r.id))!;
    await lengthOf(pid, other.id, 1);
    await expectTile(pid, f, ['revalidated', true]);

    // a write on an object the tile found: read again, and stored at the new version
    const inside = decoded(first.body).find((o) => o.node && !o.scenarioId)!;
    await lengthOf(pid, inside.id, 2);
    await expectTile(pid, f, ['read', false]);
  }, 60_000);

  it('after random batches of edits answer exactly what a fresh read gives, from the database or read again', async () => {
    const pid = await seeded('Stored tiles edited');
    const boxes = await quadrants(pid);
    const rand = rng(2711);
    const hows = new Map<string, number>();
    for (let round = 0; round < 6; round++) {
      for (const bbox of boxes) {
        for (const f of [{ includeWithoutObjectInstances: false }, { includeWithoutObjectInstances: true, scenarioId: 7 }] as NetworkFilter[]) {
          const r = await coldTile(pid, { ...f, bbox });
          hows.set(`${r.how}${r.stored ? ' stored' : ''}`, (hows.get(`${r.how}${r.stored ? ' stored' : ''}`) ?? 0) + 1);
          expect(decoded(r.body), `round ${round}`).toEqual(decoded(await fresh(pid, { ...f, bbox })));
        }
      }
      for (let k = 0; k < 1 + Math.floor(rand() * 2); k++) await randomNetworkEdit(s.db, pid, rand);
    }
    expect(hows.get('revalidated stored') ?? 0).toBeGreaterThan(0);
    expect(hows.get('read') ?? 0).toBeGreaterThan(8);
  }, 180_000);

  it('keep the ids their read found whatever characters the ids hold', async () => {
    const pid = await seeded('Stored tiles, odd ids');
    const ids = ['a,b', 'x"y', 'line\nbreak', '{z}', 'back\\slash', "it's", ' spaced ', 'NULL', ''];
    saveStoredTile(s.db, pid, 'odd', '5', ids, gzipAsync(Buffer.from([1, 2, 3])));
    await storedWrites();
    const t = await loadStoredTile(s.db, pid, 'odd');
    expect([...t!.objects].sort()).toEqual([...ids].sort());
    expect([t!.version, [...t!.body]]).toEqual(['5', [1, 2, 3]]);
    expect([...await gunzipAsync(t!.gz)]).toEqual([1, 2, 3]);
  });

  it('are never replaced by an older version, and are kept to NETWORK_STORED_TILES a project', async () => {
    const pid = await seeded('Stored tiles bounded');
    const boxes = await quadrants(pid);
    for (const bbox of boxes) await coldTile(pid, { includeWithoutObjectInstances: false, bbox });
    await storedWrites();
    const rows = async () => (await s.db.query<{ key: string; version: string; n: number }>('SELECT key, version::text AS version, octet_length(gz) AS n FROM network_tile WHERE project_id = $1 ORDER BY stored_at, key', [pid])).rows;
    const before = await rows();
    expect(before).toHaveLength(4);
    saveStoredTile(s.db, pid, before[0].key, String(BigInt(before[0].version) - 1n), [], gzipAsync(Buffer.from('older')));
    await storedWrites();
    expect((await rows()).find((r) => r.key === before[0].key)).toEqual(before[0]);
    process.env.NETWORK_STORED_TILES = '2';
    try { await pruneStoredTiles(s.db, pid); } finally { delete process.env.NETWORK_STORED_TILES; }
    expect((await rows()).map((r) => r.key)).toEqual(before.slice(2).map((r) => r.key));
  }, 60_000);
});
