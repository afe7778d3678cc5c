// GET network_object/all?bbox= (the viewport read a huge project is opened with): objects whose box meets the window,
// paths over edges in the window, and the closure the app needs to form a whole graph (end nodes of the edges, every
// edge and node of those paths) even outside the window; nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api, TestServer } from './support/server';
import { edge, engineerProject, node, path } from './network-fixtures';

let ts: TestServer;
let api: Api;
let pid: number;

beforeAll(async () => {
  // n0 … n9 along the x axis, 100 apart; e0 … e8 between them; cable path P over all edges, cable path Q over e7, e8.
  const objs = [];
  for (let i = 0; i < 10; i++) objs.push(node(`n${i}`, i * 100, 0));
  for (let i = 0; i < 9; i++) objs.push(edge(`e${i}`, `n${i}`, `n${i + 1}`, [[i * 100, 0], [i * 100 + 100, 0]]));
  objs.push(node('far', 5000, 5000));
  objs.push(path('P', Array.from({ length: 9 }, (_, i) => [`P${i}`, `e${i}`, `n${i}`] as [string, string, string])));
  objs.push(path('Q', [['Q7', 'e7', 'n7'], ['Q8', 'e8', 'n8']]));
  ({ ts, api, pid } = await engineerProject('Viewport read', objs));
  const insts = [
    ...Array.from({ length: 9 }, (_, i) => ({ id: `d${i}`, objectTypeId: 112, networkObjectId: `e${i}` })),
    { id: 'c2', objectTypeId: 103, networkObjectId: 'n2' }, { id: 'cfar', objectTypeId: 103, networkObjectId: 'far' },
    { id: 'cableP', objectTypeId: 105, networkObjectId: 'P' }, { id: 'cableQ', objectTypeId: 105, networkObjectId: 'Q' },
  ];
  expect((await api.post(`/api/project/${pid}/object_instance`, insts)).status).toBe(201);
  expect((await api.post(`/api/project/${pid}/object_instance_relation`, [{ fromId: 'd1', toId: 'cableP', objectRelationTypeName: 'duct_contains_cable' }])).status).toBe(201);
}, 120_000);
afterAll(async () => { await ts?.close(); });

const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((o) => o.id).sort();

describe('GET network_object/all with bbox', () => {
  it('sends what meets the window, the paths over its edges and their closure, and nothing else', async () => {
    const r = await api.get(`/api/project/${pid}/network_object/all?bbox=150,-10,250,10`);
    expect(r.status).toBe(200);
    const all = [...Array.from({ length: 10 }, (_, i) => `n${i}`), ...Array.from({ length: 9 }, (_, i) => `e${i}`), 'P'].sort();
    expect(ids(r)).toEqual(all); // Q (over e7, e8 only) and the far node are outside
    const p = r.body.data.find((o: { id: string }) => o.id === 'P');
    expect(p.pathEdges.map((s: { edgeId: string }) => s.edgeId)).toEqual(Array.from({ length: 9 }, (_, i) => `e${i}`));
    const d1 = r.body.data.find((o: { id: string }) => o.id === 'e1').objectInstances[0];
    expect(d1.relationSources).toEqual([{ fromId: 'd1', toId: 'cableP', objectRelationTypeName: 'duct_contains_cable' }]);
  });

  it('sends only the window (and the end nodes of its edges) where no path crosses it', async () => {
    const r = await api.get(`/api/project/${pid}/network_object/all?bbox=4900,4900,5100,5100`);
    expect(ids(r)).toEqual(['far']);
    const empty = await api.get(`/api/project/${pid}/network_object/all?bbox=-500,-500,-400,-400`);
    expect(empty.body.data).toEqual([]);
  });

  it('with a type filter keeps only matching objects, their closure bare', async () => {
    const r = await api.get(`/api/project/${pid}/network_object/all?bbox=750,-10,850,10&objectTypeIds=105`);
    expect(ids(r)).toContain('Q');
    expect(ids(r)).toContain('P');
    const e0 = r.body.data.find((o: { id: string }) => o.id === 'e0');
    expect(e0.objectInstances).toBeUndefined();
  });
});
