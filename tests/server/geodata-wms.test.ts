// Reference-data images of spec 3 §7: GET /api/geodata/wms/ (also /api/geodata/wms and /api/geodata/tpg/wms) GetMap
// over the reference table for the catalogue's LAYERS (trees_neo drawn as a real PNG, decoded here), GetLegendGraphic,
// unknown layer → LayerNotDefined naming it, layers without stored data → 503 or the configured upstream; and the
// cocon tiles /api/cocon/{cocon2,asbuilt,tabcabperc}/{z}/{x}/{y}: PNG drawn from the reference rows, transparent
// 256×256 where empty, bad z/x/y → 400 naming the field, session required.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { decodePng, getBytes, isTransparent } from './support/png';
import { fakeUpstream, PNG, type FakeUpstream } from './routes/fake-upstream';
import { setUpstreamUrls } from '../../server/geodata/upstream-source';
import { REFERENCE_COLORS } from '../../server/geodata/wms-routes';
import { tileBounds } from '../../server/geodata/cocon-tiles';
import { UTRECHT } from '../../engine/generate';
import { CATALOGUE } from '../../layers/catalogue';
import { wmsTileUrl } from '../../layers/factory/image';

let ts: TestServer;
let token: string;
let up: FakeUpstream;
const [OX, OY] = UTRECHT;
// A 256 m tile at 1 m a pixel with the first demo tree (OX+70, OY+65) at pixel (70, 255-65).
const BBOX = [OX, OY, OX + 256, OY + 256];
/** GET with the viewer's session; `null` sends none. */
const get = (path: string, tok: string | null = token) => getBytes(ts.url, tok ?? undefined, path);
const getMap = (layers: string, base = '/api/geodata/wms/', extra = '') =>
  `${base}?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layers}&STYLES=&FORMAT=image/png&TRANSPARENT=TRUE&CRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX=${BBOX.join(',')}${extra}`;

/** XYZ tile (z, x, y) containing an EPSG:3857 position. */
function tileAt(z: number, px: number, py: number): [number, number, number] {
  const half = 20037508.342789244, size = (2 * half) / 2 ** z;
  return [z, Math.floor((px + half) / size), Math.floor((half - py) / size)];
}

beforeAll(async () => {
  up = await fakeUpstream({ '/geo/wms/': (_q, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG) });
  ts = await startTestServer({ demoProject: false });
  token = await ts.login('viewer@demo.example');
});
afterAll(async () => { await ts?.close(); await up?.close(); });

describe('GET /api/geodata/wms/ GetMap', () => {
  it('needs a session', async () => {
    const r = await get(getMap('trees_neo'), null);
    expect(r.status).toBe(401);
  });

  it('draws the stored trees (trees_neo) into a PNG in the layer colour, transparent elsewhere', async () => {
    const r = await get(getMap('trees_neo'));
    expect(r.status, r.text).toBe(200);
    expect(r.type).toBe('image/png');
    const png = decodePng(r.body);
    expect([png.width, png.height]).toEqual([256, 256]);
    expect(png.px(70, 255 - 65)).toEqual([...REFERENCE_COLORS.trees_neo]);
    expect(png.px(200, 20)[3]).toBe(0);
    // The same picture through the address the map builds for the catalogue's treesNeoImage layer.
    const entry = CATALOGUE.find((e) => e.name === 'treesNeoImage')!;
    const url = wmsTileUrl(entry, {}).replace('{bbox-epsg-3857}', BBOX.join(','));
    const viaCatalogue = decodePng((await get(url)).body);
    expect(viaCatalogue.px(70, 255 - 65)).toEqual([...REFERENCE_COLORS.trees_neo]);
  });

  it('answers on /api/geodata/wms and /api/geodata/tpg/wms as well, and a tile away from the data is transparent', async () => {
    for (const base of ['/api/geodata/wms', '/api/geodata/tpg/wms']) {
      const png = decodePng((await get(getMap('trees_neo', base))).body);
      expect(png.px(70, 255 - 65)[3]).toBe(255);
    }
    const far = await get(getMap('trees_neo').replace(BBOX.join(','), '0,0,256,256'));
    expect(isTransparent(decodePng(far.body))).toBe(true);
  });

  it('answers an unknown layer with a LayerNotDefined exception naming it', async () => {
    const r = await get(getMap('trees_neo,no_such_layer'));
    expect(r.status).toBe(400);
    expect(r.text).toContain('code="LayerNotDefined"');
    expect(r.text).toContain('locator="LAYERS"');
    expect(r.text).toContain('no_such_layer');
    const bad = await get(getMap('trees_neo').replace('WIDTH=256', 'WIDTH=0'));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('locator="WIDTH"');
  });

  it('answers 503 for a layer without stored data, or forwards the request to GEODATA_UPSTREAM_URL', async () => {
    setUpstreamUrls(ts.config, { geodata: '' });
    const r = await get(getMap('trees_neo,bgt_vegetation'));
    expect(r.status).toBe(503);
    expect(JSON.parse(r.text)).toEqual({ error: 'source_not_configured', message: 'Reference layer bgt_vegetation has no stored data and GEODATA_UPSTREAM_URL is not set.' });
    setUpstreamUrls(ts.config, { geodata: `${up.url}/geo` });
    const n = up.seen.length;
    const f = await get(getMap('bgt_vegetation'));
    expect(f.status, f.text).toBe(200);
    expect(f.body.equals(PNG)).toBe(true);
    expect(up.seen[n].path).toBe('/geo/wms/');
    expect(up.seen[n].query.get('LAYERS')).toBe('bgt_vegetation');
    setUpstreamUrls(ts.config, { geodata: '' });
  });
});

