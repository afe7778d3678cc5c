// Material management and statistics against the real server (issue 16): an administrator adds an entry to the
// low-voltage cable type catalogue in material management (a repeated name is refused beside the cell first) and finds
// it in a low-voltage project's cable types settings tab — as a default row and offered by "add from catalogue"; a
// trench drawn and saved on the map makes the statistics page show one trench more and a larger trench length.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, clickAt, createProjectWithNetwork, dblclickAt, hook, setView, signedInPage, waitNetwork, type P } from './map-support';

const WAIT = { timeout: 60_000 };
const NEW_CABLE = '4x240 Al e2e';

describe('material management and statistics', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiLogin(base, 'admin@demo.example');
  });
  afterAll(async () => {
    // the other browser tests read the standard catalogue
    await apiCall(base, admin, 'DELETE', '/materials/lv_cable_types').catch(() => undefined);
    await browser?.close();
  });

  it('an administrator adds a catalogue entry and finds it offered in the settings tab of a project', async () => {
    const page = await signedInPage(browser, base, 'admin@demo.example', newPage);
    await page.goto(`${base}/material-management?catalogue=lv_cable_types`);
    await page.getByTestId('material-management').waitFor(WAIT);
    const rows = page.getByTestId('row-lv_cable_types');
    const before = await rows.count();
    expect(before).toBe(4);
    await page.getByRole('button', { name: 'Add row' }).last().click(); // the catalogue's own (the cells' capacity tables have theirs)
    const name = page.getByTestId(`setting-lv_cable_types[${before}].name`);
    // a name the catalogue already has is refused beside the cell and blocks saving
    await name.fill('4x150 Al');
    await page.getByTestId(`problem-lv_cable_types[${before}].name`).waitFor(WAIT);
    expect(await page.getByTestId(`problem-lv_cable_types[${before}].name`).textContent()).toContain("repeats '4x150 Al'");
    expect(await page.getByTestId('materials-save').isDisabled()).toBe(true);
    await name.fill(NEW_CABLE);
    await page.getByTestId(`setting-lv_cable_types[${before}].cost`).fill('52');
    await page.getByTestId('materials-save').click();
    await page.getByText('Catalogue saved').first().waitFor(WAIT);
    await page.waitForSelector('[data-testid="material-management"][data-dirty="false"]', WAIT);
    expect(await page.getByTestId('materials-state').textContent()).toContain('Changed by your organisation');
    await screenshot(page, 'materials-lv-cable-types');
    const stored = await apiCall<{ catalogues: { kind: string; entries: { name: string; cost: number }[] }[] }>(base, admin, 'GET', '/materials');
    expect(stored.catalogues.find((c) => c.kind === 'lv_cable_types')!.entries.at(-1)).toMatchObject({ name: NEW_CABLE, cost: 52 });

    // a low-voltage project of the organisation: the new entry is a default row of its cable types tab…
    const project = await apiCall<{ id: number }>(base, admin, 'POST', '/project', { name: `LV materials ${Date.now()}`, projectTypeId: 30 });
    await page.goto(`${base}/project/${project.id}/settings?tab=cableTypes`);
    await page.getByTestId('settings-screen').waitFor(WAIT);
    const table = page.getByTestId('row-network.cable_types');
    await expect.poll(() => table.count(), WAIT).toBe(5);
    expect(await page.getByTestId('setting-network.cable_types[4].name').inputValue()).toBe(NEW_CABLE);
    // …and offered by "add from catalogue" once the table lacks it
    await page.getByRole('button', { name: 'Remove row 5 of Cable types' }).click();
    await expect.poll(() => table.count(), WAIT).toBe(4);
    const add = page.getByTestId('catalogue-add-network.cable_types');
    expect(await add.getByRole('option').allTextContents()).toContain(NEW_CABLE);
    await add.getByRole('combobox').selectOption({ label: NEW_CABLE });
    await add.getByRole('button', { name: 'Add from catalogue' }).click();
    await expect.poll(() => table.count(), WAIT).toBe(5);
    expect(await page.getByTestId('setting-network.cable_types[4].cost').inputValue()).toBe('52');
    await screenshot(page, 'materials-offered-in-settings');
    await page.context().close();
  });

  it('the statistics show a larger trench count and length after a trench is drawn and saved on the map', async () => {
    const token = await apiLogin(base, 'engineer@demo.example');
    const origin: P = [564380, 6817600];
    const id = await createProjectWithNetwork(base, token, { name: `Statistics e2e ${Date.now()}`, projectTypeId: 10, mainType: 106, branchType: 106, pointType: 103, origin });
    const page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    const trenchRow = (p: Page) => p.locator('[data-testid="statistics-types"] tr[data-object-type="trench"]');
    const read = async (p: Page) => ({ count: Number(await trenchRow(p).getAttribute('data-count')), length: Number(await trenchRow(p).getAttribute('data-length')) });

    await page.goto(`${base}/statistics?project=${id}`);
    await trenchRow(page).waitFor(WAIT);
    await page.getByTestId('chart-length').waitFor(WAIT);
    const before = await read(page);
    expect(before.count).toBeGreaterThan(0);
    const chartBefore = Number(await page.getByTestId('chart-length').getAttribute('data-total'));
    await screenshot(page, 'statistics-before');

    await page.goto(`${base}/workflow/${id}/fttx/2`);
    await waitNetwork(page, 12);
    const a: P = [origin[0] + 20, origin[1] + 100], b: P = [origin[0] + 80, origin[1] + 100];
    await setView(page, 19, [origin[0] + 50, origin[1] + 100]);
    await page.getByTestId('draw-object').selectOption({ label: 'trench' });
    if ((await page.getByTestId('tool-draw').getAttribute('aria-pressed')) !== 'true') await page.getByTestId('tool-draw').click();
    await clickAt(page, a);
    await clickAt(page, b);
    await dblclickAt(page, b);
    await page.waitForFunction(() => (window as unknown as { __map: { state(): { canSave: boolean } } }).__map.state().canSave, undefined, WAIT);
    await page.getByTestId('tool-save').click();
    await page.getByText('Changes saved').first().waitFor(WAIT);
    expect(await hook<{ canSave: boolean }>(page, 'state')).toMatchObject({ canSave: false });

    await page.goto(`${base}/statistics?project=${id}`);
    await trenchRow(page).waitFor(WAIT);
    await expect.poll(async () => (await read(page)).count, WAIT).toBe(before.count + 1);
    const after = await read(page);
    // a 60 m line at latitude 52° is about 37 m on the ground
    expect(after.length - before.length).toBeGreaterThan(30);
    expect(after.length - before.length).toBeLessThan(45);
    expect(Number(await page.getByTestId('chart-length').getAttribute('data-total'))).toBeGreaterThan(chartBefore + 30);
    await screenshot(page, 'statistics-after');

    // the organisation view lists the project and the CSV export downloads its rows
    await page.getByTestId('statistics-scope').selectOption('');
    await page.getByTestId('organisation-statistics').waitFor(WAIT);
    expect(await page.locator(`[data-testid="statistics-projects"] tr[data-project="${id}"]`).count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statistics-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^statistics-organisation-\d+\.csv$/);
    await page.context().close();
  });
});
