// The organisation's layer offer on the map in Chromium (issue 16, admin settings): root switches a layer off for the
// demo organisation (PUT /api/admin/settings/layer-offer); an engineer of that organisation no longer finds it in the
// layer panel, the other layers stay; switched on again, it is offered after a reload. Own server (the offer is an
// organisation-wide setting, which must not leak into the other browser tests).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { configFromEnv } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, demoProjectId, openLayerPanel, signedInPage, waitNetwork } from './map-support';

const WAIT = { timeout: 90_000 };

describe('organisation layer offer on the map', () => {
  let browser: Browser;
  let app: RunningServer;
  beforeAll(async () => {
    const distDir = resolve(process.env.E2E_DIST || 'dist');
    app = await startServer({ ...configFromEnv({ ...process.env, DATABASE_URL: '' }), port: 0, host: '127.0.0.1', distDir, demoSeed: true }, { memory: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a layer the organisation switches off is not in the layer panel; switched on again it is', async () => {
    const base = app.url;
    const engineer = await apiLogin(base, 'engineer@demo.example');
    const root = await apiLogin(base, 'root@demo.example');
    const { organisationId } = await apiCall<{ organisationId: number; hidden: string[] }>(base, engineer, 'GET', '/organisation/layer-offer');
    const projectId = await demoProjectId(base, engineer);
    const page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    await page.goto(`${base}/workflow/${projectId}/fttx/2`);
    await waitNetwork(page, 1);
    await openLayerPanel(page);
    await page.getByTestId('layer-row-ducts').waitFor(WAIT);

    await apiCall(base, root, 'PUT', '/admin/settings/layer-offer', { organisationId, layers: [{ name: 'ducts', offered: false }] });
    expect((await apiCall<{ hidden: string[] }>(base, engineer, 'GET', '/organisation/layer-offer')).hidden).toEqual(['ducts']);
    await page.reload();
    await waitNetwork(page, 1);
    await openLayerPanel(page);
    await page.getByTestId('layer-row-trenches').waitFor(WAIT);
    expect(await page.getByTestId('layer-row-ducts').count()).toBe(0);
    await screenshot(page, 'layer-offer-hidden');

    await apiCall(base, root, 'PUT', '/admin/settings/layer-offer', { organisationId, layers: [{ name: 'ducts', offered: true }] });
    await page.reload();
    await waitNetwork(page, 1);
    await openLayerPanel(page);
    await page.getByTestId('layer-row-ducts').waitFor(WAIT);
    await page.context().close();
  });
});
