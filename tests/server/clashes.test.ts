// POST /api/project/{id}/clashes/run and PATCH /api/project/{id}/clashes/{clashId} (issue 14): the engine's clash
// rules over the stored network against the project's stored reference features — a KLIC theme rule (point and line
// records within the rule's buffer, the crossing as location), a polygon layer (the overlapping part), the BGT
// obstruction rule (water and closed paving errors, open paving … warnings; a pand is no obstruction), each status
// from resultAction with its severity, rules and buffers from the project's settings; the clashes stored as `clash`
// features of the `clashes` layer (read back through the WFS), statuses changed by PATCH and kept by the next run
// while the clash persists; viewers refused, unknown clashes 404, bad statuses 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import { lastClashJob } from '../../server/clash/run';
import { startTestServer, type Api, type TestServer } from './support/server';
import { edge, node, wire } from './network-fixtures';
import { insertFeatures } from '../../server/geoserver/stored-features';
import { CLASH_STATUSES, STATUS_SEVERITY } from '../../engine/index';

let ts: TestServer;
let api: Api;
let pid: number;
const base = () => `/api/project/${pid}`;
const ring = (x1: number, y1: number, x2: number, y2: number) => [[[x1, y1], [x2, y1], [x2, y2], [x1, y2], [x1, y1]]];
type C = { uuid: string; id: string; ruleName: string; objectId: string; referenceId: string; status: string; severity: string; priority: string; geometry: { type: string; coordinates: unknown } };
const byRef = (cs: C[]) => Object.fromEntries(cs.map((c) => [c.referenceId, c]));
let refs: Record<string, string> = {};

beforeAll(async () => {
  ts = await startTestServer();
  api = ts.api(await ts.login('engineer@demo.example'));
  const r = await api.post('/api/project', { name: 'Clashes', projectTypeId: 10 });
  expect(r.status).toBe(201);
  pid = r.body.id;
  // a—b—c along y = 0 (x 0..200)
  expect((await api.post(`${base()}/network_object`, wire([node('cl-a', 0, 0), node('cl-b', 100, 0), node('cl-c', 200, 0),
    edge('cl-ab', 'cl-a', 'cl-b', [[0, 0], [100, 0]]), edge('cl-bc', 'cl-b', 'cl-c', [[100, 0], [200, 0]])]))).status).toBe(201);
  const names = ['gas-pt', 'gas-far', 'gas-line', 'water-pt', 'bld', 'bgt-water', 'bgt-closed', 'bgt-open', 'bgt-grass', 'bgt-pand', 'tree'];
  const uuids = await insertFeatures(ts.db, pid, [
    { table: 'external', type: 'klic', layer: 'gas_low_pressure', name: 'gas-pt', geometry: { type: 'Point', coordinates: [10, 0.8] } },
    { table: 'external', type: 'klic', layer: 'gas_low_pressure', name: 'gas-far', geometry: { type: 'Point', coordinates: [10, 1.2] } },
    { table: 'external', type: 'klic', layer: 'gas_low_pressure', name: 'gas-line', geometry: { type: 'LineString', coordinates: [[150, -5], [150, 5]] } },
    { table: 'external', type: 'klic', layer: 'water', name: 'water-pt', geometry: { type: 'Point', coordinates: [30, -0.5] } },
    { table: 'external', type: 'building', layer: 'buildings', name: 'bld', geometry: { type: 'Polygon', coordinates: ring(40, -3, 50, 3) } },
    { table: 'external', type: 'bgt', layer: 'bgt_waterdeel', name: 'bgt-water', properties: { fysiekVoorkomen: 'waterloop' }, geometry: { type: 'Polygon', coordinates: ring(60, -3, 62, 3) } },
    { table: 'external', type: 'bgt', layer: 'bgt_wegdeel', name: 'bgt-closed', properties: { fysiekVoorkomen: 'gesloten verharding' }, geometry: { type: 'Polygon', coordinates: ring(64, -3, 66, 3) } },
    { table: 'external', type: 'bgt', layer: 'bgt_wegdeel', name: 'bgt-open', properties: { fysiekVoorkomen: 'open verharding' }, geometry: { type: 'Polygon', coordinates: ring(68, -3, 70, 3) } },
    { table: 'external', type: 'bgt', layer: 'bgt_wegdeel', name: 'bgt-grass', properties: { fysiekVoorkomen: 'open verharding', 'plus-fysiekVoorkomen': 'grasklinkers' }, geometry: { type: 'Polygon', coordinates: ring(72, -3, 74, 3) } },
    { table: 'external', type: 'bgt', layer: 'bgt_pand', name: 'bgt-pand', properties: { bgt_type: 'pand' }, geometry: { type: 'Polygon', coordinates: ring(76, -3, 78, 3) } },
    { table: 'external', type: 'tree', layer: 'trees', name: 'tree', geometry: { type: 'Point', coordinates: [120, 2] } },
  ]);
  refs = Object.fromEntries(names.map((n, i) => [n, uuids[i]]));
});
afterAll(async () => { await ts?.close(); });

