// Route determination in a Web Worker: the map posts the route graph once (its typed arrays transferred, not copied)
// and then queries; the worker keeps one Router (engine/route). The message handler is a plain function
// (`createRouteHandler`), so tests run it in-process; the worker bootstrap below only wires it to `self`.
import { RouteGraph, Router, type RouteGraphData, type RouterOptions, type RouteQuery, type RouteResult } from 'engine/route/index';

export type RouteRequest =
  | { type: 'graph'; id: number; data: RouteGraphData; options?: RouterOptions }
  | { type: 'route'; id: number; query: RouteQuery };

export type RouteResponse =
  | { type: 'ready'; id: number; vertices: number; edges: number; ms: number }
  | { type: 'result'; id: number; result: RouteResult; ms: number }
  | { type: 'error'; id: number; message: string };

/** The worker's state and message handler: one reply per request. */
export function createRouteHandler(): (req: RouteRequest) => RouteResponse {
  let router: Router | null = null;
  return (req) => {
    const t0 = performance.now();
    try {
      if (req.type === 'graph') {
        const g = RouteGraph.fromData(req.data);
        router = new Router(g, req.options);
        return { type: 'ready', id: req.id, vertices: g.vertexCount, edges: g.edgeCount, ms: performance.now() - t0 };
      }
      if (!router) return { type: 'error', id: req.id, message: 'No route graph yet: post the graph first.' };
      return { type: 'result', id: req.id, result: router.route(req.query), ms: performance.now() - t0 };
    } catch (e) {
      return { type: 'error', id: req.id, message: e instanceof Error ? e.message : String(e) };
    }
  };
}

// Worker bootstrap (only inside a dedicated worker: no `window`, a `self` with postMessage).
declare const self: { postMessage(m: unknown): void; addEventListener(t: 'message', f: (ev: { data: RouteRequest }) => void): void } | undefined;
if (typeof window === 'undefined' && typeof self !== 'undefined' && typeof self.postMessage === 'function') {
  const handle = createRouteHandler();
  const scope = self;
  scope.addEventListener('message', (ev) => scope.postMessage(handle(ev.data)));
}
