// A whole read's Arrow answer taken as it arrives (engine/network-arrow-stream.ts, issue 15): read from chunks cut
// anywhere — inside a table, a message, a UTF-8 character — the columns and the rows made table by table are exactly what
// networkColumns + columnRows give for the whole body, and the index computed table by table as they complete (the
// worker's way, column-index.ts columnIndexer) equals the whole body's; an answer whose ids do not come first
// still gives the same rows (made at the end); a truncated body fails.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { instanceRows, networkColumns, pathEdgeRows, relationRows, valueRows, type NetworkColumns } from '../../engine/network-arrow';
import { columnRows } from '../../engine/model-columns';
import { filledRows } from '../../engine/lazy-rows';
import { readTables, streamColumnRows } from '../../engine/network-arrow-stream';
import { columnIds, columnIndex, columnIndexer } from '../../engine/column-index';
import { columnIdText } from '../../engine/id-text';
import { generateNetwork } from '../../engine/generate';
import { arrowOf, build, netArb } from './support/arrow-networks';

/** The bytes in chunks ending at `cuts` (positions, any order). */
async function* chunked(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const c of [...at, bytes.length]) {
    if (c <= from) continue;
    await Promise.resolve();
    yield bytes.slice(from, c);
    from = c;
  }
}

/** Equal rows: ids, instances, path edges, values and relations compared as made (both sides make them when first
 *  read), the instances and path edges also against the rows made up front. */
function expectSameRows(a: ReturnType<typeof columnRows>, b: ReturnType<typeof columnRows>, c: NetworkColumns) {
  for (const k of ['ids', 'instances', 'pathEdges', 'values', 'relations'] as const) expect(filledRows<unknown>(a[k])).toEqual(filledRows<unknown>(b[k]));
  expect(a.instances).toEqual(instanceRows(c, columnIds(c)));
  expect(a.pathEdges).toEqual(pathEdgeRows(c, columnIds(c)));
  expect(a).toEqual(b);
}

async function expectStreamed(bytes: Uint8Array, cuts: number[]) {
  const whole = networkColumns(bytes);
  const s = await streamColumnRows(chunked(bytes, cuts));
  expect(s.columns).toEqual(whole);
  const rows = columnRows(whole);
  expectSameRows(s.rows, rows, whole);
  // rows made when first read are the rows made at once
  expect(filledRows(rows.values)).toEqual(valueRows(whole, s.rows.ids));
  expect(filledRows(rows.relations)).toEqual(relationRows(whole, s.rows.ids));
  // the worker's way: the index computed table by table as they complete
  let ix: ReturnType<typeof columnIndexer> | undefined;
  const c = await readTables(chunked(bytes, cuts), (name, cols) => { if (name === 'ids') ix = columnIndexer(columnIdText(cols.ids, cols.uuids), cols.objects); else ix?.take(name, cols); });
  expect(ix!.done(c)).toEqual(columnIndex(whole, columnIds(whole)));
}

/** The answer's IPC streams (one a table, each ending with the end-of-stream marker: continuation 0xFFFFFFFF, length 0). */
function streamsOf(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (let i = 0; i + 8 <= bytes.length; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xff && bytes[i + 2] === 0xff && bytes[i + 3] === 0xff && bytes[i + 4] === 0 && bytes[i + 5] === 0 && bytes[i + 6] === 0 && bytes[i + 7] === 0) {
      out.push(bytes.slice(from, i + 8));
      from = i + 8;
      i += 7;
    }
  }
  if (out.length !== 8 || from !== bytes.length) throw new Error('not eight streams');
  return out;
}
/** The answer with its tables in the order `order` (indexes into the server's order). */
const reordered = (bytes: Uint8Array, order: number[]) => new Uint8Array(Buffer.concat(order.map((k) => streamsOf(bytes)[k])));

describe('a whole read taken as it arrives', () => {
  it('gives the columns, rows and index of the whole body for random networks cut anywhere', async () => {
    await fc.assert(fc.asyncProperty(netArb, fc.array(fc.nat(), { maxLength: 40 }), async (r, cuts) => {
      await expectStreamed(arrowOf(build(r)), cuts);
    }), { numRuns: 150 });
  });

  it('gives the same for a generated street network in chunks of a fetch body\'s size', async () => {
    const net = generateNetwork(300);
    const objects = net.networkObjects.map((o) => ({
      id: o.id, kind: o.node ? 'node' : o.edge ? 'edge' : 'path', scenario_id: null,
      c: o.node ? JSON.stringify(o.node.geometry.coordinates) : o.edge ? JSON.stringify(o.edge.geometry.coordinates) : null,
      from_node_id: o.edge?.fromNodeId ?? null, to_node_id: o.edge?.toNodeId ?? null, two_way: o.edge?.twoWay ?? null, length: o.edge?.length ?? null,
    }));
    const insts = (net.objectInstances ?? []).map((i) => ({ id: i.id, network_object_id: i.networkObjectId, object_type_id: i.objectTypeId }));
    const avs = (net.attributeValues ?? []).map((v) => ({ object_instance_id: v.objectInstanceId, attribute_type_name: v.attributeTypeName, value: v.value }));
    const bytes = arrowOf({ objects, insts, pes: [], avs, rels: [] });
    expect(bytes.length).toBeGreaterThan(20_000);
    await expectStreamed(bytes, Array.from({ length: Math.ceil(bytes.length / 4096) }, (_, k) => k * 4096));
    await expectStreamed(bytes, [1, 2, 3, 7, 100, 101, 5000]);
  });

  it('makes the rows at the end when the ids do not come first, indexes values and relations after the instances, and fails on a truncated body', async () => {
    const bytes = arrowOf(build({ nodes: ['a', 'b'], edges: [[0, 1, true, 2]], paths: [[0]], insts: [[0, 1], [2, 1]], values: [[0, 'Type', 'ø 40'], [1, 'Note', null]], rels: [[0, 1, 'feeds'], [1, 0, 'feeds']] }));
    const whole = networkColumns(bytes);
    const idsLast = reordered(bytes, [1, 2, 3, 4, 5, 6, 7, 0]);
    const s = await streamColumnRows(chunked(idsLast, [10, 300, 301]));
    expectSameRows(s.rows, columnRows(whole), whole);
    // values and relations before the instances (their lists are keyed by instance rows)
    const late = reordered(bytes, [0, 1, 2, 3, 4, 6, 7, 5]);
    let ix: ReturnType<typeof columnIndexer> | undefined;
    const c = await readTables(chunked(late, [5, 70]), (name, cols) => { if (name === 'ids') ix = columnIndexer(columnIdText(cols.ids, cols.uuids), cols.objects); else ix?.take(name, cols); });
    expect(ix!.done(c)).toEqual(columnIndex(whole, columnIds(whole)));
    await expect(streamColumnRows(chunked(bytes.slice(0, bytes.length - 40), [50]))).rejects.toThrow();
  });
});
