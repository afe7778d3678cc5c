// The whole-project read after a write (spec 1 §7 network_object/all; issue 4 "100k-edge load < 1 s") is patched from
// the previous answer through the change log (server/network/snapshot.ts, migration 027): after random batches of
// edits — instances added, deleted and retyped, values changed, relations added and removed, paths and path edges
// deleted, objects added and moved, scenario objects — the patched answer must hold exactly the objects (with
// instances, values, relations sent once, path edges and the closure) of a fresh full read, for every filter; over
// HTTP the read after a write is patched, carries the new ETag and 304s on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Api, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { readNetworkBody, type NetworkFilter } from '../../server/network/read';
import { inSnapshot } from '../../server/network/send';
import { bumpNetworkVersion, networkVersion, pruneNetworkLog } from '../../server/network/cache';
import { buildSnapshot, fragments, patchSnapshot, type Snapshot } from '../../server/network/snapshot';
import * as snapshotRead from '../../server/network/snapshot-read';
import { randomNetworkEdit, rng } from './support/random-edits';
import { sorted } from './support/network-order';

let s: TestServer;
let api: Api;
let pid: number;

beforeAll(async () => {
  s = await startTestServer();
  api = s.api(await s.login('engineer@demo.example'));
  pid = (await seedProject(s.db, { edges: 600, name: 'Snapshot read', organisation: 'demo', tile: 5 })).projectId;
}, 120_000);
afterAll(async () => { await s?.close(); });

type Inst = { id: string; attributeValues?: unknown[]; relationSources?: unknown[]; relationTargets?: unknown[] };
type Obj = { id: string; objectInstances?: Inst[]; pathEdges?: unknown[] };
const parse = (b: Buffer) => sorted(JSON.parse(b.toString()).data as Obj[]);
const fullRead = (f: NetworkFilter) => inSnapshot(s.db, async (q) => parse(await readNetworkBody(q, pid, f, '{"data":', '}')));

const randomEdit = (rand: () => number) => randomNetworkEdit(s.db, pid, rand);

