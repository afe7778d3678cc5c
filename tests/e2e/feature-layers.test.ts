// Feature layers of the catalogue on the map (spec 3 §4, §7, §8; spec 1 §8) against the real server: a project's
// stored demarcation area (written by POST …/update-project-demarcation-area) is read through the project WFS and
// drawn as a deck.gl layer of the projectDemarcation catalogue layer; a 403 on that read gives one 'Not authorized'
// notification naming the layer, and the layer is hidden.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, frames, hook, setView, showLayer, signedInPage, waitMap } from './map-support';

const WAIT = { timeout: 90_000 };
const AT: [number, number] = [566000, 6817400];
interface Summary { name: string; features: number; drawn: number; visible: boolean; opacity: number; layerIds: string[] }
interface DeckInfo { id: string; visible: boolean; opacity: number }

describe('feature layers on the map', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let token: string;
  let projectId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiLogin(base, 'admin@demo.example');
    projectId = (await apiCall<{ id: number }>(base, token, 'POST', '/project', { name: `Feature layers ${Date.now()}`, projectTypeId: 10 })).id;
    const [x, y] = AT;
    const ring = [[x - 120, y - 80], [x + 120, y - 80], [x + 120, y + 80], [x - 120, y + 80], [x - 120, y - 80]];
    await apiCall(base, token, 'POST', `/project/${projectId}/fttx/update-project-demarcation-area`, { geometry: { type: 'Polygon', coordinates: [ring] } });
  });
  afterAll(async () => { await browser?.close(); });

  async function open(page: Page) {
    await page.goto(`${base}/workflow/${projectId}/fttx/2#16;${AT[0]};${AT[1]}`);
    await waitMap(page);
    await page.waitForFunction(() => (window as unknown as { __map: { state(): unknown } }).__map.state() !== null, undefined, WAIT);
    await setView(page, 16, AT);
  }
  const demarcation = async (page: Page) => (await hook<Summary[]>(page, 'featureLayers')).find((s) => s.name === 'projectDemarcation');

  it('reads the stored demarcation through the project WFS and draws it; the layer panel hides it without a new read', async () => {
    const page = await signedInPage(browser, base, 'admin@demo.example', newPage);
    const reads: { url: URL; auth?: string; status?: number }[] = [];
    page.on('response', (r) => {
      if (!r.url().includes('/geoserver/')) return;
      reads.push({ url: new URL(r.url()), auth: r.request().headers().authorization, status: r.status() });
    });
    try {
      await open(page);
      await showLayer(page, 'projectDemarcation', 'Network');
      await page.waitForFunction(() => {
        const s = (window as unknown as { __map: { featureLayers(): Summary[] } }).__map.featureLayers().find((x) => x.name === 'projectDemarcation');
        return !!s && s.features === 1 && s.drawn === 1 && s.visible;
      }, undefined, WAIT);
      const read = reads.find((r) => r.url.searchParams.get('cql_filter')?.includes("'project_demarcation'"))!;
      expect(read, 'a WFS read of the demarcation').toBeDefined();
      expect(read.url.pathname).toBe(`/api/project/${projectId}/geoserver/fttx/ows`);
      expect(Object.fromEntries(['service', 'request', 'typename', 'srsName', 'outputFormat'].map((k) => [k, read.url.searchParams.get(k)])))
        .toEqual({ service: 'WFS', request: 'GetFeature', typename: 'fttx_feature', srsName: 'EPSG:3857', outputFormat: 'application/json' });
      expect(read.url.searchParams.get('cql_filter')).toMatch(new RegExp(`^project_id=${projectId} AND type='project_demarcation' AND BBOX\\(geometry,[-\\d.,]+,'EPSG:3857'\\)$`));
      expect(read.auth).toMatch(/^Bearer /);
      expect(read.status).toBe(200);
      // every read of the default layers succeeded (no notification)
      expect(reads.every((r) => r.status === 200)).toBe(true);
      const deck = (await hook<DeckInfo[]>(page, 'deckLayers')).filter((l) => l.id.startsWith('projectDemarcation:'));
      expect(deck.map((l) => l.id).sort()).toEqual(['projectDemarcation:demarcation:fill', 'projectDemarcation:demarcation:outline']);
      expect(deck.every((l) => l.visible && l.opacity === 0.5)).toBe(true);
      await frames(page);
      await screenshot(page, 'feature-layers-demarcation');
      // hidden through the panel: a layer prop, no new read
      const before = reads.length;
      await page.getByTestId('layer-toggle-projectDemarcation').uncheck();
      await page.waitForFunction(() => (window as unknown as { __map: { deckLayers(): DeckInfo[] } }).__map.deckLayers()
        .filter((l) => l.id.startsWith('projectDemarcation:')).every((l) => !l.visible), undefined, WAIT);
      expect((await demarcation(page))!.features).toBe(1);
      expect(reads.length).toBe(before);
      // no notification but the blocked backgrounds' (no internet here)
      expect((await page.getByTestId('notification').allTextContents()).filter((t) => !/BRT-Achtergrondkaart|Luchtfoto/i.test(t))).toEqual([]);
    } finally {
      await page.getByTestId('layer-restore-defaults').click().catch(() => {});
      await page.context().close();
    }
  });

  it("a 403 on the layer's data gives one 'Not authorized' notification with the layer name; the layer is hidden", async () => {
    const page = await signedInPage(browser, base, 'admin@demo.example', newPage);
    let refused = 0;
    await page.route('**/geoserver/fttx/ows?**', async (route) => {
      if (!route.request().url().includes('project_demarcation')) return route.continue();
      refused++;
      await route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"not_authorized","message":"Not authorized"}' });
    });
    try {
      await open(page);
      await showLayer(page, 'projectDemarcation', 'Network');
      const note = page.getByTestId('notification').filter({ hasText: 'projectDemarcation' });
      await note.first().waitFor(WAIT);
      expect(await note.first().textContent()).toContain('Not authorized for map layer projectDemarcation');
      expect(refused).toBe(1);
      // panning elsewhere: the hidden layer is not read again and nothing more is notified
      await setView(page, 16, [AT[0] + 3000, AT[1] + 3000]);
      await frames(page);
      await frames(page);
      expect(refused).toBe(1);
      expect(await note.count()).toBe(1);
      const s = await demarcation(page);
      expect(s?.visible ?? false).toBe(false);
    } finally {
      await page.getByTestId('layer-restore-defaults').click().catch(() => {});
      await page.context().close();
    }
  });
});
