// Whole-project reads of large projects are streamed page by page (server/network/read-stream.ts): the answer must
// be the same set of objects — with instances, values, relations (each once) and path edges, and the closure the
// app needs (spec 1 §7 network_object/all with objectTypeIds, scenarioId, includeWithoutObjectInstances) — as the
// in-memory read, for every filter, whatever the page size; over HTTP with ETag/304 and gzip.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { readNetworkBody, type NetworkFilter } from '../../server/network/read';
import { streamNetwork } from '../../server/network/read-stream';
import { inSnapshot } from '../../server/network/send';
import { sorted } from './support/network-order';

let s: TestServer;
let api: Api;
let pid: number;

beforeAll(async () => {
  s = await startTestServer();
  api = s.api(await s.login('engineer@demo.example'));
  pid = (await seedProject(s.db, { edges: 800, name: 'Stream read', organisation: 'demo', tile: 5 })).projectId;
  // A scenario edge between two base nodes, carrying a duct; a bare node; a relation from a scenario instance.
  const n = (await s.db.query<{ id: string }>(`SELECT id FROM network_object WHERE project_id = $1 AND kind = 'node' ORDER BY id LIMIT 2`, [pid])).rows;
  await s.db.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
    VALUES ($1, 'scen-edge', 7, 'edge', '{"type":"LineString","coordinates":[[0,0],[1,1]]}', $2, $3, false, 1.4, '(1,1),(0,0)'),
           ($1, 'bare-node', NULL, 'node', '{"type":"Point","coordinates":[5,5]}', NULL, NULL, NULL, NULL, '(5,5),(5,5)')`, [pid, n[0].id, n[1].id]);
  await s.db.query(`INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, 'scen-duct', 112, 'scen-edge')`, [pid]);
  const cable = (await s.db.query<{ id: string }>(`SELECT id FROM object_instance WHERE project_id = $1 AND object_type_id = 105 LIMIT 1`, [pid])).rows[0].id;
  await s.db.query(`INSERT INTO relation (project_id, from_id, to_id, relation_type_name) VALUES ($1, 'scen-duct', $2, 'duct_contains_cable')`, [pid, cable]);
}, 120_000);
afterEach(() => { delete process.env.NETWORK_STREAM_MIN_OBJECTS; });
afterAll(async () => { await s?.close(); });

type Inst = { id: string; attributeValues?: unknown[]; relationSources?: unknown[]; relationTargets?: unknown[] };
type Obj = { id: string; objectInstances?: Inst[] };
/** Objects by id, their instances by id and the lists of an instance in text order (neither read promises an order). */

async function both(f: NetworkFilter, page: number): Promise<[Obj[], Obj[]]> {
  const mem = JSON.parse((await inSnapshot(s.db, (q) => readNetworkBody(q, pid, f))).toString()) as Obj[];
  const chunks: Buffer[] = [];
  await inSnapshot(s.db, (q) => streamNetwork(q, pid, f, (c) => { chunks.push(c); }, '', '', page));
  return [sorted(mem), sorted(JSON.parse(Buffer.concat(chunks).toString()) as Obj[])];
}

describe('streamed whole-project read', () => {
  const filters: [string, NetworkFilter][] = [
    ['as the app loads it', {}],
    ['with objects without instances', { includeWithoutObjectInstances: true }],
    ['filtered to cables (closure comes bare)', { objectTypeIds: [105] }],
    ['filtered to customer connections and access points', { objectTypeIds: [103, 101] }],
    ['filtered, with objects without instances', { objectTypeIds: [112], includeWithoutObjectInstances: true }],
    ['with scenario 7', { scenarioId: 7 }],
  ];
  for (const [name, f] of filters) {
    it(`gives the same objects as the in-memory read ${name}`, async () => {
      const [mem, str] = await both(f, 97);
      expect(mem.length).toBeGreaterThan(50);
      expect(str).toEqual(mem);
    });
  }

  it('keeps the scenario edge out of the base read and sends its relation once, from the source', async () => {
    const [, base] = await both({}, 500);
    expect(base.some((o) => o.id === 'scen-edge' || o.id === 'bare-node')).toBe(false);
    const [, scen] = await both({ scenarioId: 7 }, 500);
    const text = JSON.stringify(scen);
    expect(text.split('"scen-duct","toId"').length - 1).toBe(1);
    const [, base2] = await both({ includeWithoutObjectInstances: true }, 500);
    expect(base2.some((o) => o.id === 'bare-node')).toBe(true);
  });

  it('is what GET network_object/all sends for a large project, with ETag, 304 and gzip', async () => {
    const small = await api.get(`/api/project/${pid}/network_object/all`);
    process.env.NETWORK_STREAM_MIN_OBJECTS = '10';
    await s.db.query('UPDATE project SET network_version = network_version + 1 WHERE id = $1', [pid]); // not cached
    const big = await api.get(`/api/project/${pid}/network_object/all`, { headers: { 'accept-encoding': 'identity' } });
    expect(big.status).toBe(200);
    expect(sorted(big.body.data)).toEqual(sorted(small.body.data));
    const tag = big.headers.get('etag')!;
    expect((await api.get(`/api/project/${pid}/network_object/all`, { headers: { 'if-none-match': tag } })).status).toBe(304);
    await s.db.query('UPDATE project SET network_version = network_version + 1 WHERE id = $1', [pid]);
    const token = await s.login('engineer@demo.example');
    const gz = await fetch(`${s.url}/api/project/${pid}/network_object/all`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(sorted((await gz.json()).data)).toEqual(sorted(small.body.data));
  });
});
