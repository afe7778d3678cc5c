// The binary columnar network read (issue 15): GET network_object/all with `Accept: application/vnd.apache.arrow.stream`
// answers Arrow IPC streams that decode (engine/network-arrow.ts) to exactly the objects, instances, attribute values,
// relations (each once) and path edges of the JSON read — for the whole project, with object-type, scenario and
// include-without-instances filters, and for a window (bbox) with its closure — and the models the engine builds from
// both are equal. The whole-project answer has its own ETag (304 on it), is cached per version and follows writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { bumpNetworkVersion } from '../../server/network/cache';
import { modelInputFromColumns, networkColumns, networkFromArrow } from '../../engine/network-arrow';
import { ARROW_MEDIA_TYPE } from '../../engine/network-arrow-schema';
import { allObjects, createModel, toWire } from '../../engine/model';
import * as readArrow from '../../server/network/read-arrow';
import { readNetworkBody, type NetworkFilter } from '../../server/network/read';
import { inSnapshot } from '../../server/network/send';
import { randomNetworkEdit, rng } from './support/random-edits';
import { sorted, type Obj } from './support/network-order';

let s: TestServer;
let api: Api;
let token: string;
let pid: number;

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('engineer@demo.example');
  api = s.api(token);
  pid = (await seedProject(s.db, { edges: 400, name: 'Arrow read', organisation: 'demo', tile: 5 })).projectId;
  // edge cases the seed lacks: a scenario edge, a two-way edge without length, a null and a non-ASCII value, a bare node
  await s.db.tx(async (q) => {
    const n = (await q.query<{ id: string }>(`SELECT id FROM network_object WHERE project_id = $1 AND kind = 'node' ORDER BY id LIMIT 1`, [pid])).rows[0].id;
    const ty = (await q.query<{ t: number }>(`SELECT object_type_id AS t FROM object_instance WHERE project_id = $1 ORDER BY id LIMIT 1`, [pid])).rows[0].t;
    await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, bbox) VALUES ($1, 'x-n1', 7, 'node', '{"type":"Point","coordinates":[1.5,-2.25]}', '(1.5,-2.25),(1.5,-2.25)'),
      ($1, 'x-bare', NULL, 'node', '{"type":"Point","coordinates":[10,20]}', '(10,20),(10,20)')`, [pid]);
    await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
      VALUES ($1, 'x-e1', 7, 'edge', '{"type":"LineString","coordinates":[[1.5,-2.25],[3,4],[5,6]]}', 'x-n1', $2, true, NULL, '(5,6),(1.5,-2.25)')`, [pid, n]);
    await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, 'x-i1', ty, 'x-e1']);
    await q.query(`INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value) VALUES ($1, 'x-i1', 'naam', 'Straße “één”'), ($1, 'x-i1', 'leeg', NULL)`, [pid]);
    await bumpNetworkVersion(q, pid);
  });
}, 120_000);
afterAll(async () => { await s?.close(); });


