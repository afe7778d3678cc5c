// The feature transaction planner (spec 3 §7 "Feature transaction (write)", §9 chunk 50): grouping per table, the
// fixed table order, chunks of 50 keeping each table's order, inserts keeping their generated uuid, the WFS 1.1.0
// document (Insert / Update / Delete with a FeatureId filter, GML 3.1.1 in EPSG:3857), and the answer's inserted ids
// without 'none'.
import { describe, it, expect } from 'vitest';
import {
  CHUNK_SIZE, TABLE_ORDER, exceptionText, gml, insertedIds, planChunks, transactionXml, type FeatureOp,
} from '../../../../src/map/features/transaction-plan';
import type { StoredFeature } from '../../../../src/map/features/stored-feature';

const feature = (uuid: string, table = 'note', extra: Partial<StoredFeature> = {}): StoredFeature => ({
  uuid, table, type: table === 'note' ? 'note' : 'shaping', layer: null, category: null, name: `n ${uuid}`, topologyId: null,
  properties: { size: 7 }, geometry: { type: 'Point', coordinates: [570000.5, 6817000.25] }, ...extra,
});
const ins = (uuid: string, table?: string): FeatureOp => ({ kind: 'insert', feature: feature(uuid, table) });

describe('feature transaction planner', () => {
  it('groups per table in the fixed order: substation, starting point, cap and shape, lu and pipe, then the others', () => {
    const ops: FeatureOp[] = [ins('a', 'note'), ins('b', 'pipe'), ins('c', 'fttx_feature'), ins('d', 'substation'),
      { kind: 'delete', table: 'lu', uuid: 'e' }, ins('f', 'starting_point_shape'), ins('g', 'cap'), ins('h', 'starting_point')];
    const chunks = planChunks(ops, 'ghs');
    expect(chunks.map((c) => c.table)).toEqual(['substation', 'starting_point', 'cap', 'starting_point_shape', 'lu', 'pipe', 'fttx_feature', 'note']);
    expect(TABLE_ORDER.slice(0, 6)).toEqual(['substation', 'starting_point', 'cap', 'starting_point_shape', 'lu', 'pipe']);
  });

  it('cuts a table in chunks of 50, keeping the order of its operations', () => {
    expect(CHUNK_SIZE).toBe(50);
    const ops = Array.from({ length: 120 }, (_, i) => ins(`u${i}`));
    const chunks = planChunks(ops, 'fttx');
    expect(chunks.map((c) => c.ops.length)).toEqual([50, 50, 20]);
    expect(chunks.flatMap((c) => c.ops).map((o) => (o.kind === 'insert' ? o.feature.uuid : ''))).toEqual(ops.map((o) => (o as { feature: StoredFeature }).feature.uuid));
    expect((chunks[2].xml.match(/<wfs:Insert>/g) ?? []).length).toBe(20);
  });

  it('writes an insert with its generated uuid, the fixed fields, properties as JSON text and a GML geometry', () => {
    const uuid = '3f2b5c1e-8a4d-4c7e-9b1a-2d3e4f5a6b7c';
    const xml = transactionXml([{ kind: 'insert', feature: feature(uuid, 'note', { name: 'a < b & "c"', properties: { size: 7, color: '#ffdd00' } }) }], 'fttx');
    expect(xml).toMatch(/^<\?xml[^>]*\?><wfs:Transaction service="WFS" version="1.1.0" [^>]*xmlns:fttx="fttx">/);
    expect(xml).toContain(`<wfs:Insert><fttx:note><fttx:uuid>${uuid}</fttx:uuid><fttx:type>note</fttx:type>`);
    expect(xml).toContain('<fttx:name>a &lt; b &amp; &quot;c&quot;</fttx:name>');
    expect(xml).toContain('<fttx:properties>{&quot;size&quot;:7,&quot;color&quot;:&quot;#ffdd00&quot;}</fttx:properties>');
    expect(xml).toContain('<fttx:geometry><gml:Point srsName="EPSG:3857"><gml:pos>570000.5 6817000.25</gml:pos></gml:Point></fttx:geometry>');
    expect(xml).not.toContain('<fttx:layer>'); // null columns are left out
  });

  it('writes updates (properties, columns, a geometry) and deletes with the FeatureId filter {table}.{uuid}', () => {
    const xml = transactionXml([
      { kind: 'update', table: 'fttx_feature', uuid: 'u1', values: { name: 'x', properties: { status: 'new' }, geometry: { type: 'LineString', coordinates: [[0, 0], [1, 2]] } } },
      { kind: 'delete', table: 'fttx_feature', uuid: 'u2' },
    ], 'fttx');
    expect(xml).toContain('<wfs:Update typeName="fttx:fttx_feature"><wfs:Property><wfs:Name>name</wfs:Name><wfs:Value>x</wfs:Value></wfs:Property>');
    expect(xml).toContain('<wfs:Property><wfs:Name>properties</wfs:Name><wfs:Value>{&quot;status&quot;:&quot;new&quot;}</wfs:Value></wfs:Property>');
    expect(xml).toContain('<wfs:Name>geometry</wfs:Name><wfs:Value><gml:LineString srsName="EPSG:3857"><gml:posList>0 0 1 2</gml:posList></gml:LineString></wfs:Value>');
    expect(xml).toContain('<ogc:Filter><ogc:FeatureId fid="fttx_feature.u1"/></ogc:Filter></wfs:Update>');
    expect(xml).toContain('<wfs:Delete typeName="fttx:fttx_feature"><ogc:Filter><ogc:FeatureId fid="fttx_feature.u2"/></ogc:Filter></wfs:Delete>');
  });

  it('writes polygons with holes and multi geometries as GML 3.1.1', () => {
    const ring = [[0, 0], [4, 0], [4, 4], [0, 0]];
    expect(gml({ type: 'Polygon', coordinates: [ring, ring] })).toBe('<gml:Polygon srsName="EPSG:3857"><gml:exterior><gml:LinearRing><gml:posList>0 0 4 0 4 4 0 0</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>0 0 4 0 4 4 0 0</gml:posList></gml:LinearRing></gml:interior></gml:Polygon>');
    expect(gml({ type: 'MultiPolygon', coordinates: [[ring]] })).toMatch(/^<gml:MultiPolygon srsName="EPSG:3857"><gml:polygonMember><gml:Polygon><gml:exterior>/);
    expect(() => gml({ type: 'GeometryCollection', coordinates: [] })).toThrow('Unsupported geometry type.');
    expect(() => gml({ type: 'Point', coordinates: [NaN, 1] })).toThrow(/invalid position/);
  });

  it("reads the inserted ids in order from the answer, ignoring 'none'; an ExceptionReport is an error", () => {
    const answer = `<?xml version="1.0"?><wfs:TransactionResponse xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc">
      <wfs:TransactionSummary><wfs:totalInserted>3</wfs:totalInserted></wfs:TransactionSummary>
      <wfs:InsertResults><wfs:Feature><ogc:FeatureId fid="note.aaa"/></wfs:Feature><wfs:Feature><ogc:FeatureId fid="none"/></wfs:Feature>
      <wfs:Feature><ogc:FeatureId fid="note.ccc"/></wfs:Feature></wfs:InsertResults></wfs:TransactionResponse>`;
    expect(insertedIds(answer)).toEqual(['aaa', 'ccc']);
    expect(insertedIds('<wfs:TransactionResponse><wfs:TransactionSummary/></wfs:TransactionResponse>')).toEqual([]);
    const report = '<ows:ExceptionReport><ows:Exception exceptionCode="InvalidParameterValue"><ows:ExceptionText>geometry: unsupported geometry type</ows:ExceptionText></ows:Exception></ows:ExceptionReport>';
    expect(exceptionText(report)).toBe('geometry: unsupported geometry type');
    expect(() => insertedIds(report)).toThrow('geometry: unsupported geometry type');
  });

  it('refuses a table name that is not an XML name', () => {
    expect(() => planChunks([ins('a', 'bad table')], 'fttx')).toThrow('Feature type bad table is not a supported WFST feature type');
  });
});
