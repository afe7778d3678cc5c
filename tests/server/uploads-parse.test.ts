// Uploads parsed into layers (issue 12; spec 3 §5/§7/§9, spec 1 §7): POST /api/upload/file then
// POST /api/project/{id}/fttx/features {type, fileId, deleteExisting, simplifyTolerance}. Fixtures built with GDAL
// (tests/fixtures/uploads/make.sh, committed): a zipped Shapefile and a GeoJSON in RD New, a GeoPackage and a KML in
// WGS84 (and the KML zipped as KMZ), a plain GML 3 and an IMKL (KLIC) GML in RD New. Each imports with the right
// count, kinds, properties and EPSG:3857 coordinates, and is read back through the project WFS the map uses; bad
// inputs are a 4xx with nothing stored.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import proj4 from 'proj4';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { CRS_DEFS } from '../../engine/projection';

const FIX = fileURLToPath(new URL('../fixtures/uploads/', import.meta.url));
const fixture = (name: string) => readFileSync(FIX + name);

let ts: TestServer;
let api: Api;
let token: string;
let pid: number;

beforeAll(async () => {
  ts = await startTestServer({ demoProject: true });
  token = await ts.login('engineer@demo.example');
  api = ts.api(token);
  pid = (await ts.db.query<{ id: number }>(`SELECT id FROM project WHERE name = 'Demo FTTH Utrecht'`)).rows[0].id;
}, 120_000);
afterAll(async () => { await ts?.close(); });
beforeEach(async () => { await ts.db.query(`DELETE FROM feature WHERE project_id = $1 AND table_name = 'custom_layer_feature'`, [pid]); });

async function upload(name: string, content: Uint8Array | string): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([content as BlobPart]), name);
  const r = await fetch(`${ts.url}/api/upload/file`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } });
  const body = await r.json() as { success: boolean; uuid: string; reason?: string };
  expect(body.reason ?? '').toBe('');
  expect(r.status).toBe(201);
  return body.uuid;
}
const importFile = (body: Record<string, unknown>) => api.post(`/api/project/${pid}/fttx/features`, body);
async function importFixture(name: string, type = 'upload', extra: Record<string, unknown> = {}, content?: Uint8Array | string) {
  const fileId = await upload(name, content ?? fixture(name));
  return importFile({ type, fileId, deleteExisting: false, ...extra });
}
const stored = async () => Number((await ts.db.query<{ n: number }>(
  `SELECT count(*) AS n FROM feature WHERE project_id = $1 AND table_name = 'custom_layer_feature'`, [pid])).rows[0].n);
/** The map's read: WFS GetFeature JSON in EPSG:3857 on a layer alias of the catalogue. */
async function wfs(typeName: string) {
  const r = await api.get(`/api/project/${pid}/geoserver/fttx/ows?service=WFS&version=2.0.0&request=GetFeature&outputFormat=application/json&srsName=EPSG:3857&typeNames=fttx:${typeName}&cql_filter=${encodeURIComponent(`project_id=${pid}`)}`);
  expect(r.status).toBe(200);
  return r.body as { features: { geometry: { type: string; coordinates: any }; properties: Record<string, any> }[] };
}
const rd = proj4(CRS_DEFS['EPSG:28992'], CRS_DEFS['EPSG:3857']);
const wgs = proj4(CRS_DEFS['EPSG:4326'], CRS_DEFS['EPSG:3857']);
const near = (a: number[], b: number[], tol = 0.05) => {
  expect(Math.abs(a[0] - b[0])).toBeLessThan(tol);
  expect(Math.abs(a[1] - b[1])).toBeLessThan(tol);
};
// RD New (136000, 456000) in Web Mercator, from an independent transformation (GDAL's cs2cs with EPSG:15739 shift).
const RD_ORIGIN_3857 = rd.forward([136000, 456000]);

