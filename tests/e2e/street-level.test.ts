// The street-level imagery panel in Chromium (spec 3 §2, §8, §9; issue 16) against its own real server (so the
// test can configure STREETSMART_URL / STREETSMART_API_KEY) and a small fake viewer page served by the test on a
// second loopback server (another origin): a real iframe and real postMessage. The viewer receives init with the
// api key and the user's street-level credentials; its first open fails, so the next map click reopens at the
// clicked point; after the orientation message the map draws the direction cone; messages from a third origin (a
// second iframe) and from the page itself are ignored; the visible network features reach the viewer.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { configFromEnv } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { toLngLat } from '../../engine/mercator';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, clickAt, demoProjectId, frames, hook, setView, signedInPage, waitNetwork, type P } from './map-support';

const WAIT = { timeout: 90_000 };

/** The fake viewer: records what the map sends; fails the first open; answers later opens with opened + orientation. */
const VIEWER = `<!doctype html><html><body><p>fake viewer</p><script>
window.received = [];
let opens = 0;
window.addEventListener('message', (e) => {
  if (e.source !== window.parent) return;
  const m = e.data;
  window.received.push(m);
  if (m.type === 'init') parent.postMessage(m.apiKey === 'test-api-key' && m.username === 'anna' ? { type: 'ready' } : { type: 'init_failed', status: 401 }, '*');
  if (m.type === 'open') {
    opens++;
    if (opens === 1) parent.postMessage({ type: 'open_failed', message: 'no recording near this point' }, '*');
    else {
      parent.postMessage({ type: 'opened', lng: m.lng, lat: m.lat }, '*');
      parent.postMessage({ type: 'orientation', yaw: 10, hFov: 50, lng: m.lng, lat: m.lat }, '*');
      parent.postMessage({ type: 'orientation', yaw: 90, hFov: 60, lng: m.lng, lat: m.lat }, '*');
    }
  }
});
</script></body></html>`;

/** A page on a third origin that posts viewer-like messages to its parent (the app) — they must be ignored. */
const EVIL = `<!doctype html><html><body><script>
parent.postMessage({ type: 'orientation', yaw: 250, hFov: 120, lng: 0, lat: 0 }, '*');
parent.postMessage({ type: 'init_failed', status: 403 }, '*');
document.body.dataset.sent = 'true';
</script></body></html>`;

function serve(html: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(html); });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

const received = (f: Frame) => f.evaluate(() => (window as unknown as { received: { type: string; [k: string]: unknown }[] }).received);
const panel = (page: Page) => page.getByTestId('street-level-panel');

