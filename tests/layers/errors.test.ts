// Layer errors (spec 3 §8): 403 → 'Not authorized' → map-unauthorized; others → map-unavailable; throttled 10 s per
// key with the layer name; the layer hidden; tile failure → error state and 'Internal server error'; texts; and the
// loaded-extent tracker un-marking a failed WFS load.
import { describe, it, expect } from 'vitest';
import {
  createLayerErrorStream, createThrottle, layerNotFound, notVectorLayer, reportFeatureStatus, reportStreetLevelStatus,
  tileFailed, wfsLoadFailed, type LayerNotification, type ImageTile,
} from 'layers/errors';
import { LoadedExtents, loadExtentOnce, type Extent } from 'layers/loaded-extents';

function setup() {
  let t = 0;
  const notes: LayerNotification[] = [];
  const hidden: string[] = [];
  const stream = createLayerErrorStream({ notify: (n) => notes.push(n), hideLayer: (l) => hidden.push(l), now: () => t });
  return { stream, notes, hidden, advance: (ms: number) => { t += ms; } };
}

describe('layer error stream', () => {
  it("403 on project feature data reports 'Not authorized' → map-unauthorized, layer hidden", () => {
    const s = setup();
    expect(reportFeatureStatus(s.stream, 'dp', 403)).toBe(true);
    expect(s.notes).toEqual([{ key: 'map-unauthorized', layerName: 'dp', message: 'Not authorized' }]);
    expect(s.hidden).toEqual(['dp']);
  });
  it('other statuses on project feature data are ignored', () => {
    const s = setup();
    expect(reportFeatureStatus(s.stream, 'dp', 500)).toBe(false);
    expect(s.notes).toEqual([]);
  });
  it('other errors → map-unavailable with the layer name', () => {
    const s = setup();
    s.stream.report('luchtfoto', 'Internal server error');
    expect(s.notes[0]).toMatchObject({ key: 'map-unavailable', layerName: 'luchtfoto' });
  });
  it('throttled: at most once per 10 s per layer and kind; every report still hides the layer', () => {
    const s = setup();
    s.stream.report('dp', 'Not authorized');
    s.advance(9999);
    expect(s.stream.report('dp', 'Not authorized')).toBeNull();
    s.stream.report('cap', 'Not authorized');
    s.advance(1);
    expect(s.stream.report('dp', 'Not authorized')).not.toBeNull();
    expect(s.notes.map((n) => n.layerName)).toEqual(['dp', 'cap', 'dp']);
    expect(s.hidden).toEqual(['dp', 'dp', 'cap', 'dp']);
  });
  it('street-level 401 or 403 reports Not authorized', () => {
    const s = setup();
    expect(reportStreetLevelStatus(s.stream, 'streetLevelSurfaceTypes', 401)).toBe(true);
    expect(reportStreetLevelStatus(s.stream, 'streetLevelSurfaceTypes', 404)).toBe(false);
    expect(s.notes[0].key).toBe('map-unauthorized');
  });
  it("tile failure puts the image in the error state and reports 'Internal server error'", () => {
    const s = setup();
    const tile: ImageTile = { state: 'loading' };
    tileFailed(s.stream, 'luchtfoto', tile);
    expect(tile.state).toBe('error');
    expect(s.notes[0]).toEqual({ key: 'map-unavailable', layerName: 'luchtfoto', message: 'Internal server error' });
  });
  it('generic throttle', () => {
    let t = 0;
    const pass = createThrottle(10000, () => t);
    expect(pass('a')).toBe(true);
    expect(pass('a')).toBe(false);
    t = 10000;
    expect(pass('a')).toBe(true);
  });
  it('error texts', () => {
    expect(layerNotFound('x').message).toBe('Layer x not found in LayerRepository');
    expect(notVectorLayer('luchtfoto').message).toBe('Layer luchtfoto is not a vector layer');
    expect(wfsLoadFailed('/api/geodata').message).toBe('Failed to load features from /api/geodata');
  });
});

describe('loaded extents', () => {
  const ext: Extent = [0, 0, 10, 10];
  it('skips an extent inside one already loaded', async () => {
    const tr = new LoadedExtents();
    let calls = 0;
    expect(await loadExtentOnce(tr, ext, '/u', async () => ++calls)).toBe(1);
    expect(await loadExtentOnce(tr, [1, 1, 5, 5], '/u', async () => ++calls)).toBeNull();
    expect(calls).toBe(1);
  });
  it('a failed WFS load un-marks its extent so a retry can happen', async () => {
    const tr = new LoadedExtents();
    await expect(loadExtentOnce(tr, ext, '/api/geodata?x', async () => { throw new Error('boom'); }))
      .rejects.toThrow('Failed to load features from /api/geodata?x');
    expect(tr.has(ext)).toBe(false);
    expect(await loadExtentOnce(tr, ext, '/api/geodata?x', async () => 'ok')).toBe('ok');
    expect(tr.has(ext)).toBe(true);
  });
});
