// The WFS-T feature transaction of spec 3 §7 (POST …/geoserver/{product}/ows?service=WFS&version=1.1.0&request=
// Transaction): Insert / Update / Delete on the stored tables in one database transaction, inserted ids answered in
// input order (client ids kept, new ones for missing or malformed ids), the spec 3 §5 store rules, the spec 3 §8
// 'Feature type {type} is not a supported WFST feature type', all or nothing on bad input (400 naming the place),
// network.edit (viewer 403), organisation isolation (403), the blocking request=Complete, and reads back through GET.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import proj4 from 'proj4';
import { startTestServer, type Api, type TestServer } from './support/server';
import { CRS_DEFS } from '../../engine/projection';
import { insertedIds, planChunks } from '../../src/map/features/transaction-plan';

let ts: TestServer;
let api: Api;
let pid: number;
const P = () => `/api/project/${pid}/geoserver/fttx/ows`;
const WFS = 'xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:ogc="http://www.opengis.net/ogc" xmlns:fttx="urn:netplan:geoserver:fttx"';
const tx = (body: string) => `<?xml version="1.0"?>\n<wfs:Transaction service="WFS" version="1.1.0" ${WFS}>${body}</wfs:Transaction>`;
const post = (xml: string, opts: { query?: string; who?: Api; contentType?: string } = {}) =>
  (opts.who ?? api).request('POST', `${P()}?${opts.query ?? 'service=WFS&version=1.1.0&request=Transaction'}`,
    { raw: xml, contentType: opts.contentType ?? 'text/xml', headers: { 'X-WFS-Transaction': 'true' } });
const line = (x: number, y: number) => `<fttx:geometry><gml:LineString srsName="EPSG:3857"><gml:posList>${x} ${y} ${x + 10} ${y + 10}</gml:posList></gml:LineString></fttx:geometry>`;
const fids = (text: string) => [...text.matchAll(/<ogc:FeatureId fid="([^"]+)"\/>/g)].map((m) => m[1]);
const total = (text: string, what: string) => Number(new RegExp(`<wfs:total${what}>(\\d+)<`).exec(text)?.[1]);
const exception = (text: string) => ({ locator: /locator="([^"]*)"/.exec(text)?.[1], message: /<ows:ExceptionText>([^<]*)</.exec(text)?.[1] });
const rows = async (where = 'TRUE', params: unknown[] = []) => (await ts.db.query<{ uuid: string; type: string; name: string | null; category: string | null; properties: Record<string, unknown>; geometry: { type: string; coordinates: any } }>(
  `SELECT uuid::text AS uuid, type, name, category, properties, geometry FROM feature WHERE project_id = $1 AND ${where} ORDER BY created_at, uuid`, [pid, ...params])).rows;

beforeAll(async () => {
  ts = await startTestServer();
  api = ts.api(await ts.login('engineer@demo.example'));
  pid = (await api.post('/api/project', { name: 'WFS-T', projectTypeId: 10 })).body.id;
});
afterAll(async () => { await ts?.close(); });

