// Launches Debian's Chromium through playwright-core with the flags that work headless on this kind of machine
// (no network chatter, software WebGL), a small viewport, and a screenshot helper writing under test-results/.
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error plain ESM script without types
import { ensureChromium } from '../../../scripts/chromium.mjs';

export const SMALL_VIEWPORT = { width: 800, height: 600 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  });
}

export async function newPage(browser: Browser, opts: { locale?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: SMALL_VIEWPORT, locale: opts.locale ?? 'en-US' });
  return context.newPage();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join('test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
