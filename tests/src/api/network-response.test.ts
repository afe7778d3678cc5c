// Network reads in the app ask for Arrow first (issue 15): whole reads build the model straight from the answer's
// columns, area tiles decode it to flat rows the merge takes as they are; a JSON answer (older server, error bodies) is read as JSON. The Arrow body here is made by the server's encoder from rows.
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ACCEPT, NETWORK_FORMAT_KEY, NETWORK_STREAM_KEY, lastWholeModel, mergeRead, networkAccept, networkColumnsResponse, networkModel, networkRowsResponse, wholeNetwork } from '../../../src/api/network-response';
import { createModel, toWire, type Model } from '../../../engine/model';
import { pget } from '../../../engine/ptable';
import { columnIndex, indexBuffers, type ColumnIndex } from '../../../engine/column-index';
import { networkColumns } from '../../../engine/network-arrow';
import { NETWORK_WORKER_KEY, setIndexPortFactory, type IndexPort } from '../../../src/api/network-index';
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

/** A port that answers like the index worker, in this thread: `answer` throwing = the worker's 'error' event. */
function inProcessPort(answer: (bytes: ArrayBuffer) => ColumnIndex, seen: { chunks: number } = { chunks: 0 }): IndexPort {
  const on: Record<string, ((e: never) => void)[]> = { message: [], error: [] };
  const fed: Uint8Array[] = [];
  return {
    postMessage: (m) => {
      // chunks as the worker takes them (copies of the main thread's), then the end mark; or the whole bytes
      if ('chunk' in m) { fed.push(m.chunk); seen.chunks++; return; }
      const bytes = 'bytes' in m ? m.bytes : new Uint8Array(Buffer.concat(fed)).buffer;
      setTimeout(() => {
        try { const index = answer(bytes); for (const l of on.message) l({ data: { id: m.id, index } } as never); } catch (e) { for (const l of on.error) l({ message: String(e) } as never); }
      }, 0);
    },
    addEventListener: (t: string, l: (e: never) => void) => { on[t].push(l); },
    terminate: () => { on.message = []; on.error = []; },
  } as IndexPort;
}

