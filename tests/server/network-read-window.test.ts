// Window (bbox) reads in the Arrow form are read by binary COPY into a store of their own (server/network/scan-window.ts,
// issue 15) and answer exactly what the row read (read.ts fetchRows, the JSON form) answers: the objects whose box
// meets the window and the paths over its edges, with the closure (end nodes and path edges outside the window, in any
// scenario) — for every filter, on windows across the project (edges and paths crossing their borders), and after
// random batches of edits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { seedProject } from '../../server/projects/seed-project';
import { bumpNetworkVersion } from '../../server/network/cache';
import { networkFromArrow } from '../../engine/network-arrow';
import * as readArrow from '../../server/network/read-arrow';
import { readNetworkBody, type NetworkFilter } from '../../server/network/read';
import { inSnapshot } from '../../server/network/send';
import { CELL, lastWindowRead } from '../../server/network/scan-window';
import { randomNetworkEdit, rng } from './support/random-edits';
import { sorted, type Obj } from './support/network-order';

let s: TestServer;
let pid: number;
let extent: { x0: number; y0: number; x1: number; y1: number };

beforeAll(async () => {
  s = await startTestServer();
  pid = (await seedProject(s.db, { edges: 400, name: 'Arrow windows', organisation: 'demo', tile: 5 })).projectId;
  // a scenario node that a base edge ends at, near the seed's first node: a window's closure crosses scenarios
  await s.db.tx(async (q) => {
    const n = (await q.query<{ id: string; x: number; y: number }>(`SELECT id, (geometry->'coordinates'->>0)::float8 AS x, (geometry->'coordinates'->>1)::float8 AS y
      FROM network_object WHERE project_id = $1 AND kind = 'node' ORDER BY id LIMIT 1`, [pid])).rows[0];
    const ty = (await q.query<{ t: number }>(`SELECT object_type_id AS t FROM object_instance WHERE project_id = $1 ORDER BY id LIMIT 1`, [pid])).rows[0].t;
    const [fx, fy] = [n.x + 5000, n.y + 5000];
    await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, bbox) VALUES ($1, 'w-far', 7, 'node', $2, $3)`,
      [pid, JSON.stringify({ type: 'Point', coordinates: [fx, fy] }), `(${fx},${fy}),(${fx},${fy})`]);
    await q.query(`INSERT INTO network_object (project_id, id, scenario_id, kind, geometry, from_node_id, to_node_id, two_way, length, bbox)
      VALUES ($1, 'w-e', NULL, 'edge', $2, $3, 'w-far', false, 1, $4)`,
    [pid, JSON.stringify({ type: 'LineString', coordinates: [[n.x, n.y], [fx, fy]] }), n.id, `(${fx},${fy}),(${n.x},${n.y})`]);
    await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, 'w-i', ty, 'w-e']);
    await q.query('INSERT INTO object_instance (project_id, id, object_type_id, network_object_id) VALUES ($1, $2, $3, $4)', [pid, 'w-i-far', ty, 'w-far']);
    await bumpNetworkVersion(q, pid);
  });
  const r = (await s.db.query<{ x0: number; y0: number; x1: number; y1: number }>(`SELECT min((bbox[1])[0]) AS x0, min((bbox[1])[1]) AS y0,
    max((bbox[0])[0]) AS x1, max((bbox[0])[1]) AS y1 FROM network_object WHERE project_id = $1 AND scenario_id IS NULL AND kind = 'node'`, [pid])).rows[0];
  extent = { x0: Number(r.x0), y0: Number(r.y0), x1: Number(r.x1), y1: Number(r.y1) };
}, 120_000);
afterAll(async () => { await s?.close(); });


/** The window read both ways in one snapshot: Arrow (columns) and the JSON row read. */
const both = (p: number, f: NetworkFilter) => inSnapshot(s.db, async (q) => {
  const arrow = sorted(networkFromArrow(await readArrow.readNetworkArrow(q, p, f)) as Obj[]);
  const source = readArrow.lastArrow.source, how = lastWindowRead.how;
  const json = sorted((JSON.parse((await readNetworkBody(q, p, f, '{"data":', '}')).toString()) as { data: Obj[] }).data);
  return { arrow, json, source, how };
});
/** Rows whose spatial cell is not their parent's (migration 064: kept by triggers on every write). */
const mismatches = async (p: number) => Number((await s.db.query<{ n: string }>('SELECT network_cell_mismatches($1) AS n', [p])).rows[0].n);

/** A 3 × 3 grid of windows over the project and one around its first node (with the edge to the scenario node). */
function windows(): [number, number, number, number][] {
  const { x0, y0, x1, y1 } = extent, w = (x1 - x0) / 3, h = (y1 - y0) / 3;
  const out: [number, number, number, number][] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out.push([x0 + i * w, y0 + j * h, x0 + (i + 1) * w, y0 + (j + 1) * h]);
  return out;
}

const filters: [string, Omit<NetworkFilter, 'bbox'>][] = [
  ['as the map reads tiles', { includeWithoutObjectInstances: false }],
  ['with objects without instances', { includeWithoutObjectInstances: true }],
  ['filtered to one object type (closure comes bare)', { objectTypeIds: [112] }],
  ['filtered to cables', { objectTypeIds: [105] }],
  ['with scenario 7', { scenarioId: 7, includeWithoutObjectInstances: true }],
];

describe('window (bbox) reads as Arrow, by binary COPY', () => {
  it.each(filters)('%s: every window answers exactly the row read', async (_name, f) => {
    let objects = 0, closureOutside = 0;
    for (const bbox of windows()) {
      const { arrow, json, source } = await both(pid, { ...f, bbox });
      expect(source).toBe('window');
      expect(arrow).toEqual(json);
      objects += arrow.length;
      const [x0, y0, x1, y1] = bbox;
      // nodes of the answer outside the window: the closure reached them
      closureOutside += arrow.filter((o) => o.node && !(o.node.geometry.coordinates[0] >= x0 && o.node.geometry.coordinates[0] <= x1
        && o.node.geometry.coordinates[1] >= y0 && o.node.geometry.coordinates[1] <= y1)).length;
    }
    expect(objects).toBeGreaterThan(100);
    if (!f.objectTypeIds) expect(closureOutside).toBeGreaterThan(0);
  });

  it('the closure reaches a node of another scenario outside the window, and that node comes with its instances', async () => {
    const n = (await s.db.query<{ x: number; y: number }>(`SELECT (geometry->'coordinates'->>0)::float8 AS x, (geometry->'coordinates'->>1)::float8 AS y
      FROM network_object WHERE project_id = $1 AND kind = 'node' ORDER BY id LIMIT 1`, [pid])).rows[0];
    const { arrow, json } = await both(pid, { bbox: [n.x - 10, n.y - 10, n.x + 10, n.y + 10] });
    expect(arrow).toEqual(json);
    const far = arrow.find((o) => o.id === 'w-far');
    expect(far?.scenarioId).toBe(7);
    expect(far?.objectInstances?.map((i) => i.id)).toEqual(['w-i-far']);
    const typed = await both(pid, { bbox: [n.x - 10, n.y - 10, n.x + 10, n.y + 10], objectTypeIds: [(await s.db.query<{ t: number }>(
      `SELECT object_type_id AS t FROM object_instance WHERE id = 'w-i'`)).rows[0].t] });
    expect(typed.arrow).toEqual(typed.json);
    expect(typed.arrow.find((o) => o.id === 'w-far')?.objectInstances).toBeUndefined();
  });

  it('answers exactly the row read after random batches of edits', async () => {
    const p2 = (await seedProject(s.db, { edges: 300, name: 'Arrow windows edited', organisation: 'demo', tile: 5 })).projectId;
    const { x0, y0, x1, y1 } = extent;
    const rand = rng(2026);
    let tileObjects = 0;
    for (let round = 0; round < 6; round++) {
      const n = 1 + Math.floor(rand() * 6);
      for (let k = 0; k < n; k++) await randomNetworkEdit(s.db, p2, rand);
      const [a, b] = [x0 + rand() * (x1 - x0), y0 + rand() * (y1 - y0)];
      const bbox: [number, number, number, number] = [a, b, a + (x1 - x0) / 2, b + (y1 - y0) / 2];
      expect(await mismatches(p2), `round ${round}`).toBe(0);
      for (const [name, f] of filters) {
        const { arrow, json, source } = await both(p2, { ...f, bbox });
        expect(source, `${name}, round ${round}`).toBe('window');
        expect(arrow, `${name}, round ${round}`).toEqual(json);
      }
      // a tile-sized window, read by cells: three cells wide, not aligned to them
      const tile: [number, number, number, number] = [a - 700, b - 700, a - 700 + 3 * CELL, b - 700 + 3 * CELL];
      for (const [name, f] of filters) {
        const { arrow, json, how } = await both(p2, { ...f, bbox: tile });
        expect(how).toBe('cells');
        expect(arrow, `${name}, round ${round}, tile`).toEqual(json);
        tileObjects += arrow.length;
      }
    }
    expect(tileObjects).toBeGreaterThan(200);
  }, 120_000);

  it('reads a tile-sized window by its cells, and a larger one by ids, with the same answer as the row read', async () => {
    const { x0, y0 } = extent;
    let n = 0;
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) {
      const tile: [number, number, number, number] = [x0 + i * 4 * CELL, y0 + j * 4 * CELL, x0 + (i + 1) * 4 * CELL, y0 + (j + 1) * 4 * CELL];
      const { arrow, json, how } = await both(pid, { includeWithoutObjectInstances: false, bbox: tile });
      expect(how).toBe('cells');
      expect(arrow).toEqual(json);
      n += arrow.length;
    }
    expect(n).toBeGreaterThan(200);
    const big = await both(pid, { includeWithoutObjectInstances: false, bbox: [x0, y0, x0 + 9 * CELL, y0 + 9 * CELL] });
    expect(big.how).toBe('ids');
    expect(big.arrow).toEqual(big.json);
    expect(await mismatches(pid)).toBe(0);
  });
});
