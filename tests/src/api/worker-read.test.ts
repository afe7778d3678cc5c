// A whole network read fetched by the index worker (issue 15): the worker's real handler (index-worker-core.ts) runs
// in-process behind a port; fetch is stubbed with an Arrow answer made by the server's encoder, sent in chunks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerHandler, type IndexRequest, type IndexResponse } from '../../../src/api/index-worker-core';
import { SPARE_TTL_MS, openIndexPort, setIndexPortFactory, startIndexWorker, warmIndexWorker, type IndexPort } from '../../../src/api/network-index';
import { NETWORK_BODY_KEY, readInWorker, readsInWorker, workerIndexOf } from '../../../src/api/worker-read';
import { fetchAnswer } from '../../../src/api/base-query';
import { lastWholeModel, networkColumnsResponse, networkModel, wholeNetwork } from '../../../src/api/network-response';
import { columnIndex } from '../../../engine/column-index';
import { columnRows, modelOfColumns } from '../../../engine/model-columns';
import { pget } from '../../../engine/ptable';
import { networkColumns, networkFromArrow } from '../../../engine/network-arrow';
import { getValue, toWire } from '../../../engine/model';
import { encodeScanArrow } from '../../../server/network/arrow-encode';
import { scanFromRows } from '../../../server/network/scan-rows';

const ARROW = 'application/vnd.apache.arrow.stream';
const objects = [
  { id: 'n1', kind: 'node', scenario_id: null, c: '[1, 2]', from_node_id: null, to_node_id: null, two_way: null, length: null },
  { id: 'n2', kind: 'node', scenario_id: null, c: '[3.25, -4]', from_node_id: null, to_node_id: null, two_way: null, length: null },
  { id: 'e1', kind: 'edge', scenario_id: null, c: '[[1, 2], [3.25, -4]]', from_node_id: 'n1', to_node_id: 'n2', two_way: true, length: 5.5 },
];
const byObj = new Map([['e1', [{ id: 'i1', network_object_id: 'e1', object_type_id: 9 }, { id: 'i2', network_object_id: 'e1', object_type_id: 9 }]]]);
function arrowBody(): Uint8Array {
  const { scan, kept } = scanFromRows(7, {
    objects, byObj, pes: [], avs: [{ object_instance_id: 'i1', attribute_type_name: 'Type', value: 'ø 40' }],
    rels: [{ from_id: 'i1', to_id: 'i2', relation_type_name: 'duct_contains_cable' }], sent: new Set(['i1', 'i2']), keepPath: () => true,
  });
  return new Uint8Array(encodeScanArrow(scan, kept));
}
/** The body in uneven chunks, as a stream. */
function chunked(body: Uint8Array): ReadableStream<Uint8Array> {
  const n = body.length, cuts = [0, 5, n >> 2, (n >> 2) + 1, n - 2, n];
  return new ReadableStream({ start(c) { for (let k = 1; k < cuts.length; k++) c.enqueue(body.slice(cuts[k - 1], cuts[k])); c.close(); } });
}

/** A port running the worker's real handler in this thread (messages cloned as postMessage would). */
function corePort(log: { started: number; terminated: number }): IndexPort {
  const on: { message: ((e: { data: IndexResponse }) => void)[]; error: ((e: { message?: string }) => void)[] } = { message: [], error: [] };
  let ended = false;
  // cloned with its transfer list, as postMessage does (a buffer sent twice fails as it would there)
  const handle = workerHandler((m, transfer) => { const copy = structuredClone(m, { transfer }); setTimeout(() => { if (!ended) for (const l of on.message) l({ data: copy }); }, 0); });
  log.started++;
  return {
    postMessage: (m: IndexRequest) => { if (!ended) handle(structuredClone(m)); },
    addEventListener: (t: 'message' | 'error', l: never) => { on[t].push(l); },
    terminate: () => { if (!ended) { ended = true; log.terminated++; } },
  } as IndexPort;
}

const wholeRequest = (init: RequestInit = {}, query = '') =>
  new Request(`http://x/api/project/7/network_object/all?includeWithoutObjectInstances=false${query}`, { headers: { accept: `${ARROW}, application/json;q=0.9`, authorization: 'Bearer t' }, ...init });

afterEach(() => { setIndexPortFactory(null); vi.unstubAllGlobals(); vi.useRealTimers(); });

