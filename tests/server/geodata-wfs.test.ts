// Reference-data WFS of spec 3 §7: GET /api/geodata (WFS 1.1.0: trees_neo, address objects, neighbourhoods, road
// sections; bbox, EPSG:3857, json), GET /api/geodata/ows (WFS 1.0.0, cql BBOX, municipality filter gemeentenaam: heat
// sources) and GET /api/cocon/{layer} (typename = layer, srsname EPSG:28992 national projection) over the demo
// reference rows; organisation isolation of organisation-specific rows; session required; OWS errors naming the
// parameter; a layer without stored data → 503 source_not_configured or the configured upstream (fake, loopback).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import { startTestServer, type Api, type TestServer } from './support/server';
import { fakeUpstream, type FakeUpstream } from './routes/fake-upstream';
import { setUpstreamUrls } from '../../server/geodata/upstream-source';
import { insertReference } from '../../server/geodata/reference-store';
import { UTRECHT } from '../../engine/generate';
import { CRS_DEFS } from '../../engine/projection';
import { CATALOGUE } from '../../layers/catalogue';
import { wfsFeatureUrl } from '../../layers/factory/wfs';

let ts: TestServer;
let api: Api;
let other: Api;
let up: FakeUpstream;
const [OX, OY] = UTRECHT;
/** The demo reference area (EPSG:3857). */
const AREA = [OX - 100, OY - 100, OX + 1700, OY + 1700];
const geodata = (q: string) => `/api/geodata?service=WFS&version=1.1.0&${q}`;
const ows = (q: string) => `/api/geodata/ows?service=WFS&version=1.0.0&request=GetFeature&outputFormat=application/json&${q}`;