const run = async () => {
  const r = await api.post(`${base()}/clashes/run`, {});
  expect(r.status, r.text).toBe(200);
  return r.body as { clashes: C[]; counts: Record<string, number>; rules: string[]; references: number };
};

describe('clash run over the stored project', () => {
  it('default rules: KLIC themes within buffer 1 (point, line crossing), BGT obstruction classes; other layers unchecked', async () => {
    const body = await run();
    // the network is checked in the worker thread of whole-network jobs, not in the server's own
    expect(lastClashJob.thread).not.toBe(threadId);
    expect(body.rules).toContain('gas_low_pressure');
    expect(body.rules).toContain('bgt_obstruction');
    expect(body.references).toBe(11);
    const got = byRef(body.clashes);
    const r = refs;
    expect(Object.keys(got).sort()).toEqual([r['gas-pt'], r['gas-line'], r['water-pt'], r['bgt-water'], r['bgt-closed'], r['bgt-open'], r['bgt-grass']].sort());
    expect(got[r['gas-pt']]).toMatchObject({ ruleName: 'gas_low_pressure', objectId: 'cl-ab', status: 'Unresolved', severity: 'error', priority: 'medium',
      id: `gas_low_pressure:cl-ab:${r['gas-pt']}`, geometry: { type: 'Point', coordinates: [10, 0] } });
    expect(got[r['gas-line']]).toMatchObject({ objectId: 'cl-bc', geometry: { type: 'Point', coordinates: [150, 0] } });
    expect(got[r['water-pt']]).toMatchObject({ ruleName: 'water', objectId: 'cl-ab' });
    expect(got[r['bgt-water']]).toMatchObject({ ruleName: 'bgt_obstruction', severity: 'error', status: 'Unresolved', geometry: { type: 'LineString', coordinates: [[60, 0], [62, 0]] } });
    expect(got[r['bgt-closed']]).toMatchObject({ severity: 'error' });
    expect(got[r['bgt-open']]).toMatchObject({ severity: 'warning', status: 'Warning' });
    expect(got[r['bgt-grass']]).toMatchObject({ severity: 'warning', status: 'Warning' });
    expect(body.counts).toEqual({ error: 5, warning: 2, info: 0, normal: 0 });
  });

  it('stores the clashes as clash features of the clashes layer, drawn through the WFS', async () => {
    const rows = (await ts.db.query<{ uuid: string; layer: string; properties: { status: string; clashId: string } }>(
      `SELECT uuid, layer, properties FROM feature WHERE project_id = $1 AND type = 'clash'`, [pid])).rows;
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((x) => x.layer))).toEqual(new Set(['clashes']));
    const wfs = await api.get(`${base()}/geoserver/fttx/ows?service=WFS&version=1.1.0&request=GetFeature&typename=fttx_feature&outputFormat=application/json&srsName=EPSG:3857&cql_filter=${encodeURIComponent(`project_id=${pid} AND type='clash'`)}`);
    expect(wfs.status, wfs.text).toBe(200);
    const fc = typeof wfs.body === 'string' ? JSON.parse(wfs.body) : wfs.body;
    expect(fc.features).toHaveLength(7);
    expect(fc.features.every((f: { properties: { status?: string } }) => typeof f.properties.status === 'string')).toBe(true);
  });

  it('settings: a rule\'s buffer, resultAction and priority, another layer; disabled rules do nothing', async () => {
    const settings = (await api.get(`${base()}/fttx/settings`)).body;
    const rules = settings.clashDetectionSettings.rules.map((x: { name: string }) => (x.name === 'gas_low_pressure' ? { ...x, buffer: 1.5, resultAction: 'ActionRequired', priority: 'high' }
      : x.name === 'water' ? { ...x, enabled: false } : x));
    rules.push({ name: 'buildings', enabled: true, editable: true, priority: 'low', visualisation: 'line', layer: 'buildings', buffer: 0, resultAction: 'Info' });
    rules.push({ name: 'trees', enabled: true, editable: true, priority: 'low', visualisation: 'point', layer: 'trees', buffer: 2, resultAction: 'Warning' });
    const saved = await api.post(`${base()}/fttx/settings`, { ...settings, clashDetectionSettings: { ...settings.clashDetectionSettings, rules } });
    expect(saved.status, saved.text).toBe(200);
    const got = byRef((await run()).clashes);
    expect(got[refs['gas-far']]).toMatchObject({ status: 'ActionRequired', severity: 'warning', priority: 'high' });
    expect(got[refs['water-pt']]).toBeUndefined();
    expect(got[refs.bld]).toMatchObject({ ruleName: 'buildings', status: 'Info', severity: 'info', priority: 'low', geometry: { type: 'LineString', coordinates: [[40, 0], [50, 0]] } });
    expect(got[refs.tree]).toMatchObject({ ruleName: 'trees', objectId: 'cl-bc', status: 'Warning', severity: 'warning' });
  });

  it('PATCH sets each status (by uuid or clash id) with its severity; the next run keeps it while the clash persists', async () => {
    const { clashes } = await run();
    const c = clashes.find((x) => x.referenceId === refs['gas-pt'])!;
    for (const status of CLASH_STATUSES) {
      const r = await api.patch(`${base()}/clashes/${c.uuid}`, { status });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ uuid: c.uuid, clashId: c.id, status, severity: STATUS_SEVERITY[status] });
    }
    const byId = await api.patch(`${base()}/clashes/${encodeURIComponent(c.id)}`, { status: 'Approved' });
    expect(byId.status, byId.text).toBe(200);
    const again = byRef((await run()).clashes)[refs['gas-pt']];
    expect(again).toMatchObject({ uuid: c.uuid, status: 'Approved', severity: 'normal' });
    // the network moves away from the record: the clash and its status go; back again, it starts from the rule (ActionRequired)
    expect((await api.put(`${base()}/network_object`, wire([node('cl-a', 0, 20), edge('cl-ab', 'cl-a', 'cl-b', [[0, 20], [100, 0]])]))).status).toBeLessThan(300);
    expect(byRef((await run()).clashes)[refs['gas-pt']]).toBeUndefined();
    expect((await api.put(`${base()}/network_object`, wire([node('cl-a', 0, 0), edge('cl-ab', 'cl-a', 'cl-b', [[0, 0], [100, 0]])]))).status).toBeLessThan(300);
    expect(byRef((await run()).clashes)[refs['gas-pt']]).toMatchObject({ status: 'ActionRequired' });
  });

  it('bad input and permissions: unknown status 400, unknown clash 404, viewers 403', async () => {
    const { clashes } = await run();
    expect((await api.patch(`${base()}/clashes/${clashes[0].uuid}`, { status: 'Done' })).status).toBe(400);
    expect((await api.patch(`${base()}/clashes/00000000-0000-4000-8000-000000000000`, { status: 'Approved' })).status).toBe(404);
    const viewer = ts.api(await ts.login('viewer@demo.example'));
    expect((await viewer.post(`${base()}/clashes/run`, {})).status).toBe(403);
    expect((await viewer.patch(`${base()}/clashes/${clashes[0].uuid}`, { status: 'Approved' })).status).toBe(403);
  });
});
