// JSON assembly of network reads (server/network/read-json.ts): every string comes back exactly as stored — quotes,
// backslashes, control characters, non-ASCII, emoji and lone surrogates included.
import { describe, expect, it } from 'vitest';
import { Out, writeObjects, type AvRow, type InstRow, type ObjRow } from '../../server/network/read-json';

describe('network read JSON', () => {
  it('writes attribute values and ids that JSON.parse reads back unchanged', () => {
    const values = ['plain', 'a "quoted" word', 'back\\slash', 'line\nbreak\ttab', 'Ééñ — ü', 'emoji 🚧', 'lone \ud800 surrogate', '', null];
    const o: ObjRow = { id: 'n"1', kind: 'node', scenario_id: null, c: '[1, 2]', from_node_id: null, to_node_id: null, two_way: null, length: null };
    const inst: InstRow = { id: 'i\\1', network_object_id: 'n"1', object_type_id: 3 };
    const avs: AvRow[] = values.map((v, k) => ({ object_instance_id: 'i\\1', attribute_type_name: `name ${k} "x"`, value: v }));
    const out = new Out();
    out.add('[');
    writeObjects(out, 7, { objects: [o], byObj: new Map([['n"1', [inst]]]), pes: [], avs, rels: [], sent: new Set(['i\\1']), keepPath: () => false }, true);
    out.add(']');
    const [back] = JSON.parse(out.done().toString()) as { id: string; objectInstances: { id: string; attributeValues: { attributeTypeName: string; value: string | null }[] }[] }[];
    expect(back.id).toBe('n"1');
    expect(back.objectInstances[0].id).toBe('i\\1');
    expect(back.objectInstances[0].attributeValues.map((v) => v.value)).toEqual(values);
    expect(back.objectInstances[0].attributeValues[1].attributeTypeName).toBe('name 1 "x"');
  });
});
