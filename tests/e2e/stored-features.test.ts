// Stored features in the map app (issue 12) on the demo project against the real server: an engineer adds a note
// (WFS-T Insert with the client's uuid, X-WFS-Transaction header, text/xml), sees it drawn, selects it with the select
// tool, renames it (a 30-character name is labelled cut at 25 with '…' at zoom ≥ 17), undoes the rename with Ctrl+Z
// (inverse Update), deletes it (Delete), undoes that (Insert with the same uuid) and deletes it again; the server's state is read through GET ows after each step. A viewer selecting a
// stored note gets its card without edit controls and no 'Add note'.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { apiCall, apiLogin, clickAt, demoProjectId, frames, hook, setView, showLayer, signedInPage, waitNetwork, type P } from './map-support';
import { transactionXml } from '../../src/map/features/transaction-plan';

const WAIT = { timeout: 90_000 };
const NAME = 'Trench permit check at corner!';
interface WireObject { node?: { geometry: { coordinates: P } }; edge?: { geometry: { coordinates: P[] } } }
interface NoteRow { id: string; geometry: { coordinates: P }; properties: { uuid: string; name: string | null; size?: number; color?: string } }
interface Summary { name: string; features: number; drawn: number; visible: boolean }

describe('stored features on the map (issue 12)', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let token: string;
  let projectId: number;
  let spot: P;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiLogin(base, 'engineer@demo.example');
    projectId = await demoProjectId(base, token);
    const r = await apiCall<{ data?: WireObject[] } | WireObject[]>(base, token, 'GET', `/project/${projectId}/network_object/all`);
    const pts = (Array.isArray(r) ? r : r.data ?? []).flatMap((o) => o.node ? [o.node.geometry.coordinates] : o.edge?.geometry.coordinates ?? []);
    // a spot beside the network: no network object within reach of a click there
    spot = [Math.max(...pts.map((p) => p[0])) + 60, Math.max(...pts.map((p) => p[1])) + 60];
  });
  afterAll(async () => { await browser?.close(); });

  /** The project's notes as the server has them (GET ows, WFS GetFeature). */
  const notes = async (): Promise<NoteRow[]> => (await apiCall<{ features: NoteRow[] }>(base, token, 'GET',
    `/project/${projectId}/geoserver/fttx/ows?service=WFS&version=1.1.0&request=GetFeature&typename=note&srsName=EPSG:3857&outputFormat=application/json&cql_filter=${encodeURIComponent(`project_id=${projectId}`)}`)).features;
  const note = async (uuid: string) => (await notes()).find((n) => n.properties.uuid === uuid);
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
    const end = Date.now() + WAIT.timeout;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  /** POST of a transaction document as the engineer (test setup and clean-up). */
  const send = (xml: string) => fetch(`${base}/api/project/${projectId}/geoserver/fttx/ows?service=WFS&version=1.1.0&request=Transaction`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/xml', 'x-wfs-transaction': 'true' }, body: xml,
  });
  async function open(page: Page, at: P = spot) {
    await page.goto(`${base}/workflow/${projectId}/fttx/2#18;${at[0]};${at[1]}`);
    await waitNetwork(page, 1);
    await setView(page, 18, at);
    await showLayer(page, 'notes', 'Other');
    await page.getByTestId('tool-layers').click(); // close the panel again
  }
  const notesLayer = async (page: Page) => (await hook<Summary[]>(page, 'featureLayers')).find((s) => s.name === 'notes');

  it('engineer: add a note, see it drawn, select, rename (label cut at 25 with …), undo, delete', async () => {
    const page = await signedInPage(browser, base, 'engineer@demo.example', newPage);
    const posts: { headers: Record<string, string>; body: string; url: string }[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('request=Transaction')) posts.push({ headers: r.headers(), body: r.postData() ?? '', url: r.url() }); });
    try {
      await open(page);
      await page.getByTestId('tool-add-note').click();
      await clickAt(page, spot);
      const card = page.getByTestId('stored-feature-card');
      await card.waitFor(WAIT);
      expect(await card.getAttribute('data-editor')).toBe('note');
      const uuid = (await card.getAttribute('data-uuid'))!;
      expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
      // one Insert, with the uuid the client generated, the transaction header and an XML body
      expect(posts).toHaveLength(1);
      expect(new URL(posts[0].url).pathname).toBe(`/api/project/${projectId}/geoserver/fttx/ows`);
      expect(posts[0].headers['x-wfs-transaction']).toBe('true');
      expect(posts[0].headers['content-type']).toMatch(/^text\/xml/);
      expect(posts[0].body).toContain(`<fttx:uuid>${uuid}</fttx:uuid>`);
      const stored = await until(() => note(uuid), (n) => !!n, 'the inserted note');
      expect(Math.hypot(stored!.geometry.coordinates[0] - spot[0], stored!.geometry.coordinates[1] - spot[1])).toBeLessThan(0.5);
      expect(stored!.properties).toMatchObject({ size: 7, color: '#ffdd00', name: null });
      // drawn after the re-read
      await page.waitForFunction(() => { const s = (window as unknown as { __map: { featureLayers(): Summary[] } }).__map.featureLayers().find((x) => x.name === 'notes'); return !!s && s.drawn >= 1 && s.visible; }, undefined, WAIT);
      expect((await notesLayer(page))!.features).toBeGreaterThanOrEqual(1);

      // select it with the select tool (the card closed first)
      await card.locator('header button').click();
      await card.waitFor({ state: 'detached' });
      await clickAt(page, spot);
      await card.waitFor(WAIT);
      expect(await card.getAttribute('data-uuid')).toBe(uuid);
      expect(await page.getByTestId('feature-info').count()).toBe(0); // no network object hit

      // rename: one Update; the label is cut at 25 characters with …
      await card.locator('[data-field=name]').fill(NAME);
      await page.getByTestId('stored-feature-apply').click();
      await until(() => note(uuid), (n) => n?.properties.name === NAME, 'the renamed note');
      expect(posts).toHaveLength(2);
      expect(posts[1].body).toContain('<wfs:Update typeName="fttx:note">');
      expect(posts[1].body).toContain(`<ogc:FeatureId fid="note.${uuid}"/>`);
      await page.waitForFunction((n) => document.querySelector('[data-testid=stored-feature-title]')?.textContent === n, NAME, WAIT);
      const cut = `${NAME.slice(0, 25)}…`;
      await page.waitForFunction((t) => (window as unknown as { __map: { labels(): string[] } }).__map.labels().includes(t), cut, WAIT);
      expect(await hook<string[]>(page, 'labels')).not.toContain(NAME);
      await frames(page);
      await screenshot(page, 'stored-features-note');

      // Ctrl+Z right after the rename (the last edit was a feature edit): the inverse Update; the network history is
      // left alone
      const history = await hook<{ size: number }>(page, 'state');
      await page.keyboard.press('Control+z');
      await until(() => note(uuid), (n) => !!n && n.properties.name === null, 'the rename undone');
      await page.waitForFunction((t) => !(window as unknown as { __map: { labels(): string[] } }).__map.labels().includes(t), cut, WAIT);
      expect((await hook<{ size: number }>(page, 'state')).size).toBe(history.size);

      // delete; its undo (toolbar) inserts the note again with its uuid; delete it again from the card
      await card.waitFor(WAIT);
      await page.getByTestId('stored-feature-delete').click();
      await until(() => note(uuid), (n) => !n, 'the note deleted');
      await card.waitFor({ state: 'detached' });
      expect(posts.at(-1)!.body).toContain('<wfs:Delete typeName="fttx:note">');
      await page.getByTestId('tool-undo-feature').click();
      await until(() => note(uuid), (n) => !!n, 'the deleted note back');
      expect(posts.at(-1)!.body).toContain(`<wfs:Insert><fttx:note><fttx:uuid>${uuid}</fttx:uuid>`);
      await card.waitFor(WAIT);
      await page.getByTestId('stored-feature-delete').click();
      await until(() => note(uuid), (n) => !n, 'the note deleted again');
    } finally {
      await page.context().close();
      for (const n of await notes()) if (n.properties.name === NAME || n.properties.name === null) await send(transactionXml([{ kind: 'delete', table: 'note', uuid: n.properties.uuid }], 'fttx'));
    }
  });

  it('a viewer selects a stored note and gets its card without edit controls', async () => {
    const uuid = crypto.randomUUID();
    const at: P = [spot[0] + 40, spot[1]];
    const r = await send(transactionXml([{ kind: 'insert', feature: { uuid, table: 'note', type: 'note', layer: 'notes', category: null, name: 'Viewer note', topologyId: null, properties: { size: 7 }, geometry: { type: 'Point', coordinates: at } } }], 'fttx'));
    expect(r.status, await r.clone().text()).toBe(200);
    const page = await signedInPage(browser, base, 'viewer@demo.example', newPage);
    try {
      await open(page, at);
      expect(await page.getByTestId('tool-add-note').count()).toBe(0);
      await page.waitForFunction(() => ((window as unknown as { __map: { featureLayers(): Summary[] } }).__map.featureLayers().find((x) => x.name === 'notes')?.drawn ?? 0) >= 1, undefined, WAIT);
      await clickAt(page, at);
      const card = page.getByTestId('stored-feature-card');
      await card.waitFor(WAIT);
      expect(await page.getByTestId('stored-feature-title').textContent()).toBe('Viewer note');
      for (const id of ['stored-feature-apply', 'stored-feature-delete', 'stored-feature-undo', 'tool-undo-feature']) expect(await page.getByTestId(id).count(), id).toBe(0);
      expect(await card.locator('input, select, textarea').count()).toBe(0);
    } finally {
      await page.context().close();
      await send(transactionXml([{ kind: 'delete', table: 'note', uuid }], 'fttx'));
    }
  });
});
