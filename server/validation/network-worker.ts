// The validation worker thread: runs whole-network validation jobs (network-job.ts) one at a time, off the server's
// event loop, and posts each job's results (or its error's message) back under the job's number.
import { parentPort } from 'node:worker_threads';
import { runNetworkJob, type NetworkJob } from './network-job';

parentPort!.on('message', (m: { id: number; job: NetworkJob }) => {
  runNetworkJob(m.job).then(
    (result) => parentPort!.postMessage({ id: m.id, result }),
    (e: unknown) => parentPort!.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) }),
  );
});