describe('whole-project read patched from the change log', () => {
  const filters: [string, NetworkFilter][] = [
    ['as the app loads it', {}],
    ['with objects without instances', { includeWithoutObjectInstances: true }],
    ['filtered to cables (closure comes bare)', { objectTypeIds: [105] }],
    ['filtered to ducts, with objects without instances', { objectTypeIds: [112], includeWithoutObjectInstances: true }],
    ['with scenario 7', { scenarioId: 7 }],
  ];
  it('equals a fresh full read after random batches of edits, for every filter', async () => {
    const snaps = new Map<string, Snapshot>();
    for (const [name, f] of filters) {
      const b = await inSnapshot(s.db, async (q) => buildSnapshot(q, pid, f, await networkVersion(q, pid), '{"data":', '}'));
      expect(b.snap, name).toBeDefined();
      snaps.set(name, b.snap!);
    }
    const rand = rng(4242);
    const done = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const n = 1 + Math.floor(rand() * 8);
      for (let k = 0; k < n; k++) done.add(await randomEdit(rand));
      for (const [name, f] of filters) {
        const snap = snaps.get(name)!;
        const ok = await inSnapshot(s.db, async (q) => patchSnapshot(q, snap, await networkVersion(q, pid)));
        expect(ok, `${name}, round ${round}`).toBe(true);
        const patched = parse(snap.body);
        expect(patched.length).toBeGreaterThan(10);
        expect(patched, `${name}, round ${round}`).toEqual(await fullRead(f));
        // Fragments are views into the body, in its order.
        expect(Buffer.concat([Buffer.from('{"data":['), Buffer.from(fragments(snap).map((x) => x.toString()).join(',')), Buffer.from(']}')]).equals(snap.body)).toBe(true);
      }
    }
    expect(done.size).toBeGreaterThan(6); // most kinds of edit were exercised
  }, 120_000);

  it('moves a relation to its source when the source\'s object enters the answer (the target is re-rendered too)', async () => {
    // A relation between instances of two types: filtered to the target's type, it is sent with the target's object;
    // an instance of that type added to the source's object (touching only it) moves the relation to the source.
    const r = (await s.db.query<{ from_id: string; to_id: string; fo: string; tt: number }>(`SELECT r.from_id, r.to_id, fi.network_object_id AS fo, ti.object_type_id AS tt
      FROM relation r JOIN object_instance fi ON fi.project_id = r.project_id AND fi.id = r.from_id JOIN object_instance ti ON ti.project_id = r.project_id AND ti.id = r.to_id
      WHERE r.project_id = $1 AND fi.object_type_id <> ti.object_type_id AND fi.network_object_id <> ti.network_object_id
        AND NOT EXISTS (SELECT 1 FROM object_instance x WHERE x.project_id = r.project_id AND x.network_object_id = fi.network_object_id AND x.object_type_id = ti.object_type_id)
      ORDER BY 1 LIMIT 1`, [pid])).rows[0];
    expect(r).toBeDefined();
    const f: NetworkFilter = { objectTypeIds: [Number(r.tt)] };
    const b = await inSnapshot(s.db, async (q) => buildSnapshot(q, pid, f, await networkVersion(q, pid), '{"data":', '}'));
    await s.db.tx(async (q) => {
      await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, 'x-flip', r.tt, r.fo]);
      await bumpNetworkVersion(q, pid);
    });
    expect(await inSnapshot(s.db, async (q) => patchSnapshot(q, b.snap!, await networkVersion(q, pid)))).toBe(true);
    const text = b.snap!.body.toString();
    expect(text.split(`{"fromId":${JSON.stringify(r.from_id)},"toId":${JSON.stringify(r.to_id)}`).length - 1).toBe(1);
    expect(parse(b.snap!.body)).toEqual(await fullRead(f));
  });

  it('refuses to patch across a pruned log (full rebuild instead)', async () => {
    const f: NetworkFilter = {};
    const b = await inSnapshot(s.db, async (q) => buildSnapshot(q, pid, f, await networkVersion(q, pid), '{"data":', '}'));
    await randomEdit(rng(7));
    await s.db.query('UPDATE project SET network_log_from = network_version WHERE id = $1', [pid]);
    expect(await inSnapshot(s.db, async (q) => patchSnapshot(q, b.snap!, await networkVersion(q, pid)))).toBe(false);
  });

  it('counts changes written without a version stamp (plain SQL) as changed', async () => {
    const f: NetworkFilter = {};
    const b = await inSnapshot(s.db, async (q) => buildSnapshot(q, pid, f, await networkVersion(q, pid), '{"data":', '}'));
    const i = (await s.db.query<{ id: string }>('SELECT id FROM object_instance WHERE project_id = $1 ORDER BY id LIMIT 1', [pid])).rows[0];
    await s.db.query('DELETE FROM object_instance WHERE project_id = $1 AND id = $2', [pid, i.id]);
    await s.db.query('UPDATE project SET network_version = network_version + 1 WHERE id = $1', [pid]);
    expect(await inSnapshot(s.db, async (q) => patchSnapshot(q, b.snap!, await networkVersion(q, pid)))).toBe(true);
    expect(parse(b.snap!.body)).toEqual(await fullRead(f));
    // Pruning drops them and says the log starts at the current version.
    await s.db.tx(async (q) => { await pruneNetworkLog(q, pid, BigInt(await networkVersion(q, pid))); });
    expect((await s.db.query('SELECT 1 FROM network_change WHERE project_id = $1 AND version < 0', [pid])).rows).toHaveLength(0);
    expect(await inSnapshot(s.db, async (q) => patchSnapshot(q, b.snap!, await networkVersion(q, pid)))).toBe(true); // same version
    await randomEdit(rng(9));
    const c = await inSnapshot(s.db, async (q) => buildSnapshot(q, pid, f, await networkVersion(q, pid), '{"data":', '}'));
    await randomEdit(rng(10));
    expect(await inSnapshot(s.db, async (q) => patchSnapshot(q, c.snap!, await networkVersion(q, pid)))).toBe(true);
    expect(parse(c.snap!.body)).toEqual(await fullRead(f));
  });

  it('over HTTP: the read after a write is patched, equals a full read, and 304s on its new ETag', async () => {
    const all = `/api/project/${pid}/network_object/all`;
    const first = await api.get(all);
    expect(first.status).toBe(200);
    const inst = first.body.data.flatMap((o: Obj) => o.objectInstances ?? []).find((i: Inst) => i.attributeValues?.length) as Inst;
    const name = (inst.attributeValues![0] as { attributeTypeName: string }).attributeTypeName;
    const w = await api.patch(`/api/project/${pid}/attribute_value`, [{ objectInstanceId: inst.id, attributeTypeName: name, value: 'patched label' }]);
    expect(w.status, w.text).toBe(200);
    const second = await api.get(all);
    expect(snapshotRead.lastRead).toBe('patched');
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(sorted(second.body.data)).toEqual(await fullRead({}));
    expect(second.text).toContain('patched label');
    expect((await api.get(all, { headers: { 'if-none-match': second.headers.get('etag')! } })).status).toBe(304);
    // A network delete through the API (path with its path edges): patched, same as a full read.
    const path = second.body.data.find((o: Obj) => o.pathEdges?.length);
    expect((await api.delete(`/api/project/${pid}/network_object`, { networkObjectIds: [path.id] })).status).toBe(200);
    const third = await api.get(all);
    expect(snapshotRead.lastRead).toBe('patched');
    expect(sorted(third.body.data)).toEqual(await fullRead({}));
    expect(third.body.data.some((o: Obj) => o.id === path.id)).toBe(false);
  });
});
