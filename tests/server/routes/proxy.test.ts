// GET /api/proxy (spec 3 §7 "Map image tiles": headers giving target URL and request type, bearer; PNG content type):
// against fake upstreams on loopback — one on the allow-list, one not.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, type TestServer, type Api } from '../support/server';
import { fakeUpstream, PNG, type FakeUpstream } from './fake-upstream';
import { catalogueProxyHosts, externalConfigFromEnv, hostAllowed, setExternalConfig } from '../../../server/routes/external-config';

let s: TestServer;
let up: FakeUpstream;
let other: FakeUpstream;
let api: Api;
let token: string;

beforeAll(async () => {
  other = await fakeUpstream({ '/tile.png': (_q, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG) });
  up = await fakeUpstream({
    '/tile.png': (_q, res) => res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=60' }).end(PNG),
    '/untyped': (_q, res) => { res.removeHeader('content-type'); res.writeHead(200).end(PNG); },
    '/wms-error': (_q, res) => res.writeHead(200, { 'content-type': 'application/vnd.ogc.se_xml' }).end('<ServiceExceptionReport/>'),
    '/broken': (_q, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'),
    '/hop': (_q, res) => res.writeHead(302, { location: '/tile.png' }).end(),
    '/escape': (_q, res) => res.writeHead(302, { location: `${other.url}/tile.png` }).end(),
    '/big': (_q, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096, 1)),
    '/slow': (_q, res) => { setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 2000); },
    '/data.json': (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
  });
  s = await startTestServer({ demoProject: false });
  setExternalConfig(s.config, { proxyAllowedHosts: [up.host], proxyTimeoutMs: 500, proxyMaxBytes: 2048 });
  token = await s.login('viewer@demo.example');
  api = s.api(token);
});
afterAll(async () => { await s?.close(); await up?.close(); await other?.close(); });

const proxied = (target: string, type = 'image', extra: Record<string, string> = {}) =>
  api.get(`/api/proxy?url=${encodeURIComponent(target)}`, { headers: { 'X-Proxy-Target-Url': target, 'X-Proxy-Request-Type': type, 'X-Bypass-Loading': 'true', Accept: 'image/png', ...extra } });

describe('GET /api/proxy', () => {
  it('needs a session', async () => {
    const r = await s.api().get(`/api/proxy?url=${encodeURIComponent(`${up.url}/tile.png`)}`);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('session_does_not_exist');
  });

  it('passes an allowed tile on byte for byte as PNG, without sending the session token upstream', async () => {
    const n = up.seen.length;
    const r = await fetch(`${s.url}/api/proxy?url=${encodeURIComponent(`${up.url}/tile.png`)}`, {
      headers: { authorization: `Bearer ${token}`, 'x-proxy-target-url': `${up.url}/tile.png`, 'x-proxy-request-type': 'image' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('cache-control')).toBe('max-age=60');
    expect(Buffer.from(await r.arrayBuffer()).equals(PNG)).toBe(true);
    const seen = up.seen[n];
    expect(seen.path).toBe('/tile.png');
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers.accept).toContain('image/png');
  });

  it('takes the target from the url query alone (direct tile requests) and from the header alone', async () => {
    expect((await api.get(`/api/proxy?url=${encodeURIComponent(`${up.url}/tile.png`)}`)).status).toBe(200);
    expect((await api.get('/api/proxy', { headers: { 'X-Proxy-Target-Url': `${up.url}/tile.png` } })).status).toBe(200);
  });

  it('answers PNG when the upstream names no content type', async () => {
    const r = await proxied(`${up.url}/untyped`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a host that is not on the allow-list (403) without reaching it', async () => {
    const n = other.seen.length;
    const r = await proxied(`${other.url}/tile.png`);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: 'proxy_host_not_allowed' });
    expect(r.body.message).toContain('x-proxy-target-url');
    expect(other.seen.length).toBe(n);
  });

  it('follows a redirect on an allowed host, and refuses one that leaves the allow-list', async () => {
    expect((await proxied(`${up.url}/hop`)).status).toBe(200);
    const n = other.seen.length;
    const r = await proxied(`${up.url}/escape`);
    expect(r.status).toBe(403);
    expect(other.seen.length).toBe(n);
  });

  it('400 naming the field: no target, header and query disagree, not http(s), credentials, unknown request type', async () => {
    let r = await api.get('/api/proxy');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('headers/x-proxy-target-url');
    r = await api.get(`/api/proxy?url=${encodeURIComponent(`${up.url}/a`)}`, { headers: { 'X-Proxy-Target-Url': `${up.url}/b` } });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('does not match querystring/url');
    r = await proxied('file:///etc/passwd');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('http or https');
    r = await proxied(`http://user:pw@${up.host}/tile.png`);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('credentials');
    r = await proxied(`${up.url}/tile.png`, 'ftp');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('headers/x-proxy-request-type');
    r = await api.get('/api/proxy?url=x&other=1');
    expect(r.status).toBe(400);
  });

  it('502 when the upstream fails, answers no image, or sends too much; 504 when it is too slow', async () => {
    let r = await proxied(`${up.url}/broken`);
    expect(r.status).toBe(502);
    expect(r.body.message).toContain('answered 500');
    r = await proxied(`${up.url}/wms-error`);
    expect(r.status).toBe(502);
    expect(r.body.message).toContain('did not answer an image');
    r = await proxied(`${up.url}/big`);
    expect(r.status).toBe(502);
    expect(r.body.message).toContain('larger than 2048 bytes');
    r = await proxied(`${up.url}/slow`);
    expect(r.status).toBe(504);
  });

  it('passes JSON on for a JSON request type', async () => {
    const r = await proxied(`${up.url}/data.json`, 'Source');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
  });
});

describe('proxy allow-list', () => {
  it('holds the hosts of the catalogue layers sent through the proxy, plus PROXY_ALLOWED_HOSTS', () => {
    expect(catalogueProxyHosts()).toContain('geo.api.vlaanderen.be');
    const c = externalConfigFromEnv({ PROXY_ALLOWED_HOSTS: 'tiles.example.org, *.maps.example.net,127.0.0.1:9000' });
    expect(c.proxyAllowedHosts).toEqual(expect.arrayContaining(['geo.api.vlaanderen.be', 'tiles.example.org', '*.maps.example.net', '127.0.0.1:9000']));
  });

  it('matches host, host:port and *.domain exactly', () => {
    const list = ['tiles.example.org', '*.maps.example.net', '127.0.0.1:9000'];
    expect(hostAllowed(new URL('https://tiles.example.org/a'), list)).toBe(true);
    expect(hostAllowed(new URL('https://tiles.example.org:8443/a'), list)).toBe(false);
    expect(hostAllowed(new URL('https://evil-tiles.example.org/a'), list)).toBe(false);
    expect(hostAllowed(new URL('https://a.maps.example.net/a'), list)).toBe(true);
    expect(hostAllowed(new URL('https://maps.example.net.evil.com/a'), list)).toBe(false);
    expect(hostAllowed(new URL('http://127.0.0.1:9000/a'), list)).toBe(true);
    expect(hostAllowed(new URL('http://127.0.0.1:9001/a'), list)).toBe(false);
    expect(hostAllowed(new URL('http://127.0.0.1/a'), list)).toBe(false);
  });
});
