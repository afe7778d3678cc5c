// Layer panel in the map screen against the real server (issue 7): toggle a layer and change its opacity, see the
// legend and the drawn layers follow, reload and find the setting kept (layer_setting calls), restore the view's
// defaults; and a screenshot per project family (fibre, heat, water, low voltage) with the panel open.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, createProjectWithNetwork, demoProjectId, frames, groupLayers, openLayerPanel, setView, signedInPage, waitNetwork } from './map-support';

interface Setting { layerName: string; visible: boolean; opacity: number; mapContext: string }
const WAIT = { timeout: 90_000 };

describe('layer panel on the map', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let token: string;
  let projectId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiLogin(base, 'engineer@demo.example');
    projectId = await demoProjectId(base, token);
  });
  afterAll(async () => { await browser?.close(); });

  const stored = () => apiCall<Setting[]>(base, token, 'GET', '/user/layer_setting/trenches');
  async function until(check: () => Promise<boolean>) {
    const end = Date.now() + 30_000;
    while (!(await check())) { if (Date.now() > end) throw new Error('condition not reached'); await new Promise((r) => setTimeout(r, 250)); }
  }
  async function openPanel(page: Page) {
    await openLayerPanel(page);
  }

  it('toggles a layer and changes its opacity; the legend and map follow; a reload keeps it; restore defaults', async () => {
    const page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    await page.goto(`${base}/workflow/${projectId}/fttx/2`);
    await waitNetwork(page, 1000);
    await setView(page, 18, (await apiCall<{ data?: { node?: { geometry: { coordinates: [number, number] } } }[] }>(base, token, 'GET', `/project/${projectId}/network_object/all`)).data!.find((o) => o.node)!.node!.geometry.coordinates);
    await openPanel(page);
    expect(await page.getByTestId('map-layers').getAttribute('data-map-context')).toBe('trenches');
    // the trenches view shows ducts by default, with its legend
    const ducts = page.getByTestId('layer-toggle-ducts');
    expect(await ducts.isChecked()).toBe(true);
    await page.getByTestId('legend-ducts').waitFor(WAIT);
    expect((await groupLayers(page, 'ducts')).every((l) => l.visible)).toBe(true);
    await ducts.uncheck();
    await page.getByTestId('legend-ducts').waitFor({ state: 'detached', timeout: 30_000 });
    await page.waitForFunction(() => (window as unknown as { __map: { deckLayers(): { id: string; visible: boolean }[] } }).__map.deckLayers().filter((l) => l.id.endsWith('-ducts')).every((l) => !l.visible), undefined, WAIT);
    // opacity of trenches 1 → 0.5 with the keyboard (step 0.05)
    const opacity = page.getByTestId('layer-opacity-trenches');
    await opacity.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    expect(Number(await opacity.inputValue())).toBeCloseTo(0.5, 5);
    expect(await page.getByTestId('legend-trenches').locator('svg').first().evaluate((el) => (el as SVGElement).style.opacity)).toBe('0.5');
    await page.waitForFunction(() => (window as unknown as { __map: { deckLayers(): { id: string; opacity: number }[] } }).__map.deckLayers().filter((l) => l.id.endsWith('-trenches')).every((l) => Math.abs(l.opacity - 0.5) < 1e-6), undefined, WAIT);
    await frames(page);
    await screenshot(page, 'layers-panel-changed');
    // saved through PATCH /api/user/layer_setting for the view
    await until(async () => { const s = await stored(); return s.some((x) => x.layerName === 'ducts' && !x.visible) && s.some((x) => x.layerName === 'trenches' && Math.abs(x.opacity - 0.5) < 1e-6); });
    await page.reload();
    await waitNetwork(page, 1000);
    await openPanel(page);
    expect(await page.getByTestId('layer-toggle-ducts').isChecked()).toBe(false);
    expect(Number(await page.getByTestId('layer-opacity-trenches').inputValue())).toBeCloseTo(0.5, 5);
    expect(await page.getByTestId('legend-ducts').count()).toBe(0);
    // restore the view's defaults: settings deleted, ducts back with their legend
    await page.getByTestId('layer-restore-defaults').click();
    expect(await page.getByTestId('layer-toggle-ducts').isChecked()).toBe(true);
    await page.getByTestId('legend-ducts').waitFor(WAIT);
    expect(Number(await page.getByTestId('layer-opacity-trenches').inputValue())).toBe(1);
    await until(async () => (await stored()).length === 0);
    await page.context().close();
  });

  it('draws each project family with its layers (screenshots)', async () => {
    const families = [
      { name: 'heat', projectTypeId: 19, key: 'heatSecondary', mainType: 502, branchType: 504, pointType: 507 },
      { name: 'water', projectTypeId: 31, key: 'geowater', mainType: 405, branchType: 401, pointType: 402 },
      { name: 'low-voltage', projectTypeId: 30, key: 'lowVoltage', mainType: 605, branchType: 602, pointType: 601 },
    ];
    const page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    const shoot = async (url: string, name: string, edges: number, at?: [number, number]) => {
      await page.goto(url);
      await waitNetwork(page, edges);
      if (at) await setView(page, 19, at);
      await openPanel(page);
      await frames(page);
      await screenshot(page, `map-family-${name}`);
    };
    await shoot(`${base}/workflow/${projectId}/fttx/2`, 'fibre', 1000);
    for (const f of families) {
      const { name, ...types } = f;
      const id = await createProjectWithNetwork(base, token, { ...types, name: `Map family ${name} ${Date.now()}` });
      await shoot(`${base}/workflow/${id}/${f.key}/2`, f.name, 12, [564380 + 140, 6817600]);
      const drawn = await page.evaluate(() => (window as unknown as { __map: { counts(): { edges: number; nodes: number } } }).__map.counts());
      // 6 main edges, each split where a branch starts, + 6 branches
      expect(drawn.edges).toBe(18);
      expect(drawn.nodes).toBeGreaterThanOrEqual(6); // the typed points (bare end nodes are not read: includeWithoutObjectInstances=false)
    }
    await page.context().close();
  });
});
