// Distribution-point and cable-duct calls of the fttx feature service (spec 3 §4/§7, issue 12): POST
// /dp/update-connections (each dp's connections = the demand of the caps linked by DP, uuid or name, without
// dontConnect), GET /dp/{id}/access-net-type → {accessNetType} (Dac, Mixed, MultiFu, NotConnected, Riser,
// BlownFiber), GET /dp/area-access-net-types → {[dpAreaUuid]: type}, and GET /cables/{id}/ducts (the network's
// duct → cable 'Contains' relations of the cable path, plus the ducts a stored cable lists).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clear, fttxWorld, line, pt, put, stored, uid, type FttxWorld } from './fttx-fixtures';
import { line as networkLine } from './network-fixtures';

let w: FttxWorld;
beforeAll(async () => { w = await fttxWorld('fttx dp'); }, 180_000);
afterAll(async () => { await w?.ts.close(); });
beforeEach(async () => { await clear(w); });

/** dp1 (by uuid) with a high-rise cap and a dontConnect cap; dp2 (by name) with a Dac cap and a multi_fu-cabled cap. */
async function twoDps() {
  const [dp1, dp2, dp3] = await put(w, [
    { type: 'dp', geometry: pt(0, 0), name: 'DP-1', properties: { connections: 99 } },
    { type: 'dp', geometry: pt(100, 0), name: 'DP-2' },
    { type: 'dp', geometry: pt(200, 0), name: 'DP-3', properties: { access_net_type: 'BlownFiber' } },
  ]);
  const [riser, off, dac, fu] = await put(w, [
    { type: 'cap', geometry: pt(1, 1), properties: { DP: dp1, building_type: 'highRise', demand: 24 } },
    { type: 'cap', geometry: pt(2, 1), properties: { DP: dp1, status: 'dontConnect', demand: 5 } },
    { type: 'cap', geometry: pt(101, 1), properties: { DP: 'DP-2' } },
    { type: 'cap', geometry: pt(102, 1), properties: { DP: 'DP-2', status: 'reserve', demand: 2 } },
  ]);
  await put(w, [{ type: 'cable', geometry: line([100, 0], [102, 1]), properties: { end_id: fu, usage: 'multi_fu' } }]);
  return { dp1, dp2, dp3, riser, off, dac, fu };
}

describe('POST /dp/update-connections', () => {
  it("sets each dp's connections to the demand of its connected caps (default 1; dontConnect counts 0)", async () => {
    const { dp1, dp2, dp3 } = await twoDps();
    const r = await w.api.post(`${w.base}/dp/update-connections`, {});
    expect(r.status, r.text).toBe(200);
    expect(r.body.connections).toEqual({ [dp1]: 24, [dp2]: 3, [dp3]: 0 });
    expect(r.body.updateCount).toBe(3);
    expect((await stored(w, dp1))?.connections).toBe(24);
    expect((await stored(w, dp2))?.connections).toBe(3);
    expect((await stored(w, dp3))).toEqual({ access_net_type: 'BlownFiber', connections: 0 });
    expect((await w.api.post(`${w.base}/dp/update-connections`, {})).body.updateCount).toBe(0);
    expect((await w.viewer.post(`${w.base}/dp/update-connections`, {})).status).toBe(403);
  });
});

describe('GET /dp/{id}/access-net-type', () => {
  it('derives the type from the connected caps: one kind, Mixed, NotConnected; the dp’s own value wins', async () => {
    const { dp1, dp2, dp3, fu } = await twoDps();
    const get = async (id: string) => (await w.api.get(`${w.base}/dp/${id}/access-net-type`)).body;
    expect(await get(dp1)).toEqual({ accessNetType: 'Riser' });
    expect(await get(dp2)).toEqual({ accessNetType: 'Mixed' });
    expect(await get(dp3)).toEqual({ accessNetType: 'BlownFiber' });
    await w.api.patch(`${w.base}/features/properties`, { items: [{ uuid: fu, properties: { status: 'dontConnect' } }] });
    expect(await get(dp2)).toEqual({ accessNetType: 'Dac' });
    const [empty] = await put(w, [{ type: 'dp', geometry: pt(5, 5) }]);
    expect(await get(empty)).toEqual({ accessNetType: 'NotConnected' });
    expect((await w.api.get(`${w.base}/dp/${fu}/access-net-type`)).status).toBe(404);
    expect((await w.api.get(`${w.base}/dp/x/access-net-type`)).body.message).toBe('id: not a UUID');
    expect((await w.other.get(`${w.base}/dp/${dp1}/access-net-type`)).status).toBe(404);
  });
});

