// GDAL's own WFS client (ogrinfo from Debian's gdal-bin) reads the project WFS of spec 3 §7: it lists the layers from
// GetCapabilities, reads a layer's feature count (resultType=hits) and its features (GeoJSON pages). GDAL's WFS-T
// writer (ogr2ogr / ogrinfo -sql) inserts, updates and deletes stored features through the Transaction endpoint and
// ogrinfo reads them back (GML 3.1.1 with gml:id). Runs only where `ogrinfo` and `ogr2ogr` are on PATH — the one
// conditional skip of the suite (install: apt-get install gdal-bin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './support/server';

const run = promisify(execFile);
const HAS_OGRINFO = spawnSync('ogrinfo', ['--version'], { encoding: 'utf8' }).status === 0
  && spawnSync('ogr2ogr', ['--version'], { encoding: 'utf8' }).status === 0;
const SKIP_REASON = 'skipped: ogrinfo/ogr2ogr (Debian gdal-bin) are not on PATH';

let ts: TestServer;
let token: string;
let pid: number;

/** ogrinfo against the endpoint, asynchronously (the server runs in this process and must keep answering). */
async function ogrinfo(...args: string[]): Promise<string> {
  const source = `WFS:${ts.url}/api/project/${pid}/geoserver/fttx/ows`;
  const r = await run('ogrinfo', ['-ro', ...args.slice(0, 1), source, ...args.slice(1),
    '--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${token}`], { timeout: 90_000, maxBuffer: 64 * 1024 * 1024 });
  return r.stdout;
}

const count = async (sql: string) => Number((await ts.db.query<{ n: number }>(sql, [pid])).rows[0].n);
const instancesOf = (type: string) => `SELECT count(*) AS n FROM object_instance i JOIN object_type t ON t.id = i.object_type_id
  WHERE i.project_id = $1 AND t.name = '${type}' AND t.family = 'fttx'`;

describe.skipIf(!HAS_OGRINFO)(`GDAL ogrinfo reads the project WFS${HAS_OGRINFO ? '' : ` (${SKIP_REASON})`}`, () => {
  beforeAll(async () => {
    ts = await startTestServer({ demoProject: true });
    token = await ts.login('viewer@demo.example');
    pid = (await ts.db.query<{ id: number }>(`SELECT id FROM project WHERE name = 'Demo FTTH Utrecht'`)).rows[0].id;
  });
  afterAll(async () => { await ts?.close(); });

  it('lists the project layers from GetCapabilities', async () => {
    const out = await ogrinfo('-so');
    expect(out).toContain('using driver `WFS\' successful');
    for (const name of ['fttx:ducts', 'fttx:trenches', 'fttx:dp', 'fttx:cap', 'fttx:cableApToDp', 'fttx:fttx_feature']) {
      expect(out).toMatch(new RegExp(`\\d+: ${name} `));
    }
  });

  it('reads a layer summary: feature count equal to the stored network, EPSG:3857, the layer fields', async () => {
    const out = await ogrinfo('-so', 'fttx:trenches');
    expect(out).toContain(`Feature Count: ${await count(instancesOf('trench'))}`);
    expect(out).toContain('Geometry: Line String');
    expect(out).toContain('Pseudo-Mercator');
    expect(out).toMatch(/^type: String/m);
    expect(out).toMatch(/^length: Real/m);
  });

  it('reads the features themselves (distribution points with names and points)', async () => {
    const out = await ogrinfo('-al', 'fttx:dp');
    const features = out.match(/^OGRFeature\(fttx:dp\):/gm) ?? [];
    expect(features.length).toBe(await count(instancesOf('splicebox')));
    expect(out).toMatch(/canonical_name \(String\) = DP-001/);
    expect(out).toMatch(/POINT \(5\d{5}\.\d+ 68\d{5}\.\d+\)/);
  });

  describe('WFS-T through GDAL (ogr2ogr inserts, ogrinfo -sql updates and deletes, ogrinfo reads back)', () => {
    let dir: string;
    let wpid: number;
    let editor: string;
    // GDAL's WFS-T needs version 1.1.0; GML output gives it the gml_id an UPDATE (SetFeature) needs.
    const wfs = (gml = false) => `WFS:${ts.url}/api/project/${wpid}/geoserver/fttx/ows?VERSION=1.1.0${gml ? '&OUTPUTFORMAT=text/xml;%20subtype=gml/3.1.1' : ''}`;
    const gdal = async (tool: string, args: string[]) => (await run(tool, [...args, '--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${editor}`],
      { timeout: 90_000, maxBuffer: 64 * 1024 * 1024 })).stdout;
    const stored = async () => (await ts.db.query<{ uuid: string; type: string; name: string; properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } }>(
      'SELECT uuid::text AS uuid, type, name, properties, geometry FROM feature WHERE project_id = $1 ORDER BY name', [wpid])).rows;

    beforeAll(async () => {
      editor = await ts.login('engineer@demo.example');
      wpid = (await ts.api(editor).post('/api/project', { name: 'GDAL WFS-T', projectTypeId: 10 })).body.id;
      dir = mkdtempSync(join(tmpdir(), 'wfst-'));
      writeFileSync(join(dir, 'in.geojson'), JSON.stringify({
        type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
        features: [
          { type: 'Feature', properties: { type: 'route', name: 'R1', properties: '{"color":"red"}' }, geometry: { type: 'LineString', coordinates: [[600000, 6800000], [600100, 6800100]] } },
          { type: 'Feature', properties: { type: 'poi', name: 'P1' }, geometry: { type: 'Point', coordinates: [600050, 6800050] } },
        ],
      }));
    });
    afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

    it('ogr2ogr appends GeoJSON features to fttx:fttx_feature (one wfs:Insert transaction)', async () => {
      await gdal('ogr2ogr', ['-f', 'WFS', '-update', '-append', wfs(), join(dir, 'in.geojson'), '-nln', 'fttx:fttx_feature']);
      const rows = await stored();
      expect(rows.map((r) => [r.type, r.name])).toEqual([['poi', 'P1'], ['route', 'R1']]);
      expect(rows[1].properties).toEqual({ color: 'red' });
      expect(rows[1].geometry).toEqual({ type: 'LineString', coordinates: [[600000, 6800000], [600100, 6800100]] });
      const out = await gdal('ogrinfo', ['-ro', wfs(true), 'fttx:fttx_feature']);
      for (const r of rows) expect(out).toContain(`gml_id (String) = fttx_feature.${r.uuid}`);
      expect(out).toContain('LINESTRING (600000 6800000,600100 6800100)');
    });

    it('ogrinfo -dialect SQLite UPDATE goes out as wfs:Update (GmlObjectId) and ogrinfo reads the change back', async () => {
      const before = await stored();
      await gdal('ogrinfo', [wfs(true), '-dialect', 'SQLite', '-sql', `UPDATE "fttx:fttx_feature" SET name = 'R2' WHERE name = 'R1'`]);
      const after = await stored();
      expect(after.map((r) => r.name)).toEqual(['P1', 'R2']);
      expect(after.find((r) => r.name === 'R2')!.uuid).toBe(before.find((r) => r.name === 'R1')!.uuid);
      expect(after.find((r) => r.name === 'R2')!.properties).toEqual({ color: 'red' });
      const out = await gdal('ogrinfo', ['-ro', wfs(true), 'fttx:fttx_feature', '-where', "name = 'R2'"]);
      expect(out).toMatch(/name \(String\) = R2/);
    });

    it('ogrinfo -sql DELETE FROM goes out as wfs:Delete (PropertyIsEqualTo) and the layer count drops', async () => {
      await gdal('ogrinfo', [wfs(), '-sql', "DELETE FROM fttx:fttx_feature WHERE name = 'P1'"]);
      expect((await stored()).map((r) => r.name)).toEqual(['R2']);
      const out = await gdal('ogrinfo', ['-ro', '-so', wfs(), 'fttx:fttx_feature']);
      expect(out).toContain('Feature Count: 1');
    });
  });
});

if (!HAS_OGRINFO) {
  describe('GDAL ogrinfo', () => { it.skip(`reads the project WFS — ${SKIP_REASON}`, () => {}); });
}
