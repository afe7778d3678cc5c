// Planning on the map (issue 13), in Chromium against the real server: the live validation gates the workflow —
// a distribution point drawn and given more connections than its capacity turns the status INVALID with a Required
// result and closes the next step; undo turns it VALID and opens it again. The live capex total rises by exactly
// 100 m × the trench unit cost (the project's default trench cost entry, 85) when a 100 m trench is drawn.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { groundLength, groundScale } from 'engine/mercator';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, clickAt, dblclickAt, hook, setView, signedInPage, type P } from './map-support';

interface State { canUndo: boolean; canSave: boolean; size: number }
const WAIT = { timeout: 90_000 };
const AT: P = [566000, 6817400];

describe('validation gates the workflow; capex follows every edit (fresh fttx project)', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  let pid: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiLogin(base, 'engineer@demo.example');
    pid = (await apiCall<{ id: number }>(base, token, 'POST', '/project', { name: `Planning ${Date.now()}`, projectTypeId: 10 })).id;
    // a DP without connections must not fail 'under minimum usage' here: minimum usage 0 in the project's settings
    const settings = await apiCall<Record<string, Record<string, unknown>>>(base, token, 'GET', `/project/${pid}/fttx/settings`);
    await apiCall(base, token, 'POST', `/project/${pid}/fttx/settings`, { ...settings, network: { ...settings.network, dp_minimum_usage: 0 } });
    const states = await apiCall<{ step: number }[] | { data: { step: number }[] }>(base, token, 'GET', '/state/project_type/10');
    const first = Math.min(...(Array.isArray(states) ? states : states.data).map((s) => s.step));
    page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    await page.goto(`${base}/workflow/${pid}/fttx/${first}`);
    await page.getByTestId('tool-draw').waitFor(WAIT);
    await setView(page, 19, AT);
  });
  afterAll(async () => { await browser?.close(); });

  const status = () => page.getByTestId('validation-status').first().getAttribute('data-status');
  const waitStatus = (s: string) => page.waitForFunction((s) => document.querySelector('[data-testid=validation-status]')?.getAttribute('data-status') === s, s, WAIT);
  const waitSize = (n: number) => page.waitForFunction((n) => (window as unknown as { __map: { state(): State } }).__map.state().size === n, n, WAIT);
  const next = () => page.getByTestId('next-step');

  it('a DP over its capacity makes the status INVALID and closes the next step; undo makes it VALID again', async () => {
    await waitStatus('VALID');
    expect(await next().isDisabled()).toBe(false);
    await page.getByTestId('draw-object').selectOption({ label: 'splicebox' });
    await page.getByTestId('tool-draw').click();
    await clickAt(page, AT);
    await waitSize(1);
    expect(await status()).toBe('VALID');
    await page.keyboard.press('Escape');
    await page.getByTestId('tool-select').click();
    await clickAt(page, AT);
    const card = page.getByTestId('feature-info');
    await card.waitFor(WAIT);
    const toggle = card.getByRole('button', { name: /\bsplicebox\b/i });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const connections = card.getByLabel('Connections');
    await connections.fill('60');
    await connections.blur();
    await waitSize(2);
    await waitStatus('INVALID');
    expect(await next().isDisabled()).toBe(true);
    expect(await page.getByTestId('step-gate').textContent()).toContain('Required validations have not passed');
    await page.getByTestId('validation-toggle').click();
    const required = page.getByTestId('validation-Required');
    await required.waitFor(WAIT);
    // over capacity (46) and over physical capacity (48): both Required
    expect(await required.locator('[data-validator=dp_capacity]').count()).toBe(2);
    expect(await required.textContent()).toMatch(/60/);
    await screenshot(page, 'planning-dp-over-capacity');
    await page.locator('[data-testid=feature-info] header button').click();
    await page.getByTestId('tool-undo').click();
    await waitStatus('VALID');
    expect(await next().isDisabled()).toBe(false);
    expect(await page.getByTestId('validation-none').count()).toBe(1);
  });

  it('drawing a 100 m trench raises the capex total by its length × 85', async () => {
    await page.getByTestId('capex-toggle').click();
    const total = page.getByTestId('capex-total');
    await total.waitFor(WAIT);
    const before = Number(await total.getAttribute('data-value'));
    const y = AT[1] - 40, len = 100 / groundScale(y); // 100 ground metres in map units at this latitude
    // left of the view's centre: the open capex panel covers the right-hand side
    const a: P = [AT[0] - len, y], b: P = [AT[0], y];
    await setView(page, 18.4, [AT[0], y]); // editing needs a fine enough resolution; 100 m ≈ 260 px here
    await page.getByTestId('draw-object').selectOption({ label: 'trench' });
    await page.getByTestId('tool-draw').click();
    await clickAt(page, a);
    await clickAt(page, b);
    await dblclickAt(page, b);
    await page.waitForFunction((v) => Number(document.querySelector('[data-testid=capex-total]')?.getAttribute('data-value')) !== v, before, WAIT);
    const after = Number(await total.getAttribute('data-value'));
    const edges = await hook<string[]>(page, 'edgesAt', AT[0] - len / 2, y, 1);
    expect(edges).toHaveLength(1);
    // the clicks land on whole pixels (≈ 0.4 m here): the line is 100 m within a metre, and the total rose by exactly
    // its ground length × 85
    const coords = await hook<P[]>(page, 'coords', edges[0]);
    const metres = groundLength(coords);
    expect(Math.abs(metres - 100)).toBeLessThan(1);
    expect(after - before).toBeCloseTo(metres * 85, 1);
    expect(await page.getByTestId('capex-table').locator('tr[data-object-type=trench]').count()).toBe(1);
    await screenshot(page, 'planning-capex');
  });
});
