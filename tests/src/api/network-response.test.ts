// Network reads in the app ask for Arrow first (issue 15): whole reads build the model straight from the answer's
// columns, area tiles decode it to flat rows the merge takes as they are; a JSON answer (older server, error bodies) is read as JSON. The Arrow body here is made by the server's encoder from rows.
import { describe, expect, it } from 'vitest';
import { NETWORK_ACCEPT, NETWORK_FORMAT_KEY, mergeRead, networkAccept, networkColumnsResponse, networkModel, networkRowsResponse, wholeNetwork } from '../../../src/api/network-response';
import { createModel, toWire } from '../../../engine/model';
import { networkFromArrow } from '../../../engine/network-arrow';
import type { MergeRows } from '../../../engine/merge';
import { encodeScanArrow } from '../../../server/network/arrow-encode';
import { scanFromRows } from '../../../server/network/scan-rows';

const objects = [
  { id: 'n1', kind: 'node', scenario_id: null, c: '[1, 2]', from_node_id: null, to_node_id: null, two_way: null, length: null },
  { id: 'n2', kind: 'node', scenario_id: 3, c: '[3.25, -4]', from_node_id: null, to_node_id: null, two_way: null, length: null },
  { id: 'e1', kind: 'edge', scenario_id: null, c: '[[1, 2], [2, 3], [3.25, -4]]', from_node_id: 'n1', to_node_id: 'n2', two_way: true, length: 5.5 },
  { id: 'p1', kind: 'path', scenario_id: null, c: null, from_node_id: null, to_node_id: null, two_way: null, length: null },
];
const byObj = new Map([['e1', [{ id: 'i1', network_object_id: 'e1', object_type_id: 9 }]], ['p1', [{ id: 'i2', network_object_id: 'p1', object_type_id: 8 }]]]);
function arrowBody(): Uint8Array {
  const { scan, kept } = scanFromRows(7, {
    objects, byObj, pes: [{ id: 'pe1', path_id: 'p1', edge_id: 'e1', start_node_id: 'n1', seq: 1.5 }],
    avs: [{ object_instance_id: 'i1', attribute_type_name: 'Type', value: 'ø 40' }, { object_instance_id: 'i1', attribute_type_name: 'Note', value: null }],
    rels: [{ from_id: 'i1', to_id: 'i2', relation_type_name: 'duct_contains_cable' }], sent: new Set(['i1', 'i2']), keepPath: () => true,
  });
  return new Uint8Array(encodeScanArrow(scan, kept));
}

describe('network read answers', () => {
  it('asks for Arrow first, JSON as the fallback', () => {
    expect(NETWORK_ACCEPT.split(',')[0]).toBe('application/vnd.apache.arrow.stream');
    expect(NETWORK_ACCEPT).toMatch(/application\/json/);
    expect(networkAccept()).toBe(NETWORK_ACCEPT);
  });

  it('asks for JSON only when the format key says so', () => {
    const store = new Map<string, string>([[NETWORK_FORMAT_KEY, 'json']]);
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: { getItem: (k: string) => store.get(k) ?? null } });
    try { expect(networkAccept()).toBe('application/json'); } finally {
      if (saved) Object.defineProperty(globalThis, 'localStorage', saved); else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  it('the Arrow answer holds the wire objects of the JSON read', () => {
    expect(networkFromArrow(arrowBody())).toEqual([
      { id: 'n1', projectId: 7, node: { geometry: { type: 'Point', coordinates: [1, 2] } } },
      { id: 'n2', projectId: 7, scenarioId: 3, node: { geometry: { type: 'Point', coordinates: [3.25, -4] } } },
      { id: 'e1', projectId: 7, edge: { geometry: { type: 'LineString', coordinates: [[1, 2], [2, 3], [3.25, -4]] }, fromNodeId: 'n1', toNodeId: 'n2', twoWay: true, length: 5.5 },
        objectInstances: [{ id: 'i1', objectTypeId: 9, networkObjectId: 'e1',
          attributeValues: [{ objectInstanceId: 'i1', attributeTypeName: 'Type', value: 'ø 40' }, { objectInstanceId: 'i1', attributeTypeName: 'Note', value: null }],
          relationSources: [{ fromId: 'i1', toId: 'i2', objectRelationTypeName: 'duct_contains_cable' }] }] },
      { id: 'p1', projectId: 7, pathEdges: [{ id: 'pe1', pathId: 'p1', edgeId: 'e1', startNodeId: 'n1', position: 1.5 }],
        objectInstances: [{ id: 'i2', objectTypeId: 8, networkObjectId: 'p1' }] },
    ]);
  });

  it('whole reads: the model is built from the Arrow columns; JSON wire objects go through createModel', async () => {
    const r = new Response(arrowBody() as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/vnd.apache.arrow.stream' } });
    const whole = wholeNetwork(await networkColumnsResponse(r));
    expect('columns' in whole).toBe(true);
    const types = { objectTypes: [{ id: 9, name: 'duct' }, { id: 8, name: 'route' }] as never, relationTypes: [] };
    const m = networkModel(whole, types);
    const wire = networkFromArrow(arrowBody());
    const fromJson = networkModel(wholeNetwork({ data: wire }), types);
    for (const o of wire) expect(toWire(m, o.id)).toEqual(toWire(fromJson, o.id));
    expect(toWire(m, 'e1')!.objectInstances![0].attributeValues).toHaveLength(2);
    expect(toWire(m, 'p1')!.pathEdges).toEqual([{ id: 'pe1', pathId: 'p1', edgeId: 'e1', startNodeId: 'n1', position: 1.5 }]);
    expect(m.schema.objectTypes[9]).toEqual({ id: 9, name: 'duct' });
    expect(wholeNetwork(wire)).toEqual({ rows: { networkObjects: wire } });
    expect(toWire(networkModel(wholeNetwork(wire), types), 'e1')).toEqual(toWire(createModel({ networkObjects: wire }), 'e1'));
    expect(await networkColumnsResponse(new Response('{"error":"forbidden"}', { status: 403, headers: { 'content-type': 'application/json' } }))).toEqual({ error: 'forbidden' });
  });

  it('area reads: the merge takes Arrow rows as they are, JSON as wire objects', async () => {
    const r = new Response(arrowBody() as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/vnd.apache.arrow.stream' } });
    const read = mergeRead(await networkRowsResponse(r));
    expect(Array.isArray(read)).toBe(false);
    expect((read as MergeRows).pathEdges).toEqual([{ id: 'pe1', pathId: 'p1', edgeId: 'e1', startNodeId: 'n1', position: 1.5 }]);
    const wire = [{ id: 'a', projectId: 1 }];
    expect(mergeRead({ data: wire })).toBe(wire);
    expect(mergeRead(wire)).toBe(wire);
  });

  it('reads JSON answers (and error bodies) as JSON', async () => {
    expect(await networkRowsResponse(new Response('{"data":[{"id":"a"}]}', { headers: { 'content-type': 'application/json' } }))).toEqual({ data: [{ id: 'a' }] });
    expect(await networkRowsResponse(new Response('{"error":"forbidden"}', { status: 403, headers: { 'content-type': 'application/json' } }))).toEqual({ error: 'forbidden' });
    expect(await networkRowsResponse(new Response(null, { status: 204 }))).toBeNull();
  });
});
