// Statistics (issue 16, policy workflow.statistics.view) over seeded networks: lengths (ground metres, as the map's
// capex measures them) and counts by object type, network objects by kind, capex with the trench cost entries of the
// project's settings and the AP piece cost (the engine's rules), the stored validation pass rate, step progress, and
// the organisation's totals; organisation isolation (404 for another's project) and a saved edit showing up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { edge, node, path, wire } from './network-fixtures';
import { groundScale } from '../../engine/mercator';

let ts: TestServer;
let eng: Api, viewer: Api, other: Api;
let p1: number, p2: number;
const X = 570000, Y = 6817000;
const L = { ab: 100 * groundScale(Y), bc: 50 * groundScale(Y + 25), cd: 30 * groundScale(Y + 50), ef: 40 * groundScale(Y + 100) };
const inst = (id: string, objectTypeId: number, networkObjectId: string, values: Record<string, string> = {}) =>
  ({ id, objectTypeId, networkObjectId, attributeValues: Object.entries(values).map(([attributeTypeName, value]) => ({ objectInstanceId: id, attributeTypeName, value })) });

async function seed(api: Api, pid: number, objs: ReturnType<typeof wire>, instances: ReturnType<typeof inst>[]) {
  const r1 = await api.post(`/api/project/${pid}/network_object`, objs);
  if (r1.status !== 201) throw new Error(r1.text);
  const r2 = await api.post(`/api/project/${pid}/object_instance`, instances);
  if (r2.status >= 300) throw new Error(r2.text);
}

beforeAll(async () => {
  ts = await startTestServer();
  eng = ts.api(await ts.login('engineer@demo.example'));
  viewer = ts.api(await ts.login('viewer@demo.example'));
  other = ts.api(await ts.login('engineer@other.example'));
  p1 = (await eng.post('/api/project', { name: 'Stats one', projectTypeId: 10 })).body.id;
  p2 = (await eng.post('/api/project', { name: 'Stats two', projectTypeId: 10 })).body.id;
  await seed(eng, p1, wire([
    node('a', X, Y), node('b', X + 100, Y), node('c', X + 100, Y + 50), node('d', X + 130, Y + 50),
    edge('ab', 'a', 'b', [[X, Y], [X + 100, Y]]), edge('bc', 'b', 'c', [[X + 100, Y], [X + 100, Y + 50]]),
    edge('cd', 'c', 'd', [[X + 100, Y + 50], [X + 130, Y + 50]]),
    path('p', [['pe1', 'ab', 'a'], ['pe2', 'bc', 'b']]),
  ]), [
    inst('t1', 106, 'ab'), inst('t2', 106, 'bc', { drilling_type: 'garden_drilling' }), inst('t3', 106, 'cd', { house_connection: 'true' }),
    inst('ap1', 101, 'a'), inst('cab1', 105, 'p'),
  ]);
  await seed(eng, p2, wire([node('e', X, Y + 100), node('f', X + 40, Y + 100), edge('ef', 'e', 'f', [[X, Y + 100], [X + 40, Y + 100]])]),
    [inst('t9', 106, 'ef')]);
});
afterAll(async () => { await ts?.close(); });

