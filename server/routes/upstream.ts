// One GET to an outside service for the proxy and the street-level calls: http(s) only, every hop (redirects are
// followed by hand, at most 3) checked against an allow-list, a time limit and a size limit; the caller's session
// token is never sent on. Failures are HttpErrors (502 bad_gateway / 504 gateway_timeout) naming the host.
import { HttpError } from '../auth/messages';
import { hostAllowed } from './external-config';

export interface UpstreamOptions {
  /** Hosts that may be reached; undefined = the URL was configured by the operator (no check). */
  allowed?: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
}

export interface UpstreamAnswer { status: number; contentType: string; headers: Headers; body: Buffer; url: URL }

const MAX_REDIRECTS = 3;

export function checkTarget(url: URL, allowed: readonly string[] | undefined, field: string): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, 'bad_request', `${field} must be an http or https address`);
  if (url.username || url.password) throw new HttpError(400, 'bad_request', `${field} must not carry credentials`);
  if (allowed && !hostAllowed(url, allowed)) {
    throw new HttpError(403, 'proxy_host_not_allowed', `${field}: host ${url.host} is not on the proxy allow-list`);
  }
}

async function readLimited(r: Response, maxBytes: number, host: string): Promise<Buffer> {
  const declared = Number(r.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(502, 'bad_gateway', `Upstream ${host} answer is larger than ${maxBytes} bytes.`);
  if (!r.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = r.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(502, 'bad_gateway', `Upstream ${host} answer is larger than ${maxBytes} bytes.`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** GET `start`; resolves with any HTTP status (the caller decides), rejects on network failure, limits or a bad hop. */
export async function fetchUpstream(start: URL, o: UpstreamOptions, field = 'url'): Promise<UpstreamAnswer> {
  let url = start;
  const signal = AbortSignal.timeout(o.timeoutMs);
  for (let hop = 0; ; hop++) {
    checkTarget(url, o.allowed, field);
    let r: Response;
    try {
      r = await fetch(url, { method: 'GET', headers: { 'user-agent': 'netplan-proxy/1', ...o.headers }, redirect: 'manual', signal });
    } catch (e) {
      const name = (e as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new HttpError(504, 'gateway_timeout', `Upstream ${url.host} did not answer within ${o.timeoutMs} ms.`);
      throw new HttpError(502, 'bad_gateway', `Upstream ${url.host} could not be reached.`);
    }
    const location = r.headers.get('location');
    if (r.status >= 300 && r.status < 400 && location) {
      await r.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new HttpError(502, 'bad_gateway', `Upstream ${url.host} redirected more than ${MAX_REDIRECTS} times.`);
      url = new URL(location, url);
      continue;
    }
    try {
      const body = await readLimited(r, o.maxBytes, url.host);
      return { status: r.status, contentType: r.headers.get('content-type') ?? '', headers: r.headers, body, url };
    } catch (e) {
      if (e instanceof HttpError) throw e;
      const name = (e as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new HttpError(504, 'gateway_timeout', `Upstream ${url.host} did not answer within ${o.timeoutMs} ms.`);
      throw new HttpError(502, 'bad_gateway', `Upstream ${url.host} broke off its answer.`);
    }
  }
}