async function arrowGet(path: string, headers: Record<string, string> = {}) {
  const r = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${token}`, accept: ARROW_MEDIA_TYPE, ...headers } });
  return { status: r.status, headers: r.headers, bytes: new Uint8Array(await r.arrayBuffer()) };
}

async function bothWays(query: string): Promise<{ json: Obj[]; arrow: Obj[] }> {
  const j = await api.get<{ data: Obj[] }>(`/api/project/${pid}/network_object/all${query}`);
  expect(j.status).toBe(200);
  expect(j.headers.get('content-type')).toMatch(/application\/json/);
  const a = await arrowGet(`/project/${pid}/network_object/all${query}`);
  expect(a.status).toBe(200);
  expect(a.headers.get('content-type')).toBe(ARROW_MEDIA_TYPE);
  return { json: j.body.data, arrow: networkFromArrow(a.bytes) as Obj[] };
}

describe('GET network_object/all as Arrow', () => {
  const filters: [string, string][] = [
    ['whole project', ''],
    ['whole project with objects without instances', '?includeWithoutObjectInstances=true'],
    ['scenario 7', '?scenarioId=7&includeWithoutObjectInstances=true'],
    ['one object type (closure comes bare)', '?objectTypeIds=112'],
    ['a window with its closure', 'WINDOW'],
  ];
  it.each(filters)('%s: the same objects, instances, values, relations and path edges as the JSON read', async (_name, q) => {
    let query = q;
    if (q === 'WINDOW') {
      // a window of 600 × 600 map units around a seeded node (the closure reaches outside it)
      const n = (await s.db.query<{ x: number; y: number }>(`SELECT (geometry->'coordinates'->>0)::float8 AS x, (geometry->'coordinates'->>1)::float8 AS y
        FROM network_object WHERE project_id = $1 AND kind = 'node' AND id NOT LIKE 'x-%' ORDER BY id LIMIT 1`, [pid])).rows[0];
      query = `?bbox=${n.x - 300},${n.y - 300},${n.x + 300},${n.y + 300}`;
    }
    const { json, arrow } = await bothWays(query);
    expect(json.length).toBeGreaterThan(0);
    expect(sorted(arrow)).toEqual(sorted(json));
    // whole-project reads are answered from the binary COPY scan, windows from a COPY of their own
    expect(readArrow.lastArrow.source).toBe(q === 'WINDOW' ? 'window' : 'scan');
  });

  it('the answer holds what the seed and the edge cases put in (not two empty answers)', async () => {
    const { arrow } = await bothWays('?scenarioId=7&includeWithoutObjectInstances=true');
    const e = arrow.find((o) => o.id === 'x-e1')!;
    expect(e.scenarioId).toBe(7);
    expect(e.edge).toMatchObject({ geometry: { type: 'LineString', coordinates: [[1.5, -2.25], [3, 4], [5, 6]] }, fromNodeId: expect.any(String), twoWay: true });
    expect(e.edge!.length).toBeUndefined();
    expect(e.objectInstances![0].attributeValues).toEqual(expect.arrayContaining([
      { objectInstanceId: 'x-i1', attributeTypeName: 'naam', value: 'Straße “één”' }, { objectInstanceId: 'x-i1', attributeTypeName: 'leeg', value: null }]));
    expect(arrow.find((o) => o.id === 'x-bare')).toEqual({ id: 'x-bare', projectId: pid, node: { geometry: { type: 'Point', coordinates: [10, 20] } } });
    expect(arrow.some((o) => (o.pathEdges?.length ?? 0) > 1)).toBe(true);
    expect(arrow.some((o) => o.objectInstances?.some((i) => i.relationSources?.length || i.relationTargets?.length))).toBe(true);
  });

  it('the models the engine builds from both forms are equal', async () => {
    const { json, arrow } = await bothWays('');
    const a = await arrowGet(`/project/${pid}/network_object/all`);
    const mj = createModel({ networkObjects: json }), ma = createModel({ networkObjects: arrow });
    const mf = createModel(modelInputFromColumns(networkColumns(a.bytes))); // the flat rows the app builds its model from
    const ids = [...allObjects(mj)].map(([id]) => id).sort();
    expect(ids.length).toBeGreaterThan(100);
    expect([...allObjects(ma)].map(([id]) => id).sort()).toEqual(ids);
    expect([...allObjects(mf)].map(([id]) => id).sort()).toEqual(ids);
    for (const id of ids) {
      expect(sorted([toWire(ma, id) as Obj])).toEqual(sorted([toWire(mj, id) as Obj]));
      expect(sorted([toWire(mf, id) as Obj])).toEqual(sorted([toWire(mj, id) as Obj]));
    }
  });

  it('columns: ids once (objects first), coordinates interleaved x,y with vertex offsets', async () => {
    const a = await arrowGet(`/project/${pid}/network_object/all`);
    const c = networkColumns(a.bytes);
    expect(c.projectId).toBe(pid);
    expect(c.objects).toBe(c.nodes.id.length + c.edges.id.length + c.paths.id.length);
    expect(c.edges.vertexOffsets[c.edges.id.length] * 2).toBe(c.edges.xy.length);
    expect(c.nodes.xy.length).toBe(c.nodes.id.length * 2);
    expect(c.values.name.dict.length).toBeLessThan(c.values.instance.length);
  });

  it('has its own ETag: 304 on it, JSON is not answered from it, and a write brings a new answer (cached per version)', async () => {
    const first = await arrowGet(`/project/${pid}/network_object/all`);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('vary')).toMatch(/accept/i);
    const j = await api.get(`/api/project/${pid}/network_object/all`);
    expect(j.headers.get('etag')).not.toBe(etag);
    expect((await arrowGet(`/project/${pid}/network_object/all`, { 'if-none-match': etag })).status).toBe(304);
    await arrowGet(`/project/${pid}/network_object/all`);
    expect(readArrow.lastArrow.body).toBe('cached');
    const bare = networkFromArrow(first.bytes).find((o) => o.id === 'x-bare');
    expect(bare).toBeUndefined();
    const ty = (await s.db.query<{ t: number }>(`SELECT object_type_id AS t FROM object_instance WHERE project_id = $1 LIMIT 1`, [pid])).rows[0].t;
    expect((await api.post(`/api/project/${pid}/object_instance`, [{ id: 'x-i2', objectTypeId: ty, networkObjectId: 'x-bare' }])).status).toBe(201);
    const after = await arrowGet(`/project/${pid}/network_object/all`, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(networkFromArrow(after.bytes).find((o) => o.id === 'x-bare')?.objectInstances?.map((i) => i.id)).toEqual(['x-i2']);
  });

  it('an id shared by an object and an instance (allowed: other tables) is sent once and means both', async () => {
    const ty = (await s.db.query<{ t: number }>(`SELECT object_type_id AS t FROM object_instance WHERE project_id = $1 LIMIT 1`, [pid])).rows[0].t;
    expect((await api.post(`/api/project/${pid}/object_instance`, [{ id: 'x-bare', objectTypeId: ty, networkObjectId: 'x-bare' }])).status).toBe(201);
    const { json, arrow } = await bothWays('?includeWithoutObjectInstances=true');
    expect(readArrow.lastArrow.source).toBe('scan');
    expect(sorted(arrow)).toEqual(sorted(json));
    expect(arrow.find((o) => o.id === 'x-bare')?.objectInstances?.map((i) => i.id).sort()).toEqual(['x-bare', 'x-i2']);
  });

  it('a base edge ending at a scenario node: the closure leaves the scope, the row read answers the same', async () => {
    await s.db.tx(async (q) => {
      const ty = (await q.query<{ t: number }>(`SELECT object_type_id AS t FROM object_instance WHERE project_id = $1 LIMIT 1`, [pid])).rows[0].t;
      await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
        VALUES ($1, 'x-e2', NULL, 'edge', '{"type":"LineString","coordinates":[[10,20],[1.5,-2.25]]}', 'x-bare', 'x-n1', false, 22, '(10,20),(1.5,-2.25)')`, [pid]);
      await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, 'x-i3', ty, 'x-e2']);
      await bumpNetworkVersion(q, pid);
    });
    const { json, arrow } = await bothWays('');
    expect(readArrow.lastArrow.source).toBe('rows');
    expect(sorted(arrow)).toEqual(sorted(json));
    expect(arrow.find((o) => o.id === 'x-n1')?.scenarioId).toBe(7);
  });

  it('JSON stays the answer without the Arrow type, with it refused (q=0) or ranked after JSON', async () => {
    for (const accept of ['application/json', `${ARROW_MEDIA_TYPE};q=0`, `application/json, ${ARROW_MEDIA_TYPE}`, '*/*']) {
      const r = await arrowGet(`/project/${pid}/network_object/all`, { accept });
      expect(r.headers.get('content-type'), accept).toMatch(/application\/json/);
    }
  });

  it('is gzipped for clients that accept it, and smaller than the JSON answer', async () => {
    const a = await fetch(`${s.url}/api/project/${pid}/network_object/all`, { headers: { authorization: `Bearer ${token}`, accept: ARROW_MEDIA_TYPE, 'accept-encoding': 'gzip' } });
    const j = await fetch(`${s.url}/api/project/${pid}/network_object/all`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    expect(a.headers.get('content-encoding')).toBe('gzip');
    expect(Number(a.headers.get('content-length'))).toBeLessThan(Number(j.headers.get('content-length')));
  });
});

