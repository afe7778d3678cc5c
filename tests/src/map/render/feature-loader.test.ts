// Feature/wfst layer loading (spec 3 §4, §7, §8; spec 1 §8): which layers read (offered, visible, project WFS, zoom
// range), the request (project WFS, cql bbox, bearer), the loaded-extent bookkeeping (bbox strategy), a failed read
// un-marking its extent so it is retried, 403 → 'Not authorized' → map-unauthorized, other failures → map-unavailable
// with 'Failed to load features from {url}', once per layer, the layer hidden.
import { describe, it, expect, vi } from 'vitest';
import { FeatureLoader, loadable, loadExtent, toLayerFeatures, type FeatureState, type FetchResponse } from '../../../../src/map/render/feature-loader';
import { getLayer, type Extent } from 'layers';
import { fromLngLat } from 'engine/mercator';

const VIEW: Extent = [570000, 6817000, 570400, 6817300];
const pointAt = (id: string, x: number, y: number, props: Record<string, unknown> = {}) =>
  ({ type: 'Feature', id, geometry: { type: 'Point', coordinates: [x, y] }, properties: { description: id, ...props } });
const ok = (features: unknown[]): FetchResponse => ({ ok: true, status: 200, json: async () => ({ type: 'FeatureCollection', features }) });
const status = (s: number): FetchResponse => ({ ok: false, status: s, json: async () => ({ error: 'x' }) });
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(answer: (url: string) => FetchResponse = () => ok([])) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const notify = vi.fn(), changed = vi.fn(), log = vi.fn();
  const loader = new FeatureLoader({
    fetch: async (url, init) => { calls.push({ url, headers: init.headers }); return answer(url); },
    token: () => 'tok-1', notify, changed, log,
  });
  return { loader, calls, notify, changed, log };
}
const states = (entries: Record<string, boolean>) => new Map<string, FeatureState>(Object.entries(entries).map(([k, v]) => [k, { visible: v, opacity: 1 }]));
const cql = (url: string) => new URL(url, 'http://x').searchParams.get('cql_filter');

