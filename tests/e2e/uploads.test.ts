// Uploads through the app in a real browser (issue 12; spec 1 §7/§8, spec 3 §7): an engineer on the demo project
// opens the layer panel's "Upload a file…", picks (file input) or drops (a synthetic drag-and-drop) the GDAL-built
// fixtures — a zipped Shapefile and an IMKL GML in RD New, a GeoPackage in WGS84, all in Utrecht a few km east of the
// demo network — sees the progress bar reach 100 and the done message, and the layer the server filled is switched
// on and its features are read through the project WFS and drawn (the map's feature layer summary); a second import
// into a layer already drawn is read again without a reload. A zip without a .shp shows the server's reason (spec 1
// §8); a viewer is not offered the upload.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import proj4 from 'proj4';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiLogin, demoProjectId, openLayerPanel, setView, signedInPage, waitMap, type P } from './map-support';
import { CRS_DEFS } from '../../engine/projection';

const WAIT = { timeout: 90_000 };
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/uploads/${name}`, import.meta.url));
const rd = proj4(CRS_DEFS['EPSG:28992'], CRS_DEFS['EPSG:3857']);
const wgs = proj4(CRS_DEFS['EPSG:4326'], CRS_DEFS['EPSG:3857']);
/** Map centres (EPSG:3857) of the fixtures (tests/fixtures/uploads/make.sh, imkl-klic.gml). */
const AT: Record<string, P> = {
  'trenches-rd.shp.zip': rd.forward([136250, 456050]) as P,
  'parcels.gpkg': wgs.forward([5.1015, 52.0905]) as P,
  'imkl-klic.gml': rd.forward([136100, 456050]) as P,
};
interface Summary { name: string; features: number; drawn: number; visible: boolean }

/** Records every value the progress bar shows (it may exist only for a moment on a small file). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: number[]; __progressObserver?: MutationObserver };
    w.__progress = [];
    w.__progressObserver?.disconnect();
    const read = () => { const el = document.querySelector<HTMLProgressElement>('[data-testid=upload-progress]'); if (el) w.__progress.push(el.value); };
    w.__progressObserver = new MutationObserver(read);
    w.__progressObserver.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
}

describe('uploads through the upload screen', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let projectId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    projectId = await demoProjectId(base, await apiLogin(base, 'engineer@demo.example'));
  });
  afterAll(async () => { await browser?.close(); });

  async function openMap(email: string): Promise<Page> {
    const page = await signedInPage(browser, base, email, newPage);
    await page.goto(`${base}/workflow/${projectId}/fttx/2`);
    await waitMap(page);
    await openLayerPanel(page);
    await page.getByTestId('layer-category-Upload').locator('summary').click();
    return page;
  }

  /** Uploads one fixture through the open dialog (by the file input or a drop) and waits for the done message. */
  async function upload(page: Page, name: string, how: 'input' | 'drop'): Promise<{ progress: number[]; done: string }> {
    if (!(await page.getByTestId('upload-dialog').isVisible())) await page.getByTestId('upload-open').click();
    if (how === 'input') {
      await page.getByTestId('upload-input').setInputFiles(fixture(name));
    } else {
      const bytes = readFileSync(fixture(name)).toString('base64');
      await page.getByTestId('upload-dropzone').evaluate((zone, [b64, file]) => {
        const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([data], file));
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, [bytes, name] as const);
    }
    await expect.poll(() => page.getByTestId('upload-file-name').textContent()).toBe(name);
    await watchProgress(page);
    await page.getByTestId('upload-submit').click();
    await page.locator('[data-testid=upload-done], [data-testid=upload-error]').first().waitFor(WAIT);
    const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    const error = page.getByTestId('upload-error');
    if (await error.isVisible()) return { progress, done: `error: ${await error.textContent()}` };
    return { progress, done: (await page.getByTestId('upload-done').textContent()) ?? '' };
  }

  /** Moves the map to a fixture and waits until the layer is on and its features are drawn. */
  async function drawn(page: Page, layer: string, at: P, count: number): Promise<Summary> {
    await setView(page, 16, at);
    await page.waitForFunction(([name, n]) => {
      const s = (window as unknown as { __map: { featureLayers(): Summary[] } }).__map.featureLayers().find((x) => x.name === name);
      return !!s && s.visible && s.features >= (n as number) && s.drawn > 0;
    }, [layer, count] as const, WAIT);
    return (await page.evaluate(() => (window as unknown as { __map: { featureLayers(): Summary[] } }).__map.featureLayers()))
      .find((s) => s.name === layer)!;
  }

  it('an engineer uploads a Shapefile, a GeoPackage (dropped) and a KLIC IMKL GML: progress to 100, the layers drawn', async () => {
    const page = await openMap('engineer@demo.example');
    try {
      expect(await page.getByTestId('layer-toggle-uploadLines').isChecked()).toBe(false);
      // Zipped Shapefile (RD New) by the file picker; replacing earlier uploads of the layer so the counts are exact.
      await page.getByTestId('upload-open').click();
      await page.getByTestId('upload-delete-existing').check();
      const shp = await upload(page, 'trenches-rd.shp.zip', 'input');
      expect(shp.done).toMatch(/\b3\b/);
      expect(shp.progress.length, 'the progress bar was shown').toBeGreaterThan(0);
      expect(Math.max(...shp.progress)).toBe(100);
      expect(shp.progress.every((v) => v >= 0 && v <= 100)).toBe(true);
      expect(await page.getByTestId('layer-toggle-uploadLines').isChecked()).toBe(true);
      const lines = await drawn(page, 'uploadLines', AT['trenches-rd.shp.zip'], 3);
      expect(lines.features).toBe(3);
      await screenshot(page, 'uploads-shapefile');
      // The same file again, adding to the layer: the map re-reads the layer it had already loaded (no reload, no pan).
      await page.getByTestId('upload-delete-existing').uncheck();
      const again = await upload(page, 'trenches-rd.shp.zip', 'input');
      expect(again.done).toMatch(/\b3\b/);
      await page.waitForFunction(() => (window as unknown as { __map: { featureLayers(): Summary[] } }).__map.featureLayers()
        .find((x) => x.name === 'uploadLines')?.features === 6, undefined, WAIT);

      // GeoPackage (WGS84 polygons) by a drop on the drop zone.
      const gpkg = await upload(page, 'parcels.gpkg', 'drop');
      expect(gpkg.done).toMatch(/\b2\b/);
      expect(Math.max(...gpkg.progress)).toBe(100);
      const polygons = await drawn(page, 'uploadPolygons', AT['parcels.gpkg'], 2);
      expect(polygons.features).toBe(2);

      // KLIC IMKL GML: the generic upload goes to the KLIC layer (category UploadKlic).
      const klic = await upload(page, 'imkl-klic.gml', 'input');
      expect(klic.done).not.toMatch(/^error/);
      expect(Math.max(...klic.progress)).toBe(100);
      expect(await page.getByTestId('layer-toggle-uploadKlic').isChecked()).toBe(true);
      const cables = await drawn(page, 'uploadKlic', AT['imkl-klic.gml'], 1);
      expect(cables.features).toBeGreaterThan(0);
      await screenshot(page, 'uploads-klic');
    } finally {
      await page.context().close();
    }
  });

  it('a zip without a .shp shows the server\'s reason (spec 1 §8) and imports nothing', async () => {
    const page = await openMap('engineer@demo.example');
    try {
      const r = await upload(page, 'no-shp.zip', 'input');
      expect(r.done).toBe('error: no-shp.zip holds no .shp file (found: trenches.dbf, trenches.prj).');
      await expect.poll(() => page.getByTestId('upload-error').getAttribute('role')).toBe('alert');
      expect(await page.getByTestId('upload-done').count()).toBe(0);
      // the dialog can be used again: the submit button is enabled for another try
      expect(await page.getByTestId('upload-submit').isEnabled()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('a viewer is not offered the upload', async () => {
    const page = await openMap('viewer@demo.example');
    try {
      await expect.poll(() => page.getByTestId('layer-toggle-uploadLines').isVisible()).toBe(true);
      expect(await page.getByTestId('upload-open').count()).toBe(0);
      expect(await page.getByTestId('upload-dialog').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
