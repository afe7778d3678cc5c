// The route panel's logic (src/map/route/route-planner.ts, route-export.ts) on a small model with two ways between S
// and T — a short asphalt way (120 €/m) and a long sand way (5 €/m): computed through the route handler in-process
// (no Worker under node: the explicit fallback), one row per strategy in table order, the minimal cost route and its
// alternative differ; accepting a route through the editor binding is ONE history item with a path over the route's
// edges in order, undo removes it; a change of the model rebuilds the graph at the next query; CSV and GeoJSON exports.
import { describe, expect, it } from 'vitest';
import { createModel, getObject, getPathEdge, pathEdgesOfEdge, pathEdgesOfPath } from 'engine/model';
import type { Position } from 'engine/types';
import { shapingAreas } from 'engine/route/index';
import { OBJS, SETTINGS, TYPES } from './fixture';
import { EditSession } from '../../../../src/map/edit-session';
import { EditorBinding } from '../../../../src/map/editor-binding';
import { RoutePlanner, acceptIntent, pathTypes, routeSettingsOf } from '../../../../src/map/route/route-planner';
import { RouteClient, type RoutePort } from '../../../../src/map/route/route-client';
import { ROUTE_CSV_HEADER, routesCsv, routesGeoJson } from '../../../../src/map/route/route-export';

function setup() {
  let n = 0;
  const session = new EditSession(createModel({ networkObjects: OBJS, objectTypes: TYPES }), { newId: () => `n${n++}`, projectId: 1 });
  const notes: string[] = [];
  const binding = new EditorBinding({ notify: (k) => notes.push(k), changed: () => {} });
  binding.setSession(session);
  const planner = new RoutePlanner(routeSettingsOf(SETTINGS));
  planner.follow((l) => binding.subscribe(l));
  return { session, binding, planner, notes };
}

const S: Position = [0.5, -0.4], T: Position = [19.6, 0.3];