describe('street-level imagery panel in Chromium', () => {
  let browser: Browser;
  let app: RunningServer;
  let viewer: { server: Server; origin: string };
  let evil: { server: Server; origin: string };
  beforeAll(async () => {
    viewer = await serve(VIEWER);
    evil = await serve(EVIL);
    const distDir = resolve(process.env.E2E_DIST || 'dist');
    const env = { ...process.env, DATABASE_URL: '', STREETSMART_URL: `${viewer.origin}/viewer.html`, STREETSMART_API_KEY: 'test-api-key' };
    app = await startServer({ ...configFromEnv(env), port: 0, host: '127.0.0.1', distDir, demoSeed: true, auth: { streetsmart: { url: env.STREETSMART_URL, apiKey: env.STREETSMART_API_KEY } } }, { memory: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    viewer?.server.close();
    evil?.server.close();
  });

  it('inits the frame from application data, reopens at the next click after an open failure, draws the view cone, ignores other origins', async () => {
    const base = app.url;
    const token = await apiLogin(base, 'admin@demo.example');
    await apiCall(base, token, 'PATCH', '/user/settings/cyclomedia', { username: 'anna', password: 'street-secret' });
    expect(await apiCall(base, token, 'GET', '/config/streetsmart')).toMatchObject({ url: `${viewer.origin}/viewer.html`, apiKey: 'test-api-key' });
    const projectId = await demoProjectId(base, token);
    const page = await signedInPage(browser, base, 'admin@demo.example', newPage);
    // An administrator holds 'cyclomedia.coverage' by the server's policy table (docs/roles.md).
    await page.goto(`${base}/workflow/${projectId}/fttx/2`);
    await waitNetwork(page, 1);
    const node = (await apiCall<{ data?: { node?: { geometry: { coordinates: P } } }[] }>(base, token, 'GET', `/project/${projectId}/network_object/all`)).data!.find((o) => o.node)!.node!.geometry.coordinates;
    await setView(page, 18, node);

    await page.getByTestId('tool-street_level').click();
    const frameEl = page.getByTestId('street-level-frame');
    await frameEl.waitFor(WAIT);
    expect(await frameEl.getAttribute('src')).toBe(`${viewer.origin}/viewer.html`);
    // init with the api key and the user's credentials; the first open (map centre) fails → waiting for a click
    await page.waitForFunction(() => document.querySelector('[data-testid=street-level-panel]')?.getAttribute('data-state') === 'waiting_click', undefined, WAIT);
    const vf = page.frames().find((f) => f.url().startsWith(viewer.origin))!;
    expect(vf).toBeDefined();
    const first = await received(vf);
    expect(first[0]).toEqual({ type: 'init', apiKey: 'test-api-key', username: 'anna', password: 'street-secret', srs: 'EPSG:4326' });
    expect(first.filter((m) => m.type === 'open')).toHaveLength(1);
    await expect.poll(async () => (await received(vf)).some((m) => m.type === 'features' && (m.features as { features: unknown[] }).features.length > 0), WAIT).toBe(true);
    await page.getByTestId('street-level-click-hint').waitFor(WAIT);
    expect(await hook<{ id: string }[]>(page, 'deckLayers').then((l) => l.some((x) => x.id === 'street-level-cone'))).toBe(false);

    // the next map click reopens at the clicked point
    const at: P = [node[0] - 100, node[1] - 20]; // left of the centre: the panel covers the right half of the small viewport
    await clickAt(page, at);
    await page.waitForFunction(() => document.querySelector('[data-testid=street-level-panel]')?.getAttribute('data-state') === 'open', undefined, WAIT);
    const opens = (await received(vf)).filter((m) => m.type === 'open');
    expect(opens).toHaveLength(2);
    const [lng, lat] = toLngLat(at);
    expect(opens[1].lng as number).toBeCloseTo(lng, 5);
    expect(opens[1].lat as number).toBeCloseTo(lat, 5);

    // the orientation (the latest of two, debounced) is drawn as the cone
    await page.waitForFunction(() => document.querySelector('[data-testid=street-level-panel]')?.getAttribute('data-yaw') === '90', undefined, WAIT);
    expect(await panel(page).getAttribute('data-hfov')).toBe('60');
    await frames(page);
    await expect.poll(async () => (await hook<{ id: string }[]>(page, 'deckLayers')).map((x) => x.id), WAIT).toEqual(expect.arrayContaining(['street-level-cone', 'street-level-camera']));
    await screenshot(page, 'street-level-open');

    // messages from a third origin (a second iframe) and from the app's own window are ignored
    const ignoredBefore = Number(await panel(page).getAttribute('data-ignored'));
    await page.evaluate((src) => { const f = document.createElement('iframe'); f.src = src; f.dataset.testid = 'evil-frame'; document.body.appendChild(f); }, `${evil.origin}/evil.html`);
    await expect.poll(async () => Number(await panel(page).getAttribute('data-ignored')), WAIT).toBeGreaterThanOrEqual(ignoredBefore + 2);
    await page.evaluate(() => window.postMessage({ type: 'orientation', yaw: 180, hFov: 90, lng: 1, lat: 1 }, '*'));
    await expect.poll(async () => Number(await panel(page).getAttribute('data-ignored')), WAIT).toBeGreaterThanOrEqual(ignoredBefore + 3);
    await page.waitForTimeout(300); // well past the 50 ms orientation debounce
    expect(await panel(page).getAttribute('data-yaw')).toBe('90');
    expect(await panel(page).getAttribute('data-state')).toBe('open');
    expect(await page.getByText('The street-level imagery viewer could not be initialised.').count()).toBe(0);
    await page.context().close();
  });

  it('is offered only with the coverage permission; an init failure (401) notifies cyclomedia_failed_init and reports Not authorized', async () => {
    const base = app.url;
    const token = await apiLogin(base, 'admin@demo.example');
    await apiCall(base, token, 'PATCH', '/user/settings/cyclomedia', { username: 'bob', password: 'wrong' });
    const projectId = await demoProjectId(base, token);
    const page = await signedInPage(browser, base, 'admin@demo.example', newPage);
    let granted = false;
    await page.route('**/api/user/policies**', async (route) => {
      const r = await route.fetch();
      // Without the grant: the administrator's real policy answer with 'cyclomedia.coverage' switched off.
      await route.fulfill({ response: r, json: granted ? await r.json() : { ...(await r.json()), cyclomedia: { coverage: false } } });
    });
    await page.goto(`${base}/workflow/${projectId}/fttx/2`);
    await waitNetwork(page, 1);
    await page.getByTestId('tool-layers').waitFor(WAIT);
    expect(await page.getByTestId('tool-street_level').count()).toBe(0);

    granted = true;
    await page.reload();
    await waitNetwork(page, 1);
    await page.getByTestId('tool-street_level').click();
    await page.getByText('The street-level imagery viewer could not be initialised.').waitFor(WAIT);
    await page.getByText('Not authorized for map layer streetLevel').waitFor(WAIT);
    expect(await panel(page).getAttribute('data-state')).toBe('failed');
    const vf = page.frames().find((f) => f.url().startsWith(viewer.origin))!;
    expect((await received(vf)).map((m) => m.type)).toEqual(['init']); // no open after a failed init
    await screenshot(page, 'street-level-init-failed');
    await page.context().close();
  });
});
