// Management dashboard over HTTP (issue 16, spec 2 §6/§7): only management_dashboard holders list the projects; the
// list is organisation-isolated (root sees all), carries type, step, owner, last save, in-use-by and lock state, is
// filtered and searched on the server; unlock/restore/delete go through the project routes and are logged; a network
// save logs "project saved" once per save; the dashboard list carries the summary (size, extent grid, last saved by).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { edge, node, wire } from './network-fixtures';
import { lockProject } from '../../server/locking/lock';
import { GRID_COLUMNS, GRID_ROWS } from '../../server/projects/summary';

let ts: TestServer;
let admin: Api, eng: Api, demo: Api, otherEng: Api, root: Api;
let pid: number;
let otherPid: number;
let engId: number;

beforeAll(async () => {
  ts = await startTestServer();
  [admin, eng, demo, otherEng, root] = await Promise.all(
    ['admin@demo.example', 'engineer@demo.example', 'demo@demo.example', 'engineer@other.example', 'root@demo.example'].map(async (e) => ts.api(await ts.login(e))));
  engId = (await ts.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'engineer@demo.example'`)).rows[0].id;
  pid = (await eng.post('/api/project', { name: 'Mgmt Oost', projectTypeId: 10 })).body.id;
  otherPid = (await otherEng.post('/api/project', { name: 'Mgmt Other', projectTypeId: 30 })).body.id;
});
afterAll(async () => { await ts?.close(); });

const types = (r: { body: { data: { type: string }[] } }) => r.body.data.map((e) => e.type);

describe('management dashboard', () => {
  it('needs the management_dashboard policy (engineer, demo: 403) and isolates organisations (root sees both)', async () => {
    for (const a of [eng, demo, otherEng]) expect((await a.get('/api/management/project/all')).status).toBe(403);
    const mine = await admin.get('/api/management/project/all?size=500');
    expect(mine.status).toBe(200);
    const names = mine.body.data.map((p: { name: string }) => p.name);
    expect(names).toContain('Mgmt Oost');
    expect(names).not.toContain('Mgmt Other');
    const all = (await root.get('/api/management/project/all?size=500')).body.data;
    expect(all.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Mgmt Oost', 'Mgmt Other']));
    expect(all.find((p: { id: number }) => p.id === otherPid).organisationName).toBe('other');
    const otherOrg = all.find((p: { id: number }) => p.id === otherPid).organisationId;
    const one = (await root.get(`/api/management/project/all?size=500&organisationId=${otherOrg}`)).body.data;
    expect(one.every((p: { organisationId: number }) => p.organisationId === otherOrg)).toBe(true);
    // An administrator cannot reach another organisation by naming it.
    expect((await admin.get(`/api/management/project/all?size=500&organisationId=${otherOrg}`)).body.data.map((p: { name: string }) => p.name)).not.toContain('Mgmt Other');
    expect((await admin.get(`/api/management/project/${otherPid}/event_log`)).status).toBe(404);
    expect((await eng.get(`/api/management/project/${pid}/event_log`)).status).toBe(403);
  });

  it('shows type, step name, owner, in-use-by and lock state; filters by lock, type, state and search', async () => {
    await eng.post(`/api/project/${pid}/in-use`, { userId: engId });
    await lockProject(ts.db, pid, 'network_recalculation_project_locked');
    const r = await admin.get('/api/management/project/all?search=oost');
    expect(r.body.total).toBe(1);
    const p = r.body.data[0];
    expect(p).toMatchObject({ id: pid, projectType: { name: 'FTTx' }, step: 0, locked: true, lockReason: 'network_recalculation_project_locked' });
    expect(p.summary).toMatchObject({ stepName: 'project_area', owner: { id: engId, name: expect.any(String) } });
    expect(p.inUse.map((u: { userId: number }) => u.userId)).toEqual([engId]);
    expect((await admin.get('/api/management/project/all?locked=true&size=500')).body.data.map((x: { id: number }) => x.id)).toEqual([pid]);
    expect((await admin.get('/api/management/project/all?projectTypeId=30&size=500')).body.data.map((x: { id: number }) => x.id)).not.toContain(pid);
    expect((await admin.get(`/api/management/project/all?search=${pid}`)).body.data.map((x: { id: number }) => x.id)).toEqual([pid]);
    const bad = await admin.get('/api/management/project/all?state=gone');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('state');
  });

  it('unlock, delete and restore are logged in the event log with user names', async () => {
    expect((await admin.patch(`/api/project/${pid}/unlock`)).body.locked).toBe(false);
    expect((await admin.delete(`/api/project/${pid}`, {})).status).toBe(200);
    expect((await admin.get('/api/management/project/all?state=deleted&size=500')).body.data.map((x: { id: number }) => x.id)).toContain(pid);
    expect((await admin.get('/api/management/project/all?size=500')).body.data.map((x: { id: number }) => x.id)).not.toContain(pid);
    await admin.post(`/api/project/${pid}/restore`);
    const log = await admin.get(`/api/management/project/${pid}/event_log`);
    expect(types(log)).toEqual(['PROJECT_RESTORED', 'PROJECT_DELETED', 'PROJECT_UNLOCKED', 'PROJECT_CREATED']);
    expect(log.body.data[0].userName).toBeTruthy();
  });

  it('a network save logs PROJECT_SAVED once per save (its batches coalesce) and fills the dashboard summary', async () => {
    await eng.post(`/api/project/${pid}/network_object`, wire([node('a', 0, 0), node('b', 100, 50)]));
    await eng.post(`/api/project/${pid}/network_object`, wire([edge('ab', 'a', 'b', [[0, 0], [100, 50]])]));
    const log = await admin.get(`/api/management/project/${pid}/event_log`);
    expect(types(log).filter((t) => t === 'PROJECT_SAVED')).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({ type: 'PROJECT_SAVED', userId: engId });
    // A refused batch writes nothing, the log included.
    const before = (await ts.db.query('SELECT count(*)::int AS n FROM event_log WHERE project_id = $1', [pid])).rows[0];
    expect((await demo.post(`/api/project/${pid}/network_object`, wire([node('a', 1, 1)]))).status).toBe(409);
    expect((await ts.db.query('SELECT count(*)::int AS n FROM event_log WHERE project_id = $1', [pid])).rows[0]).toEqual(before);
    const list = await eng.get('/api/project/all?size=500');
    const s = list.body.data.find((p: { id: number }) => p.id === pid).summary;
    expect(s).toMatchObject({ objectCount: 3, extent: [0, 0, 100, 50], lastSaved: { userId: engId } });
    // Node a at the lower-left corner → bottom-left cell; node b at the upper-right → top-right cell.
    expect(s.cells).toContain((GRID_ROWS - 1) * GRID_COLUMNS);
    expect(s.cells).toContain(GRID_COLUMNS - 1);
    expect(s.cells.every((c: number) => c >= 0 && c < GRID_ROWS * GRID_COLUMNS)).toBe(true);
  });
});
