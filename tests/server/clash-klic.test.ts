// A KLIC delivery uploaded into a project is checked by the clash rule of each record's theme (issue 14): the
// references call gives the map the features with their theme's rule layer (laagspanning → electricity_low_voltage)
// in EPSG:3857; a trench drawn across the low-voltage cable clashes in the project run; a status reviewed on the map
// before the clash was stored (run body `statuses`) is stored with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestServer, type Api, type TestServer } from './support/server';
import { edge, node, wire } from './network-fixtures';

const KLIC = readFileSync(fileURLToPath(new URL('../fixtures/uploads/imkl-klic.gml', import.meta.url)));
let ts: TestServer;
let api: Api;
let token: string;
let pid: number;
interface Ref { id: string; layer: string; geometry: { type: string; coordinates: number[][] }; properties: Record<string, unknown> }

beforeAll(async () => {
  ts = await startTestServer();
  token = await ts.login('engineer@demo.example');
  api = ts.api(token);
  pid = (await api.post('/api/project', { name: 'KLIC clashes', projectTypeId: 10 })).body.id;
  const fd = new FormData();
  fd.append('file', new Blob([KLIC as BlobPart]), 'imkl-klic.gml');
  const up = await (await fetch(`${ts.url}/api/upload/file`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${token}` } })).json() as { uuid: string };
  const r = await api.post(`/api/project/${pid}/fttx/features`, { type: 'upload', fileId: up.uuid, deleteExisting: false });
  expect(r.status, r.text).toBe(201);
});
afterAll(async () => { await ts?.close(); });

describe('KLIC records as clash references', () => {
  let cable: Ref;
  it('the references call maps each KLIC theme to its rule layer', async () => {
    const r = await api.get(`/api/project/${pid}/clashes/references`);
    expect(r.status, r.text).toBe(200);
    const refs = r.body as Ref[];
    expect(refs.map((f) => f.layer).sort()).toEqual(['electricity_low_voltage', 'telecom', 'water']);
    cable = refs.find((f) => f.layer === 'electricity_low_voltage')!;
    expect(cable.properties.theme).toBe('laagspanning');
    // EPSG:3857 metres in the Netherlands
    expect(cable.geometry.coordinates[0][0]).toBeGreaterThan(500_000);
  });

  it('a trench across the low-voltage cable clashes; a status reviewed before the run is stored', async () => {
    const [a, b] = cable.geometry.coordinates;
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const p1: [number, number] = [mid[0], mid[1] - 20], p2: [number, number] = [mid[0], mid[1] + 3];
    const made = await api.post(`/api/project/${pid}/network_object`, wire([node('kt-a', ...p1), node('kt-b', ...p2), edge('kt-e', 'kt-a', 'kt-b', [p1, p2])]));
    expect(made.status, made.text).toBe(201);
    const id = `electricity_low_voltage:kt-e:${cable.id}`;
    const run = await api.post(`/api/project/${pid}/clashes/run`, { statuses: { [id]: 'Approved' } });
    expect(run.status, run.text).toBe(200);
    const c = run.body.clashes.find((x: { id: string }) => x.id === id);
    expect(c, JSON.stringify(run.body.clashes.map((x: { id: string }) => x.id))).toBeDefined();
    expect([c.ruleName, c.status, c.severity]).toEqual(['electricity_low_voltage', 'Approved', 'normal']);
    // kept by the next run without statuses
    const again = await api.post(`/api/project/${pid}/clashes/run`, {});
    expect(again.body.clashes.find((x: { id: string }) => x.id === id).status).toBe('Approved');
  });
});
