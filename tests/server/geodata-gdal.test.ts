// GDAL's WFS client (ogrinfo from Debian's gdal-bin) reads the reference-data WFS of spec 3 §7 (GET /api/geodata):
// it lists the reference layers from GetCapabilities and reads the demo trees (trees_neo) with their properties —
// the same interoperability the project WFS has. Runs only where `ogrinfo` is on PATH (apt-get install gdal-bin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from './support/server';

const run = promisify(execFile);
const HAS_OGRINFO = spawnSync('ogrinfo', ['--version'], { encoding: 'utf8' }).status === 0;

let ts: TestServer;
let token: string;

async function ogrinfo(...args: string[]): Promise<string> {
  const r = await run('ogrinfo', ['-ro', ...args.slice(0, 1), `WFS:${ts.url}/api/geodata`, ...args.slice(1),
    '--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${token}`], { timeout: 90_000, maxBuffer: 16 * 1024 * 1024 });
  return r.stdout;
}

describe.skipIf(!HAS_OGRINFO)(`GDAL ogrinfo reads the reference WFS${HAS_OGRINFO ? '' : ' (skipped: ogrinfo of Debian gdal-bin is not on PATH)'}`, () => {
  beforeAll(async () => {
    ts = await startTestServer({ demoProject: false });
    token = await ts.login('viewer@demo.example');
  });
  afterAll(async () => { await ts?.close(); });

  it('lists the reference layers and reads the demo trees with their properties', async () => {
    const list = await ogrinfo('-so');
    expect(list).toContain('using driver `WFS\' successful');
    for (const name of ['geodata:trees_neo', 'geodata:address_objects', 'geodata:neighbourhoods', 'geodata:road_sections']) {
      expect(list).toMatch(new RegExp(`\\d+: ${name} `));
    }
    const trees = await ogrinfo('-al', 'geodata:trees_neo');
    expect(trees).toContain('Feature Count: 8');
    expect(trees).toMatch(/boomsoort \(String\) = (Quercus|Tilia)/);
    expect(trees).toMatch(/POINT \(\d+\.?\d* \d+\.?\d*\)/);
  });
});