describe('project statistics', () => {
  it('lengths and counts by object type, network objects by kind', async () => {
    const r = await viewer.get(`/api/statistics/project/${p1}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.objects).toEqual({ node: 4, edge: 3, path: 1 });
    const by = Object.fromEntries(r.body.byType.map((t: any) => [t.name, t]));
    expect(by.trench.count).toBe(3);
    expect(by.trench.length).toBeCloseTo(L.ab + L.bc + L.cd, 1);
    expect(by.cable).toMatchObject({ count: 1, geometryKind: 'path' });
    expect(by.cable.length).toBeCloseTo(L.ab + L.bc, 1);
    expect(by.access_point).toMatchObject({ count: 1, length: 0 });
  });

  it('capex: trench cost entries by the trench values (default 85, garden drilling 33.5, house connection 50 per m) and the AP piece cost', async () => {
    const r = await eng.get(`/api/statistics/project/${p1}`);
    const expected = 85 * L.ab + 33.5 * L.bc + 50 * L.cd + 75000;
    expect(r.body.capex.total).toBeCloseTo(expected, 0);
    const trench = r.body.capex.lines.filter((l: any) => l.objectTypeId === 106).map((l: any) => [l.name, l.cost]);
    expect(trench).toEqual(expect.arrayContaining([['trench', 85], ['trench (garden_drilling)', 33.5], ['trench (house_connection)', 50]]));
    // a changed trench cost entry in the project's settings changes the capex
    expect((await eng.post(`/api/project/${p1}/fttx/settings`, { trenchCosts: { default: { cost: 100 } } })).status).toBe(200);
    const again = await eng.get(`/api/statistics/project/${p1}`);
    expect(again.body.capex.total).toBeCloseTo(expected + 15 * L.ab, 0);
  });

  it('validation pass rate from the stored validation runs; step progress from the workflow states', async () => {
    const before = (await eng.get(`/api/statistics/project/${p1}`)).body;
    expect(before.validation).toMatchObject({ validators: 0, rate: null });
    const run = await eng.post(`/api/project/${p1}/validations`, [{ name: 'graph_integrity' }, { name: 'required_attributes' }]);
    expect(run.status, run.text).toBe(200);
    const passed = Object.values(run.body).filter((v: any) => v.passed).length;
    const after = (await eng.get(`/api/statistics/project/${p1}`)).body;
    expect(after.validation).toMatchObject({ validators: 2, passed, rate: passed / 2 });
    expect(after.validation.results).toBe(Object.values(run.body).reduce((s: number, v: any) => s + v.results.length, 0));
    const steps = (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM state WHERE project_type_id = 10')).rows[0].n;
    expect(after).toMatchObject({ step: 0, steps });
    expect(after.progress).toBeCloseTo(1 / steps, 6);
  });

  it('a saved edit shows up: one more trench, more length', async () => {
    const before = (await eng.get(`/api/statistics/project/${p2}`)).body;
    await seed(eng, p2, wire([node('g', X + 40, Y + 130), edge('fg', 'f', 'g', [[X + 40, Y + 100], [X + 40, Y + 130]])]), [inst('t10', 106, 'fg')]);
    const after = (await eng.get(`/api/statistics/project/${p2}`)).body;
    const trench = (s: any) => s.byType.find((t: any) => t.name === 'trench');
    expect(trench(after).count).toBe(trench(before).count + 1);
    expect(trench(after).length).toBeCloseTo(L.ef + 30 * groundScale(Y + 115), 1);
  });

  it('another organisation gets 404; no session 401', async () => {
    expect((await other.get(`/api/statistics/project/${p1}`)).status).toBe(404);
    expect((await ts.api().get(`/api/statistics/project/${p1}`)).status).toBe(401);
    expect((await eng.get('/api/statistics/project/999999')).status).toBe(404);
  });
});

describe('organisation statistics', () => {
  it('every project of the organisation with totals summed over them; another organisation sees only its own', async () => {
    const r = await viewer.get('/api/statistics/organisation');
    expect(r.status, r.text).toBe(200);
    const mine = r.body.projects.filter((p: any) => [p1, p2].includes(p.projectId));
    expect(mine).toHaveLength(2);
    const sum = (f: (p: any) => number) => r.body.projects.reduce((s: number, p: any) => s + f(p), 0);
    expect(r.body.totals.projects).toBe(r.body.projects.length);
    expect(r.body.totals.capex).toBeCloseTo(sum((p) => p.capex.total), 1);
    const trench = r.body.totals.byType.find((t: any) => t.name === 'trench');
    expect(trench.count).toBe(sum((p) => p.byType.find((t: any) => t.name === 'trench')?.count ?? 0));
    expect(r.body.totals.objects.edge).toBe(sum((p) => p.objects.edge));
    expect(r.body.totals.byStep.reduce((s: number, x: any) => s + x.projects, 0)).toBe(r.body.projects.length);
    const theirs = await other.get('/api/statistics/organisation');
    expect(theirs.body.projects.some((p: any) => [p1, p2].includes(p.projectId))).toBe(false);
    expect((await other.get(`/api/statistics/organisation?organisationId=${r.body.organisationId}`)).status).toBe(404);
  });
});
