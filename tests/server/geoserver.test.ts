// The project WFS of spec 3 §7 (GET /api/project/{id}/geoserver/{product}/ows): GetCapabilities lists the project's
// layers, GetFeature answers JSON in EPSG:3857 from the stored network and stored features, filtered by cql_filter
// (project_id, type, BBOX) and bbox — counts checked against direct SQL — reprojected on srsName; bad input is a 400
// ExceptionReport naming the parameter; another organisation gets 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import { startTestServer, type Api, type TestServer } from './support/server';
import { CRS_DEFS } from '../../engine/projection';
import { insertFeatures } from '../../server/geoserver/stored-features';

let ts: TestServer;
let api: Api;
let pid: number;
let window3857: [number, number, number, number];
const ows = (q: string, id = pid) => `/api/project/${id}/geoserver/fttx/ows?${q}`;
const gf = (q: string) => api.get(ows(`service=WFS&version=2.0.0&request=GetFeature&outputFormat=application/json&${q}`));
const sqlCount = async (sql: string, params: unknown[]) => Number((await ts.db.query<{ n: number }>(sql, params)).rows[0].n);
const typeCount = (names: string[], box?: number[]) => sqlCount(
  `SELECT count(*) AS n FROM object_instance i JOIN object_type t ON t.id = i.object_type_id
     JOIN network_object n ON n.project_id = i.project_id AND n.id = i.network_object_id
   WHERE i.project_id = $1 AND t.name = ANY($2::text[]) AND t.family IN ('fttx', 'general')
     ${box ? 'AND n.bbox && $3::box' : ''}`, box ? [pid, names, `(${box[2]},${box[3]}),(${box[0]},${box[1]})`] : [pid, names]);

beforeAll(async () => {
  ts = await startTestServer({ demoProject: true });
  api = ts.api(await ts.login('engineer@demo.example'));
  pid = (await ts.db.query<{ id: number }>(`SELECT id FROM project WHERE name = 'Demo FTTH Utrecht'`)).rows[0].id;
  const e = (await ts.db.query<{ x1: number; y1: number; x2: number; y2: number }>(
    `SELECT min((bbox[1])[0]) AS x1, min((bbox[1])[1]) AS y1, max((bbox[0])[0]) AS x2, max((bbox[0])[1]) AS y2
       FROM network_object WHERE project_id = $1 AND bbox IS NOT NULL`, [pid])).rows[0];
  // The south-west quarter of the demo network (edges chosen off the 0.01 grid of the stored coordinates).
  window3857 = [e.x1 - 1.005, e.y1 - 1.005, (e.x1 + e.x2) / 2 + 0.005, (e.y1 + e.y2) / 2 + 0.005];
  const [x, y] = [window3857[0] + 100, window3857[1] + 100];
  await insertFeatures(ts.db, pid, [
    { type: 'pop', name: 'POP Leidsche Rijn', geometry: { type: 'Point', coordinates: [x, y] }, properties: { city_pop: true, number_of_lus: 1200 } },
    { type: 'poi', geometry: { type: 'MultiPoint', coordinates: [[x + 5, y], [x + 6, y]] }, properties: { description: 'School' } },
    { type: 'route', geometry: { type: 'LineString', coordinates: [[x, y], [x + 50, y + 50]] } },
    { type: 'qa_line', geometry: { type: 'MultiLineString', coordinates: [[[x, y], [x + 1, y]], [[x + 2, y], [x + 3, y]]] } },
    { type: 'project_demarcation', layer: 'projectDemarcation', geometry: { type: 'Polygon', coordinates: [[[x, y], [x + 9000, y], [x + 9000, y + 9000], [x, y]]] } },
    { type: 'area', uuid: 'not-a-uuid', geometry: { type: 'MultiPolygon', coordinates: [[[[x + 20000, y], [x + 20010, y], [x + 20010, y + 10], [x + 20000, y]]]] } },
  ]);
});
afterAll(async () => { await ts?.close(); });

