// GDAL's own WFS client (ogrinfo from Debian's gdal-bin) reads the project WFS of spec 3 §7: it lists the layers from
// GetCapabilities, reads a layer's feature count (resultType=hits) and its features (GeoJSON pages). Runs only where
// `ogrinfo` is on PATH — the one conditional skip of the suite (install: apt-get install gdal-bin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from './support/server';

const run = promisify(execFile);
const HAS_OGRINFO = spawnSync('ogrinfo', ['--version'], { encoding: 'utf8' }).status === 0;
const SKIP_REASON = 'skipped: ogrinfo (Debian gdal-bin) is not on PATH';

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
});

if (!HAS_OGRINFO) {
  describe('GDAL ogrinfo', () => { it.skip(`reads the project WFS — ${SKIP_REASON}`, () => {}); });
}
