// Spec rules the app passes to the engine, in Chromium against the real server's demo project (fttx, a default duct
// family): a drawn duct gets its laying activity with the cost object type, and the save sends it (spec 1 §4 Side
// effects); setting Existing to 'true' deletes that activity; a distribution point's label shows from zoom 18 and not
// at 17 (spec 3 §9 label thresholds).
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, clickAt, dblclickAt, demoProjectId, frames, hook, setView, signedInPage, waitNetwork, type P } from './map-support';

interface State { canUndo: boolean; canRedo: boolean; canSave: boolean; size: number }
interface Inst { id: string; objectTypeId: number }
interface Sent { method: string; path: string; body: unknown }
const WAIT = { timeout: 90_000 };
/** Catalogue ids (server/migrations/021_catalogue.sql): fttx duct and activity. */
const DUCT = 112, ACTIVITY = 108;

describe('spec rules wired from the project into the engine (demo project)', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  let projectId: number;
  /** An empty place east of the demo network. */
  let free: P;
  const sent: Sent[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiLogin(base, 'engineer@demo.example');
    projectId = await demoProjectId(base, token);
    const ext = await apiCall<{ data?: { bbox: number[] }; bbox?: number[] }>(base, token, 'GET', `/project/${projectId}/network_object/extent`);
    const box = (ext.data ?? ext).bbox!;
    free = [Math.round(box[2] + 300), Math.round((box[1] + box[3]) / 2)];
    page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    page.on('request', (r: Request) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith(`/api/project/${projectId}/`) && r.method() !== 'GET') sent.push({ method: r.method(), path: u.pathname, body: r.postDataJSON() as unknown });
    });
    await page.goto(`${base}/workflow/${projectId}/fttx/2`);
    await waitNetwork(page, 1000);
    await page.getByTestId('tool-draw').waitFor(WAIT);
  });
  afterAll(async () => { await browser?.close(); });

  const state = () => hook<State>(page, 'state');
  /** The feature-info card's form of the object of this type (its panel opened when collapsed). */
  async function infoForm(typeName: string) {
    const card = page.getByTestId('feature-info');
    await card.waitFor(WAIT);
    const toggle = card.getByRole('button', { name: new RegExp(`\\b${typeName}\\b`, 'i') });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    return card;
  }
  const edgeAt = async (p: P) => (await hook<string[]>(page, 'edgesAt', p[0], p[1], 0.5))[0];

  it('a drawn duct gets its laying activity with cost object type; the save sends both and their relation', async () => {
    await setView(page, 19, free);
    await page.getByTestId('draw-object').selectOption({ label: 'duct' });
    await page.getByTestId('tool-draw').click();
    const a: P = [free[0] - 20, free[1]], b: P = [free[0] + 20, free[1]];
    await clickAt(page, a);
    await clickAt(page, b);
    await dblclickAt(page, b);
    await page.waitForFunction(() => (window as unknown as { __map: { state(): State } }).__map.state().size === 1, undefined, WAIT);
    const id = await edgeAt(free);
    const insts = await hook<Inst[]>(page, 'instances', id);
    expect(insts.map((i) => i.objectTypeId).sort()).toEqual([ACTIVITY, DUCT]);
    // the map feature properties (spec 1 §3) carry the laying activity's cost object type
    expect(await hook<{ costObjectTypeIds: number[] }>(page, 'featureProperties', id)).toMatchObject({ costObjectTypeIds: [DUCT] });
    sent.length = 0;
    await page.getByTestId('tool-save').click();
    await page.getByText('Changes saved').first().waitFor(WAIT);
    const created = sent.filter((s) => s.method === 'POST' && s.path.endsWith('/object_instance')).flatMap((s) => s.body as { id: string; objectTypeId: number; attributeValues?: { attributeTypeName: string; value: string }[] }[]);
    const activity = created.find((i) => i.objectTypeId === ACTIVITY);
    expect(activity, JSON.stringify(sent)).toBeDefined();
    expect(activity!.attributeValues).toContainEqual(expect.objectContaining({ attributeTypeName: 'cost_object_type', value: String(DUCT) }));
    const relations = sent.filter((s) => s.method === 'POST' && s.path.endsWith('/object_instance_relation')).flatMap((s) => s.body as { fromId: string; objectRelationTypeName: string }[]);
    expect(relations).toContainEqual(expect.objectContaining({ fromId: activity!.id, objectRelationTypeName: 'activity_contains_duct' }));
    expect((await state()).canSave).toBe(false);
  });

  it("setting Existing to 'true' deletes the laying activity (one gesture), and the save deletes it on the server", async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('tool-select').click();
    const id = await edgeAt(free);
    const activity = (await hook<Inst[]>(page, 'instances', id)).find((i) => i.objectTypeId === ACTIVITY)!;
    await clickAt(page, [free[0] + 5, free[1]]);
    await (await infoForm('duct')).getByLabel('Existing').check();
    await page.waitForFunction(() => (window as unknown as { __map: { state(): State } }).__map.state().size === 1, undefined, WAIT);
    expect((await hook<Inst[]>(page, 'instances', id)).map((i) => i.objectTypeId)).toEqual([DUCT]);
    expect(await hook<{ costObjectTypeIds: number[] }>(page, 'featureProperties', id)).toMatchObject({ costObjectTypeIds: [] });
    await screenshot(page, 'map-rules-existing-duct');
    sent.length = 0;
    // wait for the save's own calls: the 'Changes saved' of the previous test's save may still be on screen
    const deleteSent = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith('/object_instance'), WAIT);
    await page.getByTestId('tool-save').click();
    await deleteSent;
    await page.waitForFunction(() => !(window as unknown as { __map: { state(): State } }).__map.state().canSave, undefined, WAIT);
    const deleted = sent.filter((s) => s.method === 'DELETE' && s.path.endsWith('/object_instance')).flatMap((s) => JSON.stringify(s.body));
    expect(deleted.join()).toContain(activity.id);
  });

  it('a distribution point shows its label from zoom 18, not at zoom 17', async () => {
    const p: P = [free[0], free[1] + 60];
    await setView(page, 19, p);
    await page.getByTestId('draw-object').selectOption({ label: 'splicebox' });
    await page.getByTestId('tool-draw').click();
    await clickAt(page, p);
    await page.waitForFunction(() => (window as unknown as { __map: { state(): State } }).__map.state().canSave, undefined, WAIT);
    expect(await hook<string[]>(page, 'nodesAt', p[0], p[1], 0.5)).toHaveLength(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('tool-select').click();
    await clickAt(page, p);
    const name = (await infoForm('splicebox')).getByLabel('Name');
    await name.fill('DP-E2E-1');
    await name.blur();
    await page.waitForFunction(() => (window as unknown as { __map: { state(): State } }).__map.state().size === 2, undefined, WAIT);
    await page.locator('[data-testid=feature-info] header button').click();
    await setView(page, 18.2, p);
    await frames(page);
    await page.waitForFunction(() => (window as unknown as { __map: { labels(): string[] } }).__map.labels().includes('DP-E2E-1'), undefined, WAIT);
    await screenshot(page, 'map-rules-dp-label');
    await setView(page, 17.5, p);
    await frames(page);
    expect(await hook<string[]>(page, 'labels')).not.toContain('DP-E2E-1');
  });
});
