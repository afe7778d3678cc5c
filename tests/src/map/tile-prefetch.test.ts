// @vitest-environment jsdom
// The opening view's tiles are read with the workflow (src/map/tile-prefetch.ts, issue 15): for a project loaded by
// area, the tiles of the view the address names — else of the network's centre at the opening zoom — for the window's
// size; the area loader takes each read once; nothing is read for a project loaded whole.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store';
import { sessionStarted } from '../../../src/auth/session-slice';
import { AREA_OPEN_ZOOM, PREFETCH_TTL_MS, areaRead, areaReadAhead, openingView, prefetchOpeningTiles, takePrefetched, viewTiles } from '../../../src/map/tile-prefetch';
import { AREA_TILE } from '../../../src/map/area-loader';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { vi.unstubAllGlobals(); vi.useRealTimers(); });

const T = AREA_TILE;
const big = { count: 2_000_000, bbox: [0, 0, 4 * T, 2 * T] as [number, number, number, number] };

describe('tiles of the opening view', () => {
  it("open on the address's view, else on the network's centre at the opening zoom", () => {
    expect(openingView(big, '')).toEqual({ zoom: AREA_OPEN_ZOOM, center: [2 * T, T] });
    expect(openingView(big, '#18;100.5;-20')).toEqual({ zoom: 18, center: [100.5, -20] });
    expect(openingView({ count: 0, bbox: null }, '')).toBeNull();
  });

  it('are the tiles a view of the given size meets', () => {
    // zoom 17: ≈ 1.19 map units a pixel; 800 × 600 px around a tile corner meets the four tiles there
    expect(viewTiles(17, [2 * T, T], [800, 600])?.sort()).toEqual(['1_0', '1_1', '2_0', '2_1']);
    // a small view inside one tile
    expect(viewTiles(19, [2.5 * T, 1.5 * T], [400, 300])).toEqual(['2_1']);
    // width and height each count: a tall narrow view spans three tiles one above the other
    expect(viewTiles(17, [2.5 * T, 1.5 * T], [200, 2000])?.sort()).toEqual(['2_0', '2_1', '2_2']);
    // a view too large for the loader: none
    expect(viewTiles(10, [0, 0], [1600, 1200])).toBeNull();
  });

  it('are read once for a project loaded by area and handed to the loader once; nothing for a small project', async () => {
    const m = mockFetch({ 'GET /api/project/3/network_object/all': { body: { data: [{ id: 'n', projectId: 3 }] } } });
    const store = makeStore();
    store.dispatch(sessionStarted('tok'));
    expect(prefetchOpeningTiles(store.dispatch, 3, { count: 10, bbox: big.bbox }, '', [800, 600])).toEqual([]);
    const keys = prefetchOpeningTiles(store.dispatch, 3, big, '', [800, 600]);
    expect(keys.sort()).toEqual(['1_0', '1_1', '2_0', '2_1']);
    prefetchOpeningTiles(store.dispatch, 3, big, '', [800, 600]); // again: the reads under way are not started twice
    await vi.waitFor(() => expect(m.callsTo('GET', '/api/project/3/network_object/all')).toHaveLength(4));
    const bboxes = m.callsTo('GET', '/api/project/3/network_object/all').map((c) => new URL(c.url).searchParams.get('bbox')).sort();
    expect(bboxes).toContain(`${2 * T},${T},${3 * T},${2 * T}`);
    const read = takePrefetched(3, [2 * T, T, 3 * T, 2 * T]);
    expect(read).toBeDefined();
    expect(await read).toEqual([{ id: 'n', projectId: 3 }]);
    expect(takePrefetched(3, [2 * T, T, 3 * T, 2 * T])).toBeUndefined();
    expect(takePrefetched(4, [T, T, 2 * T, 2 * T])).toBeUndefined(); // another project's tile
  });

  it('forgets a read the loader does not take', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/project/5/network_object/all': { body: { data: [] } } });
    const store = makeStore();
    store.dispatch(sessionStarted('tok'));
    prefetchOpeningTiles(store.dispatch, 5, big, `#19;${2.5 * T};${1.5 * T}`, [400, 300]);
    vi.advanceTimersByTime(PREFETCH_TTL_MS + 1);
    expect(takePrefetched(5, [2 * T, T, 3 * T, 2 * T])).toBeUndefined();
  });

  it("the area loader's read takes a tile read for the opening view, reads any other tile, and reads again after a failed one", async () => {
    let fail = true;
    const m = mockFetch({ 'GET /api/project/6/network_object/all': (c) => {
      const bbox = new URL(c.url).searchParams.get('bbox');
      if (bbox === `${T},${T},${2 * T},${2 * T}` && fail) { fail = false; return { status: 500, body: { error: 'x' } }; }
      return { body: { data: [{ id: bbox, projectId: 6 }] } };
    } });
    const store = makeStore();
    store.dispatch(sessionStarted('tok'));
    prefetchOpeningTiles(store.dispatch, 6, big, '', [800, 600]);
    await vi.waitFor(() => expect(m.callsTo('GET', '/api/project/6/network_object/all')).toHaveLength(4));
    const read = areaRead(store.dispatch, 6);
    expect(await read([2 * T, T, 3 * T, 2 * T])).toEqual([{ id: `${2 * T},${T},${3 * T},${2 * T}`, projectId: 6 }]);
    expect(m.callsTo('GET', '/api/project/6/network_object/all')).toHaveLength(4); // taken, not read again
    expect(await read([T, T, 2 * T, 2 * T])).toEqual([{ id: `${T},${T},${2 * T},${2 * T}`, projectId: 6 }]); // its read had failed
    expect(await read([5 * T, 0, 6 * T, T])).toEqual([{ id: `${5 * T},0,${6 * T},${T}`, projectId: 6 }]); // not an opening tile
    expect(m.callsTo('GET', '/api/project/6/network_object/all')).toHaveLength(6);
  });
});

describe('read-ahead setting', () => {
  afterEach(() => localStorage.removeItem('netplan.areaReadAhead'));
  it('reads one ring of tiles ahead unless localStorage netplan.areaReadAhead is off', () => {
    expect(areaReadAhead()).toBe(1);
    localStorage.setItem('netplan.areaReadAhead', 'off');
    expect(areaReadAhead()).toBe(0);
  });
});
