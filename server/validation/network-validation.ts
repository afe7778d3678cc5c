// Whole-network validators of one POST /validations (graph_integrity and the engine's network validators): answered
// from the results of the same network version, catalogue, settings, demarcation and params when this process has
// them, else from those any process stored in the database (result-store.ts), else run as one job (one model for every
// validator asked) in the worker thread of whole-network jobs (jobs/) — the event loop stays free for tile reads while a 10⁶-edge network is checked. On PostgreSQL the worker reads the
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
import { clearStoredResults, storedResults, storeResults } from './result-store';

/** Results kept per process (NETWORK_VALIDATION_CACHE entries, the most recently used). */
const MAX_ENTRIES = Number(process.env.NETWORK_VALIDATION_CACHE ?? 64);
const results = new Map<string, ValidationResult[]>();
const inFlight = new Map<string, Promise<Map<string, ValidationResult[]>>>();

/** How the last call got its results (tests, benchmarks): every one kept in this process ('cached'), the rest from the
 *  database ('stored'), or some run ('run') — in which thread (0: the server's own). */
export const lastNetworkValidation: { how: 'cached' | 'stored' | 'run'; thread?: number } = { how: 'run' };
/** How the last SQL validator's results were got (tests). */
export const lastSqlValidation: { how: 'cached' | 'stored' | 'run' } = { how: 'run' };

function keep(key: string, r: ValidationResult[]): void {
  results.delete(key);
  results.set(key, r);
  while (results.size > MAX_ENTRIES) results.delete(results.keys().next().value!);
}

/** Forgets the kept results (a fresh process); with `db`, those stored in it too (a cold start: tests, benchmarks). */
export async function clearNetworkValidations(db?: Db): Promise<void> {
  results.clear();
  if (db) await clearStoredResults(db);
}

/** Hashes of catalogues (a catalogue object is replaced, not changed, when its types are edited). */
const catalogueHashes = new WeakMap<object, string>();

/** What results depend on besides the params, read once per request: the database, the project, the whole catalogue
 *  of its family, its effective settings and demarcation (`ctx`, what a job needs), and the network version. */
export interface ValidationScope { key: string; version: string; ctx: NetworkContext; /** key without the database */ shared: string }

export async function validationScope(db: Db, p: EngineProject): Promise<ValidationScope> {
  const [dbId, ctx, cat, version] = await Promise.all([databaseId(db), networkContext(db, p), catalogueFor(db, p.family), networkVersion(db, p.id)]);
  let c = catalogueHashes.get(cat);
  if (!c) catalogueHashes.set(cat, (c = sha1(stable(cat))));
  const shared = `${p.id}|${c}|${sha1(stable([ctx.settings, ctx.demarcation]))}`;
  return { key: `${dbId}|${shared}`, shared, version, ctx };
}

type Item = { name: string; params: Record<string, unknown> };
const itemKey = (scope: string, version: string, i: Item) => `${scope}|${version}|${i.name}|${stable(i.params)}`;

/** The results of validator `i` run by `run` (an SQL validator over the stored project), or those kept for the same
 *  scope and params — in this process, else stored in the database (at 10⁶ edges the SQL validators of the open take
 *  ≈ 20 s of PostgreSQL). */
export async function keptResults(db: Db, sc: ValidationScope, projectId: number, i: Item, run: () => Promise<ValidationResult[]>): Promise<ValidationResult[]> {
  const key = itemKey(sc.key, sc.version, i);
  const hit = results.get(key);
  lastSqlValidation.how = 'cached';
  if (hit) return hit;
  const dbKey = sha1(`${sc.shared}|sql|${i.name}|${stable(i.params)}`);
  const stored = (await storedResults(db, projectId, sc.version, [dbKey])).get(dbKey);
  lastSqlValidation.how = 'stored';
  if (stored) { keep(key, stored); return stored; }
  lastSqlValidation.how = 'run';
  const r = await run();
  keep(key, r);
  await storeResults(db, projectId, sc.version, [[dbKey, r]]);
  return r;
}

/** The results of the whole-network validators `items` (in order) over project `p`'s stored network. */
export async function runNetworkValidators(db: Db, p: EngineProject, sc: ValidationScope, scenarioId: number | undefined, items: Item[]): Promise<ValidationResult[][]> {
  const { version, ctx } = sc;
  const scope = `${sc.key}|${scenarioId ?? ''}`;
  const keyOf = (v: string, i: Item) => itemKey(scope, v, i);
  const storedKey = (i: Item) => sha1(`${sc.shared}|${scenarioId ?? ''}|${i.name}|${stable(i.params)}`);
  const asked = items.filter((i) => !results.has(keyOf(version, i)));
  lastNetworkValidation.how = asked.length ? 'run' : 'cached';
  let fresh = new Map<string, ValidationResult[]>();
  if (asked.length) {
    const runKey = `${scope}|${version}|${asked.map((i) => `${i.name}|${stable(i.params)}`).join('\u0001')}`;
    let run = inFlight.get(runKey);
    if (!run) {
      run = (async () => {
        const out = new Map<string, ValidationResult[]>();
        const stored = await storedResults(db, p.id, version, asked.map(storedKey));
        for (const i of asked) {
          const r = stored.get(storedKey(i));
          if (r) { keep(keyOf(version, i), r); out.set(keyOf(version, i), r); }
        }
        const missing = asked.filter((i) => !stored.has(storedKey(i)));
        lastNetworkValidation.how = missing.length ? 'run' : 'stored';
        if (!missing.length) return out;
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
        await storeResults(db, p.id, at, missing.map((i, n) => [storedKey(i), r.results[n]]));
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
