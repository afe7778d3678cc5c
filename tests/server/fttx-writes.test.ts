// Generic writes of the fttx feature service (spec 3 §5/§7, issue 12): DELETE /feature/{id}, DELETE /features?types=
// (answers a number), PATCH /features/properties (merge; objects stored as JSON text; null removes a key), and the
// trench/cable deletes DELETE /unused-trenches and DELETE /cables/cap-related {ids}. Each is all or nothing, needs
// network.edit (viewer 403, nothing changed) and the caller's organisation (other 404); deletes keep links whole.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clear, countOf, fttxWorld, line, pt, put, stored, uid, type FttxWorld } from './fttx-fixtures';

let w: FttxWorld;
beforeAll(async () => { w = await fttxWorld('fttx writes'); }, 180_000);
afterAll(async () => { await w?.ts.close(); });
beforeEach(async () => { await clear(w); });

describe('DELETE /feature/{id}', () => {
  it('deletes the feature and drops it from trench cable maps (JSON text stays text) and cap_id links', async () => {
    const [cable, keep, cap] = [uid(), uid(), uid()];
    const [t1, t2, vbo] = await put(w, [
      { type: 'trench', geometry: line([0, 0], [10, 0]), properties: { cables: { [cable]: 1, [keep]: 2 } } },
      { type: 'trench', geometry: line([10, 0], [20, 0]), properties: { cables: JSON.stringify({ [cable]: 1 }) } },
      { type: 'vbo', geometry: pt(1, 1), properties: { cap_id: cap, street: 'Dorpsstraat' } },
    ]);
    await put(w, [{ uuid: cable, type: 'cable', geometry: line([0, 0], [20, 0]) }, { uuid: cap, type: 'cap', geometry: pt(1, 2) }]);
    const r = await w.api.delete(`${w.base}/feature/${cable}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ deleted: 1, uuid: cable, type: 'cable' });
    expect(await stored(w, cable)).toBeUndefined();
    expect(await stored(w, t1)).toEqual({ cables: { [keep]: 2 } });
    expect(await stored(w, t2)).toEqual({ cables: '{}' });
    expect((await w.api.delete(`${w.base}/feature/${cap}`)).status).toBe(200);
    expect(await stored(w, vbo)).toEqual({ street: 'Dorpsstraat' });
    expect((await w.api.delete(`${w.base}/feature/${cable}`)).status).toBe(404);
  });
  it('viewer 403 and other organisation 404 change nothing; not a UUID is 400', async () => {
    const [f] = await put(w, [{ type: 'cap', geometry: pt(0, 0) }]);
    expect((await w.viewer.delete(`${w.base}/feature/${f}`)).status).toBe(403);
    expect((await w.other.delete(`${w.base}/feature/${f}`)).status).toBe(404);
    expect(await countOf(w, 'cap')).toBe(1);
    const bad = await w.api.delete(`${w.base}/feature/12`);
    expect([bad.status, bad.body.message]).toEqual([400, 'id: not a UUID']);
  });
});

describe('DELETE /features?types=', () => {
  it('deletes every feature of the types and answers the number', async () => {
    await put(w, [{ type: 'cap', geometry: pt(0, 0) }, { type: 'cap', geometry: pt(1, 0) }, { type: 'vbo', geometry: pt(2, 0) }, { type: 'dp', geometry: pt(3, 0) }]);
    const r = await w.api.delete(`${w.base}/features?types=cap,vbo`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toBe(3);
    expect(await countOf(w)).toBe(1);
    expect((await w.api.delete(`${w.base}/features?types=cap`)).body).toBe(0);
  });
  it('types is required (400), viewers are refused (403)', async () => {
    await put(w, [{ type: 'cap', geometry: pt(0, 0) }]);
    const r = await w.api.delete(`${w.base}/features`);
    expect([r.status, r.body.message]).toEqual([400, 'types: required']);
    expect((await w.viewer.delete(`${w.base}/features?types=cap`)).status).toBe(403);
    expect(await countOf(w, 'cap')).toBe(1);
  });
});

describe('PATCH /features/properties', () => {
  it('merges each item into the stored properties (objects as JSON text, null removes) and counts the updates', async () => {
    const [a, b] = await put(w, [
      { type: 'cap', geometry: pt(0, 0), properties: { status: 'connect', DP: 'DP-1', demand: 1 } },
      { type: 'dp', geometry: pt(1, 0), properties: { capacity: 46 } },
    ]);
    const r = await w.api.patch(`${w.base}/features/properties`, { items: [
      { uuid: a, properties: { status: 'reserve', DP: null, address: { street: 'Kerkweg', housenumber: 3 } } },
      { uuid: b, properties: JSON.stringify({ connections: 12 }) },
    ] });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ updateCount: 2 });
    expect(await stored(w, a)).toEqual({ status: 'reserve', demand: 1, address: '{"street":"Kerkweg","housenumber":3}' });
    expect(await stored(w, b)).toEqual({ capacity: 46, connections: 12 });
  });
  it('an unknown uuid is 404 naming the item, and nothing is written', async () => {
    const [a] = await put(w, [{ type: 'cap', geometry: pt(0, 0), properties: { status: 'connect' } }]);
    const r = await w.api.patch(`${w.base}/features/properties`, { items: [{ uuid: a, properties: { status: 'reserve' } }, { uuid: uid(), properties: {} }] });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/^items\[1\]\.uuid: /);
    expect(await stored(w, a)).toEqual({ status: 'connect' });
  });
  it('bad items are 400 naming the field; viewers 403', async () => {
    const [a] = await put(w, [{ type: 'cap', geometry: pt(0, 0) }]);
    const cases: [unknown, string][] = [
      [{}, 'items: required'], [{ items: {} }, 'items: must be an array'],
      [{ items: [{ uuid: a, properties: {} }, { uuid: 'x', properties: {} }] }, 'items[1].uuid: not a UUID'],
      [{ items: [{ uuid: a, properties: [1] }] }, 'items[0].properties: must be an object'],
    ];
    for (const [body, msg] of cases) {
      const r = await w.api.patch(`${w.base}/features/properties`, body);
      expect([r.status, r.body.message]).toEqual([400, msg]);
    }
    expect((await w.viewer.patch(`${w.base}/features/properties`, { items: [{ uuid: a, properties: { x: 1 } }] })).status).toBe(403);
    expect(await stored(w, a)).toEqual({});
  });
});

describe('DELETE /unused-trenches', () => {
  it('deletes trenches whose cables map names no existing cable, keeps the others', async () => {
    const cable = uid();
    await put(w, [{ uuid: cable, type: 'cable', geometry: line([0, 0], [5, 0]) }]);
    const [used, usedText, empty, none, stale] = await put(w, [
      { type: 'trench', geometry: line([0, 0], [1, 0]), properties: { cables: { [cable]: { ducts: 1 } } } },
      { type: 'trench', geometry: line([1, 0], [2, 0]), properties: { cables: JSON.stringify({ [cable]: 1 }) } },
      { type: 'trench', geometry: line([2, 0], [3, 0]), properties: { cables: {} } },
      { type: 'trench', geometry: line([3, 0], [4, 0]), properties: { reserved: true } },
      { type: 'trench', geometry: line([4, 0], [5, 0]), properties: { cables: { [uid()]: 1 } } },
    ]);
    const r = await w.api.delete(`${w.base}/unused-trenches`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.deleted).toBe(3);
    expect(r.body.uuids.sort()).toEqual([empty, none, stale].sort());
    expect(await stored(w, used)).toBeDefined();
    expect(await stored(w, usedText)).toBeDefined();
    expect((await w.viewer.delete(`${w.base}/unused-trenches`)).status).toBe(403);
  });
});

describe('DELETE /cables/cap-related {ids}', () => {
  it('deletes the cables connected to the caps (cap_id, start_id or end_id) and drops them from trenches', async () => {
    const [capA, capB, capC] = [uid(), uid(), uid()];
    const [c1, c2, c3] = await put(w, [
      { type: 'cable', geometry: line([0, 0], [1, 0]), properties: { cap_id: capA } },
      { type: 'cable', geometry: line([0, 0], [2, 0]), properties: { end_id: capB.toUpperCase() } },
      { type: 'cable', geometry: line([0, 0], [3, 0]), properties: { cap_id: capC } },
    ]);
    const [trench] = await put(w, [{ type: 'trench', geometry: line([0, 0], [3, 0]), properties: { cables: { [c1]: 1, [c3]: 1 } } }]);
    const r = await w.api.delete(`${w.base}/cables/cap-related`, { ids: [capA, capB] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.deleted).toBe(2);
    expect(r.body.uuids.sort()).toEqual([c1, c2].sort());
    expect(await stored(w, c3)).toBeDefined();
    expect(await stored(w, trench)).toEqual({ cables: { [c3]: 1 } });
  });
  it('ids must be UUIDs (400 names the item); viewers 403', async () => {
    const r = await w.api.delete(`${w.base}/cables/cap-related`, { ids: ['nope'] });
    expect([r.status, r.body.message]).toEqual([400, 'ids[0]: not a UUID']);
    expect((await w.api.delete(`${w.base}/cables/cap-related`, {})).body.message).toBe('ids: required');
    expect((await w.viewer.delete(`${w.base}/cables/cap-related`, { ids: [uid()] })).status).toBe(403);
  });
});
