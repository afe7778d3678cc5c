// Column stores kept in the database per version (issue 15, migration 065; server/network/scan-stored.ts,
// scan-serial.ts): a whole-project Arrow read filled afresh stores its columns; a process without them in memory reads
// the stored columns in one COPY and answers exactly what a fresh fill answers — patched from the change log after
// writes, never from a version the log no longer reaches back to, and never overwriting a newer stored version. The
// serialized form round-trips every column, and the COPY reader takes the stream in chunks of any size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { bumpNetworkVersion } from '../../server/network/cache';
import * as readArrow from '../../server/network/read-arrow';
import { readNetworkBody, type NetworkFilter } from '../../server/network/read';
import { inSnapshot } from '../../server/network/send';
import { ScanStore } from '../../server/network/scan';
import { fillScan } from '../../server/network/scan-read';
import { deserializeScan, serializeScan } from '../../server/network/scan-serial';
import { BlobReader, loadStoredScan, saveStoredScan, storedWrites } from '../../server/network/scan-stored';
import { networkFromArrow } from '../../engine/network-arrow';
import { randomNetworkEdit, rng } from './support/random-edits';
import { sorted, type Obj } from './support/network-order';

let s: TestServer;
let pid: number;

beforeAll(async () => {
  s = await startTestServer();
  pid = (await seedProject(s.db, { edges: 300, name: 'Stored columns', organisation: 'demo', tile: 5 })).projectId;
  await s.db.tx(async (q) => {
    const n = (await q.query<{ id: string }>(`SELECT id FROM network_object WHERE project_id = $1 AND kind = 'node' ORDER BY id LIMIT 1`, [pid])).rows[0].id;
    await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, bbox) VALUES ($1, 'x-n1', 7, 'node', '{"type":"Point","coordinates":[1.5,-2.25]}', '(1.5,-2.25),(1.5,-2.25)')`, [pid]);
    await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
      VALUES ($1, 'x-e1', 7, 'edge', '{"type":"LineString","coordinates":[[1.5,-2.25],[3,4]]}', 'x-n1', $2, true, NULL, '(3,4),(1.5,-2.25)')`, [pid, n]);
    await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, 'x-i1', 105, 'x-e1']);
    await q.query(`INSERT INTO attribute_value (project_id, object_instance_id, attribute_type_name, value) VALUES ($1, 'x-i1', 'naam', 'Straße “één”'), ($1, 'x-i1', 'leeg', NULL)`, [pid]);
    await bumpNetworkVersion(q, pid);
  });
}, 120_000);
afterAll(async () => { await s?.close(); });

const filters: [string, NetworkFilter][] = [['as the app loads it', {}], ['with scenario 7', { scenarioId: 7, includeWithoutObjectInstances: true }]];
/** A whole Arrow read as a fresh process makes it (no store in memory), and the JSON read of the same snapshot. */
const coldRead = (p: number, f: NetworkFilter) => inSnapshot(s.db, async (q) => {
  readArrow.clearScanStores();
  const body = await readArrow.readNetworkArrow(q, p, f, s.db);
  return {
    body, how: { ...readArrow.lastArrow },
    arrow: sorted(networkFromArrow(body) as Obj[]),
    json: sorted((JSON.parse((await readNetworkBody(q, p, f, '{"data":', '}')).toString()) as { data: Obj[] }).data),
  };
});
const storedVersion = async (p: number, scope = '') => (await s.db.query<{ v: string }>('SELECT max(version)::text AS v FROM network_columns WHERE project_id = $1 AND scope = $2', [p, scope])).rows[0].v;