describe('importing the GDAL fixtures', () => {
  it('a GeoPackage with two feature tables, one of 6,000 points (read in batches): every row, its table named', async () => {
    const SQL = await initSqlJs({ locateFile: () => createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm') });
    const db = new SQL.Database();
    db.run(`CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT, srs_id INTEGER PRIMARY KEY, organization TEXT, organization_coordsys_id INTEGER, definition TEXT);
      INSERT INTO gpkg_spatial_ref_sys VALUES ('Amersfoort / RD New', 28992, 'EPSG', 28992, 'undefined');
      CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT, identifier TEXT, srs_id INTEGER);
      CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT, srs_id INTEGER, z INTEGER, m INTEGER);
      CREATE TABLE manholes (fid INTEGER PRIMARY KEY, geom BLOB, n INTEGER);
      CREATE TABLE ducts (fid INTEGER PRIMARY KEY, geom BLOB, n INTEGER);
      INSERT INTO gpkg_contents VALUES ('manholes', 'features', 'manholes', 28992), ('ducts', 'features', 'ducts', 28992);
      INSERT INTO gpkg_geometry_columns VALUES ('manholes', 'geom', 'POINT', 28992, 0, 0), ('ducts', 'geom', 'LINESTRING', 28992, 0, 0);`);
    // GP header (magic, version 0, flags: little endian, no envelope; srs_id) + little-endian WKB
    const blob = (type: number, xy: number[]) => {
      const b = Buffer.alloc(8 + 5 + (type === 2 ? 4 : 0) + xy.length * 8);
      b.write('GP', 0, 'latin1'); b[2] = 0; b[3] = 1; b.writeInt32LE(28992, 4); b[8] = 1; b.writeUInt32LE(type, 9);
      let o = 13;
      if (type === 2) { b.writeUInt32LE(xy.length / 2, o); o += 4; }
      for (const v of xy) { b.writeDoubleLE(v, o); o += 8; }
      return b;
    };
    const point = db.prepare('INSERT INTO manholes (geom, n) VALUES (?, ?)');
    for (let i = 0; i < 6000; i++) point.run([blob(1, [136000 + (i % 100), 456000 + Math.floor(i / 100)]), i]);
    point.free();
    for (let i = 0; i < 10; i++) db.run('INSERT INTO ducts (geom, n) VALUES (?, ?)', [blob(2, [136000, 456000 + i, 136050, 456000 + i]), i]);
    const bytes = db.export();
    db.close();
    const r = await importFixture('network.gpkg', 'upload', {}, bytes);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ format: 'geopackage', crs: 'EPSG:28992', count: 6010, types: { upload_point: 6000, upload_line: 10 } });
    const rows = (await ts.db.query<{ n: number; t: string; x: number; y: number }>(`SELECT (properties->>'n')::int AS n, properties->>'layer_name' AS t,
        (geometry->'coordinates'->>0)::float AS x, (geometry->'coordinates'->>1)::float AS y
      FROM feature WHERE project_id = $1 AND type = 'upload_point'`, [pid])).rows;
    expect(new Set(rows.map((x) => x.n)).size).toBe(6000);
    expect(new Set(rows.map((x) => x.t))).toEqual(new Set(['manholes']));
    const last = rows.find((x) => x.n === 5999)!;
    near([last.x, last.y], rd.forward([136099, 456059]));
  });

  it('a zipped Shapefile in RD New: three lines in uploadLines, attributes kept, reprojected to EPSG:3857', async () => {
    const r = await importFixture('trenches-rd.shp.zip');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, format: 'shapefile', crs: 'EPSG:28992', count: 3, types: { upload_line: 3 }, layers: ['uploadLines'] });
    const fc = await wfs('uploadLines');
    expect(fc.features).toHaveLength(3);
    const a = fc.features.find((f) => f.properties.name === 'trace A')!;
    expect(a.geometry.type).toBe('LineString');
    expect(a.properties).toMatchObject({ diameter: 40, type: 'upload_line', layer: 'uploadLines', category: 'Upload', source_file: 'trenches-rd.shp.zip' });
    near(a.geometry.coordinates[0], RD_ORIGIN_3857);
    // Independent check: GDAL's `gdaltransform -s_srs EPSG:28992 -t_srs EPSG:3857` gives 568837.7646 6816764.8080.
    near(a.geometry.coordinates[0], [568837.7646, 6816764.8080], 0.05);
    expect(fc.features.find((f) => f.properties.name === 'trace C')!.properties.diameter).toBeNull();
  });

  it('a GeoJSON with an RD New crs member gives the same coordinates', async () => {
    const r = await importFixture('lines-rd.geojson', 'road_centre_line');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ format: 'geojson', crs: 'EPSG:28992', count: 3, types: { road_centre_line: 3 } });
    const fc = await wfs('uploadRoadCentreLines');
    expect(fc.features).toHaveLength(3);
    const b = fc.features.find((f) => f.properties.name === 'trace B')!;
    near(b.geometry.coordinates[1], rd.forward([136300, 456050]));
  });

  it('a GeoPackage in WGS84: two parcels as polygons', async () => {
    const r = await importFixture('parcels.gpkg', 'parcel');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ format: 'geopackage', crs: 'EPSG:4326', count: 2, types: { parcel: 2 } });
    const fc = await wfs('uploadParcels');
    expect(fc.features.map((f) => f.geometry.type)).toEqual(['Polygon', 'Polygon']);
    const p = fc.features.find((f) => f.properties.parcel === 'UTR01 A 100')!;
    expect(p.properties.area_m2).toBe(7600);
    near(p.geometry.coordinates[0][0], wgs.forward([5.1, 52.09]));
  });

  it('a KML: two points and a line split over the point and line upload layers', async () => {
    const r = await importFixture('poi.kml');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ format: 'kml', count: 3, types: { upload_point: 2, upload_line: 1 } });
    const pts = await wfs('uploadPoints');
    expect(pts.features).toHaveLength(2);
    const dom = pts.features.find((f) => f.properties.name === 'Dom tower')!;
    expect(dom.properties.description).toBe('church');
    near(dom.geometry.coordinates, wgs.forward([5.12, 52.09]));
    expect((await wfs('uploadLines')).features).toHaveLength(1);
  });

  it('a KLIC IMKL GML: cables and pipes with operator and theme in the uploadKlic layer', async () => {
    const r = await importFixture('imkl-klic.gml');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ format: 'imkl', crs: 'EPSG:28992', count: 3, types: { klic: 3 }, layers: ['uploadKlic'] });
    const fc = await wfs('uploadKlic');
    expect(fc.features).toHaveLength(3);
    const byKind = Object.fromEntries(fc.features.map((f) => [f.properties.klic_type, f]));
    expect(byKind.Elektriciteitskabel.properties).toMatchObject({ utility: 'cable', network_operator: 'KL1031', theme: 'laagspanning', category: 'UploadKlic', operatingVoltage: '400' });
    expect(byKind.Telecommunicatiekabel.properties).toMatchObject({ utility: 'cable', network_operator: 'KL1031', theme: 'datatransport' });
    expect(byKind.Waterleiding.properties).toMatchObject({ utility: 'pipe', network_operator: 'KL2001', theme: 'water', pipeDiameter: '110' });
    near(byKind.Elektriciteitskabel.geometry.coordinates[0], RD_ORIGIN_3857);
    expect(byKind.Waterleiding.geometry.coordinates).toHaveLength(2);
  });

  it('a plain GML 3 (GDAL) in RD New and a KMZ', async () => {
    const g = await importFixture('lines-rd.gml');
    expect(g.status).toBe(201);
    expect(g.body).toMatchObject({ format: 'gml', crs: 'EPSG:28992', count: 3, types: { upload_line: 3 } });
    const fc = await wfs('uploadLines');
    const a = fc.features.find((f) => f.properties.name === 'trace A')!;
    expect(a.properties).toMatchObject({ diameter: '40', feature_type: 'trenches', gml_id: 'trenches.0' });
    near(a.geometry.coordinates[0], [568837.7646, 6816764.8080], 0.05);
    const k = await importFixture('poi.kmz');
    expect(k.status).toBe(201);
    expect(k.body).toMatchObject({ format: 'kmz', crs: 'EPSG:4326', count: 3, types: { upload_point: 2, upload_line: 1 } });
  });

  it('deleteExisting replaces the layer\'s earlier features; without it they add up', async () => {
    await importFixture('trenches-rd.shp.zip');
    await importFixture('trenches-rd.shp.zip');
    expect((await wfs('uploadLines')).features).toHaveLength(6);
    const r = await importFixture('trenches-rd.shp.zip', 'upload', { deleteExisting: true });
    expect(r.body).toMatchObject({ count: 3, deleted: 6 });
    expect((await wfs('uploadLines')).features).toHaveLength(3);
  });

  it('simplifyTolerance (metres in the map) drops the middle vertex of an almost straight line', async () => {
    const line = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[5.1, 52.09], [5.10005, 52.090001], [5.1001, 52.09]] } }] };
    const r = await importFixture('bend.geojson', 'upload', { simplifyTolerance: 1 }, JSON.stringify(line));
    expect(r.status).toBe(201);
    expect((await wfs('uploadLines')).features[0].geometry.coordinates).toHaveLength(2);
  });

  it('store rules: object properties as JSON text, a well-formed uuid kept, a malformed one replaced', async () => {
    const u = 'a3c1f0e2-1111-4222-8333-444455556666';
    const fc = { type: 'FeatureCollection', features: [
      { type: 'Feature', properties: { uuid: u, meta: { a: 1 }, list: [1, 2] }, geometry: { type: 'Point', coordinates: [5.1, 52.09] } },
      { type: 'Feature', properties: { uuid: 'nope' }, geometry: { type: 'MultiPoint', coordinates: [[5.1, 52.09], [5.2, 52.1]] } },
    ] };
    const r = await importFixture('props.geojson', 'upload_point', {}, JSON.stringify(fc));
    expect(r.status).toBe(201);
    const rows = (await ts.db.query<{ uuid: string; properties: Record<string, unknown> }>(
      `SELECT uuid::text AS uuid, properties FROM feature WHERE project_id = $1 AND table_name = 'custom_layer_feature' ORDER BY (uuid::text = $2) DESC`, [pid, u])).rows;
    expect(rows[0].uuid).toBe(u);
    expect(rows[0].properties).toMatchObject({ meta: '{"a":1}', list: '[1,2]' });
    expect(rows[1].uuid).not.toBe('nope');
    expect(rows[1].uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('bad input: a clear 4xx, nothing stored', () => {
  const refused = async (r: { status: number; body: { message: string } }, status: number, text: string | RegExp) => {
    expect(r.status).toBe(status);
    expect(r.body.message).toMatch(text);
    expect(await stored()).toBe(0);
  };

  it('malformed GeoJSON and malformed XML', async () => {
    await refused(await importFixture('broken.geojson', 'upload', {}, '{"type":"FeatureCollection","features":[{"type":"Feature"'), 400, /broken\.geojson is not valid JSON/);
    await refused(await importFixture('broken.gml', 'upload', {}, '<gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml"><gml:featureMember><a>'), 400, /^broken\.gml is not well-formed XML/);
  });

  it('a zip without a .shp', async () => {
    await refused(await importFixture('no-shp.zip'), 400, /no-shp\.zip holds no \.shp file \(found: trenches\.dbf, trenches\.prj\)/);
  });

  it('a GML in an unknown CRS names the CRS', async () => {
    const gml = fixture('imkl-klic.gml').toString('utf8').replaceAll('EPSG::28992', 'EPSG::31370');
    await refused(await importFixture('belgian.gml', 'upload', {}, gml), 400, /'urn:ogc:def:crs:EPSG::31370', which is not supported/);
  });

  it('a GeoJSON without a crs and coordinates outside WGS84', async () => {
    const fc = JSON.parse(fixture('lines-rd.geojson').toString('utf8'));
    delete fc.crs;
    await refused(await importFixture('nocrs.geojson', 'upload', {}, JSON.stringify(fc)), 400, /^FeatureCollection must have a CRS property, or contain only WGS84$/);
  });

  it('a file whose extension lies about its content', async () => {
    await refused(await importFixture('cables.kml', 'upload', {}, fixture('imkl-klic.gml')), 400, /content of cables\.kml is KLIC IMKL GML, which does not match its extension \.kml/);
    await refused(await importFixture('trenches.kmz', 'upload', {}, fixture('trenches-rd.shp.zip')), 400, /content of trenches\.kmz is a zipped Shapefile, which does not match its extension \.kmz \(expected \.zip\)/);
  });

  it('mixed valid and invalid features: all or nothing, the feature index and field named', async () => {
    const ok = { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [5.1, 52.09] } };
    const bowtie = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[5.1, 52.09], [5.101, 52.091], [5.101, 52.09], [5.1, 52.091], [5.1, 52.09]]] } };
    const coll = { type: 'Feature', properties: {}, geometry: { type: 'GeometryCollection', geometries: [] } };
    const fc = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
    await refused(await importFixture('bowtie.geojson', 'upload', {}, fc(ok, ok, bowtie)), 400, /^features\[2\]\.geometry: Polygon should not self intersect\.$/);
    await refused(await importFixture('coll.geojson', 'upload', {}, fc(ok, coll)), 400, /^features\[1\]\.geometry\.type: Unsupported geometry type\./);
    await refused(await importFixture('open.geojson', 'upload', {}, fc(ok, { ...ok, geometry: { type: 'Point', coordinates: [5.1, 'x'] } })), 400, /^features\[1\]\.geometry/);
    await refused(await importFixture('wrong.geojson', 'parcel', {}, fc(ok)), 400, /^features\[0\]\.geometry\.type: a Point does not fit the uploadParcels layer/);
  });

  it('a bad feature in a later batch of 5,000 (features[12000]) rolls back the batches stored before it', async () => {
    await importFixture('trenches-rd.shp.zip');
    const point = (i: number) => ({ type: 'Feature', properties: { n: i }, geometry: { type: 'Point', coordinates: [5.1 + (i % 100) * 1e-4, 52.09 + Math.floor(i / 100) * 1e-4] } });
    const features: unknown[] = Array.from({ length: 12_000 }, (_, i) => point(i));
    const good = JSON.stringify({ type: 'FeatureCollection', features });
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[5.1, 52.09], [5.101, 52.09], [5.101, 52.091]]] } });
    const bad = JSON.stringify({ type: 'FeatureCollection', features });
    const refusedLate = await importFixture('many.geojson', 'upload', { deleteExisting: true }, bad);
    expect(refusedLate.status).toBe(400);
    expect(refusedLate.body.message).toMatch(/^features\[12000\]\.geometry\.coordinates: ring 0 must have at least 4 positions$/);
    expect(await stored()).toBe(3); // the delete and the two batches before it rolled back
    const r = await importFixture('many.geojson', 'upload', {}, good);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ count: 12_000, types: { upload_point: 12_000 } });
    expect(await stored()).toBe(12_003);
  });

  it('deleteExisting with a bad file keeps the earlier features', async () => {
    await importFixture('trenches-rd.shp.zip');
    const r = await importFixture('no-shp.zip', 'upload', { deleteExisting: true });
    expect(r.status).toBe(400);
    expect(await stored()).toBe(3);
  });

  it('an unknown file id, a bad type and a viewer', async () => {
    const r = await importFile({ type: 'upload', fileId: '00000000-0000-4000-8000-000000000000' });
    expect(r.status).toBe(404);
    const fileId = await upload('poi.kml', fixture('poi.kml'));
    expect((await importFile({ type: 'nonsense', fileId })).status).toBe(400);
    expect((await importFile({ type: 'upload', fileId, simplifyTolerance: -1 })).status).toBe(400);
    const viewer = ts.api(await ts.login('viewer@demo.example'));
    expect((await viewer.post(`/api/project/${pid}/fttx/features`, { type: 'upload', fileId })).status).toBe(403);
    expect(await stored()).toBe(0);
  });

  it('an upload over the size limit is refused at POST /api/upload/file with 413', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(51 * 1024 * 1024).fill(0x20)]), 'huge.geojson');
    const r = await fetch(`${ts.url}/api/upload/file`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(413);
    expect((await r.json()).reason).toContain('larger');
  });
});
