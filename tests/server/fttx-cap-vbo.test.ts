// Cap and vbo calls of the fttx feature service (spec 3 §5/§7, issue 12): vbos (address units) link to their cap by
// `cap_id`. PATCH /cap/related-vbo-properties {capUuids, vboProps, capProps} → {updateCount}; PATCH /cap/sync-vbos
// (cap → vbos: status, DP, building type/name, access net type); PATCH /vbo/sync-caps (vbos → cap: demand, status,
// vbo_count); POST /vbo/bulk-delete {uuids, deleteOrphanedCaps = true}; GET /vbo/{id}/tk-info.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clear, countOf, fttxWorld, line, pt, put, stored, uid, type FttxWorld } from './fttx-fixtures';

let w: FttxWorld;
let capA: string, capB: string, v1: string, v2: string, v3: string, vB: string;
beforeAll(async () => { w = await fttxWorld('fttx caps'); }, 180_000);
afterAll(async () => { await w?.ts.close(); });
beforeEach(async () => {
  await clear(w);
  [capA, capB] = [uid(), uid()];
  await put(w, [
    { uuid: capA, type: 'cap', geometry: pt(0, 0), name: 'CAP-A', properties: { status: 'connect', DP: 'DP-1', building_type: 'highRise' } },
    { uuid: capB, type: 'cap', geometry: pt(50, 0), name: 'CAP-B', properties: { status: 'reserve' } },
  ]);
  [v1, v2, v3, vB] = await put(w, [
    { type: 'vbo', geometry: pt(1, 1), properties: { cap_id: capA, status: 'dontConnect', street: 'Dorpsstraat', housenumber: 1 } },
    { type: 'vbo', geometry: pt(2, 1), properties: { cap_id: capA, status: 'reserve', street: 'Dorpsstraat', housenumber: 2 } },
    { type: 'vbo', geometry: pt(3, 1), properties: { cap_id: capA, street: 'Dorpsstraat', housenumber: 3 } },
    { type: 'vbo', geometry: pt(51, 1), properties: { cap_id: capB, status: 'reserve' } },
  ]);
});

describe('PATCH /cap/related-vbo-properties', () => {
  it('merges vboProps into every vbo of the caps and capProps into the caps; updateCount counts both', async () => {
    const r = await w.api.patch(`${w.base}/cap/related-vbo-properties`, { capUuids: [capA], vboProps: { phase: 'P1' }, capProps: { phase: 'P1', note: { a: 1 } } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ updateCount: 4 });
    for (const v of [v1, v2, v3]) expect((await stored(w, v))?.phase).toBe('P1');
    expect(await stored(w, capA)).toMatchObject({ phase: 'P1', note: '{"a":1}', status: 'connect' });
    expect((await stored(w, vB))?.phase).toBeUndefined();
    expect((await stored(w, capB))?.phase).toBeUndefined();
  });
  it('an unknown cap is 404 naming it and nothing changes; a vbo uuid is not a cap', async () => {
    const r = await w.api.patch(`${w.base}/cap/related-vbo-properties`, { capUuids: [capA, v1], vboProps: { phase: 'P1' } });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/^capUuids\[1\]: cap feature/);
    expect((await stored(w, v2))?.phase).toBeUndefined();
    const bad = await w.api.patch(`${w.base}/cap/related-vbo-properties`, { capUuids: [capA], vboProps: 'x' });
    expect([bad.status, bad.body.message]).toEqual([400, 'vboProps: must be an object']);
    expect((await w.viewer.patch(`${w.base}/cap/related-vbo-properties`, { capUuids: [capA], vboProps: { a: 1 } })).status).toBe(403);
  });
});

describe('PATCH /cap/sync-vbos', () => {
  it("copies the cap's status, DP and building type to its vbos, only those of the named caps", async () => {
    const r = await w.api.patch(`${w.base}/cap/sync-vbos`, { capUuids: [capA] });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ updateCount: 3 });
    expect(await stored(w, v1)).toEqual({ cap_id: capA, status: 'connect', DP: 'DP-1', building_type: 'highRise', street: 'Dorpsstraat', housenumber: 1 });
    expect(await stored(w, vB)).toEqual({ cap_id: capB, status: 'reserve' });
    expect((await w.api.patch(`${w.base}/cap/sync-vbos`, { capUuids: [capA] })).body).toEqual({ updateCount: 0 });
  });
  it('capUuids is required and must hold UUIDs', async () => {
    expect((await w.api.patch(`${w.base}/cap/sync-vbos`, {})).body.message).toBe('capUuids: required');
    expect((await w.api.patch(`${w.base}/cap/sync-vbos`, { capUuids: [capA, 'x'] })).body.message).toBe('capUuids[1]: not a UUID');
  });
});