describe('Insert', () => {
  it('stores features of a stored table, keeps client ids, gives new ids to missing or malformed ones, answers them in input order', async () => {
    const kept = randomUUID();
    const r = await post(tx(`<wfs:Insert>
      <fttx:fttx_feature><fttx:uuid>${kept}</fttx:uuid><fttx:type>route</fttx:type><fttx:name>Route A</fttx:name>
        <fttx:properties>{"color":"red","cost":{"total":12},"gone":null}</fttx:properties><fttx:status>planned</fttx:status>${line(600000, 6800000)}</fttx:fttx_feature>
      <fttx:fttx_feature><fttx:uuid>not-a-uuid</fttx:uuid><fttx:type>poi</fttx:type>
        <fttx:geometry><gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>52.09 5.12</gml:pos></gml:Point></fttx:geometry></fttx:fttx_feature>
      <fttx:fttx_feature><fttx:type>area</fttx:type><fttx:geometry><gml:Polygon srsName="EPSG:4326"><gml:exterior><gml:LinearRing>
        <gml:posList>5.1 52.1 5.2 52.1 5.2 52.2 5.1 52.1</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></fttx:geometry></fttx:fttx_feature>
    </wfs:Insert>`));
    expect(r.status).toBe(200);
    expect(r.text).toContain('<wfs:TransactionResponse');
    expect(total(r.text, 'Inserted')).toBe(3);
    const ids = fids(r.text);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(`fttx_feature.${kept}`);
    expect(ids[1]).toMatch(/^fttx_feature\.[0-9a-f-]{36}$/);
    expect(ids[1]).not.toContain('not-a-uuid');
    const stored = await rows();
    expect(stored.map((s) => `fttx_feature.${s.uuid}`).sort()).toEqual([...ids].sort());
    const a = stored.find((s) => s.uuid === kept)!;
    expect(a).toMatchObject({ type: 'route', name: 'Route A' });
    // Object values are stored as JSON text, null kept, extra elements join the properties bag.
    expect(a.properties).toEqual({ color: 'red', cost: '{"total":12}', gone: null, status: 'planned' });
    expect(a.geometry).toEqual({ type: 'LineString', coordinates: [[600000, 6800000], [600010, 6800010]] });
    // urn:…:4326 is latitude/longitude; converted to EPSG:3857.
    const [x, y] = proj4(CRS_DEFS['EPSG:4326'], CRS_DEFS['EPSG:3857'], [5.12, 52.09]);
    const poi = stored.find((s) => s.type === 'poi')!;
    expect(poi.geometry.coordinates[0]).toBeCloseTo(x, 1);
    expect(poi.geometry.coordinates[1]).toBeCloseTo(y, 1);
    expect(stored.find((s) => s.type === 'area')!.geometry.type).toBe('Polygon');
  });

  it('takes the feature element\'s gml:id ({table}.{uuid}) as its id when no uuid property is given', async () => {
    const id = randomUUID();
    const r = await post(tx(`<wfs:Insert><fttx:fttx_feature gml:id="fttx_feature.${id}"><fttx:type>route</fttx:type>${line(9, 9)}</fttx:fttx_feature></wfs:Insert>`));
    expect(fids(r.text)).toEqual([`fttx_feature.${id}`]);
  });

  it('reads geometries without srsName in the srsName of their wfs:Insert (EPSG:28992 here)', async () => {
    const r = await post(tx(`<wfs:Insert srsName="EPSG:28992"><fttx:fttx_feature><fttx:type>poi</fttx:type>
      <fttx:geometry><gml:Point><gml:pos>136000 455000</gml:pos></gml:Point></fttx:geometry></fttx:fttx_feature></wfs:Insert>`));
    const [s] = await rows('uuid = $2::uuid', [fids(r.text)[0].split('.')[1]]);
    const [x, y] = proj4(CRS_DEFS['EPSG:28992'], CRS_DEFS['EPSG:3857'], [136000, 455000]);
    expect(s.geometry.coordinates[0]).toBeCloseTo(x, 1);
    expect(s.geometry.coordinates[1]).toBeCloseTo(y, 1);
  });

  it('accepts multi geometries (MultiCurve, MultiSurface, MultiPoint) and request=Complete answers after the commit', async () => {
    const r = await post(tx(`<wfs:Insert><fttx:fttx_feature><fttx:type>qa_line</fttx:type><fttx:geometry><gml:MultiCurve srsName="EPSG:3857">
      <gml:curveMember><gml:LineString><gml:posList>1 2 3 4</gml:posList></gml:LineString></gml:curveMember>
      <gml:curveMember><gml:LineString><gml:posList>5 6 7 8</gml:posList></gml:LineString></gml:curveMember></gml:MultiCurve></fttx:geometry></fttx:fttx_feature>
      <fttx:fttx_feature><fttx:type>poi</fttx:type><fttx:geometry><gml:MultiPoint><gml:pointMember><gml:Point><gml:pos>1 1</gml:pos></gml:Point></gml:pointMember></gml:MultiPoint></fttx:geometry></fttx:fttx_feature>
      <fttx:fttx_feature><fttx:type>area</fttx:type><fttx:geometry><gml:MultiSurface><gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing>
        <gml:posList>0 0 10 0 10 10 0 0</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></fttx:geometry></fttx:fttx_feature>
      </wfs:Insert>`), { query: 'service=WFS&version=1.1.0&request=Complete' });
    expect(r.status).toBe(200);
    const ids = fids(r.text).map((f) => f.split('.')[1]);
    const got = await rows('uuid = ANY($2::uuid[])', [ids]);
    expect(got.map((g) => g.geometry.type).sort()).toEqual(['MultiLineString', 'MultiPoint', 'MultiPolygon']);
    expect(got.find((g) => g.type === 'qa_line')!.geometry.coordinates).toEqual([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]);
  });

  it('strips custom_* and category properties for custom layers and checks the type against the table', async () => {
    const r = await post(tx(`<wfs:Insert><fttx:custom_layer_feature><fttx:type>upload_line</fttx:type><fttx:category>Upload</fttx:category>
      <fttx:properties>{"custom_color":"red","category":"x","keep":1}</fttx:properties><fttx:custom_width>3</fttx:custom_width>${line(1, 1)}</fttx:custom_layer_feature></wfs:Insert>`));
    expect(r.status).toBe(200);
    const [s] = await rows('uuid = $2::uuid', [fids(r.text)[0].split('.')[1]]);
    expect(s.properties).toEqual({ keep: 1 });
    expect(s.category).toBeNull();
    const bad = await post(tx(`<wfs:Insert><fttx:custom_layer_feature><fttx:type>route</fttx:type>${line(1, 1)}</fttx:custom_layer_feature></wfs:Insert>`));
    expect(bad.status).toBe(400);
    expect(exception(bad.text)).toEqual({ locator: 'Insert[0].feature[0].type', message: 'Feature type route is not a supported WFST feature type' });
  });

  it('refuses a typeName that is not a stored table of the project (network layers, unknown names)', async () => {
    for (const name of ['ducts', 'nope']) {
      const r = await post(tx(`<wfs:Insert><fttx:${name}><fttx:type>duct</fttx:type>${line(1, 1)}</fttx:${name}></wfs:Insert>`));
      expect(r.status).toBe(400);
      expect(exception(r.text).message).toBe(`Feature type ${name} is not a supported WFST feature type`);
    }
  });
});

