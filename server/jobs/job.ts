// The kinds of whole-network job the worker thread runs (validation, route determination, a full clash run), and the
// one dispatcher (the worker and the inline mode).
import { runNetworkJob, type NetworkJob, type NetworkJobResult } from '../validation/network-job';
import { runRouteJob, type RouteJob, type RouteJobResult } from '../routing/route-job';
import { runClashJob, type ClashJob, type ClashJobResult } from '../clash/clash-job';

export type Job = NetworkJob | RouteJob | ClashJob;
export type JobResult<J extends Job> = J extends RouteJob ? RouteJobResult : J extends ClashJob ? ClashJobResult : NetworkJobResult;

export function runJob(job: Job): Promise<NetworkJobResult | RouteJobResult | ClashJobResult> {
  return job.kind === 'route' ? runRouteJob(job) : job.kind === 'clash' ? runClashJob(job) : runNetworkJob(job);
}
