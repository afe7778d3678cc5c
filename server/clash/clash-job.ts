// A full clash run's computation as a whole-network job (jobs/worker.ts): the engine's ClashIndex over the stored
// network (jobs/network-body.ts) against the project's reference features with the run's rules and the statuses to
// keep; the clashes (sorted by id) and their counts out. Storing them stays with the caller (clash/run.ts).
import { threadId } from 'node:worker_threads';
import { ClashIndex, type Clash, type ClashRule, type ClashStatus, type ModelInput, type ReferenceFeature } from '../../engine/index';
import { networkModel, type NetworkSource } from '../jobs/network-body';

export interface ClashJob extends NetworkSource {
  kind: 'clash';
  objectTypes: ModelInput['objectTypes'];
  relationTypes: ModelInput['relationTypes'];
  references: ReferenceFeature[];
  rules: ClashRule[];
  statuses: Map<string, ClashStatus>;
}

export interface ClashJobResult { clashes: Clash[]; counts: Record<string, number>; thread: number }

export async function runClashJob(job: ClashJob): Promise<ClashJobResult> {
  const { model } = await networkModel(job, { objectTypes: job.objectTypes, relationTypes: job.relationTypes });
  const ix = new ClashIndex(model, job.references, job.rules, { statuses: job.statuses });
  const clashes = ix.clashes().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { clashes, counts: ix.counts(), thread: threadId };
}
