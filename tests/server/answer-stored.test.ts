// Whole-project Arrow answers kept in the database (issue 15, migration 067; server/network/answer-stored.ts): a
// process that does not hold the answer in memory sends a read of an unchanged project from the stored gzip — to a
// gzip client the stored bytes as they are, to others unzipped — exactly what it would have built; a write makes the
// stored answer stale (built again and stored at the new version); a newer stored answer is never replaced by an older
// one; answers are stored in parts; at most 8 filters a project are kept; NETWORK_STORED_COLUMNS=0 turns it off.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { bumpNetworkVersion, clearNetworkCache, databaseId } from '../../server/network/cache';
import { clearScanStores, currentArrowBody, lastArrow } from '../../server/network/read-arrow';
import { forgetStoredAnswers, loadStoredAnswer, saveStoredAnswer } from '../../server/network/answer-stored';
import { storedWrites } from '../../server/network/scan-stored';
import { ARROW_MEDIA_TYPE } from '../../engine/network-arrow-schema';

let s: TestServer;
let token: string;
let pid: number;

beforeAll(async () => {
  process.env.NETWORK_STORED_ANSWER_MIN_BYTES = '0'; // the seeded project's answers are small
  s = await startTestServer();
  token = await s.login('engineer@demo.example');
  pid = (await seedProject(s.db, { edges: 300, name: 'Stored answers', organisation: 'demo', tile: 5 })).projectId;
}, 120_000);
afterAll(async () => {
  delete process.env.NETWORK_STORED_ANSWER_MIN_BYTES;
  await s?.close();
});
beforeEach(async () => { await storedWrites(); });

