// The route worker client against the worker's message handler run in-process (structured clone with transfer, as
// postMessage does): the graph moves once (the sender's arrays are detached), queries answer like the engine Router.
import { describe, expect, it } from 'vitest';
import { RouteClient, type RoutePort } from '../../../../src/map/route/route-client';
import { createRouteHandler, type RouteRequest, type RouteResponse } from '../../../../src/map/route/route-worker';
import { Router } from '../../../../engine/route/index';
import { TWO_WAYS } from '../../../engine/route/fixtures';

function inProcessPort(): RoutePort & { posted: number } {
  const handle = createRouteHandler();
  const listeners: ((ev: { data: RouteResponse }) => void)[] = [];
  const port = {
    posted: 0,
    postMessage(message: RouteRequest, transfer: Transferable[] = []) {
      port.posted++;
      const req = structuredClone(message, { transfer: transfer as never[] });
      setTimeout(() => { const res = structuredClone(handle(req)); for (const l of listeners) l({ data: res }); }, 0);
    },
    addEventListener(_t: 'message', l: (ev: { data: RouteResponse }) => void) { listeners.push(l); },
  };
  return port;
}

describe('RouteClient over the worker handler', () => {
  it('posts the graph once as transferables and answers queries like the Router', async () => {
    const port = inProcessPort();
    const client = new RouteClient(port);
    await expect(client.route({ from: [0, 0], to: [20, 0], strategy: 'minimal_cost' })).rejects.toThrow(/post the graph first/);
    const g = TWO_WAYS();
    expect(await client.setGraph(g)).toEqual({ vertices: 6, edges: 7 });
    expect(g.lengths.byteLength).toBe(0); // moved, not copied
    const expected = new Router(TWO_WAYS());
    for (const strategy of ['minimal_cost', 'minimal_distance', 'minimal_private', 'centerline', 'minimal_cost_alternative'] as const) {
      const q = { from: [0, 0] as [number, number], to: [20, 0] as [number, number], strategy };
      expect(await client.route(q)).toEqual(expected.route(q));
    }
    const both = await Promise.all([
      client.route({ from: [0, 0], to: [20, 0], strategy: 'minimal_distance' }),
      client.route({ from: [0, 0], to: [20, 0], strategy: 'minimal_cost', areas: [{ costType: 'obstruction', polygon: [[[5, 5], [15, 5], [15, 15], [5, 15], [5, 5]]] }] }),
    ]);
    expect(both.map((r) => r.edges)).toEqual([['sm', 'mt'], ['sc', 'ct']]);
    await expect(client.route({ from: [0, 0], to: [20, 0], strategy: 'other' as never })).rejects.toThrow(/Unknown route strategy/);
    expect(port.posted).toBe(10);
  });
});
