// Typed client of the route worker (route-worker.ts): `setGraph` posts the graph once with its typed arrays as
// transferables (the caller's graph is then detached: build it for the worker), `route` sends a query and resolves
// with the result. Works over any message port (a Worker, or the in-process port of the tests); a port's 'error'
// (the worker failed) rejects what is pending and marks the client `failed`.
import type { RouteGraph, RouterOptions, RouteQuery, RouteResult } from 'engine/route/index';
import type { RouteRequest, RouteResponse } from './route-worker';

export interface RoutePort {
  postMessage(message: RouteRequest, transfer?: Transferable[]): void;
  /** 'message' replies; a Worker also reports 'error' (its script failed to load or threw): see the constructor. */
  addEventListener(type: 'message', listener: (ev: { data: RouteResponse }) => void): void;
  terminate?(): void;
}

export class RouteClient {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (r: RouteResponse) => void; reject: (e: Error) => void }>();

  /** Set once the port reported an error (the worker is unusable: callers fall back, route-planner.ts). */
  failed: string | null = null;

  constructor(private readonly port: RoutePort) {
    // a Worker's 'error' event rejects everything pending; ports that ignore the event type hand messages here too
    const on = port.addEventListener as unknown as (t: 'error', l: (ev: { data?: unknown; message?: string }) => void) => void;
    on.call(port, 'error', (ev) => {
      if (ev && 'data' in ev) return;
      this.failed = `Route worker failed${ev?.message ? `: ${ev.message}` : ''}`;
      for (const p of this.pending.values()) p.reject(new Error(this.failed));
      this.pending.clear();
    });
    port.addEventListener('message', (ev) => {
      const p = this.pending.get(ev.data.id);
      if (!p) return;
      this.pending.delete(ev.data.id);
      if (ev.data.type === 'error') p.reject(new Error(ev.data.message)); else p.resolve(ev.data);
    });
  }

  private send(req: RouteRequest, transfer: Transferable[] = []): Promise<RouteResponse> {
    if (this.failed) return Promise.reject(new Error(this.failed));
    return new Promise((resolve, reject) => { this.pending.set(req.id, { resolve, reject }); this.port.postMessage(req, transfer); });
  }

  /** Moves the graph to the worker; resolves with its size once the worker holds it. */
  async setGraph(graph: RouteGraph, options?: RouterOptions): Promise<{ vertices: number; edges: number }> {
    const r = await this.send({ type: 'graph', id: this.next++, data: graph.data(), options }, graph.transferables());
    if (r.type !== 'ready') throw new Error('Unexpected reply to the route graph');
    return { vertices: r.vertices, edges: r.edges };
  }

  async route(query: RouteQuery): Promise<RouteResult> {
    const r = await this.send({ type: 'route', id: this.next++, query });
    if (r.type !== 'result') throw new Error('Unexpected reply to a route query');
    return r.result;
  }

  terminate(): void { this.port.terminate?.(); }
}

/** A client over a new module worker running route-worker.ts (Vite bundles it). */
export function createRouteWorkerClient(): RouteClient {
  return new RouteClient(new Worker(new URL('./route-worker.ts', import.meta.url), { type: 'module' }) as unknown as RoutePort);
}
