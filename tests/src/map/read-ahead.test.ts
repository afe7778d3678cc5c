// Read-ahead of the tiles around the view (issue 15): once the view's tiles are in, the ring around it is read one
// tile at a time (ahead of the pan first) and held unmerged; a pan onto a held tile takes its answer instead of reading
// it again; held answers of tiles the view left, too old answers and failed reads are not taken.
import { describe, expect, it, vi } from 'vitest';
import { createModel, getObject } from 'engine/model';
import type { NetworkObject } from 'engine/types';
import { EditSession } from '../../../src/map/edit-session';
import { AREA_MAX_LOADED_TILES, AREA_TILE, AreaLoader, type Extent } from '../../../src/map/area-loader';
import { READ_AHEAD_TTL_MS, ReadAhead, ringTiles } from '../../../src/map/read-ahead';

const T = AREA_TILE;
const session = () => new EditSession(createModel({ networkObjects: [] }), { newId: (() => { let n = 0; return () => `x${++n}`; })(), projectId: 1 });
const key = (e: Extent) => `${Math.floor(e[0] / T)}_${Math.floor(e[1] / T)}`;

/** A server with one node at each tile's centre; answers after a timer, records reads and the most at once. */
function server(fail = new Set<string>()) {
  const reads: string[] = [];
  let now = 0;
  const s = {
    reads, max: 0,
    read: async (e: Extent): Promise<NetworkObject[]> => {
      reads.push(key(e));
      s.max = Math.max(s.max, ++now);
      await new Promise((r) => setTimeout(r, 2));
      now--;
      if (fail.has(key(e))) { fail.delete(key(e)); throw new Error('HTTP 503'); }
      return [{ id: `n${key(e)}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [e[0] + T / 2, e[1] + T / 2] } } }];
    },
  };
  return s;
}
const view = (tx: number, ty: number): Extent => [tx * T + 10, ty * T + 10, tx * T + 100, ty * T + 100];

describe('ringTiles', () => {
  it('lists the ring around the view, edge neighbours first at rest, the heading side first when moving', () => {
    const rest = ringTiles(['0_0'], [0, 0]);
    expect(rest).toHaveLength(8);
    expect(rest.slice(0, 4).sort()).toEqual(['-1_0', '0_-1', '0_1', '1_0']);
    const east = ringTiles(['0_0'], [1, 0]);
    expect(east[0]).toBe('1_0');
    expect(east.slice(1, 3).sort()).toEqual(['1_-1', '1_1']);
    expect(east.slice(5).sort()).toEqual(['-1_-1', '-1_0', '-1_1']); // behind the pan last
    expect(ringTiles(['0_0', '1_0'], [0, 0])).toHaveLength(10);
    expect(ringTiles(['0_0'], [0, 0], 0)).toEqual([]);
    // at rest, the tiles nearest to what the view shows first: a view at the north-east corner of its tile
    expect(ringTiles(['0_0'], [0, 0], 1, [0.7 * T, 0.8 * T, 0.95 * T, 0.99 * T]).slice(0, 3)).toEqual(['0_1', '1_0', '1_1']);
    // a wide view over two tiles: the tiles at its ends before those along its long sides
    expect(ringTiles(['0_0', '1_0'], [0, 0], 1, [0.1 * T, 0.45 * T, 1.9 * T, 0.55 * T]).slice(0, 2).sort()).toEqual(['-1_0', '2_0']);
  });
});

describe('AreaLoader read-ahead', () => {
  it('reads the ring once the view is in, one at a time, and a pan onto a read-ahead tile reads nothing again', async () => {
    const s = session(), srv = server();
    const a = new AreaLoader(s, srv.read, undefined, AREA_MAX_LOADED_TILES, 1);
    await a.show(view(0, 0));
    expect(srv.reads[0]).toBe('0_0'); // the view first, then the ring
    a.ahead.kick(); a.ahead.kick(); // asked again while one runs: still one at a time
    await vi.waitFor(() => expect(a.ahead.counts.read).toBe(8));
    await vi.waitFor(() => expect(srv.reads).toHaveLength(9));
    await new Promise((r) => setTimeout(r, 10));
    expect(srv.max).toBe(1); // never more than one read-ahead at a time
    expect(getObject(s.model, 'n1_0')).toBeUndefined(); // held, not merged
    await a.show(view(1, 0));
    expect(srv.reads.filter((k) => k === '1_0')).toHaveLength(1);
    expect(getObject(s.model, 'n1_0')).toBeDefined();
    expect(a.ahead.counts.taken).toBe(1);
    // the pan east: the next tiles read ahead are the three east of the view, the one straight ahead first
    await vi.waitFor(() => expect(srv.reads).toHaveLength(12));
    expect(srv.reads[9]).toBe('2_0');
    expect(srv.reads.slice(10).sort()).toEqual(['2_-1', '2_1']);
    // the tiles west of the old view left the ring: a pan back there reads again
    expect(a.ahead.heldTiles()).not.toContain('-1_0');
    a.dispose();
  });

  it('reads nothing ahead of a view too large to load, and forgets what it held', async () => {
    const srv = server();
    const a = new AreaLoader(session(), srv.read, undefined, AREA_MAX_LOADED_TILES, 1);
    await a.show(view(0, 0));
    await vi.waitFor(() => expect(srv.reads.length).toBeGreaterThan(1)); // the ring's first reads
    await a.show([-10 * T, -10 * T, 10 * T, 10 * T]); // more than 16 tiles: zoomed far out
    await new Promise((r) => setTimeout(r, 20)); // a read on its way ends
    const at = srv.reads.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(srv.reads).toHaveLength(at);
    expect(a.ahead.heldTiles()).toEqual([]);
    a.dispose();
  });

  it('reads nothing ahead with no rings, and nothing after disposal', async () => {
    const srv = server();
    const a = new AreaLoader(session(), srv.read);
    await a.show(view(0, 0));
    await new Promise((r) => setTimeout(r, 20));
    expect(srv.reads).toEqual(['0_0']);
    const b = new AreaLoader(session(), srv.read, undefined, AREA_MAX_LOADED_TILES, 1);
    const shown = b.show(view(5, 5));
    b.dispose();
    await shown;
    await new Promise((r) => setTimeout(r, 20));
    expect(srv.reads).toEqual(['0_0', '5_5']);
  });

  it('a failed read-ahead stops reading ahead until the view moves, and the pan reads the tile itself without an error', async () => {
    const s = session(), srv = server(new Set(['1_0'])), errors: unknown[] = [];
    const a = new AreaLoader(s, srv.read, (e) => errors.push(e), AREA_MAX_LOADED_TILES, 1);
    await a.show(view(0, 0));
    await vi.waitFor(() => expect(srv.reads).toContain('1_0'));
    const at = srv.reads.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(srv.reads).toHaveLength(at); // stalled: nothing more read ahead
    expect(a.ahead.heldTiles()).not.toContain('1_0');
    await a.show(view(1, 0));
    expect(srv.reads.filter((k) => k === '1_0')).toHaveLength(2);
    expect(getObject(s.model, 'n1_0')).toBeDefined();
    expect(errors).toEqual([]);
    a.dispose();
  });
});

describe('ReadAhead', () => {
  it('never hands out an answer older than the TTL, and reads such a tile again', async () => {
    let t = 0;
    const reads: string[] = [];
    const r = new ReadAhead(async (e) => { reads.push(key(e)); return []; }, () => true, () => false, 1, () => t);
    r.aim(['0_0']);
    await vi.waitFor(() => expect(reads).toHaveLength(8));
    t = READ_AHEAD_TTL_MS - 1;
    expect(r.take('1_0')).toBeDefined();
    t = READ_AHEAD_TTL_MS;
    expect(r.take('-1_0')).toBeUndefined();
    r.kick(); // the rest are too old: read again
    await vi.waitFor(() => expect(reads.length).toBeGreaterThan(8));
    expect(reads.slice(8)).not.toContain('1_0');
    r.dispose();
  });
});
