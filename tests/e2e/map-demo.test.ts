// Map editor against the real server's demo project in Chromium: an engineer draws an edge across an existing node
// (two edges), saves, and after a reload sees the edit kept; edits not saved are offered back after a reload;
// leaving with unsaved changes shows the dialog; a viewer gets no edit controls.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, clickAt, dblclickAt, demoProjectId, hook, setView, signedInPage, waitNetwork, type P } from './map-support';

interface WireObject { id: string; node?: { geometry: { coordinates: P } }; edge?: { fromNodeId: string; toNodeId: string; geometry: { coordinates: P[] } } }
interface State { canUndo: boolean; canRedo: boolean; canSave: boolean; size: number }
const WAIT = { timeout: 90_000 };

function segDist(p: P, a: P, b: P): number {
  const dx = b[0] - a[0], dy = b[1] - a[1], l2 = dx * dx + dy * dy;
  const t = l2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Dead-end nodes on a vertical drop where a 24-unit horizontal line through them touches nothing else. */
function crossingCandidates(objs: WireObject[]): P[] {
  const edges = objs.filter((o) => o.edge);
  const degree = new Map<string, string[]>();
  for (const e of edges) for (const n of [e.edge!.fromNodeId, e.edge!.toNodeId]) degree.set(n, [...(degree.get(n) ?? []), e.id]);
  const out: P[] = [];
  for (const o of objs) {
    if (!o.node || degree.get(o.id)?.length !== 1) continue;
    const [x, y] = o.node.geometry.coordinates;
    const own = edges.find((e) => e.id === degree.get(o.id)![0])!;
    const c = own.edge!.geometry.coordinates;
    if (Math.abs(c[0][0] - c[c.length - 1][0]) > 0.5) continue;
    const samples: P[] = Array.from({ length: 13 }, (_, i) => [x - 12 + i * 2, y]);
    const clear = edges.every((e) => e.id === own.id || e.edge!.geometry.coordinates.every((q, i, all) => i === 0 || samples.every((s) => segDist(s, all[i - 1], q) > 10)))
      && objs.every((n) => !n.node || n.id === o.id || samples.every((s) => Math.hypot(s[0] - n.node!.geometry.coordinates[0], s[1] - n.node!.geometry.coordinates[1]) > 10));
    if (clear) out.push([x, y]);
    if (out.length === 2) break;
  }
  return out;
}

describe('map editor on the demo project', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let token: string;
  let projectId: number;
  let targets: P[];
  let page: Page;
  let url: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiLogin(base, 'engineer@demo.example');
    projectId = await demoProjectId(base, token);
    const r = await apiCall<{ data?: WireObject[] } | WireObject[]>(base, token, 'GET', `/project/${projectId}/network_object/all`);
    targets = crossingCandidates(Array.isArray(r) ? r : r.data ?? []);
    expect(targets.length).toBe(2);
    url = `${base}/workflow/${projectId}/fttx/2`;
  });
  afterAll(async () => { await browser?.close(); });

  const state = () => hook<State>(page, 'state');
  const edgesAt = (p: P) => hook<string[]>(page, 'edgesAt', p[0], p[1], 0.5);

  async function drawAcross(p: P) {
    await setView(page, 19, p);
    await page.getByTestId('draw-object').selectOption({ label: 'trench' });
    if ((await page.getByTestId('tool-draw').getAttribute('aria-pressed')) !== 'true') await page.getByTestId('tool-draw').click();
    const a: P = [p[0] - 12, p[1]], b: P = [p[0] + 12, p[1]];
    // start left of the node, a vertex on the node (snapped), end right of it
    await clickAt(page, a);
    await clickAt(page, p);
    await clickAt(page, b);
    await dblclickAt(page, b);
  }

  it('draws an edge across an existing node and sees two edges; saves; a reload shows the edit kept', async () => {
    page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    await page.goto(url);
    const before = await waitNetwork(page, 1000);
    await page.getByTestId('tool-draw').waitFor(WAIT);
    // the whole read came as Arrow, fetched by a Web Worker that passed the body on and computed the model's index
    // beside the main thread (issue 15)
    const whole = await hook<{ how: string; workerRead: { handedAt: number; headAt: number; endAt: number } }>(page, 'wholeModel');
    expect(whole.how).toBe('worker');
    expect(whole.workerRead.handedAt).toBeGreaterThan(0);
    expect(whole.workerRead.endAt).toBeGreaterThanOrEqual(whole.workerRead.headAt);
    expect(whole.workerRead.headAt).toBeGreaterThan(whole.workerRead.handedAt);
    // the network was drawn by a map frame before the live validation and capex made their first pass (issue 15)
    await page.waitForFunction(() => (window as unknown as { __map: { validation(): unknown } }).__map.validation() !== null, undefined, WAIT);
    const drawnAt = await hook<number>(page, 'drawnAt'), since = (await hook<{ since: number }>(page, 'validation')).since;
    expect(drawnAt).toBeGreaterThan(0);
    expect(since).toBeGreaterThan(drawnAt);
    expect(await edgesAt(targets[0])).toHaveLength(1);
    await drawAcross(targets[0]);
    await page.waitForFunction(() => (window as unknown as { __map: { state(): State } }).__map.state().size === 1, undefined, WAIT);
    expect(await edgesAt(targets[0])).toHaveLength(3); // the drop + the two halves of the drawn line
    expect((await hook<{ edges: number }>(page, 'counts')).edges).toBe(before.edges + 2);
    await screenshot(page, 'map-demo-draw-across-node');
    await page.getByTestId('tool-save').click();
    await page.getByText('Changes saved').first().waitFor(WAIT);
    expect((await state()).canSave).toBe(false);
    await page.reload();
    await waitNetwork(page, 1000);
    expect(await edgesAt(targets[0])).toHaveLength(3);
    expect((await hook<{ edges: number }>(page, 'counts')).edges).toBe(before.edges + 2);
  });

  it('edits not saved are offered back after a reload', async () => {
    await drawAcross(targets[1]);
    await page.waitForFunction(() => (window as unknown as { __map: { state(): State } }).__map.state().canSave, undefined, WAIT);
    expect(await edgesAt(targets[1])).toHaveLength(3);
    // kept in IndexedDB after the change
    await page.waitForFunction((id) => new Promise<boolean>((resolve) => {
      const req = indexedDB.open('netplan-map');
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('records')) { db.close(); resolve(false); return; }
        const g = db.transaction('records').objectStore('records').count(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
        g.onsuccess = () => { db.close(); resolve(g.result > 0); };
      };
      req.onerror = () => resolve(false);
    }), projectId, WAIT);
    await page.reload();
    await waitNetwork(page, 1000);
    expect(await edgesAt(targets[1])).toHaveLength(1);
    await page.getByText(/There are \d+ unsaved edits from an earlier visit/).first().waitFor(WAIT);
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.waitForFunction(() => (window as unknown as { __map: { state(): State } }).__map.state().canSave, undefined, WAIT);
    expect(await edgesAt(targets[1])).toHaveLength(3);
  });

  it('leaving with unsaved changes opens the dialog; cancel stays, leave and save saves', async () => {
    await page.locator('.app-header nav a[href="/dashboard"]').click();
    const dialog = page.getByTestId('unsaved-changes-dialog');
    await dialog.waitFor(WAIT);
    await screenshot(page, 'map-demo-unsaved-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/workflow/${projectId}/fttx/2`);
    await page.locator('.app-header nav a[href="/dashboard"]').click();
    await page.getByTestId('unsaved-changes-dialog').getByRole('button', { name: 'Leave and save' }).click();
    await page.getByTestId('dashboard').waitFor(WAIT);
    const r = await apiCall<{ data?: WireObject[] } | WireObject[]>(base, token, 'GET', `/project/${projectId}/network_object/all`);
    const objs = Array.isArray(r) ? r : r.data ?? [];
    const near = objs.filter((o) => o.edge?.geometry.coordinates.some((q) => Math.hypot(q[0] - targets[1][0], q[1] - targets[1][1]) < 0.5));
    expect(near).toHaveLength(3);
    await page.context().close();
  });

  it('the map follows a resize of its container and is not reset by a resize to the size it has', async () => {
    const viewer = await signedInPage(browser, base, 'viewer@demo.example', newPage);
    // every write of the MapLibre canvas's size, as the size after it (setting it clears the drawn frame)
    await viewer.context().addInitScript({ content: `window.__canvasSizes = [];
      new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) if (n.tagName === 'CANVAS' && n.classList.contains('maplibregl-canvas')) {
        window.__canvasSizes.push(n.width + 'x' + n.height);
        new MutationObserver(() => window.__canvasSizes.push(n.width + 'x' + n.height)).observe(n, { attributes: true, attributeFilter: ['width', 'height'] });
      } }).observe(document, { childList: true, subtree: true });` });
    await viewer.goto(url);
    await waitNetwork(viewer, 1000);
    await viewer.waitForTimeout(500); // past the resize debounce (50 ms) of the observer's first report
    const sizes = () => viewer.evaluate(() => (window as unknown as { __canvasSizes: string[] }).__canvasSizes.slice());
    const before = await sizes();
    // no write that leaves the size as it was (the observer reports the starting size too)
    expect(before.every((x, i) => i === 0 || x !== before[i - 1]), before.join(' ')).toBe(true);
    const vp = viewer.viewportSize()!;
    await viewer.setViewportSize({ width: vp.width - 120, height: vp.height });
    await viewer.waitForFunction((n) => (window as unknown as { __canvasSizes: string[] }).__canvasSizes.length > n, before.length, WAIT);
    const after = await sizes();
    const [w] = after[after.length - 1].split('x').map(Number);
    const [w0] = before[before.length - 1].split('x').map(Number);
    expect(w).toBeLessThan(w0);
    await viewer.context().close();
  });

  it('a viewer sees the network without edit controls', async () => {
    const viewer = await signedInPage(browser, base, 'viewer@demo.example', newPage);
    await viewer.goto(url);
    await waitNetwork(viewer, 1000);
    await viewer.getByTestId('tool-select').waitFor(WAIT);
    expect(await viewer.getByTestId('map-screen').getAttribute('data-editable')).toBe('false');
    for (const id of ['tool-draw', 'tool-modify', 'tool-split', 'tool-delete_feature', 'tool-save', 'tool-undo', 'draw-object']) {
      expect(await viewer.getByTestId(id).count(), id).toBe(0);
    }
    await screenshot(viewer, 'map-demo-viewer');
    await viewer.context().close();
  });
});
