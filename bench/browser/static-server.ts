// A static file server for the browser benches on loopback: URL prefixes mapped to folders (a built app, a baseline
// page); unknown paths fall back to the folder's index page (client-side routes such as /map).
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.pbf': 'application/x-protobuf' };

/** `roots`: [prefix, folder, index file] from the most specific prefix to '/'. */
export function serveStatic(roots: [string, string, string][]): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const [prefix, root, index] = roots.find(([p]) => path.startsWith(p))!;
    let file = join(root, path.slice(prefix.length));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, index);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** Launch flags of the browser benches (the e2e flags plus precise heap numbers). */
export const BENCH_CHROMIUM_ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--enable-precise-memory-info'];