describe('whole reads fetched by the index worker', () => {
  it('only whole network reads asking for Arrow go to the worker (not a window, a POST, JSON, or the main-thread key)', () => {
    expect(readsInWorker(wholeRequest())).toBe(true);
    expect(readsInWorker(wholeRequest({}, '&bbox=0,0,1,1'))).toBe(false);
    expect(readsInWorker(wholeRequest({ headers: { accept: 'application/json' } }))).toBe(false);
    expect(readsInWorker(wholeRequest({ method: 'POST', body: '{}' }))).toBe(false);
    expect(readsInWorker(new Request('http://x/api/project/7/network_object/extent', { headers: { accept: ARROW } }))).toBe(false);
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === NETWORK_BODY_KEY ? 'main' : null) });
    expect(readsInWorker(wholeRequest())).toBe(false);
  });

  it('the worker fetches with the request\'s headers; the page gets the body and the index computed from it, and the model equals the JSON read\'s', async () => {
    const body = arrowBody(), log = { started: 0, terminated: 0 };
    const fetched: Headers[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_u: string, init: RequestInit) => {
      fetched.push(new Headers(init.headers));
      return new Response(chunked(body), { headers: { 'content-type': ARROW, etag: '"v3"' } });
    }));
    setIndexPortFactory(() => corePort(log));
    const r = (await readInWorker(wholeRequest()))!;
    expect([r.status, r.headers.get('etag'), fetched[0].get('authorization'), fetched[0].get('accept')]).toEqual([200, '"v3"', 'Bearer t', `${ARROW}, application/json;q=0.9`]);
    const index = workerIndexOf(r);
    expect(index).toBeDefined();
    const whole = wholeNetwork(await networkColumnsResponse(r));
    // the index comes without the values' and relations' slots, which follow it (engine/key-slots.ts)
    const { keysLater, ...got } = (await index)!, want = columnIndex(networkColumns(body));
    expect([got.slots.attributeValues, got.slots.relations]).toEqual([null, null]);
    expect(await keysLater).toEqual({ attributeValues: want.slots.attributeValues, relations: want.slots.relations });
    expect({ ...got, slots: { ...got.slots, ...(await keysLater) } }).toEqual(want);
    const m = await networkModel(whole, { objectTypes: [{ id: 9, name: 'duct' }] as never });
    expect(lastWholeModel.how).toBe('worker');
    const json = await networkModel(wholeNetwork({ data: networkFromArrow(body) }), { objectTypes: [{ id: 9, name: 'duct' }] as never });
    for (const id of ['n1', 'n2', 'e1']) expect(toWire(m, id)).toEqual(toWire(json, id));
    expect(log).toEqual({ started: 1, terminated: 1 }); // the worker ends with its answer
  });

  it('base-query\'s fetch hands whole reads to the worker and fetches everything else itself', async () => {
    const body = arrowBody(), log = { started: 0, terminated: 0 };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(chunked(body), { headers: { 'content-type': ARROW } })));
    setIndexPortFactory(() => corePort(log));
    const r = await fetchAnswer(wholeRequest());
    expect(workerIndexOf(r)).toBeDefined();
    expect(r.clone().body).toBeNull(); // RTK's text clone stays bodiless for a binary answer
    expect(new Uint8Array(await r.arrayBuffer())).toEqual(body);
    expect(workerIndexOf(await fetchAnswer(wholeRequest({}, '&bbox=0,0,1,1')))).toBeUndefined();
    expect(log.started).toBe(1);
  });

  it('a refusal (JSON) passes through as it came, with no index; a failed fetch rejects as fetch does', async () => {
    const log = { started: 0, terminated: 0 };
    setIndexPortFactory(() => corePort(log));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"forbidden"}', { status: 403, statusText: 'Forbidden', headers: { 'content-type': 'application/json' } })));
    const r = (await readInWorker(wholeRequest()))!;
    expect([r.status, r.statusText, workerIndexOf(r)]).toEqual([403, 'Forbidden', undefined]);
    expect(await networkColumnsResponse(r)).toEqual({ error: 'forbidden' });
    await vi.waitFor(() => expect(log.terminated).toBe(1));
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(readInWorker(wholeRequest())!).rejects.toThrow(/network read failed: Failed to fetch/);
    expect(log.terminated).toBe(2);
  });

  it('an abort before the answer rejects as an abort and aborts the worker\'s fetch', async () => {
    const log = { started: 0, terminated: 0 };
    setIndexPortFactory(() => corePort(log));
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', vi.fn((_u: string, init: RequestInit) => { signal = init.signal!; return new Promise<Response>(() => undefined); }));
    const ac = new AbortController();
    const read = readInWorker(wholeRequest({ signal: ac.signal }))!;
    await vi.waitFor(() => expect(signal).toBeDefined());
    ac.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    expect([signal!.aborted, log.terminated]).toEqual([true, 1]);
  });

  it('an abort with a reason (a timeout) rejects with that reason, as fetch does', async () => {
    setIndexPortFactory(() => corePort({ started: 0, terminated: 0 }));
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const ac = new AbortController();
    const read = readInWorker(wholeRequest({ signal: ac.signal }))!;
    ac.abort(new DOMException('The read timed out.', 'TimeoutError'));
    await expect(read).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('a worker script that fails before the answer\'s head leaves the read to this thread', async () => {
    const body = arrowBody();
    const listeners: ((e: { message?: string }) => void)[] = [];
    setIndexPortFactory(() => ({
      postMessage: () => { setTimeout(() => { for (const l of listeners) l({ message: 'script error' }); }, 0); },
      addEventListener: (t: string, l: never) => { if (t === 'error') listeners.push(l); },
      terminate: () => undefined,
    }) as IndexPort);
    const fetchHere = vi.fn(async () => new Response(body.slice(), { headers: { 'content-type': ARROW } }));
    vi.stubGlobal('fetch', fetchHere);
    const r = (await readInWorker(wholeRequest()))!;
    expect(fetchHere).toHaveBeenCalledTimes(1);
    expect(workerIndexOf(r)).toBeUndefined();
    expect(new Uint8Array(await r.arrayBuffer())).toEqual(body);
  });
});

