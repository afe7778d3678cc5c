// The stored network as the engine's model input, for server-side work on a whole project (validators, route
// determination): read in the Arrow form (read-arrow.ts: the column store by binary COPY where the connection
// streams COPY, else the rows) and turned into flat rows (engine/network-arrow.ts). No JSON text on the way: the
// JSON of a 10⁶-edge project (≈ 2.4 GB) is over V8's string limit and took the process down.
import type { Db, Queryable } from '../db/db';
import { inSnapshot } from './send';
import { modelInputFromColumns, networkColumns } from '../../engine/network-arrow';
import type { NetworkFilter } from './read';
import { readNetworkArrow } from './read-arrow';

export type NetworkInput = ReturnType<typeof modelInputFromColumns>;

/** The objects of the read `f` as flat model input. Given the database (not a transaction), it reads in one snapshot
 *  of its own (where the column store's COPY can run). */
export async function networkModelInput(q: Queryable | Db, projectId: number, f: NetworkFilter): Promise<NetworkInput> {
  const body = 'tx' in q ? await inSnapshot(q, (t) => readNetworkArrow(t, projectId, f)) : await readNetworkArrow(q, projectId, f);
  return modelInputFromColumns(networkColumns(body));
}
