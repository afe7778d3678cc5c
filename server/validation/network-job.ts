// One run of the whole-network validators (graph_integrity and the engine's network validators) over a stored network,
// as a plain job: the network (jobs/network-body.ts), the catalogue's types, the effective settings and the
// demarcation in; one result list per requested validator out. Pure data both ways, so it runs in the worker thread
// (jobs/worker.ts) as well as in this thread: the model of a 10⁶-edge network takes tens of seconds to build and
// check, which must not stop the server's event loop.
import {
  checkIntegrity, NetworkValidation, VALIDATORS as ENGINE, type ModelInput, type Position,
} from '../../engine/index';
import { threadId } from 'node:worker_threads';
import { networkModel, type NetworkSource } from '../jobs/network-body';
import { severityOf, stateOf, summary, type ValidationResult } from './results';

/** The validators that need the whole stored network as an engine model. */
export const ENGINE_VALIDATORS = ['allowed_values', 'dp_capacity', 'cable_capacity', 'unconnected_customer_connections', 'demarcation_containment'] as const;
export const NETWORK_VALIDATORS: readonly string[] = ['graph_integrity', ...ENGINE_VALIDATORS];

export interface NetworkJob extends NetworkSource {
  kind: 'validate';
  items: { name: string; params: Record<string, unknown> }[];
  objectTypes: ModelInput['objectTypes'];
  relationTypes: ModelInput['relationTypes'];
  settings: Record<string, unknown>;
  demarcation: Position[][] | null;
}

/** Results per item (in order), the network version read (when the job read it itself) and the thread that ran it. */
export interface NetworkJobResult { version?: string; results: ValidationResult[][]; thread: number }

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Runs every item of the job over one model of the network. */
export async function runNetworkJob(job: NetworkJob): Promise<NetworkJobResult> {
  const { model, version } = await networkModel(job, { objectTypes: job.objectTypes, relationTypes: job.relationTypes });
  const network = (job.settings.network ?? {}) as Record<string, unknown>;
  const results = job.items.map(({ name, params }): ValidationResult[] => {
    if (name === 'graph_integrity') {
      const sev = severityOf(params, 'Required');
      const issues = checkIntegrity(model, { geometry: params.geometry === true });
      return summary(name, issues.map((i) => ({ message: i.message, id: i.id, stateId: stateOf(params), severity: sev, passed: false })), params, sev);
    }
    if (!(ENGINE_VALIDATORS as readonly string[]).includes(name)) throw new Error(`not a network validator: ${name}`);
    const severity = params.severity === 'Required' || params.severity === 'Recommended' || params.severity === 'Optional' ? params.severity : undefined;
    const v = new NetworkValidation(model, {
      validators: ENGINE.filter((x) => x.name === name),
      stateId: stateOf(params),
      settings: Object.fromEntries(Object.entries({ dp_capacity: num(network.dp_capacity), dp_minimum_usage: num(network.dp_minimum_usage), dp_physical_capacity: num(network.dp_physical_capacity) }).filter(([, x]) => x !== undefined)),
      demarcation: job.demarcation,
      severity: severity ? { [name]: severity } : undefined,
    });
    return v.report().map(({ validator: _v, objectId, ...r }) => ({ ...r, ...(objectId ? { id: objectId } : {}) }));
  });
  return { version, results, thread: threadId };
}
