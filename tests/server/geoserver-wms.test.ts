// The project WMS of spec 3 §7 (GET /api/project/{id}/geoserver/{product}/wms: STYLES, LAYERS, CQL_FILTER with
// project_id plus type, TRANSPARENT — "Tiled image layer"): GetMap draws the stored heat pipes and caps and the
// network's ducts into a real PNG of the requested size (decoded here), filtered like the WFS; bad parameters → 400
// naming the parameter; another organisation → 403; no session → 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import { startTestServer, type Api, type TestServer } from './support/server';
import { decodePng, getBytes, isTransparent } from './support/png';
import { edge, node, wire } from './network-fixtures';
import { insertFeatures } from '../../server/geoserver/stored-features';
import { LAYER_COLORS } from '../../server/geoserver/wms';
import { CATALOGUE } from '../../layers/catalogue';
import { wmsTileUrl } from '../../layers/factory/image';
import { CRS_DEFS } from '../../engine/projection';

let ts: TestServer;
let api: Api;
let heat: number;
let fttx: number;

/** Raw GET keeping the bytes (the Api helper reads text). */
const tile = (token: string | undefined, path: string) => getBytes(ts.url, token, path);

let token: string;
// A 256 m square tile at 1 m a pixel: the pipe runs along y=2000 (pixel rows 155/156), the cap at (1100, 2050).
const BBOX = [1000, 1900, 1256, 2156];
const wms = (pid: number, q: string, product = 'heat') => `/api/project/${pid}/geoserver/${product}/wms?${q}`;
const getMap = (pid: number, layers: string, extra = '', bbox = BBOX) =>
  wms(pid, `SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layers}&STYLES=&FORMAT=image/png&TRANSPARENT=TRUE&CRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX=${bbox.join(',')}${extra}`);
const cql = (s: string) => `&CQL_FILTER=${encodeURIComponent(s)}`;
const transparent = isTransparent;

beforeAll(async () => {
  ts = await startTestServer();
  token = await ts.login('engineer@demo.example');
  api = ts.api(token);
  heat = (await api.post('/api/project', { name: 'Heat WMS', projectTypeId: 19 })).body.id;
  fttx = (await api.post('/api/project', { name: 'Fibre WMS', projectTypeId: 10 })).body.id;
  expect(heat).toBeGreaterThan(0);
  await insertFeatures(ts.db, heat, [
    { table: 'pipe', type: 'pipe', name: 'P1', geometry: { type: 'LineString', coordinates: [[1020, 2000], [1200, 2000]] } },
    { table: 'cap', type: 'cap', name: 'C1', geometry: { type: 'Point', coordinates: [1100, 2050] } },
  ]);
  expect((await api.post(`/api/project/${fttx}/network_object`, wire([node('a', 1020, 2000), node('b', 1200, 2000),
    edge('ab', 'a', 'b', [[1020, 2000], [1200, 2000]])]))).status).toBe(201);
  expect((await api.post(`/api/project/${fttx}/object_instance`, [{ id: 'd1', objectTypeId: 112, networkObjectId: 'ab' }])).status).toBe(201);
}, 120_000);
afterAll(async () => { await ts?.close(); });