describe('GetCapabilities', () => {
  it('lists the layers fed by the network and the stored feature tables, EPSG:3857 default, JSON output, WGS84 extent', async () => {
    const r = await api.get(ows('service=WFS&request=GetCapabilities'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('xml');
    const names = [...r.text.matchAll(/<wfs:Name>([^<]+)<\/wfs:Name>/g)].map((m) => m[1]);
    expect(names).toEqual(expect.arrayContaining(['fttx:ap', 'fttx:dp', 'fttx:cap', 'fttx:handhole', 'fttx:ducts', 'fttx:trenches',
      'fttx:cableApToDp', 'fttx:cableDpToKa', 'fttx:fttx_feature', 'fttx:custom_layer_feature', 'fttx:note']));
    expect(names).not.toContain('fttx:heatPipes');
    expect(names).not.toContain('fttx:lvCaps');
    expect(r.text).toContain('<wfs:DefaultCRS>urn:ogc:def:crs:EPSG::3857</wfs:DefaultCRS>');
    expect(r.text).toContain('<wfs:Format>application/json</wfs:Format>');
    const [lon, lat] = /<ows:LowerCorner>([\d.]+) ([\d.]+)</.exec(r.text)!.slice(1).map(Number);
    expect(lon).toBeGreaterThan(5.0);
    expect(lon).toBeLessThan(5.2);
    expect(lat).toBeGreaterThan(52.0);
    expect(lat).toBeLessThan(52.2);
  });

  it('answers WFS 1.1.0 with DefaultSRS', async () => {
    const r = await api.get(ows('SERVICE=WFS&VERSION=1.1.0&REQUEST=GetCapabilities'));
    expect(r.status).toBe(200);
    expect(r.text).toContain('version="1.1.0"');
    expect(r.text).toContain('<DefaultSRS>urn:ogc:def:crs:EPSG::3857</DefaultSRS>');
    expect(r.text).toContain('<Name>fttx:ducts</Name>');
  });

  it('describes a feature type with its typed properties', async () => {
    const r = await api.get(ows('service=WFS&request=DescribeFeatureType&typeNames=fttx:ducts'));
    expect(r.status).toBe(200);
    expect(r.text).toContain('<xsd:element name="ducts" substitutionGroup="gml:AbstractFeature" type="fttx:ductsType"/>');
    expect(r.text).toMatch(/name="geometry" nillable="true" type="gml:LineStringPropertyType"/);
    expect(r.text).toMatch(/name="duct_type" nillable="true" type="xsd:string"/);
    expect(r.text).toMatch(/name="project_id" nillable="true" type="xsd:int"/);
  });
});

describe('GetFeature from the stored network', () => {
  it('returns every duct of the demo project (count equals a direct SQL count) with type, name and duct_type.name', async () => {
    const r = await gf('typeNames=fttx:ducts&count=5');
    expect(r.status).toBe(200);
    expect(r.body.type).toBe('FeatureCollection');
    const n = await typeCount(['duct', 'inner_duct']);
    expect(n).toBeGreaterThan(1000);
    expect([r.body.numberMatched, r.body.totalFeatures, r.body.numberReturned]).toEqual([n, n, 5]);
    expect(r.body.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::3857');
    const f = r.body.features[0];
    expect(f.geometry.type).toBe('LineString');
    expect(f.properties).toMatchObject({ type: 'duct', project_id: pid, layer: 'ducts' });
    expect(typeof f.properties.name).toBe('string');
    expect(typeof f.properties.duct_type.name).toBe('string');
    expect(f.properties.Existing).toBe(false);
  });

  it('filters by type and by bbox (cql BBOX and the bbox parameter agree with SQL &&)', async () => {
    const [a, b, c, d] = window3857;
    const sql = await typeCount(['trench'], window3857);
    const all = await typeCount(['trench']);
    expect(sql).toBeGreaterThan(0);
    expect(sql).toBeLessThan(all);
    const cql = await gf(`typeNames=trenches&count=0&cql_filter=${encodeURIComponent(`project_id=${pid} AND type='trench' AND BBOX(geometry,${a},${b},${c},${d},'EPSG:3857')`)}`);
    expect(cql.status, cql.text).toBe(200);
    expect(cql.body.numberMatched).toBe(sql);
    const kvp = await gf(`typeNames=trenches&count=0&bbox=${a},${b},${c},${d}`);
    expect(kvp.body.numberMatched).toBe(sql);
    const other = await gf(`typeNames=dp&cql_filter=${encodeURIComponent(`type IN ('splicebox','enclosure')`)}`);
    expect(other.body.numberMatched).toBe(await typeCount(['splicebox', 'enclosure']));
    expect(other.body.features.every((f: { properties: { canonical_name: string } }) => /^DP-\d{3}$/.test(f.properties.canonical_name))).toBe(true);
    const wrongType = await gf(`typeNames=dp&cql_filter=${encodeURIComponent(`type='duct'`)}`);
    expect(wrongType.body.numberMatched).toBe(0);
    const otherProject = await gf(`typeNames=dp&cql_filter=project_id=${pid + 1000}`);
    expect(otherProject.body.numberMatched).toBe(0);
  });

  it('chains cable paths from their start node: feeders (access point → distribution point) and drops', async () => {
    const feeders = await gf('typeNames=cableApToDp');
    expect(feeders.body.numberMatched).toBe(await typeCount(['splicebox']));
    const drops = await gf('typeNames=cableDpToKa&count=1');
    expect(drops.body.numberMatched).toBe(await typeCount(['customer_connection']));
    const f = feeders.body.features[0];
    expect(f.properties.feature_type).toBe('ap_to_dp');
    const at = async (id: string) => (await ts.db.query<{ geometry: { coordinates: number[] } }>(
      'SELECT geometry FROM network_object WHERE project_id = $1 AND id = $2', [pid, id])).rows[0].geometry.coordinates;
    const coords = f.geometry.coordinates as number[][];
    expect(coords.length).toBeGreaterThan(4);
    expect(coords[0]).toEqual(await at(f.properties.start_id));
    expect(coords[coords.length - 1]).toEqual(await at(f.properties.end_id));
    const ap = await gf('typeNames=ap');
    expect(ap.body.features[0].geometry.coordinates).toEqual(coords[0]);
  });

  it('pages with count/maxFeatures and startIndex in a stable order, and answers resultType=hits', async () => {
    const all = await gf('typeNames=cap');
    const page = await gf('typeNames=cap&count=7&startIndex=3');
    expect(page.body.features.map((f: { id: string }) => f.id)).toEqual(all.body.features.slice(3, 10).map((f: { id: string }) => f.id));
    const v1 = await api.get(ows('service=WFS&version=1.1.0&request=GetFeature&typeName=cap&maxFeatures=2&outputFormat=json'));
    expect(v1.body.numberReturned).toBe(2);
    const hits = await api.get(ows('service=WFS&version=2.0.0&request=GetFeature&typeNames=fttx:cap&resultType=hits'));
    expect(hits.text).toContain(`numberMatched="${all.body.numberMatched}"`);
  });

  it('reprojects to EPSG:4326 (lon/lat within the Netherlands) and EPSG:28992 with the engine projections', async () => {
    const r = await gf('typeNames=trenches&count=50&srsName=EPSG:4326');
    expect(r.body.crs.properties.name).toBe('urn:ogc:def:crs:OGC:1.3:CRS84');
    const pts = r.body.features.flatMap((f: { geometry: { coordinates: number[][] } }) => f.geometry.coordinates) as number[][];
    expect(pts.length).toBeGreaterThan(50);
    for (const [lon, lat] of pts) {
      expect(lon).toBeGreaterThan(3.3); expect(lon).toBeLessThan(7.3);
      expect(lat).toBeGreaterThan(50.7); expect(lat).toBeLessThan(53.6);
    }
    const src = await gf('typeNames=trenches&count=1');
    const rd = await gf('typeNames=trenches&count=1&srsName=urn:ogc:def:crs:EPSG::28992');
    const expected = proj4(CRS_DEFS['EPSG:3857'], CRS_DEFS['EPSG:28992']).forward(src.body.features[0].geometry.coordinates[0]);
    const got = rd.body.features[0].geometry.coordinates[0];
    expect(got[0]).toBeCloseTo(expected[0], 1);
    expect(got[1]).toBeCloseTo(expected[1], 1);
    expect(got[0]).toBeGreaterThan(100000); expect(got[1]).toBeGreaterThan(400000);
    // A bbox given in EPSG:4326 selects what the same window selects in EPSG:3857.
    const inv = proj4(CRS_DEFS['EPSG:3857'], CRS_DEFS['EPSG:4326']);
    const [lo, hi] = [inv.forward([window3857[0], window3857[1]]), inv.forward([window3857[2], window3857[3]])];
    const geo = await gf(`typeNames=trenches&count=0&cql_filter=${encodeURIComponent(`BBOX(geometry,${lo[0]},${lo[1]},${hi[0]},${hi[1]},'EPSG:4326')`)}`);
    expect(geo.body.numberMatched).toBe(await typeCount(['trench'], window3857));
  });
});

describe('GetFeature from the stored features', () => {
  it('serves the six geometry kinds by type filter, as the layers ask (project_id plus type, plus bbox)', async () => {
    const pop = await gf(`typeNames=fttx:fttx_feature&cql_filter=${encodeURIComponent(`project_id=${pid} AND type='pop'`)}`);
    expect(pop.body.numberMatched).toBe(1);
    expect(pop.body.features[0].properties).toMatchObject({ type: 'pop', name: 'POP Leidsche Rijn', city_pop: true, number_of_lus: 1200 });
    expect(JSON.parse(pop.body.features[0].properties.properties)).toEqual({ city_pop: true, number_of_lus: 1200 });
    const all = await gf('typeNames=fttx_feature');
    expect(all.body.features.map((f: { geometry: { type: string } }) => f.geometry.type).sort())
      .toEqual(['LineString', 'MultiLineString', 'MultiPoint', 'MultiPolygon', 'Point', 'Polygon']);
    expect(all.body.numberMatched).toBe(await sqlCount(`SELECT count(*) AS n FROM feature WHERE project_id = $1 AND table_name = 'fttx_feature'`, [pid]));
    const list = await gf(`typeNames=fttx_feature&cql_filter=${encodeURIComponent(`type IN ('pop','poi','nothing')`)}`);
    expect(list.body.numberMatched).toBe(2);
    const [a, b, c, d] = window3857;
    const inBox = await gf(`typeNames=fttx_feature&bbox=${a},${b},${c},${d},EPSG:3857`);
    expect(inBox.body.numberMatched).toBe(5); // the MultiPolygon area lies 20 km east
    const alias = await gf('typeNames=projectDemarcation');
    expect(alias.body.features.map((f: { properties: { type: string } }) => f.properties.type)).toEqual(['project_demarcation']);
    const area = all.body.features.find((f: { properties: { type: string } }) => f.properties.type === 'area');
    expect(area.properties.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses to store an unsupported geometry, naming the field', async () => {
    await expect(insertFeatures(ts.db, pid, [{ type: 'x', geometry: { type: 'Circle', coordinates: [0, 0] } }]))
      .rejects.toThrow(/features\[0\]\.geometry\.type: unsupported geometry type 'Circle'/);
    await expect(insertFeatures(ts.db, pid, [{ type: 'x', geometry: { type: 'Point', coordinates: [0, Number.NaN] } }]))
      .rejects.toThrow(/features\[0\]\.geometry\.coordinates/);
  });
});

describe('errors', () => {
  const report = (r: { status: number; text: string }, locator: string) => {
    expect(r.status).toBe(400);
    expect(r.text).toContain('<ows:ExceptionReport');
    expect(r.text).toContain(`locator="${locator}"`);
  };

  it('rejects cql injection attempts or keeps them harmless data', async () => {
    const before = await sqlCount('SELECT count(*) AS n FROM feature', []);
    report(await gf(`typeNames=ducts&cql_filter=${encodeURIComponent(`type='duct' OR 1=1`)}`), 'cql_filter');
    report(await gf(`typeNames=ducts&cql_filter=${encodeURIComponent(`project_id=${pid}; DROP TABLE feature`)}`), 'cql_filter');
    report(await gf(`typeNames=ducts&cql_filter=${encodeURIComponent(`BBOX(geometry,0,0,1,1) UNION SELECT 1`)}`), 'cql_filter');
    report(await gf(`typeNames=ducts&cql_filter=${encodeURIComponent(`name='x'`)}`), 'cql_filter');
    const quoted = await gf(`typeNames=fttx_feature&cql_filter=${encodeURIComponent(`type='pop'' OR ''1''=''1''); DROP TABLE feature;--'`)}`);
    expect(quoted.status).toBe(200);
    expect(quoted.body.numberMatched).toBe(0);
    report(await gf('typeNames=fttx_feature;DROP TABLE feature'), 'typeNames');
    report(await gf('typeNames=ducts&count=1;DELETE'), 'count');
    expect(await sqlCount('SELECT count(*) AS n FROM feature', [])).toBe(before);
  });

  it('names the bad parameter: typeNames, srsName, outputFormat, bbox, request, service, version', async () => {
    const unknown = await gf('typeNames=fttx:nope');
    report(unknown, 'typeNames');
    expect(unknown.text).toContain('Layer fttx:nope not found in LayerRepository');
    report(await api.get(ows('service=WFS&request=GetFeature')), 'typeNames');
    report(await gf('typeNames=ducts&srsName=EPSG:9999'), 'srsName');
    report(await api.get(ows('service=WFS&request=GetFeature&typeNames=ducts&outputFormat=GML3')), 'outputFormat');
    report(await gf('typeNames=ducts&bbox=1,2,3'), 'bbox');
    report(await api.get(ows('service=WFS')), 'request');
    report(await api.get(ows('service=WFS&request=Transaction')), 'request');
    report(await api.get(ows('service=WMS&request=GetCapabilities')), 'service');
    report(await api.get(ows('service=WFS&version=3.0.0&request=GetCapabilities')), 'version');
  });

  it('answers 403 Not authorized to another organisation, 404 for an unknown project, 401 without a session', async () => {
    const other = ts.api(await ts.login('engineer@other.example'));
    const r = await other.get(ows('service=WFS&request=GetFeature&typeNames=ducts'));
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Not authorized');
    expect((await api.get(ows('service=WFS&request=GetCapabilities', 987654))).status).toBe(404);
    expect((await ts.api().get(ows('service=WFS&request=GetCapabilities'))).status).toBe(401);
  });
});
