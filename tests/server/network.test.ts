// Network calls of spec 1 §7 over HTTP: network_object create/edit/delete/get/by coordinate/all with filters,
// path_edge, object_instance, relations, attribute values — each list call one transaction, rejected whole on an
// integrity break naming the first offending id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { dump, edge, line, node, wire } from './network-fixtures';

let ts: TestServer;
let api: Api;
let pid: number;
const base = () => `/api/project/${pid}`;

beforeAll(async () => {
  ts = await startTestServer();
  api = ts.api(await ts.login('engineer@demo.example'));
  const r = await api.post('/api/project', { name: 'Network test', projectTypeId: 10 });
  expect(r.status).toBe(201);
  pid = r.body.id;
});
afterAll(async () => { await ts?.close(); });

describe('network_object', () => {
  it('creates nodes, edges and a path in one batch and returns them in a data field', async () => {
    const r = await api.post(`${base()}/network_object`, line('l1-'));
    expect(r.status, r.text).toBe(201);
    const all = await api.get(`${base()}/network_object/all?includeWithoutObjectInstances=true`);
    expect(all.status).toBe(200);
    const ids = all.body.data.map((o: { id: string }) => o.id);
    expect(ids).toEqual(expect.arrayContaining(['l1-a', 'l1-ab', 'l1-p']));
    const p = all.body.data.find((o: { id: string }) => o.id === 'l1-p');
    expect(p.pathEdges.map((s: { id: string }) => s.id)).toEqual(['l1-pe1', 'l1-pe2']);
    const e = all.body.data.find((o: { id: string }) => o.id === 'l1-ab');
    expect(e.edge).toMatchObject({ fromNodeId: 'l1-a', toNodeId: 'l1-b', length: 10 });
    expect(e.projectId).toBe(pid);
  });

  it('gets one by id, and a node by coordinate within 0.01', async () => {
    const one = await api.get(`${base()}/network_object/l1-b`);
    expect(one.status).toBe(200);
    expect(one.body.data.node.geometry.coordinates).toEqual([10, 0]);
    const at = await api.get(`${base()}/network_object/10.005/-0.004`);
    expect(at.body.data.id).toBe('l1-b');
    const none = await api.get(`${base()}/network_object/10.5/0`);
    expect(none.body.data).toBeNull();
    expect((await api.get(`${base()}/network_object/nope`)).status).toBe(404);
  });

  it('rejects a whole batch with a missing end node, naming it, and saves nothing', async () => {
    const before = await dump(ts.db);
    const r = await api.post(`${base()}/network_object`, wire([node('x1', 0, 5), edge('x-e', 'x1', 'ghost', [[0, 5], [1, 5]])]));
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('missing_node');
    expect(r.body.message).toContain('ghost');
    expect(await dump(ts.db)).toBe(before);
  });

  it('rejects duplicate ids, self-loops and untraversable paths', async () => {
    const before = await dump(ts.db);
    const dup = await api.post(`${base()}/network_object`, wire([node('d1', 0, 0), node('d1', 1, 1)]));
    expect([dup.status, dup.body.error]).toEqual([409, 'duplicate_id']);
    const again = await api.post(`${base()}/network_object`, wire([node('l1-a', 0, 0)]));
    expect([again.status, again.body.error]).toEqual([409, 'duplicate_id']);
    const loop = await api.post(`${base()}/network_object`, wire([edge('loop', 'l1-a', 'l1-a', [[0, 0], [1, 1]])]));
    expect([loop.status, loop.body.error]).toEqual([409, 'self_loop']);
    const bad = await api.post(`${base()}/network_object`, wire([{ id: 'p2', pathEdges: [
      { id: 'p2-1', pathId: 'p2', edgeId: 'l1-ab', startNodeId: 'l1-a' }, { id: 'p2-2', pathId: 'p2', edgeId: 'l1-ab', startNodeId: 'l1-a' }] } as never]));
    expect([bad.status, bad.body.error]).toEqual([409, 'path_not_traversable']);
    expect(bad.body.message).toContain('p2');
    expect(await dump(ts.db)).toBe(before);
  });

  it('edits geometry, refuses to delete a node an edge still uses, deletes in the spec order', async () => {
    const moved = await api.put(`${base()}/network_object`, wire([node('l1-c', 20, 3)]));
    expect(moved.status, moved.text).toBe(200);
    expect((await api.get(`${base()}/network_object/l1-c`)).body.data.node.geometry.coordinates).toEqual([20, 3]);
    const inUse = await api.delete(`${base()}/network_object`, { networkObjectIds: ['l1-b'] });
    expect([inUse.status, inUse.body.error]).toEqual([409, 'node_in_use']);
    const unknown = await api.delete(`${base()}/network_object`, { networkObjectIds: ['l1-p', 'nope'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('nope');
    expect((await api.get(`${base()}/network_object/l1-p`)).status).toBe(200);
    const pe = await api.delete(`${base()}/path_edge`, { ids: ['l1-pe1', 'l1-pe2'] });
    expect(pe.status, pe.text).toBe(200);
    const del = await api.delete(`${base()}/network_object`, { networkObjectIds: ['l1-p', 'l1-ab', 'l1-bc', 'l1-a', 'l1-b', 'l1-c'] });
    expect(del.status, del.text).toBe(200);
    expect(del.body.data.deleted).toBe(6);
  });
});

describe('object instances, relations, attribute values', () => {
  it('creates instances with values, relates them, edits, and reads them back on the network object', async () => {
    expect((await api.post(`${base()}/network_object`, line('l2-'))).status).toBe(201);
    const c = await api.post(`${base()}/object_instance`, [
      { id: 'd1', objectTypeId: 112, networkObjectId: 'l2-ab', attributeValues: [{ objectInstanceId: 'd1', attributeTypeName: 'duct_type', value: '7x14' }] },
      { id: 'c1', objectTypeId: 105, networkObjectId: 'l2-p' },
    ]);
    expect(c.status, c.text).toBe(201);
    const rel = { fromId: 'd1', toId: 'c1', objectRelationTypeName: 'duct_contains_cable' };
    expect((await api.post(`${base()}/object_instance_relation`, [rel])).status).toBe(201);
    expect((await api.patch(`${base()}/attribute_value`, [{ objectInstanceId: 'c1', attributeTypeName: 'fibers', value: '144' }])).status).toBe(200);
    const one = await api.get(`${base()}/object_instance/d1`);
    expect(one.body).toMatchObject({ id: 'd1', objectTypeId: 112, networkObjectId: 'l2-ab', relationSources: [rel] });
    expect(one.body.attributeValues).toEqual([{ objectInstanceId: 'd1', attributeTypeName: 'duct_type', value: '7x14' }]);
    const no = await api.get(`${base()}/network_object/l2-p`);
    expect(no.body.data.objectInstances[0]).toMatchObject({ id: 'c1', relationTargets: [rel] });
    const typed = await api.get(`${base()}/network_object/all?objectTypeIds=105`);
    // Objects with a matching instance, plus (bare) the edges and nodes a matched path needs to be drawn.
    expect(typed.body.data.filter((o: { objectInstances?: unknown[] }) => o.objectInstances).map((o: { id: string }) => o.id)).toEqual(['l2-p']);
    expect(typed.body.data.map((o: { id: string }) => o.id).sort()).toEqual(['l2-a', 'l2-ab', 'l2-b', 'l2-bc', 'l2-c', 'l2-p']);
    expect((await api.put(`${base()}/object_instance`, [{ id: 'd1', objectTypeId: 112, networkObjectId: 'l2-bc' }])).status).toBe(200);
    expect((await api.get(`${base()}/object_instance/d1`)).body.networkObjectId).toBe('l2-bc');
    expect((await api.delete(`${base()}/object_instance_relation`, { objectInstanceRelations: [rel] })).status).toBe(200);
    expect((await api.delete(`${base()}/object_instance`, ['d1', 'c1'])).status).toBe(200);
    expect((await api.get(`${base()}/object_instance/d1`)).status).toBe(404);
  });

  it('puts path edges in chain order when an edge split is saved in the spec order', async () => {
    // Split l2-ab (a→b) at m: node m, new edge m→b, new path edge over it, then the edit of a→m.
    expect((await api.post(`${base()}/network_object`, wire([node('l2-m', 5, 0), edge('l2-mb', 'l2-m', 'l2-b', [[5, 0], [10, 0]])]))).status).toBe(201);
    expect((await api.post(`${base()}/path_edge`, [{ id: 'l2-pe3', pathId: 'l2-p', edgeId: 'l2-mb', startNodeId: 'l2-m' }])).status).toBe(201);
    expect((await api.put(`${base()}/network_object`, wire([edge('l2-ab', 'l2-a', 'l2-m', [[0, 0], [5, 0]])]))).status).toBe(200);
    const p = await api.get(`${base()}/network_object/l2-p`);
    expect(p.body.data.pathEdges.map((s: { id: string }) => s.id)).toEqual(['l2-pe1', 'l2-pe3', 'l2-pe2']);
    const v = await api.post(`${base()}/validations`, [{ name: 'graph_integrity' }]);
    expect(v.body.graph_integrity.passed).toBe(true);
  });

  it('DELETE network_object/all by object type removes the instances and the objects they leave empty', async () => {
    await api.post(`${base()}/object_instance`, [{ id: 'cab', objectTypeId: 105, networkObjectId: 'l2-p' }]);
    const r = await api.delete(`${base()}/network_object/all?objectTypeIds=105`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ objectInstances: 1, networkObjects: 1 });
    expect((await api.get(`${base()}/network_object/l2-p`)).status).toBe(404);
    expect((await api.get(`${base()}/network_object/l2-ab`)).status).toBe(200);
  });
});