describe('GetMap: Tiled image layer', () => {
  it('draws the heat pipes as the map asks for them (catalogue heatPipesImage tile URL) into a 256×256 PNG', async () => {
    const entry = CATALOGUE.find((e) => e.name === 'heatPipesImage')!;
    const url = wmsTileUrl(entry, { projectId: heat, product: 'heat' }).replace('{bbox-epsg-3857}', BBOX.join(','));
    expect(url).toContain('CQL_FILTER=');
    const r = await tile(token, url);
    expect(r.status, r.text).toBe(200);
    expect(r.type).toBe('image/png');
    const png = decodePng(r.body);
    expect([png.width, png.height]).toEqual([256, 256]);
    expect(png.px(50, 155)).toEqual([...LAYER_COLORS.pipe]);
    expect(png.px(150, 156)).toEqual([...LAYER_COLORS.pipe]);
    expect(png.px(50, 100)[3]).toBe(0); // away from the pipe
    expect(png.px(100, 106)[3]).toBe(0); // the cap is another layer
    expect(png.px(230, 155)[3]).toBe(0); // beyond the pipe's end (x=1200 → pixel 200)
  });

  it('draws caps as small discs in their own colour, one CQL filter per layer, the first layer below', async () => {
    const r = await tile(token, getMap(heat, 'pipe,heat:cap', cql(`project_id=${heat} AND type='pipe';project_id=${heat} AND type IN ('cap')`)));
    expect(r.status, r.text).toBe(200);
    const png = decodePng(r.body);
    expect(png.px(100, 106)).toEqual([...LAYER_COLORS.cap]);
    // A disc of radius 3 px around pixel corner (100, 106): opaque inside, anti-aliased rim, nothing beyond.
    expect(png.px(101, 107)[3]).toBe(255);
    expect(png.px(102, 106)[3]).toBeGreaterThan(200);
    expect(png.px(104, 106)[3]).toBe(0);
    expect(png.px(100, 110)[3]).toBe(0);
    expect(png.px(50, 155)).toEqual([...LAYER_COLORS.pipe]);
  });

  it('applies the type and project_id filters: nothing matches → fully transparent', async () => {
    const wrongType = await tile(token, getMap(heat, 'pipe', cql(`project_id=${heat} AND type='cap'`)));
    expect(transparent(decodePng(wrongType.body))).toBe(true);
    const otherProject = await tile(token, getMap(heat, 'pipe', cql(`project_id=${heat + 1000} AND type='pipe'`)));
    expect(transparent(decodePng(otherProject.body))).toBe(true);
  });

  it('answers a fully transparent tile elsewhere, and an opaque white one with TRANSPARENT=FALSE', async () => {
    const r = await tile(token, getMap(heat, 'pipe,cap', '', [50000, 50000, 50256, 50256]));
    expect(r.status).toBe(200);
    expect(transparent(decodePng(r.body))).toBe(true);
    const white = decodePng((await tile(token, getMap(heat, 'pipe', '', [50000, 50000, 50256, 50256]).replace('TRANSPARENT=TRUE', 'TRANSPARENT=FALSE'))).body);
    expect(white.px(0, 0)).toEqual([255, 255, 255, 255]);
  });

  it('draws network layers (ducts from the stored network) and honours WIDTH/HEIGHT', async () => {
    const r = await tile(token, getMap(fttx, 'fttx:ducts', cql(`project_id=${fttx} AND type IN ('duct','inner_duct')`), BBOX).replace('WIDTH=256&HEIGHT=256', 'WIDTH=512&HEIGHT=128'));
    expect(r.status, r.text).toBe(200);
    const png = decodePng(r.body);
    expect([png.width, png.height]).toEqual([512, 128]);
    // x: 2 px a metre, y: 0.5 px a metre → the duct at y=2000 lies on row 78.
    expect(png.px(200, 78)).toEqual([...LAYER_COLORS.ducts]);
    expect(png.px(200, 60)[3]).toBe(0);
  });

  it('reads CRS=EPSG:4326 in WMS 1.3.0 as latitude/longitude and SRS in 1.1.1 as longitude/latitude', async () => {
    const inv = proj4(CRS_DEFS['EPSG:3857'], CRS_DEFS['EPSG:4326']);
    const lo = inv.forward([BBOX[0], BBOX[1]]), hi = inv.forward([BBOX[2], BBOX[3]]);
    const v13 = getMap(heat, 'pipe', '', [lo[1], lo[0], hi[1], hi[0]]).replace('CRS=EPSG:3857', 'CRS=EPSG:4326');
    const a = decodePng((await tile(token, v13)).body);
    expect(a.px(50, 155)).toEqual([...LAYER_COLORS.pipe]);
    const v11 = getMap(heat, 'pipe', '', [lo[0], lo[1], hi[0], hi[1]]).replace('VERSION=1.3.0', 'VERSION=1.1.1').replace('CRS=EPSG:3857', 'SRS=EPSG:4326');
    const b = decodePng((await tile(token, v11)).body);
    expect(b.px(50, 155)).toEqual([...LAYER_COLORS.pipe]);
    expect(b.px(50, 100)[3]).toBe(0);
  });
});

