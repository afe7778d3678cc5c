// The ids as the model's index reads them (issue 15): from an answer's columns, a UUID row is hashed and ordered from its
// 16 bytes without a string — with exactly the hash and order of its text — and other rows from their text; the index
// computed that way is the one computed from the ids' strings (the main thread's, and createModel's through it).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { networkColumns } from '../../engine/network-arrow';
import { columnIds, columnIndex } from '../../engine/column-index';
import { columnIdText, stringIdText } from '../../engine/id-text';
import { hashChars, hashStart } from '../../engine/id-table';
import { arrowOf, build, netArb, type Net } from './support/arrow-networks';

const uuidArb = fc.uuid().map((u) => u.toLowerCase());
const idArb = fc.oneof(uuidArb, uuidArb, fc.uuid().map((u) => u.toUpperCase()), fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom('n1', 'ñ', 'Ω-1'));
const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);

/** The network with every id renamed (ids outside it too), distinct ids to distinct names. */
function renamed(n: Net, names: string[]): Net {
  const map = new Map<string, string>();
  const to = (id: string | null) => {
    if (id === null) return null;
    let v = map.get(id);
    if (v === undefined) { v = names[map.size] ?? `${id}-${map.size}`; map.set(id, v); }
    return v;
  };
  return {
    objects: n.objects.map((o) => ({ ...o, id: to(o.id)!, from_node_id: to(o.from_node_id), to_node_id: to(o.to_node_id) })),
    insts: n.insts.map((i) => ({ ...i, id: to(i.id)!, network_object_id: to(i.network_object_id)! })),
    pes: n.pes.map((p) => ({ ...p, id: to(p.id)!, path_id: to(p.path_id)!, edge_id: to(p.edge_id)!, start_node_id: to(p.start_node_id)! })),
    avs: n.avs.map((a) => ({ ...a, object_instance_id: to(a.object_instance_id)! })),
    rels: n.rels.map((r) => ({ ...r, from_id: to(r.from_id)!, to_id: to(r.to_id)! })),
  };
}

describe('ids read from the columns', () => {
  it('hash (one id or all), order and text equal those of the ids\' strings, UUID bytes or text', () => {
    fc.assert(fc.property(fc.uniqueArray(idArb, { minLength: 1, maxLength: 40 }), fc.integer(), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 60 }), (ids, h, pairs) => {
      const c = networkColumns(arrowOf({ objects: ids.map((id, i) => ({ id, kind: 'node', scenario_id: null, c: `[${i}, 1]`, from_node_id: null, to_node_id: null, two_way: null, length: null })), insts: [], pes: [], avs: [], rels: [] }));
      const fromColumns = columnIdText(c.ids, c.uuids), fromStrings = stringIdText(columnIds(c));
      expect(fromColumns.size).toBe(ids.length);
      for (let i = 0; i < ids.length; i++) {
        expect(fromColumns.text(i)).toBe(ids[i]);
        expect(fromColumns.hashFrom(hashStart, i)).toBe(hashChars(hashStart, ids[i]));
        expect(fromColumns.hashFrom(h | 0, i)).toBe(fromStrings.hashFrom(h | 0, i));
      }
      // all at once: the same states, from the columns and from the strings
      const all = new Int32Array(ids.length), allStr = new Int32Array(ids.length);
      fromColumns.hashAll(h | 0, all); fromStrings.hashAll(h | 0, allStr);
      expect([...all]).toEqual(ids.map((id) => hashChars(h | 0, id)));
      expect([...allStr]).toEqual([...all]);
      for (const [a, b] of pairs) {
        const i = a % ids.length, j = b % ids.length;
        expect(sign(fromColumns.cmp(i, j))).toBe(ids[i] < ids[j] ? -1 : ids[i] > ids[j] ? 1 : 0);
      }
    }), { numRuns: 300 });
  });

  it('the index computed from the columns is the one computed from the ids\' strings, for random networks with UUID ids', () => {
    fc.assert(fc.property(netArb, fc.uniqueArray(idArb, { minLength: 120, maxLength: 120 }), (r, names) => {
      const c = networkColumns(arrowOf(renamed(build(r), names)));
      expect(columnIndex(c)).toEqual(columnIndex(c, columnIds(c)));
    }), { numRuns: 200 });
    // the UUID path is taken (ids as bytes) on such an answer
    const c = networkColumns(arrowOf(renamed(build({ nodes: ['a', 'b'], edges: [[0, 1, true, null]], paths: [[0]], insts: [[0, 1], [2, 1]], values: [[0, 'Type', 'x']], rels: [[0, 1, 'feeds']] }), ['0a1b2c3d-0000-4000-8000-00000000abcd', 'ffffffff-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001'])));
    expect(c.uuids).not.toBeNull();
    expect(columnIndex(c)).toEqual(columnIndex(c, columnIds(c)));
  });
});
