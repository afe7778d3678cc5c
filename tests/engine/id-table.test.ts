// Id tables of the model's base (engine/README "Model"): every id finds its own row, unknown ids find nothing,
// duplicate ids resolve as createModel documents (later wins; relations: first wins), bulk lookups equal single ones.
import { describe, it, expect } from 'vitest';
import { buildIdTable, hashId, idFind, idFindAll, idKey, rowKey2, rowKey3 } from '../../engine/id-table';

const ids = (n: number) => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? `${crypto.randomUUID()}` : `n${i}_${i * 7}`));

describe('id table', () => {
  it('finds the row of every id and -1 for ids not loaded', () => {
    const keys = ids(5000);
    const { table, dups } = buildIdTable({ keys });
    expect(dups).toBe(false);
    keys.forEach((k, i) => expect(idFind(table, (' ' + k).slice(1))).toBe(i));
    expect(idFind(table, 'not-an-id')).toBe(-1);
    expect(idFind(table, '')).toBe(-1);
  });

  it('keyed by the rows’ own ids without a key array', () => {
    const rows = ids(300).map((id) => ({ id }));
    const { table } = buildIdTable({ rows });
    expect(table.keys).toBeNull();
    rows.forEach((r, i) => { expect(idFind(table, r.id)).toBe(i); expect(idKey(table, i)).toBe(r.id); });
  });

  it('duplicate ids: later row wins by default, the first when asked', () => {
    const keys = ['a', 'b', 'a', 'c', 'b'];
    expect(buildIdTable({ keys }).dups).toBe(true);
    expect(['a', 'b', 'c'].map((k) => idFind(buildIdTable({ keys }).table, k))).toEqual([2, 4, 3]);
    expect(['a', 'b', 'c'].map((k) => idFind(buildIdTable({ keys }, false).table, k))).toEqual([0, 1, 3]);
  });

  it('bulk lookup equals single lookups (found, not found, no reference)', () => {
    const keys = ids(20000);
    const { table } = buildIdTable({ keys });
    const refs = Array.from({ length: 30000 }, (_, j) => (j % 11 === 0 ? undefined : j % 7 === 0 ? `ghost${j}` : keys[(j * 7919) % keys.length]));
    const res = idFindAll(table, refs.length, (j) => refs[j]);
    refs.forEach((r, j) => expect(res[j]).toBe(r === undefined ? -2 : idFind(table, r)));
  });
});

describe('id table keyed by composite row keys (attribute values, relations)', () => {
  const avKey = (i: unknown, n: unknown) => `${i}\u0001${n}`;
  const relKey = (f: unknown, t: unknown, n: unknown) => `${f}\u0001${t}\u0001${n}`;
  const AV = rowKey2('objectInstanceId', 'attributeTypeName');
  const REL = rowKey3('fromId', 'toId', 'objectRelationTypeName');

  it('finds every attribute value by its key string without a key array, and nothing for near misses', () => {
    const rows = ids(3000).map((id, i) => ({ objectInstanceId: id, attributeTypeName: i % 2 ? 'Existing' : 'depth', value: null }));
    const { table, dups } = buildIdTable({ rows, scheme: AV });
    expect(dups).toBe(false);
    expect(table.keys).toBeNull();
    rows.forEach((r, i) => {
      const k = avKey(r.objectInstanceId, r.attributeTypeName);
      expect(AV.hash(r)).toBe(hashId(k));
      expect(idKey(table, i)).toBe(k);
      expect(idFind(table, k)).toBe(i);
    });
    const r = rows[5];
    expect(idFind(table, avKey(r.objectInstanceId, r.attributeTypeName + 'x'))).toBe(-1);
    expect(idFind(table, avKey(r.objectInstanceId + 'x', r.attributeTypeName))).toBe(-1);
    expect(idFind(table, `${r.objectInstanceId}${r.attributeTypeName}`)).toBe(-1);
  });

  it('relations: three fields; non-string fields compare like the template string; first row wins when asked', () => {
    const rows = [
      { fromId: 'a', toId: 'b', objectRelationTypeName: 'feeds' },
      { fromId: 7, toId: 'b', objectRelationTypeName: 'feeds' },
      { fromId: 'a', toId: 'b', objectRelationTypeName: 'feeds' },
    ];
    const { table, dups } = buildIdTable({ rows, scheme: REL }, false);
    expect(dups).toBe(true);
    expect(idFind(table, relKey('a', 'b', 'feeds'))).toBe(0);
    expect(idFind(table, relKey(7, 'b', 'feeds'))).toBe(1);
    expect(idFind(table, relKey('a', 'b', 'feed'))).toBe(-1);
    expect(REL.hash(rows[1])).toBe(hashId('7\u0001b\u0001feeds'));
  });

  it('two rows whose fields join to the same key string are duplicates, as their key strings are', () => {
    const rows = [{ objectInstanceId: 'a\u0001b', attributeTypeName: 'c' }, { objectInstanceId: 'a', attributeTypeName: 'b\u0001c' }];
    const { table, dups } = buildIdTable({ rows, scheme: AV });
    expect(dups).toBe(true);
    expect(idFind(table, 'a\u0001b\u0001c')).toBe(1);
  });

  it('tables of any size (not powers of two) find all their keys, in bulk too', () => {
    for (const n of [0, 1, 2, 15, 16, 17, 100, 1023, 1025]) {
      const keys = ids(n).map((k, i) => `${k}#${i}`);
      const { table } = buildIdTable({ keys });
      expect(table.cap).toBeGreaterThanOrEqual(1.5 * n);
      keys.forEach((k, i) => expect(idFind(table, k)).toBe(i));
      const res = idFindAll(table, n + 1, (j) => (j < n ? keys[j] : 'absent'));
      expect([...res]).toEqual([...keys.map((_, i) => i), -1]);
    }
  });
});
