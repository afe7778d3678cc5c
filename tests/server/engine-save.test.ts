// Engine ↔ server contract (spec 1 §4 Saving, §7): the demo project is loaded from the server as the app loads it,
// edited with real engine gestures (draw over nodes and across a cable's edge, move, attribute edit, new instance,
// relations, deletes, undo/redo), the merged save requests are sent in order, and the reloaded project must equal the
// engine's head.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  Editor, MULTIPLICITY_REACHED, checkIntegrity, edgesOfNode, getInstance, getObject, getPathEdge, instancesOf, pathEdgesOfEdge, pentries, relationsFrom,
  type Id, type Model, type Position,
} from '../../engine/index';
import { startTestServer, type Api, type TestServer } from './support/server';
import { diffSnapshots, loadModel, sendAll, snapshot, withInstancesClosure } from './support/engine-snapshot';
import { DEMO_PROJECT_NAME } from '../../server/seed/demo-project';

let ts: TestServer;
let api: Api;
let pid: number;

beforeAll(async () => {
  ts = await startTestServer({ demoProject: true });
  api = ts.api(await ts.login('engineer@demo.example'));
  pid = (await ts.db.query<{ id: number }>('SELECT id FROM project WHERE name = $1', [DEMO_PROJECT_NAME])).rows[0].id;
}, 120_000);
afterAll(async () => { await ts?.close(); });

const T = { customer: 103, handhole: 104, cable: 105, trench: 106, splicebox: 111, duct: 112 };
const coords = (m: Model, id: Id): Position => getObject(m, id)!.node!.geometry.coordinates;
const typeOf = (m: Model, iid: Id) => getInstance(m, iid)!.objectTypeId;
const instOfType = (m: Model, obj: Id, t: number) => instancesOf(m, obj).find((i) => typeOf(m, i) === t);

/** Nodes carrying a customer connection (house nodes), each at the end of one house-connection edge. */
function houses(m: Model): Id[] {
  const out: Id[] = [];
  for (const [id, o] of pentries(m.networkObjects)) if (o.node && instOfType(m, id, T.customer) && edgesOfNode(m, id).length === 1) out.push(id);
  return out.sort();
}

/** Street edges (a trench that is not a house connection) with or without path edges over them. */
function streetEdges(m: Model, withPaths: boolean): Id[] {
  const out: Id[] = [];
  for (const [id, o] of pentries(m.networkObjects)) {
    if (!o.edge || !instOfType(m, id, T.trench)) continue;
    const ends = [o.edge.fromNodeId, o.edge.toNodeId];
    if (ends.some((n) => instOfType(m, n, T.customer))) continue;
    if ((pathEdgesOfEdge(m, id).length > 0) === withPaths) out.push(id);
  }
  return out.sort();
}