describe('all or nothing', () => {
  it('stores nothing when one feature of the transaction is bad (unsupported geometry), naming its index and field', async () => {
    const before = (await rows()).length;
    const r = await post(tx(`<wfs:Insert><fttx:fttx_feature><fttx:type>route</fttx:type>${line(5, 5)}</fttx:fttx_feature>
      <fttx:fttx_feature><fttx:type>route</fttx:type><fttx:geometry><gml:Curve><gml:segments/></gml:Curve></fttx:geometry></fttx:fttx_feature></wfs:Insert>
      <wfs:Delete typeName="fttx:fttx_feature"><ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>type</ogc:PropertyName><ogc:Literal>route</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter></wfs:Delete>`));
    expect(r.status).toBe(400);
    expect(r.text).toContain('ows:ExceptionReport');
    expect(exception(r.text)).toEqual({ locator: 'Insert[0].feature[1].geometry', message: 'Unsupported geometry type.' });
    expect((await rows()).length).toBe(before);
  });

  it('rolls back earlier actions when a later one fails in the database transaction', async () => {
    const before = await rows();
    const r = await post(tx(`<wfs:Insert><fttx:fttx_feature><fttx:type>route</fttx:type>${line(7, 7)}</fttx:fttx_feature></wfs:Insert>
      <wfs:Update typeName="fttx:fttx_feature"><wfs:Property><wfs:Name>type</wfs:Name></wfs:Property>
        <ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>type</ogc:PropertyName><ogc:Literal>route</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter></wfs:Update>`));
    expect(r.status).toBe(400);
    expect(exception(r.text).locator).toBe('Update[0].type');
    expect(await rows()).toEqual(before);
  });

  it('refuses a self-intersecting polygon', async () => {
    const r = await post(tx(`<wfs:Insert><fttx:fttx_feature><fttx:type>area</fttx:type><fttx:geometry><gml:Polygon><gml:exterior><gml:LinearRing>
      <gml:posList>0 0 10 10 10 0 0 10 0 0</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></fttx:geometry></fttx:fttx_feature></wfs:Insert>`));
    expect(r.status).toBe(400);
    expect(exception(r.text)).toEqual({ locator: 'Insert[0].feature[0].geometry', message: 'Polygon should not self intersect.' });
  });

  it('answers malformed XML, a non-XML body and a body over the limit with a 4xx naming the problem', async () => {
    const r = await post('<wfs:Transaction><wfs:Insert></wfs:Transaction>');
    expect(r.status).toBe(400);
    expect(exception(r.text).locator).toBe('body');
    expect(exception(r.text).message).toMatch(/^Malformed XML: .*line 1/);
    const json = await api.request('POST', `${P()}?service=WFS&request=Transaction`, { raw: '{}', contentType: 'application/json' });
    expect(json.status).toBe(415);
    const big = await post(tx(`<!--${'x'.repeat(64 * 1024 * 1024)}-->`));
    expect(big.status).toBe(413);
    expect(exception(big.text).message).toContain('larger than 67108864 bytes');
  });
});

