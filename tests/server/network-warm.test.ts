// Cache warm-up of a starting app process (server/network/warm.ts): the map's whole-project read (Arrow, the form the
// map asks for) of the most recently written projects is built in the background, so the first read after a
// (re)start is answered from the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api, TestServer } from './support/server';
import { edge, engineerProject, node } from './network-fixtures';
import { cached, clearNetworkCache, networkVersion } from '../../server/network/cache';
import { warmNetworkCache } from '../../server/network/warm';
import { clearScanStores, lastArrow } from '../../server/network/read-arrow';
import { ARROW_MEDIA_TYPE } from '../../engine/network-arrow-schema';
import { networkFromArrow } from '../../engine/network-arrow';

let ts: TestServer;
let api: Api;
let pid: number;

beforeAll(async () => {
  ({ ts, api, pid } = await engineerProject('Warm-up', [node('a', 0, 0), node('b', 10, 0), edge('ab', 'a', 'b', [[0, 0], [10, 0]])]));
  expect((await api.post(`/api/project/${pid}/object_instance`, [{ id: 'd', objectTypeId: 112, networkObjectId: 'ab' }])).status).toBe(201);
}, 120_000);
afterAll(async () => { await ts?.close(); });

describe('network cache warm-up', () => {
  it('builds the map read of the most recently written project; the next read is answered from the cache', async () => {
    clearNetworkCache(); clearScanStores();
    const warmed = await warmNetworkCache(ts.server.db, 1);
    expect(warmed).toEqual([pid]);
    // the route looks up exactly this entry before it would build anything
    const entry = cached(ts.server.db, `${pid}|||0|arrow`, await networkVersion(ts.server.db, pid));
    expect(entry).toBeDefined();
    const r = await fetch(`${ts.url}/api/project/${pid}/network_object/all?includeWithoutObjectInstances=false`,
      { headers: { authorization: `Bearer ${await ts.login('engineer@demo.example')}`, accept: ARROW_MEDIA_TYPE } });
    expect(r.status).toBe(200);
    expect(lastArrow.body).toBe('cached');
    expect(r.headers.get('etag')).toBe(entry!.etag);
    expect(networkFromArrow(new Uint8Array(await r.arrayBuffer())).map((o) => o.id).sort()).toEqual(['a', 'ab', 'b']);
  });

  it('does nothing when turned off', async () => {
    expect(await warmNetworkCache(ts.server.db, 0)).toEqual([]);
  });
});
