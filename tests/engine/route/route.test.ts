// Route determination strategies on hand-made graphs with known answers (engine/route).
import { describe, expect, it } from 'vitest';
import { Router, graphFromModel, graphFromNetwork, PRIVATE, CENTERLINE, type RouteArea } from '../../../engine/route/index';
import { generateNetwork } from '../../../engine/generate';
import { createModel } from '../../../engine/model';
import type { NetworkObject, Position } from '../../../engine/types';
import { graph, TWO_WAYS } from './fixtures';

const S: [number, number] = [0.4, -0.3], T: [number, number] = [19.7, 0.2];
const box = (x0: number, y0: number, x1: number, y1: number): [number, number][][] => [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]];

describe('route strategies', () => {
  const r = new Router(TWO_WAYS());

  it('minimal_distance takes the short way', () => {
    const x = r.route({ from: S, to: T, strategy: 'minimal_distance' });
    expect(x).toMatchObject({ found: true, edges: ['sm', 'mt'], nodes: ['S', 'M', 'T'], length: 20, cost: 200, privateLength: 10 });
    expect(x.coordinates).toEqual([[0, 0], [10, 0], [20, 0]]);
  });

  it('minimal_cost takes the cheap long way', () => {
    const x = r.route({ from: S, to: T, strategy: 'minimal_cost' });
    expect(x).toMatchObject({ found: true, edges: ['sa', 'ab', 'bt'], length: 40, cost: 40, privateLength: 0 });
    expect(x.coordinates).toEqual([[0, 0], [0, 10], [20, 10], [20, 0]]);
  });

  it('minimal_cost_alternative is the real second-best (middle way), not a copy', () => {
    const best = r.route({ from: S, to: T, strategy: 'minimal_cost' });
    const alt = r.route({ from: S, to: T, strategy: 'minimal_cost_alternative' });
    expect(alt.found).toBe(true);
    expect(alt.edges).toEqual(['sc', 'ct']);
    expect(alt.edges).not.toEqual(best.edges);
    expect(alt.cost).toBeCloseTo(6 * Math.hypot(10, 5));
    expect(alt.cost).toBeGreaterThanOrEqual(best.cost);
    expect(alt.bestCost).toBe(40);
    expect(alt.overlap).toBe(0);
    expect(alt.privateLength).toBeCloseTo(2 * Math.hypot(10, 5));
  });

  it('minimal_private avoids private edges, ties broken by cost', () => {
    const x = r.route({ from: S, to: T, strategy: 'minimal_private' });
    expect(x).toMatchObject({ edges: ['sa', 'ab', 'bt'], privateLength: 0, cost: 40 });
    // with the long way closed: the least private metres is the short way (10 m private) over the middle way (22 m)
    const y = r.route({ from: S, to: T, strategy: 'minimal_private', areas: [{ costType: 'obstruction', polygon: box(5, 5, 15, 15) }] });
    expect(y).toMatchObject({ edges: ['sm', 'mt'], privateLength: 10 });
  });

  it('minimal_private tie-break: equal private metres, the cheaper wins', () => {
    const g = graph({ S: [0, 0], A: [5, 5], B: [5, -5], T: [10, 0] }, [
      { id: 'sa', a: 'S', b: 'A', unit: 5, flags: PRIVATE }, { id: 'at', a: 'A', b: 'T', unit: 5 },
      { id: 'sb', a: 'S', b: 'B', unit: 2, flags: PRIVATE }, { id: 'bt', a: 'B', b: 'T', unit: 2 },
    ]);
    expect(new Router(g).route({ from: [0, 0], to: [10, 0], strategy: 'minimal_private' }).edges).toEqual(['sb', 'bt']);
  });

  it('centerline follows centre lines unless the detour is over 4×', () => {
    expect(r.route({ from: S, to: T, strategy: 'centerline' }).edges).toEqual(['sa', 'ab', 'bt']); // 40 m centre line vs 20 m × 4
    const far = graph({ S: [0, 0], M: [10, 0], T: [20, 0], A: [0, 50], B: [20, 50] }, [
      { id: 'sm', a: 'S', b: 'M' }, { id: 'mt', a: 'M', b: 'T' },
      { id: 'sa', a: 'S', b: 'A', flags: CENTERLINE }, { id: 'ab', a: 'A', b: 'B', flags: CENTERLINE }, { id: 'bt', a: 'B', b: 'T', flags: CENTERLINE },
    ]);
    expect(new Router(far).route({ from: [0, 0], to: [20, 0], strategy: 'centerline' }).edges).toEqual(['sm', 'mt']); // 120 m vs 80
    const g = graph({ S: [0, 0], M: [10, 0], T: [20, 0], A: [0, 10], B: [20, 10] }, [
      { id: 'sm', a: 'S', b: 'M' }, { id: 'mt', a: 'M', b: 'T' },
      { id: 'sa', a: 'S', b: 'A', flags: CENTERLINE }, { id: 'ab', a: 'A', b: 'B', flags: CENTERLINE }, { id: 'bt', a: 'B', b: 'T', flags: CENTERLINE },
    ]);
    expect(new Router(g).route({ from: [0, 0], to: [20, 0], strategy: 'centerline' }).edges).toEqual(['sa', 'ab', 'bt']);
    expect(new Router(g).route({ from: [0, 0], to: [20, 0], strategy: 'minimal_distance' }).edges).toEqual(['sm', 'mt']);
  });

  it('unreachable and unsnappable points give found: false with a reason', () => {
    const g = graph({ A: [0, 0], B: [10, 0], C: [100, 0], D: [110, 0] }, [{ id: 'ab', a: 'A', b: 'B' }, { id: 'cd', a: 'C', b: 'D' }]);
    const x = new Router(g).route({ from: [0, 0], to: [110, 0], strategy: 'minimal_cost' });
    expect(x).toMatchObject({ found: false, edges: [], reason: 'No route between the points.' });
    const y = new Router(g, { maxSnap: 5 }).route({ from: [0, 0], to: [500, 0], strategy: 'minimal_cost' });
    expect(y).toMatchObject({ found: false, reason: 'A point lies too far from the street graph.' });
    expect(new Router(g).route({ from: [0, 0], to: [10, 0], strategy: 'minimal_cost_alternative' })).toMatchObject({ found: false, reason: 'No second route between the points.', bestCost: 10 });
    expect(() => new Router(g).route({ from: [0, 0], to: [10, 0], strategy: 'other' as never })).toThrow(/Unknown route strategy/);
  });
});

