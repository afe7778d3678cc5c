// POST /api/project/{id}/{type}/update-project-demarcation-area {geometry} (spec 2 §7) with the polygon rule of
// spec 2 §5 ('Polygon should not self intersect.'), schema errors naming the field, 404 unknown projects, policies.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, type TestServer, type Api } from '../support/server';

let s: TestServer;
let eng: Api;
let pid: number;

const square = (x = 560000, y = 6820000, d = 1000) => ({ type: 'Polygon', coordinates: [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]] });
const bowtie = { type: 'Polygon', coordinates: [[[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]]] };
const url = (id: number | string, type = 'fttx') => `/api/project/${id}/${type}/update-project-demarcation-area`;

async function stored(id: number) {
  const r = await s.db.query<{ geometry: unknown; layer: string; table_name: string }>(
    `SELECT geometry, layer, table_name FROM feature WHERE project_id = $1 AND type = 'project_demarcation'`, [id]);
  return r.rows.map((x) => ({ ...x, geometry: typeof x.geometry === 'string' ? JSON.parse(x.geometry) : x.geometry }));
}

beforeAll(async () => {
  s = await startTestServer({ demoProject: false });
  eng = s.api(await s.login('engineer@demo.example'));
  pid = (await eng.post('/api/project', { name: 'Demarcation', projectTypeId: 10 })).body.id;
});
afterAll(async () => { await s?.close(); });

describe('update-project-demarcation-area', () => {
  it('stores the polygon as the project demarcation feature and replaces it on the next call', async () => {
    let r = await eng.post(url(pid), { geometry: square() });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ projectId: pid, type: 'project_demarcation', geometry: square() });
    expect(await stored(pid)).toEqual([{ geometry: square(), layer: 'projectDemarcation', table_name: 'fttx_feature' }]);
    r = await eng.post(url(pid, 'FTTX'), { geometry: square(561000) });
    expect(r.status, r.text).toBe(200);
    expect((await stored(pid)).map((x) => x.geometry)).toEqual([square(561000)]);
  });

  it('accepts a MultiPolygon and the type by id or code', async () => {
    const g = { type: 'MultiPolygon', coordinates: [square().coordinates, square(570000).coordinates] };
    expect((await eng.post(url(pid, '10'), { geometry: g })).status).toBe(200);
    expect((await stored(pid))[0].geometry).toEqual(g);
  });

  it("refuses a self-intersecting polygon with 'Polygon should not self intersect.' and keeps the stored one", async () => {
    const before = await stored(pid);
    const r = await eng.post(url(pid), { geometry: bowtie });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'self_intersection', message: 'Polygon should not self intersect.' });
    const hole = { type: 'Polygon', coordinates: [square().coordinates[0], [[560100, 6820100], [562000, 6820200], [560200, 6820200], [560100, 6820100]]] };
    expect((await eng.post(url(pid), { geometry: hole })).body.message).toBe('Polygon should not self intersect.');
    expect(await stored(pid)).toEqual(before);
  });

  it('400 naming the field for bad geometry, and nothing is written', async () => {
    const before = await stored(pid);
    const cases: [unknown, string][] = [
      [{}, 'geometry'],
      [{ geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] } }, 'body/geometry/type'],
      [{ geometry: { type: 'Polygon' } }, 'coordinates'],
      [{ geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 2]]] } }, 'body/geometry/coordinates/0 must be closed'],
      [{ geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0, 0]]] } }, 'body/geometry/coordinates/0 must be a ring'],
      [{ geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 'x'], [1, 1], [0, 0]]] } }, 'body/geometry/coordinates/0/1'],
      [{ geometry: { type: 'Polygon', coordinates: [[[0, 0], [1e9, 0], [1, 1], [0, 0]]] } }, 'outside the EPSG:3857 extent'],
      [{ geometry: square(), extra: 1 }, 'additional'],
    ];
    for (const [body, field] of cases) {
      const r = await eng.post(url(pid), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message, JSON.stringify(body)).toContain(field);
    }
    const r = await eng.post(url(pid, 'heatCapex'), { geometry: square() });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('params/type');
    expect(await stored(pid)).toEqual(before);
  });

  it('404 for unknown projects and projects of another organisation; 403 for a viewer; 401 without a session', async () => {
    expect((await eng.post(url(999999), { geometry: square() })).status).toBe(404);
    const other = s.api(await s.login('engineer@other.example'));
    expect((await other.post(url(pid), { geometry: square() })).status).toBe(404);
    const viewer = s.api(await s.login('viewer@demo.example'));
    const r = await viewer.post(url(pid), { geometry: square() });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('forbidden');
    expect((await s.api().post(url(pid), { geometry: square() })).status).toBe(401);
    expect((await eng.post(url('abc'), { geometry: square() })).status).toBe(400);
  });
});