describe('the serialized column store', () => {
  it('gives back every column, the ids and the dictionaries of the store it was made from', async () => {
    const a = await inSnapshot(s.db, async (q) => { const st = new ScanStore(pid, 7); await fillScan(q, st); return st; });
    a.kill(new Set([a.ids.findString('x-e1')])); // dead rows survive as such
    const b = deserializeScan(serializeScan(a), pid, 7)!;
    const va = a.view(), vb = b.view();
    expect(vb.n).toBe(va.n);
    for (const k of ['kind', 'scenario', 'from', 'to', 'twoWay', 'length', 'vStart', 'vCount', 'xy'] as const) expect(Array.from(vb[k]), k).toEqual(Array.from(va[k]));
    for (const t of ['inst', 'pe', 'values', 'rels'] as const) {
      for (const [k, col] of Object.entries(va[t])) {
        if (ArrayBuffer.isView(col)) expect(Array.from(vb[t][k as keyof typeof vb[typeof t]] as unknown as ArrayLike<number>), `${t}.${k}`).toEqual(Array.from(col as unknown as ArrayLike<number>));
      }
    }
    expect(vb.values.names).toEqual(va.values.names);
    expect(vb.rels.types).toEqual(va.rels.types);
    expect(Array.from(vb.values.text.bytes.done())).toEqual(Array.from(va.values.text.bytes.done()));
    expect(Array.from(vb.values.text.offsets.done())).toEqual(Array.from(va.values.text.offsets.done()));
    expect(vb.values.text.nulls).toBe(va.values.text.nulls);
    expect(b.deadRows).toBe(a.deadRows);
    // the id table: every id at its number, found by its bytes (hash built on first use), new ids numbered after
    for (let k = 0; k < va.n; k += 7) expect(b.ids.findString(a.ids.string(k))).toBe(k);
    expect(b.ids.findString('nope')).toBe(-1);
    expect(b.ids.addString('x-new')).toBe(va.n);
    expect(b.ids.addString(a.ids.string(3))).toBe(3);
    // bytes not 8-aligned in their buffer (columns copied instead of viewed): the same store
    const bytes = serializeScan(a), shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const c = deserializeScan(shifted.subarray(1), pid, 7)!.view();
    expect(Array.from(c.xy)).toEqual(Array.from(va.xy));
    expect(Array.from(c.values.inst)).toEqual(Array.from(va.values.inst));
    expect(c.ids.string(va.n - 1)).toBe(a.ids.string(va.n - 1));
  });

  it('is refused for another scope or project, or bytes of another kind', () => {
    const st = new ScanStore(pid);
    st.ids.addString('a');
    const bytes = serializeScan(st);
    expect(deserializeScan(bytes, pid, undefined)?.ids.string(0)).toBe('a');
    expect(deserializeScan(bytes, pid, 7)).toBeUndefined();
    expect(deserializeScan(bytes, pid + 1, undefined)).toBeUndefined();
    expect(deserializeScan(new Uint8Array(64), pid, undefined)).toBeUndefined();
  });

  it('is read from a binary COPY stream cut into chunks of any size', () => {
    const rows = [new Uint8Array([1, 2, 3]), new Uint8Array(0), Uint8Array.from({ length: 300 }, (_, i) => i & 255)];
    const head = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 4, 9, 9, 9, 9];
    const bytes: number[] = [...head];
    for (const r of rows) bytes.push(0, 1, (r.length >>> 24) & 255, (r.length >>> 16) & 255, (r.length >>> 8) & 255, r.length & 255, ...r);
    bytes.push(0xff, 0xff);
    const stream = Uint8Array.from(bytes), want = [...rows[0], ...rows[2]];
    for (const size of [1, 2, 3, 5, 19, 64, stream.length]) {
      const out = new Uint8Array(want.length), r = new BlobReader(out);
      for (let at = 0; at < stream.length; at += size) r.push(stream.subarray(at, at + size));
      expect(Array.from(out), `chunks of ${size}`).toEqual(want);
      expect([r.rows, r.done], `chunks of ${size}`).toEqual([3, true]);
    }
  });
});