describe('route panel logic', () => {
  it('computes the default strategies in-process (no Worker here) and gives one row each, in table order', async () => {
    const { session, planner } = setup();
    expect(planner.inWorker).toBe(false);
    const rows = await planner.compute(session, S, T, ['minimal_distance', 'minimal_cost_alternative', 'minimal_cost']);
    expect(rows.map((r) => r.result.strategy)).toEqual(['minimal_cost', 'minimal_cost_alternative', 'minimal_distance']);
    const [cost, alt, dist] = rows.map((r) => r.result);
    expect(cost).toMatchObject({ found: true, edges: ['sa', 'ab', 'bt'], nodes: ['S', 'A', 'B', 'T'] });
    expect(cost.length).toBeCloseTo(40, 3);
    expect(cost.cost).toBeCloseTo(200, 2);
    expect(alt).toMatchObject({ found: true, edges: ['sm', 'mt'] });
    expect(alt.cost).toBeCloseTo(2400, 1);
    expect(alt.bestCost).toBeCloseTo(200, 2);
    expect(alt.overlap).toBe(0);
    expect(dist.edges).toEqual(['sm', 'mt']);
    expect(rows.every((r) => r.privateShare === 0)).toBe(true);
    planner.destroy();
  });

  it("the project's shaping areas act on every query: an obstruction over the sand way sends the route over asphalt", async () => {
    const { session, planner } = setup();
    planner.setAreas(shapingAreas([{ geometry: { type: 'Polygon', coordinates: [[[5, 5], [15, 5], [15, 15], [5, 15], [5, 5]]] }, properties: { cost_type: 'obstruction' } },
      { geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, properties: {} }]));
    const [cost] = await planner.compute(session, S, T, ['minimal_cost']);
    expect(cost.result.edges).toEqual(['sm', 'mt']);
    planner.setAreas([]);
    expect((await planner.compute(session, S, T, ['minimal_cost']))[0].result.edges).toEqual(['sa', 'ab', 'bt']);
    planner.destroy();
  });

  it('accepting a route is one gesture: a path over its edges in order; undo removes it', async () => {
    const { session, binding, planner } = setup();
    const [best] = await planner.compute(session, S, T, ['minimal_cost']);
    const intent = acceptIntent(best.result)!;
    expect(intent).toEqual({ type: 'createPath', edgeIds: ['sa', 'ab', 'bt'], startNodeId: 'S' });
    expect(pathTypes(session.model).map((t) => t.name)).toEqual(['cable', 'technical_path']);
    expect(acceptIntent(best.result, 2)).toEqual({ ...intent, instances: [{ objectTypeId: 2 }] });
    expect(binding.disabled(intent)).toBeNull();
    const e = binding.perform(intent)!;
    expect(e.rejected).toBeNull();
    expect(session.state().size).toBe(1);
    const pathId = getPathEdge(session.model, pathEdgesOfEdge(session.model, 'sa')[0])!.pathId;
    expect(getObject(session.model, pathId)).toBeDefined();
    const steps = pathEdgesOfPath(session.model, pathId).map((id) => getPathEdge(session.model, id)!).sort((a, b) => a.position - b.position);
    expect(steps.map((p) => [p.edgeId, p.startNodeId])).toEqual([['sa', 'S'], ['ab', 'A'], ['bt', 'B']]);
    binding.undo();
    expect(session.state().canUndo).toBe(false);
    expect(getObject(session.model, pathId)).toBeUndefined();
    expect(pathEdgesOfEdge(session.model, 'sa')).toHaveLength(0);
    planner.destroy();
  });

  it('a change of the model marks the graph stale; the next query rebuilds it', async () => {
    const { session, binding, planner } = setup();
    await planner.compute(session, S, T, ['minimal_cost']);
    expect(planner.needsGraph).toBe(false);
    binding.perform({ type: 'deleteObjects', ids: ['ab'] });
    expect(planner.needsGraph).toBe(true);
    const [best] = await planner.compute(session, S, T, ['minimal_cost']);
    expect(best.result.edges).toEqual(['sm', 'mt']);
    expect(planner.needsGraph).toBe(false);
    planner.destroy();
  });

  it('a found route cannot be accepted without edges; a tree has no alternative', async () => {
    const { session, binding, planner } = setup();
    binding.perform({ type: 'deleteObjects', ids: ['ab'] });
    const [, alt] = await planner.compute(session, S, T, ['minimal_cost', 'minimal_cost_alternative']);
    expect(alt.result.found).toBe(false);
    expect(acceptIntent(alt.result)).toBeNull();
    planner.destroy();
  });

  it('a worker that fails (script not loaded) is replaced by the in-process handler and the query still answers', async () => {
    const { session, planner: _p } = setup();
    _p.destroy();
    const errors: ((ev: { message?: string }) => void)[] = [];
    let terminated = 0;
    const broken: RoutePort = {
      postMessage() { setTimeout(() => { for (const l of errors) l({ message: 'script error' }); }, 0); },
      addEventListener(t: string, l: unknown) { if (t === 'error') errors.push(l as (ev: { message?: string }) => void); },
      terminate() { terminated++; },
    };
    const planner = new RoutePlanner(routeSettingsOf(SETTINGS), new RouteClient(broken));
    const [best] = await planner.compute(session, S, T, ['minimal_cost']);
    expect(best.result.edges).toEqual(['sa', 'ab', 'bt']);
    expect(terminated).toBe(1);
    expect(planner.inWorker).toBe(false);
    expect(planner.client.failed).toBeNull();
    planner.destroy();
  });

  it('exports the table as CSV and the routes as GeoJSON in lng/lat', async () => {
    const { session, planner } = setup();
    const rows = await planner.compute(session, S, T, ['minimal_cost', 'minimal_cost_alternative']);
    const csv = routesCsv(rows).trim().split('\n');
    expect(csv[0]).toBe(ROUTE_CSV_HEADER);
    expect(csv[1]).toBe('minimal_cost,true,40,200,0,0,,3,');
    expect(csv[2]).toBe('minimal_cost_alternative,true,20,2400,0,0,0,2,');
    const gj = routesGeoJson(rows) as { features: { geometry: { coordinates: Position[] }; properties: { strategy: string; edges: string[] } }[] };
    expect(gj.features.map((f) => f.properties.strategy)).toEqual(['minimal_cost', 'minimal_cost_alternative']);
    const [lng, lat] = gj.features[0].geometry.coordinates[1];
    expect(lng).toBeCloseTo((0 / 20037508.342789244) * 180, 9);
    expect(lat).toBeGreaterThan(0); // A = (0, 10): 10 m north of the equator
    expect(lat).toBeLessThan(0.001);
    planner.destroy();
  });
});
