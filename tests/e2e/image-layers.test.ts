// Image layers of the catalogue on the map (spec 3 §7, §8; spec 1 §8) against the real server with a local fake WMS
// (route intercept; no internet here): a visible reference WMS layer requests its tiles with the spec's parameters
// and the bearer token; a failing one is hidden with one map-unavailable notification naming it.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, demoProjectId, frames, openLayerPanel, setView, signedInPage, waitNetwork } from './map-support';

const WAIT = { timeout: 90_000 };
/** A 1×1 PNG (opaque green) as the fake WMS answer. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('image layers on the map', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let token: string;
  let projectId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiLogin(base, 'admin@demo.example');
    projectId = await demoProjectId(base, token);
  });
  afterAll(async () => { await browser?.close(); });

  it('a visible WMS reference layer requests tiles with the spec parameters; a failing one is hidden and notified once', async () => {
    const page = await signedInPage(browser, base, 'admin@demo.example', newPage);
    const seen: { layers: string | null; params: URLSearchParams; auth?: string }[] = [];
    await page.route('**/api/geodata/wms/**', async (route) => {
      const u = new URL(route.request().url());
      const layers = u.searchParams.get('LAYERS');
      seen.push({ layers, params: u.searchParams, auth: route.request().headers().authorization });
      if (layers === 'bgt_vegetation') await route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
      else await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' });
    });
    await page.goto(`${base}/workflow/${projectId}/fttx/2`);
    await waitNetwork(page, 1000);
    const node = (await apiCall<{ data?: { node?: { geometry: { coordinates: [number, number] } } }[] }>(base, token, 'GET', `/project/${projectId}/network_object/all`)).data!.find((o) => o.node)!.node!.geometry.coordinates;
    await setView(page, 19, node);
    await openLayerPanel(page);
    await page.getByTestId('layer-category-Reference').locator('summary').click();
    try {
      // vegetation (spec zoom 19–28) from the fake WMS
      await page.getByTestId('layer-toggle-bgtVegetation').check();
      await page.waitForFunction(() => (document.querySelector('[data-testid=map]') as HTMLElement).dataset.imageLayers?.split(',').includes('bgtVegetation'), undefined, WAIT);
      const end = Date.now() + 60_000;
      while (!seen.some((s) => s.layers === 'bgt_vegetation') && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
      const veg = seen.find((s) => s.layers === 'bgt_vegetation')!;
      expect(veg, 'a GetMap request for bgt_vegetation').toBeDefined();
      expect(Object.fromEntries(['SERVICE', 'VERSION', 'REQUEST', 'STYLES', 'FORMAT', 'TRANSPARENT', 'CRS', 'WIDTH', 'HEIGHT'].map((k) => [k, veg.params.get(k)]))).toEqual({
        SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetMap', STYLES: '', FORMAT: 'image/png', TRANSPARENT: 'TRUE', CRS: 'EPSG:3857', WIDTH: '256', HEIGHT: '256',
      });
      const bbox = veg.params.get('BBOX')!.split(',').map(Number);
      expect(bbox).toHaveLength(4);
      expect(bbox[0] < node[0] + 2000 && bbox[2] > node[0] - 2000 && bbox[1] < node[1] + 2000 && bbox[3] > node[1] - 2000).toBe(true);
      expect(veg.auth).toMatch(/^Bearer /);
      await frames(page);
      await screenshot(page, 'image-layers-wms');

      // labels (spec zoom 17–28): the fake WMS fails → hidden, one notification with the layer name
      await page.getByTestId('layer-toggle-bgtLabels').check();
      await page.waitForFunction(() => (document.querySelector('[data-testid=map]') as HTMLElement).dataset.imageFailed?.split(',').includes('bgtLabels'), undefined, WAIT);
      const note = page.getByTestId('notification').filter({ hasText: 'bgtLabels' });
      await note.first().waitFor(WAIT);
      expect(await note.first().textContent()).toContain('Map layer bgtLabels is unavailable');
      expect((await page.getByTestId('map').getAttribute('data-image-layers'))!.split(',')).not.toContain('bgtLabels');
      // more failing tiles while panning do not notify again
      await setView(page, 19, [node[0] + 300, node[1] + 300]);
      await frames(page);
      expect(await note.count()).toBe(1);
      expect((await page.getByTestId('map').getAttribute('data-image-layers'))!.split(',')).toContain('bgtVegetation');
    } finally {
      await page.getByTestId('layer-restore-defaults').click();
      await page.context().close();
    }
  });
});
