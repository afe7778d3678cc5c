// Screens by role in Chromium against the real server (issue 16, spec 1 §2, spec 2 §2/§6, docs/roles.md): each demo
// role signs in through the login form and the navigation shows exactly the screens its policies allow (the server's
// role table); every other screen answers 'User is not authorized to access this page' and lands on the dashboard.
// An unknown project id lands on the dashboard with the same warning; the workflow's step buttons show translated
// step names; the dashboard row of the demo project carries its summary and map thumbnail; the notification-centre
// button draws an SVG icon, not a glyph; the management dashboard and admin settings render real data.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { apiLogin, blockBackgrounds, demoProjectId } from './map-support';
import { POLICY_TABLE } from '../../server/auth/policies';
import type { Role } from '../../common/roles';

const WAIT = { timeout: 60_000 };
const NOT_AUTHORIZED = 'User is not authorized to access this page';
/** The screens of the application bar and the policy each needs (spec 1 §2; none: every signed-in user). */
const SCREENS: { path: string; policy?: string }[] = [
  { path: '/dashboard' }, { path: '/management', policy: 'management_dashboard' },
  { path: '/material-management', policy: 'material_management' }, { path: '/statistics', policy: 'workflow.statistics.view' },
  { path: '/admin', policy: 'admin.view' }, { path: '/admin-settings', policy: 'admin.settings' },
];
const USERS: { email: string; role: Role }[] = [
  { email: 'root@demo.example', role: 'root' }, { email: 'admin@demo.example', role: 'administrator' },
  { email: 'engineer@demo.example', role: 'engineer' }, { email: 'demo@demo.example', role: 'demo' },
  { email: 'viewer@demo.example', role: 'viewer' },
];
const allowed = (role: Role) => SCREENS.filter((s) => !s.policy || POLICY_TABLE[s.policy].includes(role)).map((s) => s.path);

async function signIn(browser: Browser, base: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await blockBackgrounds(page);
  await page.goto(`${base}/user/login`);
  await page.locator('input[name=email]').fill(email, WAIT);
  await page.locator('input[name=password]').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/, WAIT);
  await page.getByTestId('dashboard').waitFor(WAIT);
  return page;
}

async function navPaths(page: Page): Promise<string[]> {
  await page.locator('.app-header nav a').first().waitFor(WAIT);
  // The policy object arrives after the first paint: wait until the list stops changing.
  let last = '';
  for (let i = 0; i < 20; i++) {
    const now = (await page.locator('.app-header nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).join(',');
    if (now === last) break;
    last = now;
    await page.waitForTimeout(250);
  }
  return last.split(',');
}

describe('screens by role in Chromium', () => {
  let browser: Browser;
  const base = inject('baseUrl');
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  for (const u of USERS) {
    it(`${u.role}: the navigation shows exactly the allowed screens; the others warn and go to the dashboard`, async () => {
      const page = await signIn(browser, base, u.email);
      expect(await navPaths(page)).toEqual(allowed(u.role));
      for (const s of SCREENS.filter((x) => !allowed(u.role).includes(x.path))) {
        await page.goto(`${base}${s.path}`);
        await page.getByText(NOT_AUTHORIZED).first().waitFor(WAIT);
        await page.waitForURL(/\/dashboard$/, WAIT);
      }
      for (const path of allowed(u.role)) {
        await page.goto(`${base}${path}`);
        await page.locator('main').first().waitFor(WAIT);
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.getByText(NOT_AUTHORIZED).count()).toBe(0);
      }
      await screenshot(page, `roles-${u.role}`);
      await page.context().close();
    }, 180_000);
  }

  it('an unknown project id lands on the dashboard with the warning; step buttons show translated names', async () => {
    const page = await signIn(browser, base, 'engineer@demo.example');
    await page.goto(`${base}/workflow/999999/1`);
    await page.getByText(NOT_AUTHORIZED).first().waitFor(WAIT);
    await page.waitForURL(/\/dashboard$/, WAIT);
    const id = await demoProjectId(base, await apiLogin(base, 'engineer@demo.example'));
    await page.goto(`${base}/workflow/${id}/1`);
    await page.waitForURL(new RegExp(`/workflow/${id}/fttx/1`), WAIT);
    const steps = page.getByTestId('step-navigation').locator('li button');
    await steps.first().waitFor(WAIT);
    const names = await steps.allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Project area', 'Access network', 'Distribution network']));
    expect(names.some((n) => n.includes('_'))).toBe(false);
    await screenshot(page, 'roles-workflow-steps');
    await page.context().close();
  }, 180_000);

  it('the dashboard row summarises the demo project; the notification-centre button draws an SVG icon', async () => {
    const page = await signIn(browser, base, 'engineer@demo.example');
    const row = page.locator('[data-testid=project-row]', { hasText: 'Demo FTTH Utrecht' });
    await row.waitFor(WAIT);
    expect(await row.getByTestId('project-size').textContent()).toMatch(/^[\d,.]+ objects$/);
    expect(Number(await row.getByTestId('extent-thumbnail').getAttribute('data-cells'))).toBeGreaterThan(5);
    expect(await row.getByTestId('project-step').textContent()).not.toMatch(/_/);
    const bell = page.getByTestId('notification-centre-toggle');
    expect(await bell.locator('svg[data-icon=bell]').count()).toBe(1);
    expect((await bell.textContent())?.trim()).toMatch(/^\d*$/);
    await screenshot(page, 'roles-dashboard-summary');
    await page.context().close();
  }, 180_000);

  it('the management dashboard lists the demo project with its event log; admin settings show the sign-in settings', async () => {
    const admin = await signIn(browser, base, 'admin@demo.example');
    await admin.goto(`${base}/management`);
    const row = admin.locator('[data-testid=management-row]', { hasText: 'Demo FTTH Utrecht' });
    await row.waitFor(WAIT);
    expect(await row.getByTestId('lock-state').textContent()).toBe('Not locked');
    // The engineer opened the demo project's workflow in an earlier test: it is marked in use by them.
    expect(await row.locator('td').nth(5).textContent()).toContain('Demo Engineer');
    await row.getByRole('button', { name: 'Event log' }).click();
    await admin.getByTestId('event-log').locator('[data-event-type=PROJECT_CREATED]').waitFor(WAIT);
    await screenshot(admin, 'roles-management-event-log');
    await admin.context().close();
    const root = await signIn(browser, base, 'root@demo.example');
    await root.goto(`${base}/admin-settings`);
    await root.getByTestId('sign-in-settings').waitFor(WAIT);
    await root.getByTestId('layer-offer').locator('tr[data-layer]').first().waitFor(WAIT);
    expect(await root.getByTestId('source-signupEnabled').textContent()).toContain('from the environment');
    await screenshot(root, 'roles-admin-settings');
    await root.context().close();
  }, 180_000);
});
