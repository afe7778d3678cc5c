// The network a whole-network job (validation, route determination) works on: the Arrow body of the whole-project
// read handed over with the job, or read by the job itself over a PostgreSQL connection of its own (one snapshot; the
// version it read comes back with it), then turned into the engine's flat model input.
import { modelInputFromColumns, networkColumns } from '../../engine/network-arrow';
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

/** The job's network as flat model input, and the version read (when the job read it itself). */
export async function networkInput(job: NetworkSource): Promise<{ rows: ReturnType<typeof modelInputFromColumns>; version?: string }> {
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
  return { rows: modelInputFromColumns(networkColumns(body)), version };
}