describe('areas', () => {
  const r = new Router(TWO_WAYS(), { trenchCosts: [{ name: 'polluted_soil', cost: 100, method: '=', priority: 5, active: true }] });

  it('obstruction closes the edges it touches (crossing without a vertex inside too)', () => {
    const x = r.route({ from: S, to: T, strategy: 'minimal_cost', areas: [{ costType: 'obstruction', polygon: box(8, 8, 12, 12) }] });
    expect(x.edges).toEqual(['sc', 'ct']);
    const all: RouteArea[] = [{ costType: 'obstruction', polygon: box(-1, -1, 1, 1) }];
    expect(r.route({ from: S, to: T, strategy: 'minimal_distance', areas: all }).found).toBe(false);
  });

  it('avoid multiplies, preference halves, named cost types act through the trench cost entries', () => {
    // the long way ×10 → 400: the middle way (≈ 67) wins
    expect(r.route({ from: S, to: T, strategy: 'minimal_cost', areas: [{ costType: 'avoid', polygon: box(-1, 5, 21, 11) }] }).edges).toEqual(['sc', 'ct']);
    // preference on the short way: distance stays the short way, cost 200 × 0.5 = 100 still above 40
    const p = r.route({ from: S, to: T, strategy: 'minimal_cost', areas: [{ costType: 'preference', polygon: box(5, -1, 15, 1) }] });
    expect(p.edges).toEqual(['sa', 'ab', 'bt']);
    // polluted soil on the long way: unit cost 100 → 4000: the middle way
    const q = r.route({ from: S, to: T, strategy: 'minimal_cost', areas: [{ costType: 'polluted_soil', polygon: box(-1, 5, 21, 11) }] });
    expect(q.edges).toEqual(['sc', 'ct']);
    // an explicit multiplier: the short way × 0.1 → 20 < 40
    const m = r.route({ from: S, to: T, strategy: 'minimal_cost', areas: [{ costType: 'include', polygon: box(5, -1, 15, 1), multiplier: 0.1 }] });
    expect(m).toMatchObject({ edges: ['sm', 'mt'], cost: 20 });
    // avoid area on the short way changes minimal_distance too
    expect(r.route({ from: S, to: T, strategy: 'minimal_distance', areas: [{ costType: 'avoid', polygon: box(5, -1, 15, 1) }] }).edges).toEqual(['sc', 'ct']);
  });
});

