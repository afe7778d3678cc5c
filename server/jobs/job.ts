// The kinds of whole-network job the worker thread runs, and the one dispatcher (the worker and the inline mode).
import { runNetworkJob, type NetworkJob, type NetworkJobResult } from '../validation/network-job';
import { runRouteJob, type RouteJob, type RouteJobResult } from '../routing/route-job';

export type Job = NetworkJob | RouteJob;
export type JobResult<J extends Job> = J extends RouteJob ? RouteJobResult : NetworkJobResult;

export function runJob(job: Job): Promise<NetworkJobResult | RouteJobResult> {
  return job.kind === 'route' ? runRouteJob(job) : runNetworkJob(job);
}
