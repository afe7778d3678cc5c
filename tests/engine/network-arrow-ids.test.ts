// Ids in the Arrow answer's ids table (issue 15, format network/2): an id written as a lowercase UUID travels as its 16
// bytes (`uuid`), any other id — upper case, a dash out of place, a non-hex digit, another length — as text (`id`), and
// every id reads back exactly as written; an answer of the first format (text only, no `uuid` column) reads the same.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Field, RecordBatch, Schema, Struct, Table, Utf8, makeData, tableToIPC } from 'apache-arrow';
import { networkColumns, networkFromArrow, uuidString } from '../../engine/network-arrow';
import { columnIds } from '../../engine/column-index';
import { arrowOf } from './support/arrow-networks';

const hex = '0123456789abcdef';
const uuidArb = fc.uuid().map((u) => u.toLowerCase());
/** Ids that look almost like UUIDs, and plain ones. */
const otherArb = fc.oneof(
  fc.uuid().map((u) => u.toUpperCase()),
  uuidArb.chain((u) => fc.nat(35).map((k) => `${u.slice(0, k)}${u[k] === '-' ? 'a' : 'g'}${u.slice(k + 1)}`)),
  uuidArb.map((u) => `${u}0`),
  uuidArb.map((u) => u.slice(1)),
  uuidArb.map((u) => u.replace(/-/g, '_')),
  fc.string({ minLength: 1, maxLength: 40 }),
);

/** An answer of nodes with these ids. */
const answerOf = (ids: string[]) => arrowOf({
  objects: ids.map((id, i) => ({ id, kind: 'node', scenario_id: null, c: `[${i}, 1]`, from_node_id: null, to_node_id: null, two_way: null, length: null })),
  insts: [], pes: [], avs: [], rels: [],
});

describe('ids in the Arrow answer', () => {
  it('lowercase UUIDs travel as 16 bytes, every other id as text, and all read back as written', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.oneof(uuidArb, otherArb), { minLength: 1, maxLength: 30 }), (ids) => {
      const bytes = answerOf(ids);
      const c = networkColumns(bytes);
      expect(columnIds(c)).toEqual(ids);
      expect(networkFromArrow(bytes).map((o) => o.id)).toEqual(ids);
      const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s);
      for (let i = 0; i < ids.length; i++) {
        const asBytes = c.uuids !== null && (c.uuids.valid === null || (c.uuids.valid[i >> 3] & (1 << (i & 7))) !== 0);
        expect(asBytes, ids[i]).toBe(isUuid(ids[i]));
      }
    }), { numRuns: 300 });
  });

  it('sixteen bytes read as the lowercase UUID text', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (b) => {
      const h = [...b].map((x) => hex[x >> 4] + hex[x & 15]).join('');
      expect(uuidString(b, 0)).toBe(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
    }), { numRuns: 500 });
  });

  it('an answer of the first format (ids as text only) reads the same', () => {
    const ids = ['0a1b2c3d-0000-4000-8000-00000000abcd', 'n1', 'ñ'];
    const bytes = answerOf(ids);
    // the ids stream written as the first format wrote it: one utf8 column
    const meta = new Map([['table', 'ids'], ['projectId', '3'], ['objects', '3'], ['netplan.format', 'network/1']]);
    const enc = ids.map((s) => new TextEncoder().encode(s)), off = new Int32Array(ids.length + 1);
    enc.forEach((e, k) => { off[k + 1] = off[k] + e.length; });
    const text = makeData({ type: new Utf8(), length: ids.length, valueOffsets: off, data: new Uint8Array(enc.flatMap((e) => [...e])), nullCount: 0 });
    const fields = [new Field('id', new Utf8(), false)];
    const old = tableToIPC(new Table(new RecordBatch(new Schema(fields, meta), makeData({ type: new Struct(fields), length: ids.length, children: [text] }))), 'stream');
    // the answer's own ids stream is its first: everything up to the first end-of-stream marker
    let end = 0;
    for (let i = 0; i + 8 <= bytes.length; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xff && bytes[i + 2] === 0xff && bytes[i + 3] === 0xff && bytes[i + 4] === 0 && bytes[i + 5] === 0 && bytes[i + 6] === 0 && bytes[i + 7] === 0) { end = i + 8; break; }
    const first = new Uint8Array([...old, ...bytes.subarray(end)]);
    const c = networkColumns(first);
    expect(c.uuids).toBeNull();
    expect(columnIds(c)).toEqual(ids);
    expect(networkFromArrow(first).map((o) => o.id)).toEqual(ids);
    expect(networkColumns(bytes).uuids).not.toBeNull();
  });
});
