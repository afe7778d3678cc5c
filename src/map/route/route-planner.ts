// The route panel's logic without React (issue 14): keeps a route client — the Web Worker of route-worker.ts, or,
// where no Worker can be constructed (jsdom, node tests) or the worker fails, the same handler run in-process
// (`inProcessRouteClient`) — and the session's route graph in it. The graph is built from the session's model (`graphFromModel`, ground metres,
// the project's trench cost entries and route weights) and posted once; a change of the model (any ChangeEvent of
// the binding) only marks it stale, and the next query rebuilds it (lazily). `compute` runs the chosen strategies
// for a start and an end point; `acceptIntent` turns a route into the engine's createPath intent (one gesture), with
// an instance of a path object type (`pathTypes`: the project's cable type first).
import type { Intent } from 'engine/intents';
import type { ObjectType, Position } from 'engine/types';
import type { Model } from 'engine/model';
import type { TrenchCostEntry } from 'engine/capex/types';
import { groundLength } from 'engine/mercator';
import { graphFromModel, type RouteArea, type RouteResult, type RouteStrategy, type RouteWeights } from 'engine/route/index';
import { RouteClient, createRouteWorkerClient, type RoutePort } from './route-client';
import { createRouteHandler, type RouteRequest, type RouteResponse } from './route-worker';
import type { EditSession, ChangeEvent } from '../edit-session';
import { trenchCostEntries } from 'engine/capex/trench-costs';
import type { PlanningSettings } from '../planning/planning-binding';

/** The strategies the panel offers, in table order; the default selection. */
export const PANEL_STRATEGIES: readonly RouteStrategy[] = ['minimal_cost', 'minimal_cost_alternative', 'minimal_distance', 'minimal_private', 'centerline'];
export const DEFAULT_STRATEGIES: readonly RouteStrategy[] = ['minimal_cost', 'minimal_cost_alternative', 'minimal_distance'];
/** Farthest a picked point may lie from a network node, in map units (≈ metres at Dutch latitudes × 1.6). */
export const MAX_SNAP = 250;

/** The same handler as the worker, answered asynchronously in this thread (no Worker available). */
export function inProcessRouteClient(): RouteClient {
  const handle = createRouteHandler();
  const listeners: ((ev: { data: RouteResponse }) => void)[] = [];
  const port: RoutePort = {
    postMessage(message: RouteRequest) { setTimeout(() => { const data = handle(message); for (const l of listeners) l({ data }); }, 0); },
    addEventListener(_t, l) { listeners.push(l); },
  };
  return new RouteClient(port);
}

/** A worker client, or the in-process fallback where `Worker` is missing or refuses to start. */
export function defaultRouteClient(): { client: RouteClient; inWorker: boolean } {
  if (typeof Worker === 'function') {
    try { return { client: createRouteWorkerClient(), inWorker: true }; } catch { /* fall back below */ }
  }
  return { client: inProcessRouteClient(), inWorker: false };
}

export interface RouteSettings { trenchCosts?: readonly TrenchCostEntry[]; weights?: RouteWeights }

/** A computed route with the panel's derived figures. */
export interface RouteRow { result: RouteResult; privateShare: number }

export class RoutePlanner {
  client: RouteClient;
  inWorker: boolean;
  private graphFor: EditSession | null = null;
  private stale = true;
  private settingsKey = '';
  private off: (() => void) | null = null;

  constructor(private settings: RouteSettings = {}, client?: RouteClient) {
    const c = client ? { client, inWorker: false } : defaultRouteClient();
    this.client = c.client; this.inWorker = c.inWorker;
  }

  /** Follows the binding's changes: any change marks the graph stale (rebuilt at the next query). */
  follow(subscribe: (l: (e: ChangeEvent) => void) => () => void): void {
    this.off?.();
    this.off = subscribe((e) => { if (e.kind !== 'reset') this.stale = true; });
  }

  private areas: RouteArea[] = [];
  /** The project's shaping areas (obstruction, avoid, preference, cost types): applied to every query, as the
   *  server's route call does. */
  setAreas(areas: readonly RouteArea[]): void { this.areas = [...areas]; }

  /** New project settings (trench costs, weights): the graph is rebuilt at the next query when they differ. */
  setSettings(s: RouteSettings): void {
    const key = JSON.stringify(s);
    if (key !== this.settingsKey) { this.settingsKey = key; this.settings = s; this.stale = true; }
  }

  /** Is the graph in the client older than the session's model? */
  get needsGraph(): boolean { return this.stale; }

  private async ensureGraph(session: EditSession): Promise<void> {
    if (!this.stale && this.graphFor === session) return;
    const graph = graphFromModel(session.model, { trenchCosts: this.settings.trenchCosts, weights: this.settings.weights, lengthOf: groundLength });
    this.stale = false; this.graphFor = session;
    try {
      await this.client.setGraph(graph, { trenchCosts: this.settings.trenchCosts, maxSnap: MAX_SNAP, landmarks: graph.edgeCount > 20000 ? 8 : 0 });
    } catch (e) { this.stale = true; throw e; }
  }

  /** Routes from `from` to `to` for each strategy (in PANEL_STRATEGIES order). */
  async compute(session: EditSession, from: Position, to: Position, strategies: readonly RouteStrategy[]): Promise<RouteRow[]> {
    try {
      return await this.computeOnce(session, from, to, strategies);
    } catch (e) {
      if (!this.client.failed) throw e;
      // the worker failed (its script did not load, or it crashed): the same handler in this thread, graph rebuilt
      this.client.terminate();
      this.client = inProcessRouteClient(); this.inWorker = false; this.stale = true;
      return this.computeOnce(session, from, to, strategies);
    }
  }

  private async computeOnce(session: EditSession, from: Position, to: Position, strategies: readonly RouteStrategy[]): Promise<RouteRow[]> {
    await this.ensureGraph(session);
    const order = PANEL_STRATEGIES.filter((s) => strategies.includes(s));
    const areas = this.areas.length ? this.areas : undefined;
    const results = await Promise.all(order.map((strategy) => this.client.route({ from, to, strategy, areas })));
    return results.map((result) => ({ result, privateShare: result.length > 0 ? result.privateLength / result.length : 0 }));
  }

  destroy(): void { this.off?.(); this.off = null; this.client.terminate(); }
}

/** The engine intent that puts a found route into the design: one path over its edges, from its first node, with an
 *  instance of the given path object type (a cable) when one is given. */
export function acceptIntent(r: RouteResult, pathTypeId?: number | null): Intent | null {
  if (!r.found || !r.edges.length || !r.nodes.length) return null;
  return { type: 'createPath', edgeIds: [...r.edges], startNodeId: r.nodes[0], ...(pathTypeId != null ? { instances: [{ objectTypeId: pathTypeId }] } : {}) };
}

/** The project's path object types (geometry kind 'path'), those named cable first: what an accepted route becomes. */
export function pathTypes(m: Model): ObjectType[] {
  const rank = (t: ObjectType) => (/cable/i.test(t.name) ? 0 : 1);
  return Object.values(m.schema.objectTypes).filter((t) => t.geometryKind === 'path').sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/** The trench cost entries and route weights of the project's (fttx) settings, as the server's route call reads them. */
export function routeSettingsOf(s: unknown): RouteSettings {
  if (!s || typeof s !== 'object') return {};
  const rd = (s as { routeDetermination?: { weights?: unknown } }).routeDetermination;
  const weights = rd?.weights && typeof rd.weights === 'object' ? rd.weights as RouteWeights : undefined;
  return { trenchCosts: trenchCostEntries(s as PlanningSettings), weights };
}
