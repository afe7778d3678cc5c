// POST /api/geodata/import {layer, fileId, deleteExisting?, shared?} (issue 12: fill the reference table from an
// upload; administrators only, docs/roles.md): a GeoJSON upload in WGS84 lands in the reference layer of the admin's
// organisation (EPSG:3857), is served by the reference WFS to that organisation only, deleteExisting replaces it;
// shared rows need root; viewers and engineers are refused; a bad layer, file or CRS → 4xx naming it, nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

let ts: TestServer;
let admin: string;
const wfs = '/api/geodata?service=WFS&version=1.1.0&request=GetFeature&typename=water_defences&outputFormat=application/json';

const geojson = (features: { name: string; coordinates: number[][][] }[], crs?: string) => JSON.stringify({
  type: 'FeatureCollection',
  ...(crs ? { crs: { type: 'name', properties: { name: crs } } } : {}),
  features: features.map((f) => ({ type: 'Feature', properties: { name: f.name, beheerder: 'HDSR' }, geometry: { type: 'Polygon', coordinates: f.coordinates } })),
});
const SQUARE = [[[5.07, 52.09], [5.08, 52.09], [5.08, 52.1], [5.07, 52.1], [5.07, 52.09]]];

async function upload(tok: string, name: string, content: string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([content]), name);
  const r = await fetch(`${ts.url}/api/upload/file`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${tok}` } });
  const body = await r.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.uuid;
}

beforeAll(async () => {
  ts = await startTestServer({ demoProject: false });
  admin = await ts.login('admin@demo.example');
});
afterAll(async () => { await ts?.close(); });

describe('POST /api/geodata/import', () => {
  it('stores an upload in the reference layer of the admin organisation, served by the WFS to that organisation only', async () => {
    const fileId = await upload(admin, 'dijken.geojson', geojson([{ name: 'Lekdijk', coordinates: SQUARE }]));
    const r = await ts.api(admin).post('/api/geodata/import', { layer: 'water_defences', fileId });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ success: true, layer: 'water_defences', count: 1, deleted: 0, crs: 'EPSG:4326', format: 'geojson' });
    expect(r.body.organisationId).toBeGreaterThan(0);
    const mine = await ts.api(await ts.login('viewer@demo.example')).get(wfs);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.features).toHaveLength(1);
    const f = mine.body.features[0];
    expect(f.properties).toMatchObject({ name: 'Lekdijk', beheerder: 'HDSR', layer: 'water_defences' });
    // Stored in EPSG:3857: 5.07° E is about 564 390 m.
    expect(f.geometry.coordinates[0][0][0]).toBeCloseTo(564389.82, 0);
    // The other organisation has no water defences (and no upstream): 503, not the demo organisation's rows.
    const theirs = await ts.api(await ts.login('engineer@other.example')).get(wfs);
    expect(theirs.status).toBe(503);
    expect(theirs.body.error).toBe('source_not_configured');
  });

  it('replaces the layer with deleteExisting', async () => {
    const fileId = await upload(admin, 'dijken2.geojson', geojson([{ name: 'A', coordinates: SQUARE }, { name: 'B', coordinates: SQUARE }]));
    const r = await ts.api(admin).post('/api/geodata/import', { layer: 'water_defences', fileId, deleteExisting: true });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ count: 2, deleted: 1 });
    const names = (await ts.api(admin).get(wfs)).body.features.map((x: any) => x.properties.name).sort();
    expect(names).toEqual(['A', 'B']);
  });

  it('is for administrators; shared rows (every organisation) for root only', async () => {
    const fileId = await upload(admin, 'd3.geojson', geojson([{ name: 'C', coordinates: SQUARE }]));
    for (const who of ['viewer@demo.example', 'engineer@demo.example']) {
      const r = await ts.api(await ts.login(who)).post('/api/geodata/import', { layer: 'water_defences', fileId });
      expect(r.status, who).toBe(403);
      expect(r.body.error).toBe('forbidden');
    }
    const shared = await ts.api(admin).post('/api/geodata/import', { layer: 'water_defences', fileId, shared: true });
    expect(shared.status).toBe(403);
    expect(shared.body.message).toContain('body/shared');
    const root = await ts.login('root@demo.example');
    const rootFile = await upload(root, 'shared.geojson', geojson([{ name: 'Shared dike', coordinates: SQUARE }]));
    const ok = await ts.api(root).post('/api/geodata/import', { layer: 'water_defences', fileId: rootFile, shared: true });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.organisationId).toBeNull();
    const theirs = await ts.api(await ts.login('engineer@other.example')).get(wfs);
    expect(theirs.body.features.map((x: any) => x.properties.name)).toEqual(['Shared dike']);
    expect(await ts.api().post('/api/geodata/import', { layer: 'water_defences', fileId }).then((x) => x.status)).toBe(401);
  });

  it('names a bad layer, an unknown file, a missing CRS; nothing is stored', async () => {
    const before = (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reference_feature')).rows[0].n;
    const api = ts.api(admin);
    const layer = await api.post('/api/geodata/import', { layer: 'nope', fileId: '00000000-0000-4000-8000-000000000000' });
    expect(layer.status).toBe(400);
    expect(layer.body.message).toContain('body/layer');
    const missing = await api.post('/api/geodata/import', { layer: 'trees_neo', fileId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    const rd = await upload(admin, 'rd.geojson', geojson([{ name: 'X', coordinates: [[[130000, 455000], [130100, 455000], [130100, 455100], [130000, 455000]]] }]));
    const noCrs = await api.post('/api/geodata/import', { layer: 'water_defences', fileId: rd });
    expect(noCrs.status).toBe(400);
    expect(noCrs.body.error).toBe('crs_required');
    const rdOk = await upload(admin, 'rd2.geojson', geojson([{ name: 'RD', coordinates: [[[130000, 455000], [130100, 455000], [130100, 455100], [130000, 455000]]] }], 'EPSG:28992'));
    const conv = await api.post('/api/geodata/import', { layer: 'risk_grid', fileId: rdOk });
    expect(conv.status, conv.text).toBe(201);
    expect(conv.body.crs).toBe('EPSG:28992');
    const after = (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reference_feature')).rows[0].n;
    expect(after).toBe(before + 1);
  });
});
