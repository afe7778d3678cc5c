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

/** Page pixel of a map position (the map container may sit below a header). */
export async function screen(page: Page, p: P): Promise<P> {
  const [x, y] = await hook<P>(page, 'toScreen', p[0], p[1]);
  const r = await page.getByTestId('map').evaluate((el) => { const b = el.getBoundingClientRect(); return [b.left, b.top]; });
  return [x + r[0], y + r[1]];
}

export async function clickAt(page: Page, p: P): Promise<void> {
  const [x, y] = await screen(page, p);
  await page.mouse.click(x, y);
}

export async function dblclickAt(page: Page, p: P): Promise<void> {
  const [x, y] = await screen(page, p);
  await page.mouse.dblclick(x, y);
}

// ---- against the real server (demo users, password demo1234) ----

export const DEMO_PASSWORD = 'demo1234';
const sha512 = async (s: string) => (await import('node:crypto')).createHash('sha512').update(s).digest('hex');

/** POST /api/user/login with the SHA-512 hex of the password, as the login form does; returns the session id. */
export async function apiLogin(base: string, email: string): Promise<string> {
  const r = await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: await sha512(DEMO_PASSWORD), language: 'en' }) });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { sessionId: string }).sessionId;
}

export async function apiCall<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const url = `${base}${path.startsWith('/api/') ? '' : '/api'}${path}`;
  const r = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body !== undefined ? JSON.stringify(body) : undefined });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The demo project's id ('Demo FTTH Utrecht'). */
export async function demoProjectId(base: string, token: string): Promise<number> {
  const r = await apiCall<unknown>(base, token, 'GET', '/project/all?size=500');
  const list = (Array.isArray(r) ? r : (r as { data?: unknown[]; projects?: unknown[] }).data ?? (r as { projects?: unknown[] }).projects ?? []) as { id: number; name: string }[];
  const p = list.find((x) => x.name === 'Demo FTTH Utrecht');
  if (!p) throw new Error('demo project not found');
  return p.id;
}

/** A page whose app starts signed in: the session id is stored where the shell's session code reads it. */
export async function signedInPage(browser: import('playwright-core').Browser, base: string, email: string, newPage: (b: import('playwright-core').Browser) => Promise<Page>): Promise<Page> {
  const sessionId = await apiLogin(base, email);
  const page = await newPage(browser);
  await page.context().addInitScript((id) => { if (!localStorage.getItem('sessionId')) localStorage.setItem('sessionId', id); }, sessionId);
  page.on('dialog', (d) => { void d.accept(); });
  await blockBackgrounds(page);
  return page;
}

interface Counts { edges: number; nodes: number }

/** Waits until the project's network is drawn (chunks built) and returns the counts. */
export async function waitNetwork(page: Page, atLeastEdges = 1): Promise<Counts> {
  await waitMap(page);
  await page.waitForFunction((n) => ((window as unknown as { __map?: { counts(): Counts } }).__map?.counts().edges ?? 0) >= n, atLeastEdges, { timeout: 120_000 });
  return hook<Counts>(page, 'counts');
}

export async function setView(page: Page, zoom: number, p: P): Promise<void> {
  await hook(page, 'setView', zoom, p[0], p[1]);
  await page.waitForFunction(([z]) => Math.abs((window as unknown as { __map: { zoom(): number } }).__map.zoom() - z) < 0.01, [zoom], { timeout: 30_000 });
}

/**
 * Creates a project of a type and gives it a small network through the engine's own save calls: a main line of
 * `mainType` edges with `branchType` branches to `pointType` nodes (ids of the family's object types).
 */
export async function createProjectWithNetwork(base: string, token: string, o: { name: string; projectTypeId: number; mainType: number; branchType: number; pointType: number; origin?: P }): Promise<number> {
  const { Editor } = await import('engine/editor');
  const { createModel } = await import('engine/model');
  const { randomUUID } = await import('node:crypto');
  const project = await apiCall<{ id: number }>(base, token, 'POST', '/project', { name: o.name, projectTypeId: o.projectTypeId });
  const objectTypes = await apiCall<unknown>(base, token, 'GET', `/project/${project.id}/object_type`);
  const types = (Array.isArray(objectTypes) ? objectTypes : (objectTypes as { data: unknown[] }).data) as import('engine/types').ObjectType[];
  const ed = new Editor(createModel({ networkObjects: [], objectTypes: types }), { newId: () => randomUUID(), projectId: project.id });
  const [x0, y0] = o.origin ?? [564380, 6817600];
  const apply = (it: import('engine/intents').Intent) => { const r = ed.apply(it); if (r.rejected) throw new Error(`${it.type}: ${r.rejected}`); };
  for (let k = 0; k < 6; k++) apply({ type: 'drawNode', coordinates: [x0 + 40 * k + 20, y0 + (k % 2 ? 30 : -30)], instances: [{ objectTypeId: o.pointType }] });
  for (let k = 0; k < 6; k++) apply({ type: 'drawEdge', coordinates: [[x0 + 40 * k, y0], [x0 + 40 * k + 40, y0]], instances: [{ objectTypeId: o.mainType }] });
  for (let k = 0; k < 6; k++) apply({ type: 'drawEdge', coordinates: [[x0 + 40 * k + 20, y0], [x0 + 40 * k + 20, y0 + (k % 2 ? 30 : -30)]], instances: [{ objectTypeId: o.branchType }] });
  const { saveCall, saveUrl } = await import('../../src/api/endpoints/save-calls');
  for (const req of ed.saveRequests()) await apiCall(base, token, req.method, saveUrl(project.id, req), saveCall(project.id, req).body);
  return project.id;
}

/** Waits for two animation frames (the deck.gl overlay draws in the next frame after a change). */
export async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

interface DeckLayerInfo { id: string; visible: boolean; opacity: number }
/** deck.gl layers of one render group (catalogue layer name) as last drawn. */
export async function groupLayers(page: Page, group: string): Promise<DeckLayerInfo[]> {
  return (await hook<DeckLayerInfo[]>(page, 'deckLayers')).filter((l) => l.id.endsWith(`-${group}`));
}

/** Opens the layer panel and waits until the user's layer settings are in. */
export async function openLayerPanel(page: Page): Promise<void> {
  await page.getByTestId('tool-layers').click();
  await page.locator('[data-testid=map-layers][data-ready=true]').waitFor({ timeout: 90_000 });
}

/** Opens the layer panel and ticks a layer, opening its category when the layer is not shown yet. */
export async function showLayer(page: Page, layer: string, category: string): Promise<void> {
  await openLayerPanel(page);
  const toggle = page.getByTestId(`layer-toggle-${layer}`);
  if (!(await toggle.isVisible())) await page.getByTestId(`layer-category-${category}`).locator('summary').click();
  await toggle.check();
}
