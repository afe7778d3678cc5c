// Helpers for the map editor browser tests: open a map, load a small network through the test hook, and convert
// map coordinates (EPSG:3857) to screen pixels so gestures are deterministic.
import type { Page } from 'playwright-core';

export type P = [number, number];

/** A comb of `n` vertical edges 30 m apart with their end nodes, near Utrecht. */
export function comb(n: number, x0 = 570000, y0 = 6817000) {
  const objs: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const a = [x0 + i * 30, y0], b = [x0 + i * 30, y0 + 40];
    objs.push({ id: `n${i}a`, projectId: 0, node: { geometry: { type: 'Point', coordinates: a } } });
    objs.push({ id: `n${i}b`, projectId: 0, node: { geometry: { type: 'Point', coordinates: b } } });
    objs.push({ id: `e${i}`, projectId: 0, edge: { fromNodeId: `n${i}a`, toNodeId: `n${i}b`, geometry: { type: 'LineString', coordinates: [a, b] } } });
  }
  return objs;
}

export async function blockBackgrounds(page: Page): Promise<void> {
  await page.route('**/service.pdok.nl/**', (r) => r.abort());
}

export async function waitMap(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.mapLoaded === 'true', undefined, { timeout: 90_000 });
  await page.waitForFunction(() => !!(window as unknown as { __map?: unknown }).__map, undefined, { timeout: 30_000 });
}

export async function hook<T>(page: Page, fn: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(([fn, args]) => ((window as unknown as { __map: Record<string, (...a: unknown[]) => unknown> }).__map[fn as string])(...(args as unknown[])), [fn, args] as const) as Promise<T>;
}

export async function screen(page: Page, p: P): Promise<P> {
  return hook<P>(page, 'toScreen', p[0], p[1]);
}

export async function clickAt(page: Page, p: P): Promise<void> {
  const [x, y] = await screen(page, p);
  await page.mouse.click(x, y);
}

export async function dblclickAt(page: Page, p: P): Promise<void> {
  const [x, y] = await screen(page, p);
  await page.mouse.dblclick(x, y);
}