/** An Arrow answer of other data (one node). */
function encodeOther(): Uint8Array {
  const { scan, kept } = scanFromRows(7, { objects: [objects[0]], byObj: new Map(), pes: [], avs: [], rels: [], sent: new Set(), keepPath: () => true });
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

  const types = { objectTypes: [{ id: 9, name: 'duct' }, { id: 8, name: 'route' }] as never, relationTypes: [] };
  const arrowResponse = () => new Response(arrowBody() as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/vnd.apache.arrow.stream' } });
  /** The model of the JSON read of the same answer. */
  const jsonModel = () => networkModel(wholeNetwork({ data: networkFromArrow(arrowBody()) }), types);
  async function expectSameAsJson(m: Model) {
    const j = await jsonModel();
    for (const o of networkFromArrow(arrowBody())) expect(toWire(m, o.id)).toEqual(toWire(j, o.id));
    expect(toWire(m, 'e1')!.objectInstances![0].attributeValues).toHaveLength(2);
    expect(toWire(m, 'p1')!.pathEdges).toEqual([{ id: 'pe1', pathId: 'p1', edgeId: 'e1', startNodeId: 'n1', position: 1.5 }]);
    expect(m.schema.objectTypes[9]).toEqual({ id: 9, name: 'duct' });
  }

  it('whole reads: the model is built from the Arrow columns; JSON wire objects go through createModel', async () => {
    setIndexPortFactory(() => null); // no worker: the index is computed here
    try {
      const whole = wholeNetwork(await networkColumnsResponse(arrowResponse()));
      expect('columns' in whole).toBe(true);
      await expectSameAsJson(await networkModel(whole, types));
    } finally { setIndexPortFactory(null); }
    const wire = networkFromArrow(arrowBody());
    expect(wholeNetwork(wire)).toEqual({ rows: { networkObjects: wire } });
    expect(toWire(await networkModel(wholeNetwork(wire), types), 'e1')).toEqual(toWire(createModel({ networkObjects: wire }), 'e1'));
    expect(await networkColumnsResponse(new Response('{"error":"forbidden"}', { status: 403, headers: { 'content-type': 'application/json' } }))).toEqual({ error: 'forbidden' });
  });

  it('whole reads: a worker gets its own copy of the answer and computes the index the model is put together with', async () => {
    const got: number[] = [];
    setIndexPortFactory(() => inProcessPort((bytes) => {
      got.push(bytes.byteLength);
      const index = columnIndex(networkColumns(new Uint8Array(bytes)));
      return structuredClone({ index }, { transfer: indexBuffers(index) }).index; // as postMessage hands it over
    }));
    try {
      const whole = wholeNetwork(await networkColumnsResponse(arrowResponse()));
      await expectSameAsJson(await networkModel(whole, types));
      expect(got).toEqual([arrowBody().byteLength]);
      // the worker's index is what the model is put together with: its order of i1's values shows in the model
      setIndexPortFactory(() => inProcessPort((bytes) => {
        const index = columnIndex(networkColumns(new Uint8Array(bytes)));
        index.lists.valuesByInstance.order.reverse();
        return index;
      }));
      const m = await networkModel(wholeNetwork(await networkColumnsResponse(arrowResponse())), types);
      expect(pget(m.valuesByInstance, 'i1')).toEqual(['Type', 'Note']);
      expect(pget((await jsonModel()).valuesByInstance, 'i1')).toEqual(['Note', 'Type']);
    } finally { setIndexPortFactory(null); }
  });

  it('whole reads: the body is read once as it arrives — rows made table by table, each chunk copied to the worker', async () => {
    const seen = { chunks: 0 };
    setIndexPortFactory(() => inProcessPort((bytes) => columnIndex(networkColumns(new Uint8Array(bytes))), seen));
    try {
      const body = arrowBody(), n = body.length;
      const parts = [body.slice(0, 7), body.slice(7, n >> 2), body.slice(n >> 2, (n >> 2) + 1), body.slice((n >> 2) + 1, n - 3), body.slice(n - 3)];
      const stream = new ReadableStream<Uint8Array>({ start(c) { for (const p of parts) c.enqueue(p); c.close(); } });
      const r = await networkColumnsResponse(new Response(stream, { headers: { 'content-type': 'application/vnd.apache.arrow.stream' } }));
      const whole = wholeNetwork(r);
      expect('made' in whole && whole.made?.ids.length).toBeGreaterThan(0); // the rows came with the answer
      expect(seen.chunks).toBe(parts.length);
      const m = await networkModel(whole, types);
      expect(lastWholeModel.how).toBe('worker');
      await expectSameAsJson(m);
    } finally { setIndexPortFactory(null); }
  });

  it('whole reads: the stream key set to off reads the body whole first (the same model, rows made after)', async () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: { getItem: (k: string) => (k === NETWORK_STREAM_KEY ? 'off' : null) } });
    setIndexPortFactory(() => null);
    try {
      const whole = wholeNetwork(await networkColumnsResponse(arrowResponse()));
      expect('made' in whole && whole.made).toBeFalsy();
      await expectSameAsJson(await networkModel(whole, types));
    } finally {
      setIndexPortFactory(null);
      if (saved) Object.defineProperty(globalThis, 'localStorage', saved); else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
    expect('made' in wholeNetwork(await networkColumnsResponse(arrowResponse()))).toBe(true);
  });

  it('whole reads: a worker that fails (or answers with an index of other data) leaves the model as it should be', async () => {
    for (const answer of ['error', 'other'] as const) {
      setIndexPortFactory(() => inProcessPort(() => {
        if (answer === 'error') throw new Error('worker script failed');
        return columnIndex(networkColumns(new Uint8Array(encodeOther())));
      }));
      try { await expectSameAsJson(await networkModel(wholeNetwork(await networkColumnsResponse(arrowResponse())), types)); } finally { setIndexPortFactory(null); }
    }
  });

  it('whole reads: no worker is started where the worker key says off (the index is computed on the main thread)', async () => {
    let started = 0;
    const store = new Map<string, string>();
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: { getItem: (k: string) => store.get(k) ?? null } });
    // a Worker whose script never answers: a started one would leave the model waiting
    vi.stubGlobal('Worker', class { constructor() { started++; } postMessage() {} addEventListener() {} terminate() {} });
    try {
      store.set(NETWORK_WORKER_KEY, 'off');
      await expectSameAsJson(await networkModel(wholeNetwork(await networkColumnsResponse(arrowResponse())), types));
      expect(started).toBe(0);
      store.delete(NETWORK_WORKER_KEY);
      await networkColumnsResponse(arrowResponse());
      expect(started).toBe(1);
    } finally {
      vi.unstubAllGlobals();
      if (saved) Object.defineProperty(globalThis, 'localStorage', saved); else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
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