beforeAll(async () => {
  up = await fakeUpstream({
    '/geo': (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"FeatureCollection","features":[],"upstream":true}'),
    '/cocon/cocon_slack': (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"FeatureCollection","features":[],"cocon":true}'),
    '/geo/ows': (_q, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'),
  });
  ts = await startTestServer({ demoProject: false });
  api = ts.api(await ts.login('viewer@demo.example'));
  other = ts.api(await ts.login('engineer@other.example'));
  const otherOrg = (await ts.db.query<{ id: number }>(`SELECT id FROM organisations WHERE name = 'other'`)).rows[0].id;
  await insertReference(ts.db, otherOrg, 'test', [
    { layer: 'trees_neo', name: 'Private tree', properties: { boomsoort: 'Fagus' }, geometry: { type: 'Point', coordinates: [OX + 10, OY + 10] } },
  ]);
});
afterAll(async () => { await ts?.close(); await up?.close(); });

describe('GET /api/geodata (WFS 1.1.0)', () => {
  it('needs a session', async () => {
    const r = await ts.api().get(geodata('request=GetFeature&typename=trees_neo'));
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('session_does_not_exist');
  });

  it('lists the catalogue reference layers in GetCapabilities and describes their properties', async () => {
    const cap = await api.get(geodata('request=GetCapabilities'));
    expect(cap.status).toBe(200);
    expect(cap.text).toContain('<WFS_Capabilities version="1.1.0"');
    for (const n of ['trees_neo', 'address_objects', 'neighbourhoods', 'road_sections', 'water_defences', 'risk_grid']) {
      expect(cap.text).toContain(`<Name>geodata:${n}</Name>`);
    }
    const d = await api.get(geodata('request=DescribeFeatureType&typeName=trees_neo'));
    expect(d.status).toBe(200);
    expect(d.text).toContain('name="trees_neo"');
    expect(d.text).toMatch(/name="hoogte" nillable="true" type="xsd:double"/);
    expect(d.text).toMatch(/name="boomsoort" nillable="true" type="xsd:string"/);
  });

  it('answers the address the map builds for the trees layer: JSON in EPSG:3857 within the bbox', async () => {
    const entry = CATALOGUE.find((e) => e.name === 'trees')!;
    const url = wfsFeatureUrl(entry, { extent: AREA as [number, number, number, number] });
    const r = await api.get(url);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.body.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::3857');
    expect(r.body.features).toHaveLength(8);
    const f = r.body.features[0];
    expect(f.id).toMatch(/^trees_neo\./);
    expect(f.geometry.type).toBe('Point');
    expect(f.properties).toMatchObject({ layer: 'trees_neo', gemeentenaam: 'Utrecht', organisation_id: null });
    const [x, y] = f.geometry.coordinates;
    expect(x).toBeGreaterThanOrEqual(AREA[0]); expect(y).toBeLessThanOrEqual(AREA[3]);
    // A bbox away from the demo area matches nothing; one around a single tree matches just that one.
    const none = await api.get(geodata(`request=GetFeature&typename=trees_neo&outputFormat=application/json&bbox=0,0,10,10,EPSG:3857`));
    expect(none.body.features).toEqual([]);
    const one = await api.get(geodata(`request=GetFeature&typename=trees_neo&outputFormat=json&bbox=${OX + 60},${OY + 55},${OX + 80},${OY + 75}`));
    expect(one.body.features.map((g: any) => g.properties.name)).toEqual(['Boom 1']);
  });

  it('reads address objects, neighbourhoods and road sections with their label fields', async () => {
    for (const [typename, field, n] of [['address_objects', 'huisnummer', 8], ['neighbourhoods', 'buurtnaam', 1], ['road_sections', 'stt_naam', 3]] as const) {
      const r = await api.get(geodata(`request=GetFeature&typename=${typename}&outputFormat=application/json`));
      expect(r.status, r.text).toBe(200);
      expect(r.body.numberMatched).toBe(n);
      expect(r.body.features[0].properties[field]).toBeDefined();
    }
  });

  it('keeps organisation-specific rows to their organisation (shared rows are seen by all)', async () => {
    const mine = await api.get(geodata('request=GetFeature&typename=trees_neo&outputFormat=application/json'));
    expect(mine.body.features.map((f: any) => f.properties.name)).not.toContain('Private tree');
    const theirs = await other.get(geodata('request=GetFeature&typename=trees_neo&outputFormat=application/json'));
    expect(theirs.body.numberMatched).toBe(9);
    expect(theirs.body.features.find((f: any) => f.properties.name === 'Private tree').properties.organisation_id).toBeGreaterThan(0);
  });

  it('refuses bad parameters with an OWS ExceptionReport naming them', async () => {
    const unknown = await api.get(geodata('request=GetFeature&typename=no_such_layer'));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('locator="typeName"');
    expect(unknown.text).toContain('Layer no_such_layer not found in LayerRepository');
    const badBbox = await api.get(geodata('request=GetFeature&typename=trees_neo&bbox=1,2,3'));
    expect(badBbox.status).toBe(400);
    expect(badBbox.text).toContain('locator="bbox"');
    const op = await api.get(geodata('request=Transaction'));
    expect(op.text).toContain('exceptionCode="OperationNotSupported"');
  });
});

describe('GET /api/geodata/ows (WFS 1.0.0, heat reference data)', () => {
  it('filters by cql BBOX and by municipality name (gemeentenaam)', async () => {
    const all = await api.get(ows(`typename=heat_sources&cql_filter=${encodeURIComponent(`BBOX(geometry,${AREA.join(',')},'EPSG:3857')`)}`));
    expect(all.status, all.text).toBe(200);
    expect(all.body.features.map((f: any) => f.properties.name).sort()).toEqual(['Restwarmte Lage Weide', 'WKO Vleuten']);
    const utrecht = await api.get(ows(`typename=heat_sources&cql_filter=${encodeURIComponent(`BBOX(geometry,${AREA.join(',')}) AND gemeentenaam='Utrecht'`)}`));
    expect(utrecht.body.features.map((f: any) => f.properties.name)).toEqual(['Restwarmte Lage Weide']);
    const list = await api.get(ows(`typename=heat_sources&cql_filter=${encodeURIComponent(`gemeentenaam IN ('Vleuten-De Meern','Zeist')`)}`));
    expect(list.body.features.map((f: any) => f.properties.name)).toEqual(['WKO Vleuten']);
  });

  it('refuses CQL fields outside the subset, naming the position', async () => {
    const r = await api.get(ows(`typename=heat_sources&cql_filter=${encodeURIComponent(`vermogen_mw=12`)}`));
    expect(r.status).toBe(400);
    expect(r.text).toContain('locator="cql_filter"');
    expect(r.text).toContain('gemeentenaam');
    // The municipality field is a filter of this service only.
    const geo = await api.get(geodata(`request=GetFeature&typename=trees_neo&cql_filter=${encodeURIComponent(`gemeentenaam='Utrecht'`)}`));
    expect(geo.status).toBe(400);
  });
});

describe('GET /api/cocon/{layer} (WFS 1.1.0 in national projection)', () => {
  it('reads the layer of the path in EPSG:28992 when asked', async () => {
    const bbox = AREA.join(',');
    const r = await api.get(`/api/cocon/cocon_dp?version=1.1.0&request=GetFeature&typename=cocon_dp&outputFormat=application/json&srsname=EPSG:28992&bbox=${bbox},EPSG:3857`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::28992');
    expect(r.body.features).toHaveLength(4);
    const dp = r.body.features.find((f: any) => f.properties.name === 'DP-101');
    const expected = proj4(CRS_DEFS['EPSG:3857'], CRS_DEFS['EPSG:28992']).forward([OX + 130, OY + 260]);
    expect(dp.geometry.coordinates[0]).toBeCloseTo(expected[0], 1);
    expect(dp.geometry.coordinates[1]).toBeCloseTo(expected[1], 1);
    // Utrecht in RD New: x ≈ 130 km, y ≈ 455 km.
    expect(dp.geometry.coordinates[0]).toBeGreaterThan(120000);
    expect(dp.geometry.coordinates[1]).toBeGreaterThan(440000);
  });

  it('answers the map layer address (typename from the catalogue) and refuses a typename of another layer', async () => {
    const entry = CATALOGUE.find((e) => e.name === 'asBuiltDuct')!;
    const r = await api.get(wfsFeatureUrl(entry, { extent: AREA as [number, number, number, number] }));
    expect(r.status, r.text).toBe(200);
    expect(r.body.features[0].properties.layer).toBe('cocon_duct');
    const wrong = await api.get('/api/cocon/cocon_dp?version=1.1.0&request=GetFeature&typename=cocon_pop');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('locator="typeName"');
    const unknown = await api.get('/api/cocon/nonsense?version=1.1.0&request=GetFeature');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Layer nonsense not found in LayerRepository');
  });
});

describe('external sources (no stored data)', () => {
  it('answers 503 source_not_configured naming the layer and the missing setting', async () => {
    setUpstreamUrls(ts.config, { geodata: '', cocon: '' });
    const r = await api.get(geodata('request=GetFeature&typename=water_defences&outputFormat=application/json'));
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: 'source_not_configured', message: 'Reference layer water_defences has no stored data and GEODATA_UPSTREAM_URL is not set.' });
    const c = await api.get('/api/cocon/cocon_slack?version=1.1.0&request=GetFeature&typename=cocon_slack');
    expect(c.status).toBe(503);
    expect(c.body.message).toBe('Reference layer cocon_slack has no stored data and COCON_UPSTREAM_URL is not set.');
    // Layers with data are still served locally.
    expect((await api.get(geodata('request=GetFeature&typename=trees_neo'))).status).toBe(200);
  });

  it('forwards to the configured upstream with the query unchanged and no session token', async () => {
    setUpstreamUrls(ts.config, { geodata: `${up.url}/geo`, cocon: `${up.url}/cocon` });
    const n = up.seen.length;
    const r = await api.get(geodata('request=GetFeature&typename=water_defences&outputFormat=application/json&bbox=1,2,3,4'));
    expect(r.status, r.text).toBe(200);
    expect(r.body.upstream).toBe(true);
    expect(r.headers.get('x-reference-source')).toBe('upstream');
    const seen = up.seen[n];
    expect(seen.path).toBe('/geo');
    expect(seen.query.get('typename')).toBe('water_defences');
    expect(seen.query.get('bbox')).toBe('1,2,3,4');
    expect(seen.headers.authorization).toBeUndefined();
    const c = await api.get('/api/cocon/cocon_slack?version=1.1.0&request=GetFeature&typename=cocon_slack');
    expect(c.body.cocon).toBe(true);
    expect(up.seen[n + 1].path).toBe('/cocon/cocon_slack');
    // A failing upstream is a 502 naming its host and status.
    const bad = await api.get(ows('typename=heat_connections'));
    expect(bad.status).toBe(502);
    expect(bad.body.message).toContain(`Upstream ${up.host} answered 500`);
    // Stored layers never go upstream.
    const local = await api.get(geodata('request=GetFeature&typename=trees_neo'));
    expect(local.headers.get('x-reference-source')).toBeNull();
    setUpstreamUrls(ts.config, { geodata: '', cocon: '' });
  });
});
