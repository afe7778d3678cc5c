// The network a whole-network job (validation, route determination) works on: the Arrow body of the whole-project
// read handed over with the job, or read by the job itself over a PostgreSQL connection of its own (one snapshot; the
// version it read comes back with it), then turned into the engine's model (or flat model input).
import { modelInputFromColumns, networkColumns, type NetworkColumns } from '../../engine/network-arrow';
import { modelFromColumns, type ModelTypes } from '../../engine/model-columns';
import type { Model } from '../../engine/model';
import { openPg } from '../db/pg';
import { networkVersion } from '../network/cache';
import { readNetworkArrow } from '../network/read-arrow';
import { inSnapshot } from '../network/send';

export interface NetworkSource {
  projectId: number;
  scenarioId?: number;
  /** The whole-project Arrow body (includeWithoutObjectInstances) — or, without it, `source` to read it from. */
  arrow?: Uint8Array;
  source?: { url: string; schema?: string };
}

/** The job's network as the Arrow columns, and the version read (when the job read it itself). */
async function networkBody(job: NetworkSource): Promise<{ columns: NetworkColumns; version?: string }> {
  let body = job.arrow, version: string | undefined;
  if (!body) {
    if (!job.source) throw new Error('network job without a network');
    const db = await openPg(job.source.url, job.source.schema, 1);
    try {
      ({ body, version } = await inSnapshot(db, async (q) => ({
        version: await networkVersion(q, job.projectId),
        body: await readNetworkArrow(q, job.projectId, { includeWithoutObjectInstances: true, scenarioId: job.scenarioId }),
      })));
    } finally { await db.close(); }
  }
  return { columns: networkColumns(body), version };
}

/** The job's network as flat model input (route determination's graph), and the version read. */
export async function networkInput(job: NetworkSource): Promise<{ rows: ReturnType<typeof modelInputFromColumns>; version?: string }> {
  const { columns, version } = await networkBody(job);
  return { rows: modelInputFromColumns(columns), version };
}

/** The job's network as the engine's model, built straight from the columns, and the version read. */
export async function networkModel(job: NetworkSource, types: ModelTypes): Promise<{ model: Model; version?: string }> {
  const { columns, version } = await networkBody(job);
  return { model: modelFromColumns(columns, types), version };
}
