// The one worker thread of whole-network jobs in the process (worker.ts): started on the first job, fed one job at a
// time from a queue (a 10⁶-edge model takes a few GB; two at once would double that), let go after some minutes idle
// (NETWORK_THREAD_IDLE_MS, default 5 min) so its memory — a route graph it keeps — goes back. It never keeps the
// process alive (unref). NETWORK_THREAD=inline runs jobs in this thread instead (debugging; baselines).
import { Worker } from 'node:worker_threads';
import { runJob, type Job, type JobResult } from './job';

const IDLE_MS = Number(process.env.NETWORK_THREAD_IDLE_MS ?? 300_000);
const HEAP_MB = Number(process.env.NETWORK_THREAD_HEAP_MB ?? 8192);

interface Queued { job: Job; resolve: (r: unknown) => void; reject: (e: Error) => void }

let worker: Worker | undefined;
let running: (Queued & { id: number }) | undefined;
const queue: Queued[] = [];
let nextId = 1;
let idle: ReturnType<typeof setTimeout> | undefined;

const ENTRY = new URL('./worker.ts', import.meta.url);

/** The worker: a small script that registers tsx's TypeScript loader in the new thread (loader hooks of this thread do
 *  not carry over, on Node 20) and imports the TypeScript entry. */
function spawn(): Worker {
  const w = new Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(ENTRY.href)}); })`,
    { eval: true, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  w.unref();
  w.on('message', (m: { id: number; result?: unknown; error?: string }) => {
    const r = running;
    if (!r || r.id !== m.id) return;
    running = undefined;
    if (m.error !== undefined) r.reject(new Error(m.error)); else r.resolve(m.result!);
    next();
  });
  const gone = (e: Error) => {
    if (worker !== w) return;
    worker = undefined;
    const r = running;
    running = undefined;
    r?.reject(e);
    next();
  };
  w.on('error', gone);
  w.on('exit', (code) => gone(new Error(`network job worker stopped (exit code ${code})`)));
  return w;
}

function next(): void {
  if (running) return;
  const q = queue.shift();
  if (!q) {
    clearTimeout(idle);
    idle = setTimeout(() => { const w = worker; worker = undefined; void w?.terminate(); }, IDLE_MS);
    idle.unref();
    return;
  }
  clearTimeout(idle);
  worker ??= spawn();
  running = { ...q, id: nextId++ };
  const a = 'arrow' in q.job ? q.job.arrow : undefined;
  // the Arrow body moves to the worker when it owns its memory, else it is copied
  const move = a && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer ? [a.buffer] : [];
  worker.postMessage({ id: running.id, job: q.job }, move);
}

/** Runs a whole-network job in the worker thread (queued behind the one running). */
export function runInThread<J extends Job>(job: J): Promise<JobResult<J>> {
  if (process.env.NETWORK_THREAD === 'inline') return runJob(job) as Promise<JobResult<J>>;
  return new Promise((resolve, reject) => { queue.push({ job, resolve: resolve as (r: unknown) => void, reject }); next(); });
}
