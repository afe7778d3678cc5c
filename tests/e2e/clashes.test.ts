// Clash review in Chromium against the real server (issue 14): a KLIC delivery uploaded into a fresh project; a trench
// drawn across its low-voltage cable shows a clash in the review table without a reload (live, from the edit's diff);
// approving it changes its status; after saving, the project run stores it with the approved status.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, clickAt, dblclickAt, setView, signedInPage, type P } from './map-support';

const WAIT = { timeout: 90_000 };
const KLIC = readFileSync(fileURLToPath(new URL('../fixtures/uploads/imkl-klic.gml', import.meta.url)));
interface Ref { id: string; layer: string; geometry: { coordinates: number[][] } }

describe('clash review on the map (fresh fttx project with a KLIC delivery)', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  let pid: number;
  let token: string;
  let cable: Ref;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiLogin(base, 'engineer@demo.example');
    pid = (await apiCall<{ id: number }>(base, token, 'POST', '/project', { name: `Clashes ${Date.now()}`, projectTypeId: 10 })).id;
    const fd = new FormData();
    fd.append('file', new Blob([KLIC as BlobPart]), 'imkl-klic.gml');
    const up = await (await fetch(`${base}/api/upload/file`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } })).json() as { uuid: string };
    await apiCall(base, token, 'POST', `/project/${pid}/fttx/features`, { type: 'upload', fileId: up.uuid, deleteExisting: false });
    const refs = await apiCall<Ref[]>(base, token, 'GET', `/project/${pid}/clashes/references`);
    cable = refs.find((r) => r.layer === 'electricity_low_voltage')!;
    page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    await page.goto(`${base}/workflow/${pid}/fttx/0`);
    await page.getByTestId('tool-draw').waitFor(WAIT);
  });
  afterAll(async () => { await browser?.close(); });

  it('a trench across the cable shows a clash without a reload; approve; the project run stores it approved', async () => {
    const [a, b] = cable.geometry.coordinates;
    const x = a[0] + (b[0] - a[0]) * 0.3, y = a[1];
    // the view's centre right of the crossing: the panel covers the right-hand side
    await setView(page, 19, [x + 60, y]);
    await page.getByTestId('clash-toggle').click();
    const table = page.getByTestId('clash-table');
    await table.waitFor(WAIT);
    expect(await table.locator('tbody tr').count()).toBe(0);
    await page.getByTestId('draw-object').selectOption({ label: 'trench' });
    await page.getByTestId('tool-draw').click();
    const p1: P = [x, y - 15], p2: P = [x, y + 15];
    await clickAt(page, p1);
    await clickAt(page, p2);
    await dblclickAt(page, p2);
    const row = table.locator('tbody tr', { hasText: 'electricity_low_voltage' });
    await row.first().waitFor(WAIT);
    expect(await row.first().getAttribute('data-status')).toBe('Unresolved');
    const clashId = (await row.first().getAttribute('data-clash'))!;
    await row.first().getByTestId('clash-approve').click();
    await page.waitForFunction((id) => document.querySelector(`[data-clash="${id}"]`)?.getAttribute('data-status') === 'Approved', clashId, WAIT);
    await screenshot(page, 'clash-review');
    // the run checks the saved network: save, then run for the project
    await page.getByTestId('tool-save').click();
    await page.getByText('Changes saved').first().waitFor(WAIT);
    await page.getByTestId('clash-run').click();
    await page.getByTestId('clash-run-result').waitFor(WAIT);
    const stored = await apiCall<{ clashes: { id: string; status: string }[] }>(base, token, 'POST', `/project/${pid}/clashes/run`, {});
    expect(stored.clashes.find((c) => c.id === clashId)?.status).toBe('Approved');
  });
});