describe('engine save requests against the server', () => {
  it('loads the demo project as the app does into a whole engine model', async () => {
    const { model } = await loadModel(api, pid);
    expect(checkIntegrity(model)).toEqual([]);
    expect(streetEdges(model, true).length).toBeGreaterThan(10);
  });

  it('real gestures, saved as merged batches in order, reload equal to the engine head', async () => {
    const { model } = await loadModel(api, pid);
    const ed = new Editor(model, { newId: () => randomUUID(), projectId: pid });
    const ok = (r: ReturnType<Editor['apply']>, what: string) => {
      expect(r.rejected, what).toBeNull();
      expect(r.historyItem, what).not.toBeNull();
    };
    const m0 = ed.model;
    const hs = houses(m0);

    // 1. Draw an edge through an existing house node: the new line is cut there (two edges, new end nodes).
    const h1 = hs[0];
    const [hx, hy] = coords(m0, h1);
    const hc = getObject(m0, edgesOfNode(m0, h1)[0])!.edge!.geometry.coordinates;
    const vertical = Math.abs(hc[0][0] - hc[hc.length - 1][0]) < Math.abs(hc[0][1] - hc[hc.length - 1][1]);
    const across: Position[] = vertical ? [[hx - 12, hy], [hx + 12, hy]] : [[hx, hy - 12], [hx, hy + 12]];
    ok(ed.apply({ type: 'drawEdge', coordinates: across, instances: [{ objectTypeId: T.trench, values: { name: 'Dwarsleiding' } }] }), 'draw over node');
    expect(edgesOfNode(ed.model, h1).length).toBe(3);

    // 2. Draw an edge ending on the body of a street edge carrying a feeder cable: that edge splits, the path follows.
    //    Pick an edge a cable crosses against the edge's direction: the engine then re-points the old path edge and
    //    creates one over the edge itself, entered at the new node before the edge's edit (the hard case mid-save).
    const backward = (e: Id) => pathEdgesOfEdge(ed.model, e).some((k) => getPathEdge(ed.model, k)!.startNodeId === getObject(ed.model, e)!.edge!.toNodeId);
    const carried = streetEdges(ed.model, true).find(backward)!;
    expect(carried).toBeDefined();
    const ce = getObject(ed.model, carried)!.edge!;
    const [a, b] = [ce.geometry.coordinates[0], ce.geometry.coordinates[ce.geometry.coordinates.length - 1]];
    const mid: Position = [Math.round(((a[0] + b[0]) / 2) * 100) / 100, Math.round(((a[1] + b[1]) / 2) * 100) / 100];
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
    const off: Position = [Math.round((mid[0] - (dy / len) * 15) * 100) / 100, Math.round((mid[1] + (dx / len) * 15) * 100) / 100];
    const pathsBefore = pathEdgesOfEdge(ed.model, carried).length;
    ok(ed.apply({ type: 'drawEdge', coordinates: [off, mid] }), 'draw onto cable edge');
    const splitNode = getObject(ed.model, carried)!.edge!.toNodeId;
    expect(Math.hypot(coords(ed.model, splitNode)[0] - mid[0], coords(ed.model, splitNode)[1] - mid[1])).toBeLessThan(0.05);
    const halves = edgesOfNode(ed.model, splitNode).filter((e) => e !== carried && pathEdgesOfEdge(ed.model, e).length);
    expect(halves.length).toBe(1);
    expect(pathEdgesOfEdge(ed.model, halves[0]).length).toBe(pathsBefore);

    // 3. Move another house node (its house-connection edge end follows).
    ok(ed.apply({ type: 'moveNode', id: hs[1], to: [coords(ed.model, hs[1])[0] + 3, coords(ed.model, hs[1])[1] + 2] }), 'move');

    // 4. Edit an attribute value of a distribution point.
    let dp: Id | undefined;
    for (const [id, i] of pentries(ed.model.objectInstances)) if (i.objectTypeId === T.splicebox) { dp = id; break; }
    ok(ed.apply({ type: 'editAttributes', instanceId: dp!, values: { name: 'DP-renamed' } }), 'edit attributes');

    // 5. A new handhole instance on a tap node (a node without instances).
    const tap = getObject(ed.model, streetEdges(ed.model, false)[0])!.edge!.toNodeId;
    ok(ed.apply({ type: 'createInstance', networkObjectId: tap, objectTypeId: T.handhole, values: { name: 'HH-contract' } }), 'create instance');

    // 6. Add a relation (a cable via a distribution point; a trench taking another street edge's duct is refused: that
    //    duct already has its trench and trench_contains_duct allows one per duct) and delete an existing one (a drop
    //    cable's).
    const [s1, s2] = streetEdges(ed.model, false);
    const taken = { fromId: instOfType(ed.model, s1, T.trench)!, toId: instOfType(ed.model, s2, T.duct)!, objectRelationTypeName: 'trench_contains_duct' };
    expect(ed.apply({ type: 'createRelation', relation: taken }).rejected).toBe(MULTIPLICITY_REACHED);
    let cable: Id | undefined;
    for (const [id, i] of pentries(ed.model.objectInstances)) if (i.objectTypeId === T.cable) { cable = id; break; }
    const rel = { fromId: cable!, toId: dp!, objectRelationTypeName: 'cable_via_splicebox' };
    ok(ed.apply({ type: 'createRelation', relation: rel }), 'create relation');
    const houseEdge = edgesOfNode(ed.model, hs[2])[0];
    const houseDuct = instOfType(ed.model, houseEdge, T.duct)!;
    const dropRel = relationsFrom(ed.model, houseDuct).map((k) => k.split('\u0001')).find((k) => k[2] === 'duct_contains_cable')!;
    ok(ed.apply({ type: 'deleteRelation', relation: { fromId: dropRel[0], toId: dropRel[1], objectRelationTypeName: dropRel[2] } }), 'delete relation');

    // 7. Delete a street edge without cables (its trench and duct go, with their values and relations) and a duct
    //    instance that is related to a trench and a cable (the server cascades values and relations).
    const gone = streetEdges(ed.model, false)[3];
    ok(ed.apply({ type: 'deleteObject', id: gone }), 'delete edge');
    const ductWithRels = instOfType(ed.model, edgesOfNode(ed.model, hs[3])[0], T.duct)!;
    ok(ed.apply({ type: 'deleteInstance', id: ductWithRels }), 'delete instance');

    // 8. A new cable path over two street edges.
    const e1 = streetEdges(ed.model, false)[5];
    const n1 = getObject(ed.model, e1)!.edge!.toNodeId;
    const e2 = edgesOfNode(ed.model, n1).find((e) => e !== e1 && instOfType(ed.model, e, T.trench) && !instOfType(ed.model, getObject(ed.model, e)!.edge!.toNodeId, T.customer) && !instOfType(ed.model, getObject(ed.model, e)!.edge!.fromNodeId, T.customer))!;
    ok(ed.apply({ type: 'createPath', edgeIds: [e1, e2], startNodeId: getObject(ed.model, e1)!.edge!.fromNodeId, instances: [{ objectTypeId: T.cable, values: { name: 'New cable', fibers: '24' } }] }), 'create path');

    // 9. Undo/redo: undo the path and the instance delete, redo the instance delete, then a new gesture drops the
    //    redo tail (the path is never saved).
    expect(ed.undo()).not.toBeNull();
    expect(ed.undo()).not.toBeNull();
    expect(ed.redo()).not.toBeNull();
    ok(ed.apply({ type: 'moveNode', id: hs[4], to: [coords(ed.model, hs[4])[0] - 2, coords(ed.model, hs[4])[1] + 1] }), 'move after undo');
    expect(ed.canRedo).toBe(false);
    ok(ed.apply({ type: 'createPath', edgeIds: [e1, e2], startNodeId: getObject(ed.model, e1)!.edge!.fromNodeId, instances: [{ objectTypeId: T.cable, values: { name: 'Saved cable', fibers: '48' } }] }), 'create path again');
    expect(checkIntegrity(ed.model, { geometry: true })).toEqual([]);

    const requests = ed.saveRequests();
    expect(requests.map((r) => r.kind)).toEqual(expect.arrayContaining(['create nodes', 'create edges', 'create path edges', 'create object instances',
      'create relations', 'edit network objects', 'attribute values', 'delete relations', 'delete object instances', 'delete network objects']));
    await sendAll(api, pid, requests);
    ed.markSaved();

    // Reload as the app does (objects with instances and what they need) and in full.
    const app = await loadModel(api, pid);
    expect(checkIntegrity(app.model)).toEqual([]);
    const keep = withInstancesClosure(ed.model);
    expect(diffSnapshots(snapshot(ed.model, (id) => keep.has(id)), snapshot(app.model))).toEqual([]);
    const full = await loadModel(api, pid, '?includeWithoutObjectInstances=true');
    expect(diffSnapshots(snapshot(ed.model), snapshot(full.model))).toEqual([]);

    // Keep editing the same session without a reload: split the cable's half edge again (the new path edge's
    // position lies between keys the server must still agree on), save, and compare again.
    const half = halves[0];
    const hcs = getObject(ed.model, half)!.edge!.geometry.coordinates;
    const q: Position = [Math.round(((hcs[0][0] + hcs[hcs.length - 1][0]) / 2) * 100) / 100, Math.round(((hcs[0][1] + hcs[hcs.length - 1][1]) / 2) * 100) / 100];
    ok(ed.apply({ type: 'splitEdge', id: half, at: q }), 'split again');
    await sendAll(api, pid, ed.saveRequests());
    ed.markSaved();
    const again = await loadModel(api, pid, '?includeWithoutObjectInstances=true');
    expect(diffSnapshots(snapshot(ed.model), snapshot(again.model))).toEqual([]);
  }, 120_000);

  it('a save of the reloaded model round-trips again (no phantom changes after a reload)', async () => {
    const { model } = await loadModel(api, pid, '?includeWithoutObjectInstances=true');
    const ed = new Editor(model, { newId: () => randomUUID(), projectId: pid });
    const hs = houses(ed.model);
    const at = coords(ed.model, hs[5]);
    expect(ed.apply({ type: 'moveNode', id: hs[5], to: [at[0] + 1, at[1] + 1] }).rejected).toBeNull();
    const requests = ed.saveRequests();
    expect(requests.map((r) => `${r.method} ${r.kind}`)).toEqual(['PUT edit network objects']);
    await sendAll(api, pid, requests);
    const again = await loadModel(api, pid, '?includeWithoutObjectInstances=true');
    expect(diffSnapshots(snapshot(ed.model), snapshot(again.model))).toEqual([]);
  }, 120_000);
});