describe('Update and Delete', () => {
  it('updates by FeatureId and PropertyIsEqualTo on uuid: columns, geometry (GML), properties; removes a property given without a value', async () => {
    const ins = await post(tx(`<wfs:Insert><fttx:fttx_feature><fttx:type>route</fttx:type><fttx:name>old</fttx:name><fttx:properties>{"a":1,"b":2}</fttx:properties>${line(10, 10)}</fttx:fttx_feature>
      <fttx:fttx_feature><fttx:type>route</fttx:type><fttx:name>other</fttx:name>${line(20, 20)}</fttx:fttx_feature></wfs:Insert>`));
    const [one, two] = fids(ins.text);
    const r = await post(tx(`<wfs:Update typeName="fttx:fttx_feature">
        <wfs:Property><wfs:Name>name</wfs:Name><wfs:Value>new</wfs:Value></wfs:Property>
        <wfs:Property><wfs:Name>b</wfs:Name></wfs:Property>
        <wfs:Property><wfs:Name>geometry</wfs:Name><wfs:Value><gml:Point><gml:pos>1 2</gml:pos></gml:Point></wfs:Value></wfs:Property>
        <ogc:Filter><ogc:FeatureId fid="${one}"/></ogc:Filter></wfs:Update>
      <wfs:Update typeName="fttx_feature"><wfs:Property><wfs:Name>name</wfs:Name><wfs:Value>renamed</wfs:Value></wfs:Property>
        <ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>uuid</ogc:PropertyName><ogc:Literal>${two.split('.')[1]}</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter></wfs:Update>`));
    expect(r.status).toBe(200);
    expect(total(r.text, 'Updated')).toBe(2);
    const [a] = await rows('uuid = $2::uuid', [one.split('.')[1]]);
    expect(a).toMatchObject({ name: 'new', properties: { a: 1 }, geometry: { type: 'Point', coordinates: [1, 2] } });
    expect((await rows('uuid = $2::uuid', [two.split('.')[1]]))[0].name).toBe('renamed');
  });

  it('deletes by GmlObjectId and reads the result back through GET ows (GetFeature JSON)', async () => {
    const ins = await post(tx(`<wfs:Insert><fttx:fttx_feature><fttx:type>marker</fttx:type><fttx:name>keep</fttx:name>${line(30, 30)}</fttx:fttx_feature>
      <fttx:fttx_feature><fttx:type>marker</fttx:type><fttx:name>drop</fttx:name>${line(40, 40)}</fttx:fttx_feature></wfs:Insert>`));
    const [keep, drop] = fids(ins.text);
    const r = await post(tx(`<wfs:Delete typeName="fttx:fttx_feature"><ogc:Filter><ogc:GmlObjectId gml:id="${drop}"/></ogc:Filter></wfs:Delete>`));
    expect(r.status).toBe(200);
    expect(total(r.text, 'Deleted')).toBe(1);
    const read = await api.get(`${P()}?service=WFS&version=2.0.0&request=GetFeature&typeNames=fttx:fttx_feature&outputFormat=application/json&cql_filter=type='marker'`);
    expect(read.status).toBe(200);
    expect(read.body.features.map((f: { id: string }) => f.id)).toEqual([keep]);
    expect(read.body.features[0].properties.name).toBe('keep');
  });

  it('needs a Filter and a feature id of the named table', async () => {
    const r = await post(tx('<wfs:Delete typeName="fttx:fttx_feature"/>'));
    expect(r.status).toBe(400);
    expect(exception(r.text).locator).toBe('Delete[0].Filter');
    const other = await post(tx(`<wfs:Delete typeName="fttx:note"><ogc:Filter><ogc:FeatureId fid="fttx_feature.${randomUUID()}"/></ogc:Filter></wfs:Delete>`));
    expect(other.status).toBe(400);
    expect(exception(other.text).locator).toBe('Delete[0].Filter');
  });
});

