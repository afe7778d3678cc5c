// GET network_object/extent: the count and box of a project's network objects (the map's choice between loading the
// whole network and loading by area), for viewers of the project's organisation only; kept per network version, in
// the process and in the database (every app process, a restart).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api, TestServer } from './support/server';
import { edge, engineerProject, node, wire } from './network-fixtures';
import { lastExtent } from '../../server/network/extent';
import { clearNetworkCache } from '../../server/network/cache';

let ts: TestServer;
let api: Api;
let pid: number;

beforeAll(async () => {
  ({ ts, api, pid } = await engineerProject('Extent', [node('a', -100, 20), node('b', 300, 50), edge('ab', 'a', 'b', [[-100, 20], [100, 400], [300, 50]])]));
}, 120_000);
afterAll(async () => { await ts?.close(); });

describe('GET network_object/extent', () => {
  it('answers the number of network objects and the box around their geometry', async () => {
    const r = await api.get(`/api/project/${pid}/network_object/extent`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ count: 3, bbox: [-100, 20, 300, 400] });
  });

  it('answers count 0 and no box for an empty project', async () => {
    const empty = (await api.post('/api/project', { name: 'Empty', projectTypeId: 10 })).body.id;
    expect((await api.get(`/api/project/${empty}/network_object/extent`)).body.data).toEqual({ count: 0, bbox: null });
  });

  it('is kept per network version: the same call again is answered without a scan, a network write reads it again', async () => {
    const a = await api.get(`/api/project/${pid}/network_object/extent`);
    const b = await api.get(`/api/project/${pid}/network_object/extent`);
    expect(lastExtent.how).toBe('kept');
    expect(b.body).toEqual(a.body);
    expect((await api.post(`/api/project/${pid}/network_object`, wire([node('far', 1000, -50)]))).status).toBe(201);
    const c = await api.get(`/api/project/${pid}/network_object/extent`);
    expect(lastExtent.how).toBe('read');
    expect(c.body.data).toEqual({ count: 4, bbox: [-100, -50, 1000, 400] });
    // another process (or this one restarted: its cache empty) answers the same version from the database
    clearNetworkCache();
    const d = await api.get(`/api/project/${pid}/network_object/extent`);
    expect(lastExtent.how).toBe('stored');
    expect(d.body).toEqual(c.body);
    await api.get(`/api/project/${pid}/network_object/extent`);
    expect(lastExtent.how).toBe('kept');
    // per scenario: another key
    await api.get(`/api/project/${pid}/network_object/extent?scenarioId=3`);
    expect(lastExtent.how).toBe('read');
    expect((await api.delete(`/api/project/${pid}/network_object`, { networkObjectIds: ['far'] })).status).toBeLessThan(300);
    expect((await api.get(`/api/project/${pid}/network_object/extent`)).body.data).toEqual({ count: 3, bbox: [-100, 20, 300, 400] });
    expect(lastExtent.how).toBe('read');
    clearNetworkCache();
    expect((await api.get(`/api/project/${pid}/network_object/extent`)).body.data).toEqual({ count: 3, bbox: [-100, 20, 300, 400] });
    expect(lastExtent.how).toBe('stored');
    // the scenario scope's row is its own
    clearNetworkCache();
    expect((await api.get(`/api/project/${pid}/network_object/extent?scenarioId=3`)).body.data).toEqual({ count: 3, bbox: [-100, 20, 300, 400] });
    expect(lastExtent.how).toBe('read');
  });

  it("a stored extent of a newer version is never replaced by a read at an older one (another process's race)", async () => {
    const v = Number((await ts.db.query<{ v: string }>('SELECT network_version AS v FROM project WHERE id = $1', [pid])).rows[0].v);
    await ts.db.query(`INSERT INTO network_extent (project_id, scope, version, count, bbox) VALUES ($1, '', $2, 99, NULL)
      ON CONFLICT (project_id, scope) DO UPDATE SET version = excluded.version, count = excluded.count, bbox = excluded.bbox`, [pid, v + 5]);
    clearNetworkCache();
    // this process reads at version v: it scans (the row is not of its version) and answers what it read …
    expect((await api.get(`/api/project/${pid}/network_object/extent`)).body.data).toEqual({ count: 3, bbox: [-100, 20, 300, 400] });
    expect(lastExtent.how).toBe('read');
    // … but leaves the newer row as it is
    const row = (await ts.db.query<{ version: string | number; count: string | number }>(`SELECT version, count FROM network_extent WHERE project_id = $1 AND scope = ''`, [pid])).rows[0];
    expect([Number(row.version), Number(row.count)]).toEqual([v + 5, 99]);
  });

  it('is refused to a user of another organisation and checks its query', async () => {
    const other = ts.api(await ts.login('engineer@other.example'));
    expect((await other.get(`/api/project/${pid}/network_object/extent`)).status).toBeGreaterThanOrEqual(403);
    const bad = await api.get(`/api/project/${pid}/network_object/extent?scenarioId=x`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/scenarioId/);
  });
});
