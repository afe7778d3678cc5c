// A fake outside service on loopback for the proxy and street-level tests (never a real external host): routes by
// path, records each request (path, query, headers).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export interface FakeUpstream { url: string; host: string; seen: Seen[]; close(): Promise<void> }

export async function fakeUpstream(routes: Record<string, Route>): Promise<FakeUpstream> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const route = routes[url.pathname];
    if (!route) { res.writeHead(404, { 'content-type': 'text/plain' }).end('no such path'); return; }
    route(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, seen,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