describe('GET /dp/area-access-net-types', () => {
  it('maps every dp area uuid to the type of the dp it names (NotConnected without one)', async () => {
    const { dp1 } = await twoDps();
    const sq = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] };
    const [a1, a2, a3] = await put(w, [
      { type: 'dp_area', geometry: sq, properties: { DP: dp1 } },
      { type: 'dp_area', geometry: sq, properties: { DP: 'DP-2' } },
      { type: 'dp_area', geometry: sq, properties: {} },
    ]);
    const r = await w.api.get(`${w.base}/dp/area-access-net-types`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ [a1]: 'Riser', [a2]: 'Mixed', [a3]: 'NotConnected' });
    expect((await w.viewer.get(`${w.base}/dp/area-access-net-types`)).status).toBe(200);
  });
});

describe('GET /cables/{id}/ducts', () => {
  it("answers the ducts that contain the cable's path in the network, by path id or by the stored cable's topology id", async () => {
    const base = `/api/project/${w.pid}`;
    expect((await w.api.post(`${base}/network_object`, networkLine('d-'))).status).toBe(201);
    const inst = await w.api.post(`${base}/object_instance`, [
      { id: 'duct-1', objectTypeId: 112, networkObjectId: 'd-ab', attributeValues: [{ objectInstanceId: 'duct-1', attributeTypeName: 'duct_type', value: '7x14' }] },
      { id: 'duct-2', objectTypeId: 112, networkObjectId: 'd-bc' },
      { id: 'duct-3', objectTypeId: 112, networkObjectId: 'd-bc' },
      { id: 'cable-1', objectTypeId: 105, networkObjectId: 'd-p' },
    ]);
    expect(inst.status, inst.text).toBe(201);
    const rel = await w.api.post(`${base}/object_instance_relation`, ['duct-1', 'duct-2'].map((fromId) => ({ fromId, toId: 'cable-1', objectRelationTypeName: 'duct_contains_cable' })));
    expect(rel.status, rel.text).toBe(201);
    const byPath = await w.api.get(`${w.base}/cables/d-p/ducts`);
    expect(byPath.status, byPath.text).toBe(200);
    expect(byPath.body.features.map((f: { properties: { id: string } }) => f.properties.id)).toEqual(['duct-1', 'duct-2']);
    expect(byPath.body.features[0]).toMatchObject({
      type: 'Feature', id: 'duct.duct-1', geometry: { type: 'LineString', coordinates: [[0, 0], [10, 0]] },
      properties: { networkObjectId: 'd-ab', objectType: 'duct', relation: 'duct_contains_cable', duct_type: '7x14', 'duct_type.name': '7x14' },
    });
    const [storedDuct] = await put(w, [{ type: 'duct', geometry: line([0, 0], [0, 5]) }]);
    const [cable] = await put(w, [{ type: 'cable', geometry: line([0, 0], [20, 0]), topologyId: 'd-p', properties: { ducts: JSON.stringify([storedDuct]) } }]);
    const byFeature = await w.api.get(`${w.base}/cables/${cable}/ducts`);
    expect(byFeature.body.features.map((f: { id: string }) => f.id)).toEqual([`fttx_feature.${storedDuct}`, 'duct.duct-1', 'duct.duct-2']);
    expect((await w.api.get(`${w.base}/cables/${uid()}/ducts`)).status).toBe(404);
    expect((await w.api.get(`${w.base}/cables/d-ab/ducts`)).status).toBe(404);
  });
});