describe('whole-project Arrow reads from the stored columns', () => {
  it('are stored after a fresh fill and answer the same bytes from them in a process without the store', async () => {
    for (const [name, f] of filters) {
      await s.db.query('DELETE FROM network_columns WHERE project_id = $1', [pid]);
      const built = await coldRead(pid, f);
      expect(built.how, name).toMatchObject({ scan: 'built', stored: false });
      await storedWrites();
      const again = await coldRead(pid, f);
      expect(again.how, name).toMatchObject({ scan: 'current', stored: true, source: 'scan' });
      expect(Buffer.compare(again.body, built.body), name).toBe(0);
      expect(again.arrow, name).toEqual(again.json);
    }
    expect(await storedVersion(pid, '7')).not.toBeNull();
  });

  it('are patched from the change log after random writes and answer exactly the JSON read', async () => {
    const p2 = (await seedProject(s.db, { edges: 200, name: 'Stored columns, edits', organisation: 'demo', tile: 5 })).projectId;
    for (const [, f] of filters) { await coldRead(p2, f); await storedWrites(); }
    const rand = rng(6565);
    let patched = 0;
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 1 + Math.floor(rand() * 5); k++) await randomNetworkEdit(s.db, p2, rand);
      for (const [name, f] of filters) {
        const r = await coldRead(p2, f);
        expect(r.how.stored, `${name}, round ${round}`).toBe(true);
        if (r.how.scan === 'patched') patched++;
        expect(r.arrow, `${name}, round ${round}`).toEqual(r.json);
      }
    }
    expect(patched).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it('are stored again once much has been patched into them since the stored version', async () => {
    const p3 = (await seedProject(s.db, { edges: 600, name: 'Stored columns, restored', organisation: 'demo', tile: 5 })).projectId;
    readArrow.clearScanStores();
    const read = () => inSnapshot(s.db, (q) => readArrow.readNetworkArrow(q, p3, {}, s.db));
    await read(); await storedWrites();
    const first = await storedVersion(p3);
    // fewer changed objects than the threshold (1 000): the stored version stays
    await s.db.tx(async (q) => { await q.query(`UPDATE network_object SET length = 1 WHERE project_id = $1 AND id IN (SELECT id FROM network_object WHERE project_id = $1 AND kind = 'edge' ORDER BY id LIMIT 10)`, [p3]); await bumpNetworkVersion(q, p3); });
    await read(); await storedWrites();
    expect(readArrow.lastArrow.scan).toBe('patched');
    expect(await storedVersion(p3)).toBe(first);
    // 350 edges changed again and again: stored anew once more than 1 000 objects were patched in since that version
    let rounds = 0;
    for (let since = 10; since <= 1000; since += 350, rounds++) {
      expect(await storedVersion(p3)).toBe(first);
      await s.db.tx(async (q) => {
        await q.query(`UPDATE network_object SET length = $2 WHERE project_id = $1 AND id IN (SELECT id FROM network_object WHERE project_id = $1 AND kind = 'edge' ORDER BY id LIMIT 350)`, [p3, rounds + 2]);
        await bumpNetworkVersion(q, p3);
      });
      await read(); await storedWrites();
      expect(readArrow.lastArrow.scan).toBe('patched');
    }
    expect(rounds).toBeGreaterThan(1);
    const v = (await s.db.query<{ v: string }>('SELECT network_version::text AS v FROM project WHERE id = $1', [p3])).rows[0].v;
    expect(await storedVersion(p3)).toBe(v);
  }, 60_000);

  it('are not used when the change log no longer reaches back to their version', async () => {
    await coldRead(pid, {}); await storedWrites();
    const v = await storedVersion(pid);
    await s.db.tx(async (q) => {
      await q.query(`UPDATE attribute_value SET value = 'x' WHERE project_id = $1 AND object_instance_id = 'x-i1' AND attribute_type_name = 'naam'`, [pid]);
      const nv = await bumpNetworkVersion(q, pid);
      await q.query('UPDATE project SET network_log_from = $2::bigint WHERE id = $1', [pid, String(nv)]); // as a prune leaves it
    });
    const r = await coldRead(pid, {});
    expect(r.how).toMatchObject({ scan: 'built', stored: false });
    expect(r.arrow).toEqual(r.json);
    await storedWrites();
    expect(BigInt(await storedVersion(pid))).toBeGreaterThan(BigInt(v));
  });

  it('never replace a newer stored version with an older one', async () => {
    const st = await inSnapshot(s.db, (q) => loadStoredScan(q, pid, undefined, '999999999'));
    expect(st).toBeDefined();
    const v = await storedVersion(pid);
    saveStoredScan(s.db, st!.store, String(BigInt(v) - 1n));
    await storedWrites();
    expect(await storedVersion(pid)).toBe(v);
  });

  it('serve reads that keep no store (the whole-network jobs) too', async () => {
    await coldRead(pid, {}); await storedWrites();
    const body = await inSnapshot(s.db, (q) => readArrow.readNetworkArrow(q, pid, {}));
    expect(readArrow.lastArrow).toMatchObject({ stored: true, source: 'scan' });
    expect(Buffer.compare(body, (await coldRead(pid, {})).body)).toBe(0);
  });
});
