// Id tables of the model's base (engine/README "Model"): every id finds its own row, unknown ids find nothing,
// duplicate ids resolve as createModel documents (later wins; relations: first wins), bulk lookups equal single ones.
import { describe, it, expect } from 'vitest';
import { buildIdTable, idFind, idFindAll, idKey } from '../../engine/id-table';

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