describe('GetLegendGraphic', () => {
  it('draws a swatch of the layer (point: disc in the layer colour) under wms and tpg/wms', async () => {
    for (const base of ['/api/geodata/wms/', '/api/geodata/tpg/wms']) {
      const r = await get(`${base}?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&LAYER=trees_neo&FORMAT=image/png&WIDTH=20&HEIGHT=20`);
      expect(r.status, r.text).toBe(200);
      expect(r.type).toBe('image/png');
      const png = decodePng(r.body);
      expect(png.px(10, 10)).toEqual([...REFERENCE_COLORS.trees_neo]);
      expect(png.px(0, 0)[3]).toBe(0);
    }
    const poly = decodePng((await get('/api/geodata/wms/?REQUEST=GetLegendGraphic&LAYER=neighbourhoods')).body);
    expect(poly.width).toBe(20);
    expect(poly.px(10, 10)[3]).toBeGreaterThan(0);
    expect(poly.px(10, 10)[3]).toBeLessThan(255);
  });

  it('names a missing or unknown LAYER', async () => {
    const missing = await get('/api/geodata/wms/?REQUEST=GetLegendGraphic');
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('locator="LAYER"');
    const unknown = await get('/api/geodata/wms/?REQUEST=GetLegendGraphic&LAYER=nope');
    expect(unknown.text).toContain('code="LayerNotDefined"');
  });
});

describe('GET /api/cocon/{set}/{z}/{x}/{y}', () => {
  it('needs a session', async () => {
    expect((await get('/api/cocon/cocon2/15/16800/10800', null)).status).toBe(401);
  });

  it('draws the stored cocon2 line into a 256×256 PNG tile, and a tile with nothing in it is transparent', async () => {
    const [z, x, y] = tileAt(17, OX + 700, OY + 255);
    const r = await get(`/api/cocon/cocon2/${z}/${x}/${y}`);
    expect(r.status, r.text).toBe(200);
    expect(r.type).toBe('image/png');
    const png = decodePng(r.body);
    expect([png.width, png.height]).toEqual([256, 256]);
    const [x1, , x2, y2] = tileBounds(z, x, y);
    const px = Math.floor(((OX + 700 - x1) / (x2 - x1)) * 256), py = Math.floor(((y2 - (OY + 255)) / (x2 - x1)) * 256);
    expect(png.px(px, py)).toEqual([...REFERENCE_COLORS.cocon2]);
    const empty = decodePng((await get(`/api/cocon/asbuilt/${z}/${x}/${y + 40}.png`)).body);
    expect([empty.width, empty.height]).toEqual([256, 256]);
    expect(isTransparent(empty)).toBe(true);
  });

  it('refuses bad z/x/y naming the field', async () => {
    for (const [path, field] of [['/api/cocon/cocon2/25/0/0', 'params/z'], ['/api/cocon/cocon2/2/4/0', 'params/x'], ['/api/cocon/asbuilt/2/0/-1', 'params/y'], ['/api/cocon/tabcabperc/a/0/0', 'params/z']]) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(JSON.parse(r.text).message).toContain(field);
    }
  });

  it('answers 503 naming COCON_UPSTREAM_URL for a tile set without stored data', async () => {
    setUpstreamUrls(ts.config, { cocon: '' });
    const r = await get('/api/cocon/tabcabperc/15/16800/10800');
    expect(r.status).toBe(503);
    expect(JSON.parse(r.text)).toEqual({ error: 'source_not_configured', message: 'Reference layer tabcabperc has no stored data and COCON_UPSTREAM_URL is not set.' });
  });
});
