// Route determination as a whole-network job (jobs/worker.ts): the route graph of a stored network is built once per
// network version and unit costs (`graphKey`) and kept in the worker, so the queries after the first cost milliseconds
// instead of a read of the whole network each. A job sent without its network (no `arrow`, no `source`) answers
// `needsNetwork` when the graph it names is not held; the caller sends it again with the network.
import { threadId } from 'node:worker_threads';
import { groundLength } from '../../engine/mercator';
import { graphFromNetwork, Router, type RouteArea, type RouteQuery, type RouteResult, type RouteWeights } from '../../engine/route/index';
import type { TrenchCostEntry } from '../../engine/capex/types';
import { networkInput, type NetworkSource } from '../jobs/network-body';

export interface RouteJob extends NetworkSource {
  kind: 'route';
  /** Names the graph: database, project, scenario, network version, unit costs. */
  graphKey: string;
  trenchCosts?: TrenchCostEntry[];
  weights?: RouteWeights;
  /** The project's stored shaping areas: they act on every query, before the query's own areas. */
  areas: RouteArea[];
  queries: RouteQuery[];
}

export interface RouteJobResult { results?: RouteResult[]; needsNetwork?: true; built: boolean; thread: number }

/** The graph this thread holds (one: the last asked for). */
let held: { key: string; router: Router } | undefined;

export async function runRouteJob(job: RouteJob): Promise<RouteJobResult> {
  let built = false;
  if (held?.key !== job.graphKey) {
    if (!job.arrow && !job.source) return { needsNetwork: true, built, thread: threadId };
    held = undefined;
    const { rows } = await networkInput(job);
    const graph = graphFromNetwork(rows, { trenchCosts: job.trenchCosts, weights: job.weights, lengthOf: groundLength });
    held = { key: job.graphKey, router: new Router(graph, { trenchCosts: job.trenchCosts }) };
    built = true;
  }
  const router = held.router;
  return { results: job.queries.map((q) => router.route({ ...q, areas: [...job.areas, ...(q.areas ?? [])] })), built, thread: threadId };
}

/** Forgets the graph (tests). */
export function dropRouteGraph(): void { held = undefined; }
