// Area loading of large projects: tiles around the view are read and merged into the session, the loaded area
// bounds editing, local edits are never replaced by a later read, a failed tile read is tried again.
import { describe, expect, it } from 'vitest';
import { createModel, getObject } from 'engine/model';
import type { NetworkObject, Position } from 'engine/types';
import { EditSession } from '../../../src/map/edit-session';
import { AREA_TILE, AreaLoader, tileOf, tilesIn, type Extent } from '../../../src/map/area-loader';
import { touchedPoints, type Intent } from 'engine';
import type { Model } from 'engine/model';
import { tilesOfActions } from '../../../src/map/area-guard';

/** The editor binding's guard: every point the engine operation touches lies in a loaded tile. */
const insideLoadedArea = (m: Model, i: Intent, inside: (p: Position) => boolean) => touchedPoints(m, i).every(inside);

const T = AREA_TILE;
/** A row of nodes every 500 units along y = 100 from x = 250 to 5250 (three tiles wide), edges between them. */
function network(): NetworkObject[] {
  const out: NetworkObject[] = [];
  for (let i = 0; i <= 10; i++) out.push({ id: `n${i}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [250 + 500 * i, 100] } } });
  for (let i = 0; i < 10; i++) out.push({ id: `e${i}`, projectId: 1, edge: { fromNodeId: `n${i}`, toNodeId: `n${i + 1}`, geometry: { type: 'LineString', coordinates: [[250 + 500 * i, 100], [750 + 500 * i, 100]] } } });
  return out;
}

/** The server's window read: objects meeting the window plus the end nodes of its edges. */
function serverRead(all: NetworkObject[], reads: Extent[], fail = new Set<number>()) {
  return async (w: Extent): Promise<NetworkObject[]> => {
    reads.push(w);
    if (fail.has(reads.length)) throw new Error('HTTP 500');
    const meets = (c: Position[]) => {
      const xs = c.map((p) => p[0]), ys = c.map((p) => p[1]);
      return Math.min(...xs) <= w[2] && Math.max(...xs) >= w[0] && Math.min(...ys) <= w[3] && Math.max(...ys) >= w[1];
    };
    const hit = all.filter((o) => meets(o.node ? [o.node.geometry.coordinates] : o.edge!.geometry.coordinates));
    const ids = new Set(hit.map((o) => o.id));
    for (const o of hit) if (o.edge) { ids.add(o.edge.fromNodeId); ids.add(o.edge.toNodeId); }
    return structuredClone(all.filter((o) => ids.has(o.id)));
  };
}

const session = () => new EditSession(createModel({ networkObjects: [] }), { newId: (() => { let n = 0; return () => `x${++n}`; })(), projectId: 1 });

describe('tiles', () => {
  it('covers a view with the tiles nearest its centre first, and refuses a view of more than 16 tiles', () => {
    expect(tilesIn([10, 10, T + 10, 20])).toEqual(['0_0', '1_0']);
    expect(tilesIn([-1, -1, 1, 1])!.sort()).toEqual(['-1_-1', '-1_0', '0_-1', '0_0']);
    expect(tilesIn([0, 0, 4 * T - 1, 4 * T - 1])).toHaveLength(16);
    expect(tilesIn([0, 0, 4 * T, 4 * T - 1])).toBeNull();
    expect(tileOf([T, -0.5])).toBe('1_-1');
  });
});

describe('AreaLoader', () => {
  it('loads the tiles of the view into the session (with the closure of their edges), outside the history', async () => {
    const s = session(), reads: Extent[] = [];
    const a = new AreaLoader(s, serverRead(network(), reads));
    await a.show([0, 0, 1000, 1000]);
    expect(reads).toEqual([[0, 0, T, T]]);
    expect(getObject(s.model, 'e3')).toBeDefined(); // 1750..2250 meets tile 0
    expect(getObject(s.model, 'n4')).toBeDefined(); // closure: e3's end node in tile 1
    expect(getObject(s.model, 'e5')).toBeUndefined();
    expect(s.state().canUndo).toBe(false);
    await a.show([0, 0, 1000, 1000]);
    expect(reads).toHaveLength(1); // a loaded tile is not read again
    await a.show([T + 10, 0, T + 20, 10]);
    expect(getObject(s.model, 'e7')).toBeDefined();
    expect(a.status).toMatchObject({ loaded: 2, loading: 0, tooLarge: false });
  });

  it('limits editing to the loaded area: a node at the edge of it, whose other edges are not loaded, cannot move', async () => {
    const s = session();
    const a = new AreaLoader(s, serverRead(network(), []));
    await a.show([0, 0, 1000, 1000]);
    const inside = (p: Position) => a.contains(p);
    expect(insideLoadedArea(s.model, { type: 'moveNode', id: 'n1', to: [800, 300] }, inside)).toBe(true);
    // n4 (x = 2250) is in tile 1: only e3 of its edges is loaded
    expect(insideLoadedArea(s.model, { type: 'moveNode', id: 'n4', to: [2000, 300] }, inside)).toBe(false);
    expect(insideLoadedArea(s.model, { type: 'deleteObjects', ids: ['e3'] }, inside)).toBe(false);
    expect(insideLoadedArea(s.model, { type: 'splitEdge', id: 'e1', at: [1000, 100] }, inside)).toBe(true);
    expect(insideLoadedArea(s.model, { type: 'drawNode', coordinates: [T + 5, 5] }, inside)).toBe(false);
  });

  it('never brings back what was edited or deleted locally', async () => {
    const s = session();
    const a = new AreaLoader(s, serverRead(network(), []));
    await a.show([0, 0, 10, 10]);
    s.perform({ type: 'moveNode', id: 'n1', to: [750, 300] });
    s.perform({ type: 'deleteObjects', ids: ['e2'] });
    await a.show([T + 1, 0, T + 2, 1]); // tile 1's read also brings e3 and n3 again (closure), and n4's edge e3
    expect(getObject(s.model, 'n1')!.node!.geometry.coordinates).toEqual([750, 300]);
    expect(getObject(s.model, 'e2')).toBeUndefined();
    expect(s.saveRequests().length).toBeGreaterThan(0);
  });

  it('a failed tile read is not marked loaded, is reported and is tried again on the next view', async () => {
    const s = session(), reads: Extent[] = [], errors: unknown[] = [];
    const a = new AreaLoader(s, serverRead(network(), reads, new Set([1])), (e) => errors.push(e));
    await a.show([0, 0, 10, 10]);
    expect(errors).toHaveLength(1);
    expect(a.isLoaded('0_0')).toBe(false);
    expect(a.status.failed).toBe(1);
    await a.show([0, 0, 10, 10]);
    expect(a.isLoaded('0_0')).toBe(true);
    expect(getObject(s.model, 'e0')).toBeDefined();
  });

  it('names the tiles stored edits need before they can be applied again', async () => {
    const s = session();
    const a = new AreaLoader(s, serverRead(network(), []));
    await a.show([0, 0, 3 * T - 1, 10]);
    s.perform({ type: 'moveNode', id: 'n7', to: [3750, 500] }); // n7 in tile 1; its edge e7 ends in tile 2
    expect(tilesOfActions(s.model, s.pending(), tileOf).sort()).toEqual(['1_0', '2_0']);
  });
});

describe('unsaved edits of a project loaded by area', () => {
  it('are stored with the tiles they need; restoring in a new visit loads those tiles first, then applies them', async () => {
    const { memoryStore } = await import('../../../src/map/unsaved-store');
    const { trackUnsaved } = await import('../../../src/map/unsaved-offer');
    const store = memoryStore();
    // visit 1: load tile 1 (x 2048..4095), move n5 (x = 2750)
    const s1 = session();
    const a1 = new AreaLoader(s1, serverRead(network(), []));
    const t1 = trackUnsaved(s1, store, 1, undefined, a1);
    await a1.show([T + 1, 0, T + 2, 1]);
    s1.perform({ type: 'moveNode', id: 'n5', to: [2750, 400] });
    await t1.flush();
    expect((await store.get(1))?.tiles).toEqual(['1_0']);
    // visit 2 opens elsewhere (tile 0 only); the restore must first load tile 1
    const s2 = session(), reads: Extent[] = [];
    const a2 = new AreaLoader(s2, serverRead(network(), reads));
    const t2 = trackUnsaved(s2, store, 1, await store.get(1), a2);
    await a2.show([0, 0, 10, 10]);
    expect(getObject(s2.model, 'n5')).toBeUndefined();
    await t2.stored!.restore();
    expect(reads.some((r) => r[0] === T)).toBe(true);
    expect(getObject(s2.model, 'n5')!.node!.geometry.coordinates).toEqual([2750, 400]);
    expect(s2.state().canSave).toBe(true);
  });
});

describe('a quick pan', () => {
  it('drops tiles queued for an earlier view that were not started; tiles stored edits need are kept', async () => {
    const s = session(), reads: Extent[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => { release = r; });
    const read = serverRead(network(), reads);
    const a = new AreaLoader(s, async (w) => { await gate; return read(w); });
    void a.load(['5_5'], true); // needed by stored edits
    void a.show([0, 0, 3 * T - 1, 10]); // tiles 0_0, 1_0, 2_0: two start, one waits
    void a.show([10 * T, 0, 10 * T + 1, 1]); // the view moved on before the reads came back
    release();
    await a.show([10 * T, 0, 10 * T + 1, 1]);
    await new Promise((r) => setTimeout(r, 0));
    const read0 = reads.map((r) => `${r[0] / T}_${r[1] / T}`);
    expect(read0).toContain('5_5'); // required: never dropped
    expect(read0).toContain('10_0'); // the view now
    expect(read0.filter((k) => ['0_0', '1_0', '2_0'].includes(k)).length).toBeLessThan(3); // at least one dropped
    expect(a.status.loading).toBe(0);
  });
});

describe('the tile budget: far tiles are dropped (no limit on the tiles a session visits)', () => {
  it('past the budget drops the tile farthest from the view; its rows leave the session and come back with a re-read', async () => {
    const s = session(), reads: Extent[] = [];
    const a = new AreaLoader(s, serverRead(network(), reads), undefined, 2);
    await a.show([0, 0, T + 10, 10]); // 0_0, 1_0
    await a.show([2 * T + 1, 0, 2 * T + 10, 10]); // 2_0: over the budget, 0_0 is farthest
    expect(a.loadedTiles().sort()).toEqual(['1_0', '2_0']);
    expect(a.status).toMatchObject({ loaded: 2, dropped: 1 });
    for (const id of ['n0', 'n1', 'n2', 'e0', 'e1', 'e2']) expect(getObject(s.model, id), id).toBeUndefined();
    // e3 (1750 → 2250) meets tile 1, which is held: it stays, and so does its end node n3 in the dropped tile
    expect(getObject(s.model, 'e3')).toBeDefined();
    expect(getObject(s.model, 'n3')).toBeDefined();
    expect(s.state().canUndo).toBe(false);
    expect(s.saveRequests()).toEqual([]);
    await a.show([0, 0, 10, 10]); // back: tile 0 is read again and its rows return
    expect(reads.map((r) => `${r[0] / T}_${r[1] / T}`)).toEqual(['0_0', '1_0', '2_0', '0_0']);
    for (const id of ['n0', 'n1', 'n2', 'e0', 'e1', 'e2']) expect(getObject(s.model, id), id).toBeDefined();
    expect(a.loadedTiles()).toHaveLength(2);
  });

  it('keeps what an edit touched or refers to, so undo still works after the tile was dropped', async () => {
    const s = session();
    const a = new AreaLoader(s, serverRead(network(), []), undefined, 1);
    await a.show([0, 0, 10, 10]);
    s.perform({ type: 'moveNode', id: 'n1', to: [750, 300] });
    s.perform({ type: 'deleteObjects', ids: ['e1'] }); // e1 from n1 to n2
    await a.show([3 * T + 1, 0, 3 * T + 2, 1]); // tile 3 only: tile 0 is dropped
    expect(a.loadedTiles()).toEqual(['3_0']);
    // the move changed n1 and the lines of e0 and e1: those stay with their end nodes (n2: undo brings e1 back to it)
    expect(getObject(s.model, 'n1')!.node!.geometry.coordinates).toEqual([750, 300]);
    for (const id of ['n0', 'e0', 'n2']) expect(getObject(s.model, id), id).toBeDefined();
    // the rest of tile 0 goes, and so does n4 (in tile 1, never held: loaded as the end of e3)
    for (const id of ['e2', 'n3', 'e3', 'n4']) expect(getObject(s.model, id), id).toBeUndefined();
    s.undo();
    expect(getObject(s.model, 'e1')!.edge).toMatchObject({ fromNodeId: 'n1', toNodeId: 'n2' });
    s.redo();
    await a.show([0, 0, 10, 10]);
    expect(getObject(s.model, 'e1')).toBeUndefined(); // deleted locally: the re-read does not bring it back
    expect(getObject(s.model, 'n1')!.node!.geometry.coordinates).toEqual([750, 300]);
    for (const id of ['e2', 'n3', 'e3', 'n4']) expect(getObject(s.model, id), id).toBeDefined();
  });
});
