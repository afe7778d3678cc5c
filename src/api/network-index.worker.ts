// Web Worker of whole network reads (issue 15): the message handler of index-worker-core.ts bound to the worker's scope
// — it reads the answer itself (fetch), or takes the main thread's chunks, and computes the model's index.
import { workerHandler, type IndexRequest, type IndexResponse } from './index-worker-core';

export type { IndexRequest, IndexResponse } from './index-worker-core';

const scope = self as unknown as { onmessage: ((e: MessageEvent<IndexRequest>) => void) | null; postMessage(m: IndexResponse, t?: Transferable[]): void };
const handle = workerHandler((m, t) => scope.postMessage(m, t));
scope.onmessage = (e) => handle(e.data);
