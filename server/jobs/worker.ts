// The worker thread of whole-network jobs: runs validation jobs (validation/network-job.ts) and route determination
// jobs (routing/route-job.ts) one at a time, off the server's event loop, and posts each job's result (or its error's
// message) back under the job's number.
import { parentPort } from 'node:worker_threads';
import { runJob, type Job } from './job';

parentPort!.on('message', (m: { id: number; job: Job }) => {
  runJob(m.job).then(
    (result) => parentPort!.postMessage({ id: m.id, result }),
    (e: unknown) => parentPort!.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) }),
  );
});