describe('the warmed worker', () => {
  it('is started once ahead of the read, taken by the next port, replaced when its script failed, and ended unused after its TTL', () => {
    vi.useFakeTimers();
    const made: { terminated: boolean; fail(): void }[] = [];
    vi.stubGlobal('Worker', class {
      terminated = false; private errors: (() => void)[] = [];
      constructor() { made.push(this); }
      addEventListener(t: string, l: () => void) { if (t === 'error') this.errors.push(l); }
      postMessage() {} terminate() { this.terminated = true; }
      fail() { for (const l of this.errors) l(); }
    });
    warmIndexWorker(); warmIndexWorker();
    expect(made).toHaveLength(1);
    expect(openIndexPort()).toBe(made[0]); // taken: no second script load
    expect(made).toHaveLength(1);
    warmIndexWorker();
    made[1].fail();
    const p = openIndexPort();
    expect([made[1].terminated, made.length, p]).toEqual([true, 3, made[2]]);
    warmIndexWorker();
    vi.advanceTimersByTime(SPARE_TTL_MS + 1);
    expect(made[3].terminated).toBe(true);
    expect(openIndexPort()).toBe(made[4]);
  });

  it('a worker fed by this thread sends the values\' and relations\' slots after the index and ends after them', async () => {
    const body = arrowBody(), log = { started: 0, terminated: 0 };
    setIndexPortFactory(() => corePort(log));
    const w = startIndexWorker()!;
    for (let at = 0; at < body.length; at += 97) w.feed(body.subarray(at, at + 97));
    const x = (await w.end())!, want = columnIndex(networkColumns(body));
    expect([x.slots.attributeValues, x.slots.relations, x.keysLater instanceof Promise]).toEqual([null, null, true]);
    expect(log.terminated).toBe(0); // still computing them
    expect(await x.keysLater).toEqual({ attributeValues: want.slots.attributeValues, relations: want.slots.relations });
    expect(log.terminated).toBe(1);
  });

  it('a relation from an instance outside the answer: the relations\' slots come with the index, the values\' after it, and the worker ends', async () => {
    const { scan, kept } = scanFromRows(7, {
      objects, byObj, pes: [], avs: [{ object_instance_id: 'i1', attribute_type_name: 'Type', value: 'ø 40' }],
      rels: [{ from_id: 'far', to_id: 'i1', relation_type_name: 'feeds' }], sent: new Set(['i1', 'i2']), keepPath: () => true,
    });
    const body = new Uint8Array(encodeScanArrow(scan, kept)), log = { started: 0, terminated: 0 };
    setIndexPortFactory(() => corePort(log));
    const w = startIndexWorker()!;
    w.feed(body);
    const x = (await w.end())!, want = columnIndex(networkColumns(body));
    expect([x.slots.attributeValues, x.slots.relations]).toEqual([null, want.slots.relations]);
    expect(await x.keysLater).toEqual({ attributeValues: want.slots.attributeValues });
    expect(log.terminated).toBe(1);
    // the model takes both: the relations' with the index, the values' from the worker
    const c = networkColumns(body), m = modelOfColumns(c, columnRows(c), x);
    expect([m.relations.base.ids.pending, m.attributeValues.base.ids.pending === null]).toEqual([null, false]);
    expect(getValue(m, 'i1', 'Type')?.value).toBe('ø 40'); // (read through the list: no search)
    expect(pget(m.attributeValues, 'i1\u0001Type')?.value).toBe('ø 40'); // a search: the worker's slots taken
    expect([...m.attributeValues.base.ids.slots]).toEqual([...want.slots.attributeValues!]);
  });
});
