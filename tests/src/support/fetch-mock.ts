// HTTP mocked at the fetch level only: a route table (method + path pattern → JSON answer) and a log of requests.
import { vi } from 'vitest';

export interface Call { method: string; path: string; url: string; headers: Headers; body: unknown }
export type Answer = { status?: number; body?: unknown; headers?: Record<string, string>; text?: string };
export type Handler = (call: Call, n: number) => Answer | Promise<Answer>;

export function mockFetch(routes: Record<string, Handler | Answer>) {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const text = await req.clone().text();
    let body: unknown = text;
    try { body = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
    const call: Call = { method: req.method, path: url.pathname, url: req.url, headers: req.headers, body };
    calls.push(call);
    const key = Object.keys(routes).find((k) => {
      const [m, p] = k.split(' ');
      return m === req.method && new RegExp(`^${p}$`).test(url.pathname);
    });
    if (!key) return new Response(JSON.stringify({ error: 'not_found', message: `no mock for ${req.method} ${url.pathname}` }), { status: 404, headers: { 'content-type': 'application/json' } });
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    const r = routes[key];
    const a = typeof r === 'function' ? await r(call, n) : r;
    if (a.text !== undefined) return new Response(a.text, { status: a.status ?? 200, headers: { 'content-type': 'text/plain', ...a.headers } });
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json', ...a.headers } });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}
