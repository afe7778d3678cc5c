// Whole-network validators of one POST /validations (graph_integrity and the engine's network validators): answered
// from the results of the same network version, catalogue, settings, demarcation and params when this process has
// them, else run as one job (one model for every validator asked) in the worker thread of whole-network jobs (jobs/)
// — the event loop stays free for tile reads while a 10⁶-edge network is checked. On PostgreSQL the worker reads the
// network over a connection of its own; on embedded PGlite this thread reads the Arrow body and hands it over. The SQL
// validators' results are kept the same way (keptResults).
import type { Db } from '../db/db';
import { databaseId, networkVersion } from '../network/cache';
import { readNetworkArrow } from '../network/read-arrow';
import { inSnapshot } from '../network/send';
import { catalogueFor } from '../catalogue/catalogue';
import { networkContext, type EngineProject, type NetworkContext } from './engine-validators';
import type { NetworkJob } from './network-job';
import { runInThread } from '../jobs/thread';
import { sha1, stable } from '../jobs/keys';
import type { ValidationResult } from './results';

/** Results kept per process (NETWORK_VALIDATION_CACHE entries, the most recently used). */
const MAX_ENTRIES = Number(process.env.NETWORK_VALIDATION_CACHE ?? 64);
const results = new Map<string, ValidationResult[]>();
const inFlight = new Map<string, Promise<Map<string, ValidationResult[]>>>();

/** How the last call got its results (tests, benchmarks): every one kept ('cached'), or some run ('run') — in which
 *  thread (0: the server's own). */
export const lastNetworkValidation: { how: 'cached' | 'run'; thread?: number } = { how: 'run' };

function keep(key: string, r: ValidationResult[]): void {
  results.delete(key);
  results.set(key, r);
  while (results.size > MAX_ENTRIES) results.delete(results.keys().next().value!);
}

/** Forgets the kept results (benchmarks: a fresh process). */
export function clearNetworkValidations(): void { results.clear(); }

/** Hashes of catalogues (a catalogue object is replaced, not changed, when its types are edited). */
const catalogueHashes = new WeakMap<object, string>();

/** What results depend on besides the params, read once per request: the database, the project, the whole catalogue
 *  of its family, its effective settings and demarcation (`ctx`, what a job needs), and the network version. */
export interface ValidationScope { key: string; version: string; ctx: NetworkContext }

export async function validationScope(db: Db, p: EngineProject): Promise<ValidationScope> {
  const [dbId, ctx, cat, version] = await Promise.all([databaseId(db), networkContext(db, p), catalogueFor(db, p.family), networkVersion(db, p.id)]);
  let c = catalogueHashes.get(cat);
  if (!c) catalogueHashes.set(cat, (c = sha1(stable(cat))));
  return { key: `${dbId}|${p.id}|${c}|${sha1(stable([ctx.settings, ctx.demarcation]))}`, version, ctx };
}

type Item = { name: string; params: Record<string, unknown> };
const itemKey = (scope: string, version: string, i: Item) => `${scope}|${version}|${i.name}|${stable(i.params)}`;

/** The results of validator `i` run by `run` (an SQL validator over the stored project), or those kept for the same
 *  scope and params. */
export async function keptResults(sc: ValidationScope, i: Item, run: () => Promise<ValidationResult[]>): Promise<ValidationResult[]> {
  const key = itemKey(sc.key, sc.version, i);
  const hit = results.get(key);
  if (hit) return hit;
  const r = await run();
  keep(key, r);
  return r;
}

/** The results of the whole-network validators `items` (in order) over project `p`'s stored network. */
export async function runNetworkValidators(db: Db, p: EngineProject, sc: ValidationScope, scenarioId: number | undefined, items: Item[]): Promise<ValidationResult[][]> {
  const { version, ctx } = sc;
  const scope = `${sc.key}|${scenarioId ?? ''}`;
  const keyOf = (v: string, i: Item) => itemKey(scope, v, i);
  const missing = items.filter((i) => !results.has(keyOf(version, i)));
  lastNetworkValidation.how = missing.length ? 'run' : 'cached';
  let fresh = new Map<string, ValidationResult[]>();
  if (missing.length) {
    const runKey = `${scope}|${version}|${missing.map((i) => `${i.name}|${stable(i.params)}`).join('\u0001')}`;
    let run = inFlight.get(runKey);
    if (!run) {
      run = (async () => {
        const job: NetworkJob = { kind: 'validate', projectId: p.id, scenarioId, items: missing, ...ctx };
        let read = version;
        if (db.connection) job.source = db.connection;
        else {
          await inSnapshot(db, async (q) => {
            read = await networkVersion(q, p.id);
            job.arrow = await readNetworkArrow(q, p.id, { includeWithoutObjectInstances: true, scenarioId });
          });
        }
        const r = await runInThread(job);
        lastNetworkValidation.thread = r.thread;
        const at = r.version ?? read;
        const out = new Map<string, ValidationResult[]>();
        missing.forEach((i, n) => {
          keep(keyOf(at, i), r.results[n]);
          // under the version asked for too, where the job read a later one: those results are the newest there are
          out.set(keyOf(version, i), r.results[n]);
          if (at !== version) keep(keyOf(version, i), r.results[n]);
        });
        return out;
      })().finally(() => inFlight.delete(runKey));
      inFlight.set(runKey, run);
    }
    fresh = await run;
  }
  return items.map((i) => fresh.get(keyOf(version, i)) ?? results.get(keyOf(version, i)) ?? []);
}
