// Routes in the map (issue 14), in Chromium against the real server's demo project: two street nodes with a real
// alternative are chosen through the server's route call (POST /project/{id}/route, the same engine), then in the app
// the route panel picks them by clicking on the map, computes in the route worker, and shows the minimal cost route and
// its alternative side by side (different costs and edges; the minimal cost equals the server's). Accepting the
// minimal cost route is ONE history item: a cable path whose path edges are the route's edges in order; undo removes it.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, clickAt, demoProjectId, hook, setView, signedInPage, waitNetwork, type P } from './map-support';

interface WireObject { id: string; node?: { geometry: { coordinates: P } }; edge?: { fromNodeId: string; toNodeId: string } }
interface State { canUndo: boolean; canRedo: boolean; size: number }
interface Result { found: boolean; edges: string[]; nodes: string[]; cost: number; length: number }
const WAIT = { timeout: 90_000 };
/** Map units per CSS pixel at zoom 17 (EPSG:3857, 512-px tiles as MapLibre draws them). */
const RES17 = 40075016.686 / 512 / 2 ** 17;

describe('route panel on the demo project', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  let pid: number;
  let a: P, b: P;
  let server: { best: Result; alt: Result };
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiLogin(base, 'engineer@demo.example');
    pid = await demoProjectId(base, token);
    const r = await apiCall<{ data?: WireObject[] } | WireObject[]>(base, token, 'GET', `/project/${pid}/network_object/all`);
    const objs = Array.isArray(r) ? r : r.data ?? [];
    const degree = new Map<string, number>();
    for (const o of objs) if (o.edge) for (const n of [o.edge.fromNodeId, o.edge.toNodeId]) degree.set(n, (degree.get(n) ?? 0) + 1);
    // street junctions, pairs that fit the left part of an 800×600 view at zoom 17
    const nodes = objs.filter((o) => o.node && (degree.get(o.id) ?? 0) >= 3).map((o) => o.node!.geometry.coordinates);
    const pairs: [P, P][] = [];
    for (let i = 0; i < nodes.length && pairs.length < 300; i += 3) for (let j = i + 1; j < nodes.length && pairs.length < 300; j += 7) {
      const dx = Math.abs(nodes[i][0] - nodes[j][0]), dy = Math.abs(nodes[i][1] - nodes[j][1]);
      if (dx < 280 && dy < 300 && Math.hypot(dx, dy) > 80) pairs.push([nodes[i], nodes[j]]);
    }
    expect(pairs.length).toBeGreaterThan(0);
    const queries = pairs.flatMap(([from, to]) => (['minimal_cost', 'minimal_cost_alternative'] as const).map((strategy) => ({ from, to, strategy })));
    const { results } = await apiCall<{ results: Result[] }>(base, token, 'POST', `/project/${pid}/route`, { queries });
    const k = pairs.findIndex((_, i) => {
      const [x, y] = [results[2 * i], results[2 * i + 1]];
      return x.found && y.found && y.cost > x.cost * 1.05 && y.edges.join() !== x.edges.join() && x.edges.length >= 2;
    });
    expect(k).toBeGreaterThanOrEqual(0);
    [a, b] = pairs[k];
    server = { best: results[2 * k], alt: results[2 * k + 1] };
    page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    await page.goto(`${base}/workflow/${pid}/fttx/2`);
    await waitNetwork(page, 100);
    await page.getByTestId('tool-draw').waitFor(WAIT);
    // the two points land around x = 220 px (the open panel covers the right-hand side)
    await setView(page, 17, [(a[0] + b[0]) / 2 + 180 * RES17, (a[1] + b[1]) / 2]);
  });
  afterAll(async () => { await browser?.close(); });

  const state = () => hook<State>(page, 'state');
  const row = (s: string) => page.locator(`[data-testid=route-table] tr[data-strategy=${s}]`);

  it('picks two points, computes, shows the minimal cost route and its alternative side by side', async () => {
    await page.getByTestId('route-toggle').click();
    await page.getByTestId('route-panel').waitFor(WAIT);
    expect(await page.getByTestId('route-in-process').count()).toBe(0); // a real Web Worker here
    await page.getByTestId('route-pick-start').click();
    await page.getByTestId('route-picking').waitFor(WAIT);
    await clickAt(page, a);
    await page.waitForFunction(() => document.querySelector('[data-testid=route-start]')?.hasAttribute('data-x'), undefined, WAIT);
    await page.getByTestId('route-pick-end').click();
    await clickAt(page, b);
    await page.waitForFunction(() => document.querySelector('[data-testid=route-end]')?.hasAttribute('data-x'), undefined, WAIT);
    expect(await page.getByTestId('route-picking').count()).toBe(0);
    await page.getByTestId('route-compute').click();
    await page.getByTestId('route-table').waitFor(WAIT);
    expect(await page.locator('[data-testid=route-table] tbody tr').evaluateAll((l) => l.map((r) => r.getAttribute('data-strategy'))))
      .toEqual(['minimal_cost', 'minimal_cost_alternative', 'minimal_distance']);
    const attrs = async (s: string) => ({
      found: await row(s).getAttribute('data-found'), cost: Number(await row(s).getAttribute('data-cost')), edges: (await row(s).getAttribute('data-edges'))!.split(' '),
    });
    const best = await attrs('minimal_cost'), alt = await attrs('minimal_cost_alternative');
    expect(best.found).toBe('true');
    expect(alt.found).toBe('true');
    expect(alt.cost).toBeGreaterThan(best.cost);
    expect(alt.edges.join()).not.toBe(best.edges.join());
    // the same engine on the same network and settings as the server's route call
    expect(best.cost).toBeCloseTo(server.best.cost, 1);
    expect(alt.cost).toBeCloseTo(server.alt.cost, 1);
    // drawn on the map: the route layer is in the deck.gl layer list
    await page.waitForFunction(() => (window as unknown as { __map: { deckLayers(): { id: string }[] } }).__map.deckLayers().some((l) => l.id === 'route-paths'), undefined, WAIT);
    await screenshot(page, 'routes-alternatives');
  });

  it('accepting the minimal cost route is one history item: a cable path over its edges; undo removes it', async () => {
    const before = await state();
    const edges = (await row('minimal_cost').getAttribute('data-edges'))!.split(' ');
    await page.getByTestId('route-accept-minimal_cost').click();
    await page.getByTestId('route-accepted').waitFor(WAIT);
    const after = await state();
    expect(after.size).toBe(before.size + 1);
    const actions = await page.evaluate(() => {
      const h = (window as unknown as { __map: { controller: { session: { editor: { history: { items: { actions: { code: number; after?: Record<string, unknown> }[] }[]; index: number } } } } } }).__map.controller.session.editor.history;
      return h.items[h.index].actions.map((x) => ({ code: x.code, id: x.after?.id as string, edgeId: x.after?.edgeId as string, position: x.after?.position as number }));
    });
    const pathId = actions.find((x) => x.code === 0)!.id;
    expect(actions.filter((x) => x.code === 3).sort((p, q) => p.position - q.position).map((x) => x.edgeId)).toEqual(edges);
    expect(await hook(page, 'featureProperties', pathId)).not.toBeNull();
    // a cable: the project's cable type is the panel's default path type
    const cable = Number(await page.getByTestId('route-path-type').inputValue());
    expect(await page.getByTestId('route-path-type').locator('option:checked').textContent()).toBe('cable');
    expect((await hook<{ objectTypeId: number }[]>(page, 'instances', pathId)).map((i) => i.objectTypeId)).toEqual([cable]);
    await page.getByTestId('tool-undo').click();
    await page.waitForFunction((id) => (window as unknown as { __map: { featureProperties(id: string): unknown } }).__map.featureProperties(id) === null, pathId, WAIT);
    const undone = await state();
    expect(undone.canRedo).toBe(true);
    expect(undone.canUndo).toBe(before.canUndo);
  });
});