describe('feature layer loader', () => {
  it('loads only offered, visible project WFS feature/wfst layers whose zoom range holds the view', async () => {
    const { loader, calls } = setup();
    const s = states({ pointsOfInterest: true, projectDemarcation: true, shaping: false, trees: true, ducts: true, brtAchtergrondkaart: true, notes: true, dimensioningLines: true });
    expect(loader.wanted(s, { projectId: 5, zoom: 13, extent: VIEW }).map((e) => e.name).sort()).toEqual(['notes', 'projectDemarcation']);
    expect(loader.wanted(s, { projectId: 5, zoom: 14, extent: VIEW }).map((e) => e.name).sort()).toEqual(['notes', 'pointsOfInterest', 'projectDemarcation']);
    expect(loader.wanted(s, { projectId: 5, zoom: 7, extent: VIEW })).toEqual([]);
    expect(loader.wanted(s, { projectId: undefined, zoom: 16, extent: VIEW })).toEqual([]);
    expect(loader.wanted(s, { projectId: 5, zoom: 16, extent: null })).toEqual([]);
    expect(loadable(getLayer('trees'))).toBe(false);
    expect(loadable(getLayer('ducts'))).toBe(false);
    loader.update(s, { projectId: 5, zoom: 13, extent: VIEW });
    await flush();
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('typename')).sort()).toEqual(['fttx_feature', 'note']);
  });

  it('reads the view grown by the buffer through the project WFS with the bearer token', async () => {
    const { loader, calls } = setup();
    loader.update(states({ pointsOfInterest: true }), { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(calls).toHaveLength(1);
    const e = loadExtent(VIEW);
    expect(e).toEqual([569900, 6816925, 570500, 6817375]);
    expect(calls[0].url.startsWith('/api/project/5/geoserver/fttx/ows?service=WFS&request=GetFeature&typename=fttx_feature&srsName=EPSG%3A3857&outputFormat=application%2Fjson&cql_filter=')).toBe(true);
    expect(cql(calls[0].url)).toBe(`project_id=5 AND type='poi' AND BBOX(geometry,${e.join(',')},'EPSG:3857')`);
    expect(calls[0].headers.Authorization).toBe('Bearer tok-1');
  });

  it('reload forgets a layer (its stored features changed): the same view reads it again, other layers stay', async () => {
    let n = 0;
    const { loader, calls } = setup(() => ok([pointAt(`p${++n}`, 570100, 6817100)]));
    const s = states({ pointsOfInterest: true, notes: true });
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(calls).toHaveLength(2);
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(calls).toHaveLength(2);
    loader.reload(['pointsOfInterest']);
    expect(loader.layer('pointsOfInterest')).toBeUndefined();
    expect(loader.layer('notes')).toBeDefined();
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(calls).toHaveLength(3);
    expect(new URL(calls[2].url, 'http://x').searchParams.get('typename')).toBe('fttx_feature');
    expect(loader.layer('pointsOfInterest')!.features).toHaveLength(1);
  });

  it('does not read an extent again that lies inside a loaded one; a pan outside reads the new extent', async () => {
    const { loader, calls } = setup();
    const s = states({ pointsOfInterest: true });
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW }); // while loading: marked already
    await flush();
    loader.update(s, { projectId: 5, zoom: 17, extent: [570050, 6817050, 570250, 6817200] }); // zoomed in, inside
    loader.update(s, { projectId: 5, zoom: 16, extent: [570050, 6817030, 570450, 6817330] }); // small pan, inside the buffer
    await flush();
    expect(calls).toHaveLength(1);
    expect(loader.layer('pointsOfInterest')!.extents.size).toBe(1);
    loader.update(s, { projectId: 5, zoom: 16, extent: [571000, 6817000, 571400, 6817300] });
    await flush();
    expect(calls).toHaveLength(2);
    expect(loader.layer('pointsOfInterest')!.extents.size).toBe(2);
  });

  it('keeps the features in longitude/latitude, once per id over several reads', async () => {
    const { loader, changed } = setup((url) => (cql(url)!.includes('BBOX(geometry,5699') ? ok([pointAt('a', 570100, 6817100), pointAt('b', 570200, 6817100)]) : ok([pointAt('b', 570200, 6817100), pointAt('c', 571200, 6817100)])));
    const s = states({ pointsOfInterest: true });
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    loader.update(s, { projectId: 5, zoom: 16, extent: [571000, 6817000, 571400, 6817300] });
    await flush();
    const l = loader.layer('pointsOfInterest')!;
    expect(l.features.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(l.version).toBe(2);
    const [lng, lat] = l.features[0].geometry!.coordinates as number[];
    const back = fromLngLat([lng, lat]);
    expect(back[0]).toBeCloseTo(570100, 4);
    expect(back[1]).toBeCloseTo(6817100, 4);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('a failed read un-marks its extent, reports map-unavailable once with the layer name and hides the layer; showing it again retries', async () => {
    let fail = true;
    const { loader, calls, notify, log } = setup(() => (fail ? status(500) : ok([pointAt('a', 570100, 6817100)])));
    const s = states({ pointsOfInterest: true });
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(notify.mock.calls).toEqual([['map_unavailable', 'pointsOfInterest']]);
    expect(log).toHaveBeenCalledWith(`Failed to load features from ${calls[0].url}`, expect.objectContaining({ status: 500 }));
    expect(loader.failed.has('pointsOfInterest')).toBe(true);
    expect(loader.layer('pointsOfInterest')!.extents.size).toBe(0);
    // hidden: the next view change does not read it
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(calls).toHaveLength(1);
    // the user turns it off and on: the same extent is read again
    fail = false;
    loader.update(states({ pointsOfInterest: false }), { projectId: 5, zoom: 16, extent: VIEW });
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1].url).toBe(calls[0].url);
    expect(loader.layer('pointsOfInterest')!.features).toHaveLength(1);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('403 on project feature data reports Not authorized → map-unauthorized', async () => {
    const { loader, notify } = setup((url) => (url.includes("'project_demarcation'") ? status(403) : ok([])));
    loader.update(states({ projectDemarcation: true, pointsOfInterest: true }), { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(notify.mock.calls).toEqual([['map_unauthorized', 'projectDemarcation']]);
    expect([...loader.failed]).toEqual(['projectDemarcation']);
  });

  it('a broken answer is a failed read', async () => {
    const { loader, notify } = setup(() => ({ ok: true, status: 200, json: async () => ({ nope: 1 }) }));
    loader.update(states({ pointsOfInterest: true }), { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    expect(notify.mock.calls).toEqual([['map_unavailable', 'pointsOfInterest']]);
    expect(loader.layer('pointsOfInterest')!.extents.size).toBe(0);
  });

  it('another project starts over; a late answer of the old one is dropped', async () => {
    const release: ((r: FetchResponse) => void)[] = [];
    const { loader, calls } = setup();
    const slow = new FeatureLoader({ fetch: () => new Promise((r) => { release.push(r); }), token: () => null, notify: vi.fn(), changed: vi.fn(), log: vi.fn() });
    const s = states({ pointsOfInterest: true });
    slow.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    slow.update(s, { projectId: 6, zoom: 16, extent: [0, 0, 10, 10] });
    expect(release).toHaveLength(2);
    release[0](ok([pointAt('a', 1, 1)]));
    await flush();
    expect(slow.layer('pointsOfInterest')!.features).toHaveLength(0);
    release[1](ok([pointAt('b', 2, 2)]));
    await flush();
    expect(slow.layer('pointsOfInterest')!.features.map((f) => f.id)).toEqual(['b']);
    loader.update(s, { projectId: 5, zoom: 16, extent: VIEW });
    await flush();
    loader.update(s, { projectId: 6, zoom: 16, extent: VIEW });
    await flush();
    expect(calls.map((c) => c.url.split('/')[3])).toEqual(['5', '6']);
  });

  it('GeoJSON answers: multi-geometries reprojected, unsupported or broken geometries left out', () => {
    const got = toLayerFeatures({ features: [
      { id: 1, geometry: { type: 'MultiPolygon', coordinates: [[[[0, 0], [100, 0], [100, 100], [0, 0]]]] }, properties: null },
      { geometry: { type: 'GeometryCollection', geometries: [] }, properties: {} },
      { geometry: { type: 'Point', coordinates: ['x', 1] }, properties: {} },
      { geometry: null, properties: {} },
      { geometry: { type: 'Point', coordinates: [0, 0] }, properties: { uuid: 'u-1' } },
    ] });
    expect(got.map((g) => g.id)).toEqual(['1', 'u-1']);
    expect(got[0].feature.geometry!.type).toBe('MultiPolygon');
    expect(() => toLayerFeatures({ type: 'FeatureCollection' })).toThrow('features missing');
  });
});
