// Foundation browser test: the real server serves the app, and the map's WebGL canvas draws in a real Chromium.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { pixelStats } from './support/pixels';
import { signedInPage } from './map-support';

describe('foundation: app in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('serves the heartbeat as text', async () => {
    const res = await fetch(`${baseUrl}/api/user/heartbeat`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    expect((await res.text()).length).toBeGreaterThan(0);
  });

  it('loads the app and the map WebGL canvas draws non-blank pixels', async () => {
    // /map needs a session (issue 16): the page starts signed in.
    const page = await signedInPage(browser, baseUrl, 'engineer@demo.example', newPage);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/map`);
    const canvas = page.locator('canvas.maplibregl-canvas');
    await canvas.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.body.dataset.mapLoaded === 'true', undefined, { timeout: 90_000 });
    // The deck.gl overlay draws a blue demo edge over the MapLibre background: poll the real pixels until it shows.
    let stats = { distinctColours: 0, matching: 0 };
    for (let i = 0; i < 30 && stats.matching < 20; i++) {
      stats = await pixelStats(page, canvas, { r: [0, 60], g: [60, 130], b: [160, 255] });
      if (stats.matching < 20) await page.waitForTimeout(1000);
    }
    expect(stats.distinctColours).toBeGreaterThan(2);
    expect(stats.matching).toBeGreaterThanOrEqual(20);
    await screenshot(page, 'foundation-map');
    expect(errors).toEqual([]);
  });
});