/** GET of the whole project as Arrow, the body as it came over the wire (not unzipped). */
function rawGet(query: string, encoding: string): Promise<{ status: number; headers: Record<string, unknown>; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}/api/project/${pid}/network_object/all${query}`, {
      headers: { authorization: `Bearer ${token}`, accept: ARROW_MEDIA_TYPE, 'accept-encoding': encoding },
    }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const body = (r: { headers: Record<string, unknown>; raw: Buffer }) => (r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.raw) : r.raw);
/** A read in a process that holds nothing in memory (its caches and column stores dropped), stored writes ended. */
async function cold(query: string, encoding = 'gzip') {
  await storedWrites();
  clearNetworkCache(); clearScanStores();
  const r = await rawGet(query, encoding);
  expect(r.status).toBe(200);
  return { ...r, how: lastArrow.body };
}
const rows = async () => (await s.db.query<{ key: string; version: string; parts: number }>(
  'SELECT key, max(version)::text AS version, count(*)::int AS parts FROM network_answer WHERE project_id = $1 GROUP BY key ORDER BY key', [pid])).rows;
const version = async () => (await s.db.query<{ v: string }>('SELECT network_version::text AS v FROM project WHERE id = $1', [pid])).rows[0].v;
const storedGz = async (key: string) => Buffer.concat((await s.db.query<{ gz: Buffer }>(
  'SELECT gz FROM network_answer WHERE project_id = $1 AND key = $2 ORDER BY part', [pid, key])).rows.map((r) => r.gz));

describe('whole-project Arrow answers stored in the database', () => {
  it('answer a process that does not hold them: the stored gzip as it is to gzip clients, unzipped to others, the same bytes as a build', async () => {
    const built = await cold('', 'gzip');
    expect(built.how).toBe('built');
    const key = '||0|arrow';
    await storedWrites();
    expect((await rows()).find((r) => r.key === key)).toMatchObject({ version: await version() });
    const again = await cold('', 'gzip');
    expect(again.how).toBe('stored');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['content-type']).toBe(ARROW_MEDIA_TYPE);
    expect(again.headers.etag).toBe(built.headers.etag);
    expect(Buffer.compare(again.raw, await storedGz(key))).toBe(0); // sent as stored, not compressed again
    expect(Buffer.compare(body(again), body(built))).toBe(0);
    // a client that does not take gzip: the body unzipped
    const plain = await cold('', 'identity');
    expect(plain.how).toBe('stored');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(plain.raw, body(built))).toBe(0);
    // the entry it keeps counts the stored gzip against the cache budget beside the body
    await storedWrites(); clearNetworkCache(); clearScanStores();
    const e = await currentArrowBody(s.db, pid, key, { objectTypeIds: [], includeWithoutObjectInstances: false }, await databaseId(s.db));
    expect(lastArrow.body).toBe('stored');
    expect(e.bytes).toBe(e.body.length + (await e.gz!).length);
    // the process keeps what it loaded: the next read is from memory
    const kept = await rawGet('', 'gzip');
    expect(lastArrow.body).toBe('cached');
    expect(Buffer.compare(body(kept), body(built))).toBe(0);
  }, 60_000);

  it('go stale with a write: the answer is built again, equal to a fresh build, and stored at the new version', async () => {
    const query = '?includeWithoutObjectInstances=true';
    await cold(query);
    expect((await cold(query)).how).toBe('stored');
    const n = (await s.db.query<{ id: string }>(`SELECT id FROM network_object WHERE project_id = $1 AND kind = 'edge' ORDER BY id LIMIT 1`, [pid])).rows[0].id;
    await s.db.tx(async (q) => {
      await q.query('UPDATE network_object SET length = 12.5 WHERE project_id = $1 AND id = $2', [pid, n]);
      await bumpNetworkVersion(q, pid);
    });
    const after = await cold(query);
    expect(after.how).toBe('built');
    expect(body(after).includes(Buffer.from(new Float64Array([12.5]).buffer))).toBe(true);
    await storedWrites();
    expect((await rows()).find((r) => r.key === '||1|arrow')).toMatchObject({ version: await version() });
    const stored = await cold(query);
    expect(stored.how).toBe('stored');
    expect(Buffer.compare(body(stored), body(after))).toBe(0);
  }, 60_000);

  it('are stored in parts and read back whole; a newer stored answer is never replaced by an older one', async () => {
    process.env.NETWORK_STORED_ANSWER_PART_BYTES = '1000';
    try {
      forgetStoredAnswers();
      await s.db.query('DELETE FROM network_answer WHERE project_id = $1', [pid]);
      const built = await cold('');
      await storedWrites();
      const r = (await rows()).find((x) => x.key === '||0|arrow')!;
      expect(r.parts).toBeGreaterThan(3);
      const again = await cold('');
      expect(again.how).toBe('stored');
      expect(Buffer.compare(body(again), body(built))).toBe(0);
    } finally { delete process.env.NETWORK_STORED_ANSWER_PART_BYTES; }
    const v = await version();
    forgetStoredAnswers();
    saveStoredAnswer(s.db, pid, '||0|arrow', String(BigInt(v) - 1n), 5, Promise.resolve(gzipSync(Buffer.from('older'))));
    await storedWrites();
    const t = await s.db.tx((q) => loadStoredAnswer(q, pid, '||0|arrow', v));
    expect(t).toBeDefined();
    expect(t!.gz.length).toBeGreaterThan(100);
    // and the older version is not there to be read
    expect(await s.db.tx((q) => loadStoredAnswer(q, pid, '||0|arrow', String(BigInt(v) - 1n)))).toBeUndefined();
  }, 60_000);

  it('keep at most 8 filters a project (the oldest stored go first)', async () => {
    const v = await version();
    forgetStoredAnswers();
    for (let k = 0; k < 10; k++) {
      saveStoredAnswer(s.db, pid, `k${k}`, v, 3, Promise.resolve(gzipSync(Buffer.from(`a${k}`))));
      await storedWrites();
    }
    const keys = (await rows()).map((r) => r.key);
    expect(keys).toHaveLength(8);
    expect(keys).toContain('k9');
    expect(keys).not.toContain('k0');
    expect(keys).not.toContain('k1');
  });

  it('are neither stored nor read with NETWORK_STORED_COLUMNS=0', async () => {
    await cold('?objectTypeIds=2');
    await storedWrites();
    expect((await rows()).some((r) => r.key === '2||0|arrow')).toBe(true);
    process.env.NETWORK_STORED_COLUMNS = '0';
    try {
      expect((await cold('?objectTypeIds=2')).how).toBe('built');
      await s.db.query('DELETE FROM network_answer WHERE project_id = $1', [pid]);
      forgetStoredAnswers();
      await cold('?objectTypeIds=2');
      await storedWrites();
      expect(await rows()).toEqual([]);
    } finally { delete process.env.NETWORK_STORED_COLUMNS; }
  }, 60_000);
});