describe('PATCH /vbo/sync-caps', () => {
  it('recomputes each cap from its vbos: demand without dontConnect, status connect > reserve > dontConnect', async () => {
    const r = await w.api.patch(`${w.base}/vbo/sync-caps`, { capUuids: [capA, capB] });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ updateCount: 2 });
    expect(await stored(w, capA)).toMatchObject({ demand: 2, vbo_count: 3, status: 'connect' });
    expect(await stored(w, capB)).toMatchObject({ demand: 1, vbo_count: 1, status: 'reserve' });
    await w.api.patch(`${w.base}/features/properties`, { items: [v2, v3].map((uuid) => ({ uuid, properties: { status: 'dontConnect' } })) });
    await w.api.patch(`${w.base}/vbo/sync-caps`, { capUuids: [capA] });
    expect(await stored(w, capA)).toMatchObject({ demand: 0, vbo_count: 3, status: 'dontConnect' });
  });
});

describe('POST /vbo/bulk-delete', () => {
  it('deletes the vbos and, by default, the caps left without vbos', async () => {
    const r = await w.api.post(`${w.base}/vbo/bulk-delete`, { uuids: [v1, v2, vB] });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ deleted: 3, deletedCaps: [capB] });
    expect(await countOf(w, 'vbo')).toBe(1);
    expect(await stored(w, capA)).toBeDefined();
    expect(await stored(w, capB)).toBeUndefined();
  });
  it('deleteOrphanedCaps: false keeps the caps', async () => {
    const r = await w.api.post(`${w.base}/vbo/bulk-delete`, { uuids: [v1, v2, v3, vB], deleteOrphanedCaps: false });
    expect(r.body).toMatchObject({ deleted: 4, deletedCaps: [] });
    expect(await countOf(w, 'cap')).toBe(2);
  });
  it('only vbos: a cap uuid is 404 and nothing is deleted; bad flags are 400; viewers 403', async () => {
    const r = await w.api.post(`${w.base}/vbo/bulk-delete`, { uuids: [v1, capB] });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/^uuids\[1\]: vbo feature/);
    expect(await countOf(w, 'vbo')).toBe(4);
    const bad = await w.api.post(`${w.base}/vbo/bulk-delete`, { uuids: [v1], deleteOrphanedCaps: 'yes' });
    expect([bad.status, bad.body.message]).toEqual([400, 'deleteOrphanedCaps: must be true or false']);
    expect((await w.viewer.post(`${w.base}/vbo/bulk-delete`, { uuids: [v1] })).status).toBe(403);
  });
});

describe('GET /vbo/{id}/tk-info', () => {
  it('answers the chain vbo → cap → dp → dp area with the cap cables and the access net type', async () => {
    const [dp] = await put(w, [{ type: 'dp', geometry: pt(-10, 0), name: 'DP-1', properties: { capacity: 46, connections: 3 } }]);
    const [area, cable] = await put(w, [
      { type: 'dp_area', geometry: { type: 'Polygon', coordinates: [[[-20, -20], [60, -20], [60, 20], [-20, -20]]] }, name: 'Area 1', properties: { DP: dp } },
      { type: 'cable', geometry: line([-10, 0], [0, 0]), name: 'K1', properties: { cap_id: capA, usage: 'riser' } },
    ]);
    const r = await w.api.get(`${w.base}/vbo/${v3}/tk-info`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      vbo: { uuid: v3, name: null, street: 'Dorpsstraat', housenumber: 3, postcode: null, city: null },
      cap: { uuid: capA, name: 'CAP-A', building_type: 'highRise', demand: null, status: 'connect' },
      dp: { uuid: dp, name: 'DP-1', capacity: 46, physical_capacity: null, connections: 3 },
      dpArea: { uuid: area, name: 'Area 1' },
      cables: [{ uuid: cable, name: 'K1', usage: 'riser', cable_type: null }],
      accessNetType: 'Riser',
    });
    const lone = await w.api.get(`${w.base}/vbo/${vB}/tk-info`);
    expect(lone.body).toMatchObject({ cap: { uuid: capB, status: 'reserve' }, dp: null, dpArea: null, cables: [], accessNetType: 'NotConnected' });
    expect((await w.api.get(`${w.base}/vbo/${capA}/tk-info`)).status).toBe(404);
    expect((await w.viewer.get(`${w.base}/vbo/${v3}/tk-info`)).status).toBe(200);
  });
});