describe('graph from a network', () => {
  it('trench cost entries per surface, private and centerline tags, weights', () => {
    const node = (id: string, x: number, y: number): NetworkObject => ({ id, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, y] } } });
    const edge = (id: string, a: string, b: string, coords: Position[], surface: string, extra: Record<string, string> = {}): NetworkObject => ({
      id, projectId: 1,
      edge: { geometry: { type: 'LineString', coordinates: coords }, fromNodeId: a, toNodeId: b },
      objectInstances: [{ id: `i-${id}`, objectTypeId: 1, networkObjectId: id, attributeValues: Object.entries({ surface, ...extra }).map(([k, v]) => ({ objectInstanceId: `i-${id}`, attributeTypeName: k, value: v })) }],
    });
    const g = graphFromNetwork({
      networkObjects: [node('a', 0, 0), node('b', 10, 0), node('c', 10, 10),
        edge('ab', 'a', 'b', [[0, 0], [10, 0]], 'asphalt'), edge('bc', 'b', 'c', [[10, 0], [12, 5], [10, 10]], 'sand', { private: 'true' }),
        edge('ac', 'a', 'c', [[0, 0], [10, 10]], 'sand', { centerline: 'true', owner: 'private_property' })],
    }, {
      trenchCosts: [{ name: 'default', cost: 85, method: '=', priority: 0, active: true }, { name: 'surface_asphalt', cost: 120, method: '=', priority: 3, active: true },
        { name: 'surface_sand', cost: 5, method: '=', priority: 1, active: true }],
      weights: { private_property: { weight: 3, active: true }, sand: { weight: 2, active: false } },
    });
    expect([...g.unitCosts]).toEqual([120, 5, 15]);
    expect([...g.flags]).toEqual([0, PRIVATE, PRIVATE | CENTERLINE]);
    expect(g.lengths[1]).toBeCloseTo(2 * Math.hypot(2, 5));
    const x = new Router(g).route({ from: [0, 0], to: [10, 10], strategy: 'minimal_distance' });
    expect(x.edges).toEqual(['ac']);
    const y = new Router(g).route({ from: [10, 10], to: [0, 0], strategy: 'minimal_private' });
    expect(y).toMatchObject({ edges: ['bc', 'ab'], nodes: ['c', 'b', 'a'] });
    expect(y.coordinates).toEqual([[10, 10], [12, 5], [10, 0], [0, 0]]);
  });

  it('routes over a generated street grid; the alternative differs and costs no less', () => {
    const net = generateNetwork(3000, { detail: 'light' });
    const g = graphFromNetwork(net);
    expect(g.edgeCount).toBe(3000);
    const r = new Router(g);
    const [x0, y0] = [g.xy[0], g.xy[1]];
    const from: [number, number] = [x0, y0], to: [number, number] = [x0 + 1000, y0 + 900];
    const best = r.route({ from, to, strategy: 'minimal_cost' });
    const alt = r.route({ from, to, strategy: 'minimal_cost_alternative' });
    expect(best.found && alt.found).toBe(true);
    expect(alt.edges).not.toEqual(best.edges);
    expect(alt.cost).toBeGreaterThanOrEqual(best.cost - 1e-6);
    expect(alt.cost).toBeLessThan(best.cost * 2);
    const d = r.route({ from, to, strategy: 'minimal_distance' });
    expect(d.length).toBeLessThanOrEqual(best.length + 1e-6);
    // ALT landmarks change the work, not the answers
    const alt4 = new Router(g, { landmarks: 4 });
    const far: [number, number] = [x0 + 1500, y0 + 300];
    const both = (strategy: 'minimal_cost' | 'minimal_distance' | 'minimal_private' | 'minimal_cost_alternative') => [r.route({ from, to: far, strategy }), alt4.route({ from, to: far, strategy })];
    const [c1, c2] = both('minimal_cost');
    expect(c2.cost).toBeCloseTo(c1.cost, 6);
    const [d1, d2] = both('minimal_distance');
    expect(d2.length).toBeCloseTo(d1.length, 6);
    const [p1, p2] = both('minimal_private');
    expect([p2.privateLength, p2.cost]).toEqual([p1.privateLength, expect.closeTo(p1.cost, 6)]);
    const [, a2] = both('minimal_cost_alternative');
    expect(a2.found && a2.edges.join() !== c2.edges.join() && a2.cost >= c2.cost - 1e-6).toBe(true);
  });
});

describe('graph from an engine model', () => {
  it('equals the graph of the same wire network', () => {
    const net = generateNetwork(800, { detail: 'ftth' });
    const model = createModel({ ...net });
    const trenchCosts = [{ name: 'default', cost: 85, method: '=' as const, priority: 0, active: true }, { name: 'house_connection', cost: 50, method: '=' as const, priority: 2, active: true }];
    const a = graphFromModel(model, { trenchCosts }), b = graphFromNetwork(net, { trenchCosts });
    expect(a.edgeCount).toBe(800);
    const byId = (g: typeof a) => new Map(g.edgeIds.map((id, e) => [id, [g.vertexIds[g.from[e]], g.vertexIds[g.to[e]], g.lengths[e], g.unitCosts[e], g.flags[e]]]));
    expect(byId(a)).toEqual(byId(b));
    expect(new Set(b.unitCosts)).toEqual(new Set([85, 50]));
    const q = { from: [b.xy[0], b.xy[1]] as [number, number], to: [b.xy[0] + 300, b.xy[1] + 250] as [number, number], strategy: 'minimal_cost' as const };
    expect(new Router(a, { trenchCosts }).route(q).cost).toBeCloseTo(new Router(b, { trenchCosts }).route(q).cost, 6);
  });
});