describe('errors', () => {
  const report = (r: { status: number; text: string }, locator: string, code?: string) => {
    expect(r.status, r.text).toBe(400);
    expect(r.text).toContain('<ServiceExceptionReport');
    expect(r.text).toContain(`locator="${locator}"`);
    if (code) expect(r.text).toContain(`code="${code}"`);
  };

  it('names the bad parameter: WIDTH, HEIGHT, BBOX, CRS, FORMAT, LAYERS, CQL_FILTER, REQUEST', async () => {
    report(await tile(token, getMap(heat, 'pipe').replace('WIDTH=256', 'WIDTH=abc')), 'WIDTH');
    report(await tile(token, getMap(heat, 'pipe').replace('HEIGHT=256', 'HEIGHT=4096')), 'HEIGHT');
    report(await tile(token, getMap(heat, 'pipe').replace('WIDTH=256&', '')), 'WIDTH', 'MissingParameterValue');
    report(await tile(token, getMap(heat, 'pipe', '', [1, 2, 3] as number[])), 'BBOX');
    report(await tile(token, getMap(heat, 'pipe', '', [5, 2, 3, 4])), 'BBOX');
    report(await tile(token, getMap(heat, 'pipe').replace('CRS=EPSG:3857', 'CRS=EPSG:9999')), 'CRS', 'InvalidCRS');
    report(await tile(token, getMap(heat, 'pipe').replace('FORMAT=image/png', 'FORMAT=image/jpeg')), 'FORMAT', 'InvalidFormat');
    const unknown = await tile(token, getMap(heat, 'nope'));
    report(unknown, 'LAYERS', 'LayerNotDefined');
    expect(unknown.text).toContain('Layer nope not found in LayerRepository');
    report(await tile(token, getMap(heat, 'pipe', cql(`type='pipe' OR 1=1`))), 'cql_filter');
    report(await tile(token, getMap(heat, 'pipe', cql(`type='pipe';type='cap'`))), 'CQL_FILTER');
    report(await tile(token, wms(heat, 'SERVICE=WMS&REQUEST=GetFeatureInfo')), 'REQUEST', 'OperationNotSupported');
    report(await tile(token, wms(heat, 'SERVICE=WFS&REQUEST=GetMap')), 'SERVICE');
  });

  it('draws a GetLegendGraphic swatch per layer in its GetMap colour (line for ducts; filled square for mixed tables)', async () => {
    const legend = (pid: number, product: string, layer: string) =>
      tile(token, wms(pid, `SERVICE=WMS&VERSION=1.3.0&REQUEST=GetLegendGraphic&LAYER=${layer}&FORMAT=image/png&WIDTH=20&HEIGHT=20`, product));
    const ducts = await legend(fttx, 'fttx', 'ducts');
    expect(ducts.status, ducts.text).toBe(200);
    expect(ducts.type).toBe('image/png');
    const line = decodePng(ducts.body);
    expect(line.px(10, 10)).toEqual([...LAYER_COLORS.ducts]);
    expect(line.px(2, 2)[3]).toBe(0);
    const cap = decodePng((await legend(heat, 'heat', 'cap')).body);
    expect(cap.px(10, 10).slice(0, 3)).toEqual(LAYER_COLORS.cap.slice(0, 3));
    expect(cap.px(10, 10)[3]).toBeGreaterThan(0);
    expect(cap.px(10, 10)[3]).toBeLessThan(255);
    expect(cap.px(0, 0)[3]).toBe(0);
    report(await legend(heat, 'heat', 'nope'), 'LAYER', 'LayerNotDefined');
  });

  it('answers 403 Not authorized to another organisation, 404 for an unknown project, 401 without a session', async () => {
    const other = await ts.login('engineer@other.example');
    const r = await tile(other, getMap(heat, 'pipe'));
    expect(r.status).toBe(403);
    expect(JSON.parse(r.text).message).toBe('Not authorized');
    expect((await tile(token, getMap(987654, 'pipe'))).status).toBe(404);
    const anon = await tile(undefined, getMap(heat, 'pipe'));
    expect(anon.status).toBe(401);
    expect(JSON.parse(anon.text).error).toBe('session_does_not_exist');
  });
});