describe('the column store of whole-project Arrow reads, patched from the change log', () => {
  const filters: [string, NetworkFilter][] = [
    ['as the app loads it', {}], ['with objects without instances', { includeWithoutObjectInstances: true }],
    ['filtered to cables (closure comes bare)', { objectTypeIds: [105] }], ['with scenario 7', { scenarioId: 7 }],
  ];
  it('answers exactly the JSON read after random batches of edits, patching instead of reading everything again', async () => {
    const p2 = (await seedProject(s.db, { edges: 300, name: 'Arrow patch', organisation: 'demo', tile: 5 })).projectId;
    const read = (f: NetworkFilter) => inSnapshot(s.db, async (q) => ({
      arrow: sorted(networkFromArrow(await readArrow.readNetworkArrow(q, p2, f, s.db)) as Obj[]),
      json: sorted((JSON.parse((await readNetworkBody(q, p2, f, '{"data":', '}')).toString()) as { data: Obj[] }).data),
    }));
    for (const [, f] of filters) await read(f);
    const rand = rng(1515);
    const kinds = new Set<string>();
    let patched = 0;
    for (let round = 0; round < 8; round++) {
      const n = 1 + Math.floor(rand() * 6);
      for (let k = 0; k < n; k++) kinds.add(await randomNetworkEdit(s.db, p2, rand));
      for (const [name, f] of filters) {
        const { arrow, json } = await read(f);
        if (readArrow.lastArrow.scan === 'patched') patched++;
        expect(readArrow.lastArrow.scan, `${name}, round ${round}`).not.toBe('built');
        expect(readArrow.lastArrow.source, `${name}, round ${round}`).toBe('scan');
        expect(arrow.length).toBeGreaterThan(10);
        expect(arrow, `${name}, round ${round}`).toEqual(json);
      }
    }
    expect(patched).toBeGreaterThanOrEqual(8); // the base scope and scenario 7's, each round
    expect(kinds.size).toBeGreaterThan(6);
  }, 120_000);
});
