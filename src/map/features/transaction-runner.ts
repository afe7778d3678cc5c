// Sends a planned feature transaction (spec 3 §7, §9): chunk after chunk, each retried up to 4 times with quadratic
// back-off (1 s × attempt²: 1, 4, 9, 16 s) when the send fails; the inserted ids are read from every answer ('none'
// ignored). A refusal of the request itself (HTTP 4xx: bad input, no permission) is not retried — sending the same
// document again cannot succeed. The sleep is injectable (tests).
import { insertedIds, planChunks, type FeatureOp, type TransactionChunk } from './transaction-plan';

export const RETRIES = 4;
export const BASE_DELAY_MS = 1000;

/** Sends one transaction document; resolves with the answer's text, rejects on failure (`status` when HTTP). */
export type SendChunk = (xml: string, chunk: TransactionChunk) => Promise<string>;

export interface RunOptions {
  sleep?: (ms: number) => Promise<void>;
  retries?: number;
  baseDelayMs?: number;
}

export interface RunResult { inserted: string[]; chunks: number }

/** A failed transaction: the chunks already accepted by the server are not undone. */
export class FeatureTransactionError extends Error {
  constructor(message: string, readonly accepted: number, readonly status?: number, readonly cause?: unknown) { super(message); }
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The HTTP status of a failed send, if it had one. */
export function statusOf(err: unknown): number | undefined {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : undefined;
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  const e = err as { data?: unknown; error?: unknown; status?: unknown } | null;
  if (typeof e?.data === 'string' && e.data) return e.data;
  if (typeof e?.error === 'string') return e.error;
  return `HTTP ${String(e?.status ?? 'error')}`;
}

/** Sends `chunks` in order; a chunk is retried on failure (not on a 4xx refusal). */
export async function runChunks(chunks: readonly TransactionChunk[], send: SendChunk, o: RunOptions = {}): Promise<RunResult> {
  const sleep = o.sleep ?? defaultSleep, retries = o.retries ?? RETRIES, base = o.baseDelayMs ?? BASE_DELAY_MS;
  const inserted: string[] = [];
  for (const [i, chunk] of chunks.entries()) {
    for (let attempt = 0; ; attempt++) {
      let answer: string;
      try {
        answer = await send(chunk.xml, chunk);
      } catch (err) {
        const status = statusOf(err);
        const refused = status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
        if (refused || attempt >= retries) throw new FeatureTransactionError(messageOf(err), i, status, err);
        await sleep(base * (attempt + 1) ** 2);
        continue;
      }
      // an ExceptionReport in the answer is the server's refusal: not retried
      try { inserted.push(...insertedIds(answer)); } catch (err) { throw new FeatureTransactionError(messageOf(err), i, undefined, err); }
      break;
    }
  }
  return { inserted, chunks: chunks.length };
}

/** Plans and sends the operations as one feature transaction of `product`. */
export function runTransaction(ops: readonly FeatureOp[], product: string, send: SendChunk, o?: RunOptions): Promise<RunResult> {
  return runChunks(planChunks(ops, product), send, o);
}
