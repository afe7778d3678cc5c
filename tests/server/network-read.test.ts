// Whole-project reads of GET network_object/all (spec 1 §7): ETag per network version (304 while unchanged, a new
// one after any network write), gzip when accepted, a compact answer (no null/empty fields, each relation once),
// and the per-process cache never mixing two databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { edge, node, wire } from './network-fixtures';

let a: TestServer, b: TestServer;
let api: Api, apiB: Api;
let pid: number;
const all = (p: number) => `/api/project/${p}/network_object/all?includeWithoutObjectInstances=true`;

beforeAll(async () => {
  [a, b] = await Promise.all([startTestServer(), startTestServer()]);
  api = a.api(await a.login('engineer@demo.example'));
  apiB = b.api(await b.login('engineer@demo.example'));
  pid = (await api.post('/api/project', { name: 'Read test', projectTypeId: 10 })).body.id;
  const pidB = (await apiB.post('/api/project', { name: 'Read test', projectTypeId: 10 })).body.id;
  expect(pidB).toBe(pid); // same id in both databases: the cache must still keep them apart
  const objs = [];
  for (let i = 0; i < 200; i++) objs.push(node(`n${i}`, i * 10, 0));
  for (let i = 0; i < 199; i++) objs.push(edge(`e${i}`, `n${i}`, `n${i + 1}`, [[i * 10, 0], [i * 10 + 10, 0]]));
  expect((await api.post(`/api/project/${pid}/network_object`, wire(objs))).status).toBe(201);
  expect((await apiB.post(`/api/project/${pid}/network_object`, wire([node('only-b', 1, 1)]))).status).toBe(201);
}, 120_000);
afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

describe('GET network_object/all', () => {
  it('answers 304 to the current ETag and a new ETag after a network write', async () => {
    const r1 = await api.get(all(pid));
    expect(r1.status).toBe(200);
    const tag = r1.headers.get('etag')!;
    expect(tag).toMatch(/^"n.+"$/);
    expect(r1.headers.get('cache-control')).toBe('private, no-cache');
    const r2 = await api.get(all(pid), { headers: { 'if-none-match': tag } });
    expect([r2.status, r2.text]).toEqual([304, '']);
    expect((await api.post(`/api/project/${pid}/network_object`, wire([node('n0', -5, 0)]))).status).toBe(409); // duplicate id: rejected
    expect((await api.get(all(pid), { headers: { 'if-none-match': tag } })).status).toBe(304); // a rejected batch changes nothing
    expect((await api.post(`/api/project/${pid}/network_object`, wire([node('n-new', 5, 5)]))).status).toBe(201);
    const r3 = await api.get(all(pid), { headers: { 'if-none-match': tag } });
    expect(r3.status).toBe(200);
    expect(r3.headers.get('etag')).not.toBe(tag);
    expect(r3.body.data.map((o: { id: string }) => o.id)).toContain('n-new');
  });

  it('gzips a large answer for a client that accepts it, and not otherwise', async () => {
    const gz = await fetch(a.url + all(pid), { headers: { authorization: `Bearer ${await a.login('engineer@demo.example')}`, 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await gz.json()).data.length).toBe(400);
    const plain = await api.get(all(pid), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body.data.length).toBe(400);
  });

  it('is compact: no null scenarioId, no empty lists, each relation sent once', async () => {
    const base = `/api/project/${pid}`;
    expect((await api.post(`${base}/object_instance`, [
      { id: 'd1', objectTypeId: 112, networkObjectId: 'e1' }, { id: 't1', objectTypeId: 106, networkObjectId: 'e1' },
    ])).status).toBe(201);
    expect((await api.post(`${base}/object_instance_relation`, [{ fromId: 't1', toId: 'd1', objectRelationTypeName: 'trench_contains_duct' }])).status).toBe(201);
    const r = await api.get(all(pid));
    const text = r.text;
    expect(text).not.toContain('"scenarioId":null');
    expect(text).not.toContain('[]');
    expect(text.split('trench_contains_duct').length - 1).toBe(1);
    const e1 = r.body.data.find((o: { id: string }) => o.id === 'e1');
    expect(e1.edge).toEqual({ geometry: { type: 'LineString', coordinates: [[10, 0], [20, 0]] }, fromNodeId: 'n1', toNodeId: 'n2', length: 10 });
    expect(e1.objectInstances.find((i: { id: string }) => i.id === 't1').relationSources).toEqual([{ fromId: 't1', toId: 'd1', objectRelationTypeName: 'trench_contains_duct' }]);
  });

  it('keeps the reads of two databases apart (same project id, same version)', async () => {
    const rb = await apiB.get(all(pid));
    expect(rb.body.data.map((o: { id: string }) => o.id)).toEqual(['only-b']);
    const ra = await api.get(all(pid));
    expect(ra.body.data.length).toBeGreaterThan(100);
    expect(rb.headers.get('etag')).not.toBe(ra.headers.get('etag'));
  });
});
