// Attribute values in the Arrow answer (issue 15, format network/3): the values column is an Arrow dictionary holding
// each distinct value once (in order of first use), nulls as cleared bits; every value reads back exactly as the rows
// gave it, equal values as one string; an answer of format network/2 (values as plain utf8) reads the same.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dictionary, RecordBatch, RecordBatchReader, Schema, Struct, Table, Field, Utf8, makeData, tableToIPC, type Data } from 'apache-arrow';
import { flatRows, networkColumns, networkFromArrow, valueStrings } from '../../engine/network-arrow';
import { columnIds } from '../../engine/column-index';
import { arrowOf, build, netArb, type Net } from './support/arrow-networks';

/** Nodes with one instance each and these attribute values (name a, b alternating). */
const answerOf = (values: (string | null)[]): { bytes: Uint8Array; net: Net } => {
  const net: Net = {
    objects: [0, 1, 2].map((i) => ({ id: `n${i}`, kind: 'node', scenario_id: null, c: `[${i}, 1]`, from_node_id: null, to_node_id: null, two_way: null, length: null })),
    insts: [0, 1, 2].map((i) => ({ id: `i${i}`, network_object_id: `n${i}`, object_type_id: 1 })),
    pes: [], rels: [],
    avs: values.map((value, k) => ({ object_instance_id: `i${k % 3}`, attribute_type_name: `a${Math.floor(k / 3)}`, value })),
  };
  return { bytes: arrowOf(net), net };
};

/** The answer re-written with its values column as plain utf8 (format network/2). */
function asNetwork2(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const reader of RecordBatchReader.readAll(bytes)) {
    const batches = [...reader];
    if (reader.schema.metadata.get('table') !== 'values') { parts.push(tableToIPC(new Table(batches), 'stream')); continue; }
    const b = batches[0], col = b.getChild('value')!;
    const texts = col.toArray() as (string | null)[];
    const enc = texts.map((t) => new TextEncoder().encode(t ?? '')), off = new Int32Array(texts.length + 1);
    enc.forEach((e, k) => { off[k + 1] = off[k] + e.length; });
    const bits = new Uint8Array((texts.length + 7) >> 3);
    texts.forEach((t, k) => { if (t !== null) bits[k >> 3] |= 1 << (k & 7); });
    const nulls = texts.filter((t) => t === null).length;
    const plain = makeData({ type: new Utf8(), length: texts.length, valueOffsets: off, data: new Uint8Array(enc.flatMap((e) => [...e])), nullCount: nulls, nullBitmap: nulls ? bits : undefined });
    const fields = reader.schema.fields.map((f) => (f.name === 'value' ? new Field('value', new Utf8(), true) : f));
    const children = reader.schema.fields.map((f) => (f.name === 'value' ? plain : b.getChild(f.name)!.data[0])) as Data[];
    const meta = new Map(reader.schema.metadata);
    meta.set('netplan.format', 'network/2');
    parts.push(tableToIPC(new Table(new RecordBatch(new Schema(fields, meta), makeData({ type: new Struct(fields), length: b.numRows, children }))), 'stream'));
  }
  return new Uint8Array(Buffer.concat(parts));
}

const valueArb = fc.option(fc.oneof(fc.constantFrom('true', 'false', '', 'ø 40', '𝄞 clef', 'x'), fc.string({ maxLength: 12 })), { nil: null });

describe('attribute values as an Arrow dictionary', () => {
  it('each distinct value travels once; every value reads back as written, equal values as one string', () => {
    fc.assert(fc.property(fc.array(valueArb, { maxLength: 40 }), (values) => {
      const { bytes } = answerOf(values);
      const c = networkColumns(bytes);
      expect(c.values.codes).not.toBeNull();
      const distinct = new Set(values.filter((v): v is string => v !== null));
      expect(c.values.value.offsets.length - 1).toBe(distinct.size);
      const got = valueStrings(c.values);
      expect(got).toEqual(values);
      for (let a = 0; a < got.length; a++) for (let b = a + 1; b < got.length; b++) if (got[a] !== null && got[a] === got[b]) expect(Object.is(got[a], got[b])).toBe(true);
      const ids = columnIds(c);
      expect(flatRows(c, ids).attributeValues.map((v) => v.value)).toEqual(values);
    }), { numRuns: 300 });
  });

  it('the dictionary is the Arrow type of the values column, words in order of first use', () => {
    const { bytes } = answerOf(['b', 'a', null, 'b', 'a', 'c']);
    const values = RecordBatchReader.readAll(bytes);
    let seen = 0;
    for (const reader of values) {
      const batches = [...reader]; // read each stream whole before the next
      if (reader.schema.metadata.get('table') !== 'values') continue;
      seen++;
      const f = reader.schema.fields.find((x) => x.name === 'value')!;
      expect(f.type).toBeInstanceOf(Dictionary);
      const col = batches[0].getChild('value')!;
      expect(col.toArray()).toEqual(['b', 'a', null, 'b', 'a', 'c']);
      expect([...col.data[0].dictionary!]).toEqual(['b', 'a', 'c']);
    }
    expect(seen).toBe(1);
  });

  it('an answer of format network/2 (values as plain utf8) reads the same', () => {
    fc.assert(fc.property(netArb, (r) => {
      const bytes = arrowOf(build(r)), old = asNetwork2(bytes);
      const c = networkColumns(old);
      expect(c.values.codes).toBeNull();
      expect(valueStrings(c.values)).toEqual(valueStrings(networkColumns(bytes).values));
      expect(networkFromArrow(old)).toEqual(networkFromArrow(bytes));
    }), { numRuns: 100 });
  });
});