describe('access and protocol', () => {
  it('answers 403 to a viewer (network.edit) and 403 Not authorized to another organisation; nothing stored', async () => {
    const before = (await rows()).length;
    const body = tx(`<wfs:Insert><fttx:fttx_feature><fttx:type>route</fttx:type>${line(1, 1)}</fttx:fttx_feature></wfs:Insert>`);
    const viewer = await post(body, { who: ts.api(await ts.login('viewer@demo.example')) });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error).toBe('forbidden');
    const other = await post(body, { who: ts.api(await ts.login('engineer@other.example')) });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Not authorized');
    expect((await rows()).length).toBe(before);
  });

  it('takes REQUEST and VERSION from the body when the query lacks them (as GDAL posts), WFS 2.0.0 answered with fes:ResourceId', async () => {
    const v1 = await post(tx(`<wfs:Insert><fttx:note><fttx:type>note</fttx:type>${line(2, 2)}</fttx:note></wfs:Insert>`), { query: '', contentType: 'application/xml; charset=UTF-8' });
    expect(v1.status).toBe(200);
    expect(fids(v1.text)[0]).toMatch(/^note\./);
    const v2 = await post(`<wfs:Transaction service="WFS" version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:fttx="urn:netplan:geoserver:fttx">
      <wfs:Insert><fttx:note><fttx:type>note</fttx:type>${line(3, 3)}</fttx:note></wfs:Insert></wfs:Transaction>`, { query: '' });
    expect(v2.status).toBe(200);
    expect(v2.text).toMatch(/version="2.0.0"[\s\S]*<fes:ResourceId rid="note\.[0-9a-f-]{36}"\/>/);
  });

  it('takes the documents of the app\'s transaction planner (insert, update of properties, delete) and answers what it reads', async () => {
    const uuid = randomUUID();
    const feature = { uuid, table: 'fttx_feature', type: 'route', layer: 'routes', category: null, name: 'planned', topologyId: null,
      properties: { color: 'blue', width: 2 }, geometry: { type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], [[2, 2], [3, 3]]] } };
    const [ins] = planChunks([{ kind: 'insert', feature }], 'fttx');
    const r = await post(ins.xml);
    expect(r.status).toBe(200);
    expect(insertedIds(r.text)).toEqual([uuid]);
    const [upd] = planChunks([{ kind: 'update', table: 'fttx_feature', uuid, values: { properties: { color: 'green' }, name: 'built' } }], 'fttx');
    expect((await post(upd.xml)).status).toBe(200);
    expect((await rows('uuid = $2::uuid', [uuid]))[0]).toMatchObject({ name: 'built', properties: { color: 'green' }, geometry: feature.geometry });
    const [del] = planChunks([{ kind: 'delete', table: 'fttx_feature', uuid }], 'fttx');
    expect(total((await post(del.xml)).text, 'Deleted')).toBe(1);
    expect(await rows('uuid = $2::uuid', [uuid])).toEqual([]);
  });

  it('GetFeature writes GML 3.1.1 with gml:id {table}.{uuid} (what WFS-T clients read before an update)', async () => {
    const ins = await post(tx(`<wfs:Insert><fttx:note><fttx:type>gmlnote</fttx:type><fttx:name>a &amp; b</fttx:name>${line(100, 200)}</fttx:note></wfs:Insert>`));
    const [fid] = fids(ins.text);
    const r = await api.get(`${P()}?service=WFS&version=1.1.0&request=GetFeature&typeName=fttx:note&outputFormat=${encodeURIComponent('text/xml; subtype=gml/3.1.1')}&cql_filter=type='gmlnote'`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('gml/3.1.1');
    expect(r.text).toContain(`<fttx:note gml:id="${fid}"><fttx:geometry><gml:LineString srsName="urn:ogc:def:crs:EPSG::3857"><gml:posList>100 200 110 210</gml:posList>`);
    expect(r.text).toContain('<fttx:name>a &amp; b</fttx:name>');
  });

  it('advertises the Transaction operation in the 1.1.0 and 2.0.0 capabilities', async () => {
    for (const v of ['1.1.0', '2.0.0']) {
      const r = await api.get(`${P()}?service=WFS&version=${v}&request=GetCapabilities`);
      expect(r.text).toMatch(/<ows:Operation name="Transaction"><ows:DCP><ows:HTTP><ows:Post xlink:href="http:\/\/[^"]+\/ows"\/>/);
    }
  });
});
