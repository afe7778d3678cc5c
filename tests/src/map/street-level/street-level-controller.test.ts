// The street-level viewer controller (spec 3 §2, §8, §9): messages accepted only from the configured origin and the
// viewer frame; init with credentials and api key; open queued until ready; open failure waits for the next map
// click and reopens there; init failure notifies 'workflow.notification.cyclomedia_failed_init'; 401/403 reported;
// orientation debounced 50 ms; visible features debounced 100 ms.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreetLevelController, type Orientation, type StreetLevelHost } from '../../../../src/map/street-level/street-level-controller';
import type { GeoJsonFeatureCollection, ParentMessage } from '../../../../src/map/street-level/protocol';
import { FEATURES_DEBOUNCE_MS, ORIENTATION_DEBOUNCE_MS, DIRECTION_INDICATOR_LENGTH } from '../../../../src/map/street-level/street-level-constants';

const ORIGIN = 'http://127.0.0.1:4100';
const CREDS = { apiKey: 'key-1', username: 'anna', password: 'secret' };

function setup() {
  const frame = { name: 'viewer-frame' };
  const posted: ParentMessage[] = [];
  const notified: string[] = [];
  const statuses: number[] = [];
  const drawn: Orientation[] = [];
  const host: StreetLevelHost = {
    post: (m) => posted.push(m), notify: (k) => notified.push(k), reportStatus: (s) => statuses.push(s), orientation: (o) => drawn.push(o),
  };
  const c = new StreetLevelController(ORIGIN, () => frame, host);
  const from = (data: unknown, origin = ORIGIN, source: unknown = frame) => c.receive({ origin, source, data });
  return { c, frame, posted, notified, statuses, drawn, from };
}

function ready(s: ReturnType<typeof setup>) {
  s.c.frameLoaded(CREDS);
  s.from({ type: 'ready' });
}

const fc = (n: number): GeoJsonFeatureCollection => ({
  type: 'FeatureCollection', features: [{ type: 'Feature', id: n, geometry: { type: 'Point', coordinates: [5, 52] }, properties: { id: n, kind: 'node' } }],
});

describe('street-level viewer controller', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('sends init with the api key and credentials from the application data when the frame loads, then the queued open on ready', () => {
    const s = setup();
    s.c.open(5.1, 52.1);
    expect(s.posted).toEqual([]);
    s.c.frameLoaded(CREDS);
    expect(s.posted).toEqual([{ type: 'init', apiKey: 'key-1', username: 'anna', password: 'secret', srs: 'EPSG:4326' }]);
    expect(s.c.state).toBe('initializing');
    expect(s.from({ type: 'ready' })).toBe(true);
    expect(s.posted[1]).toEqual({ type: 'open', lng: 5.1, lat: 52.1 });
    expect(s.c.state).toBe('opening');
    s.from({ type: 'opened', lng: 5.1, lat: 52.1 });
    expect(s.c.state).toBe('open');
  });

  it('ignores messages from another origin or from another window than the viewer frame', () => {
    const s = setup();
    s.c.frameLoaded(CREDS);
    expect(s.from({ type: 'ready' }, 'http://127.0.0.1:4200')).toBe(false);
    expect(s.from({ type: 'ready' }, ORIGIN, { name: 'other window' })).toBe(false);
    expect(s.from({ type: 'ready' }, ORIGIN, null)).toBe(false);
    expect(s.c.state).toBe('initializing');
    expect(s.c.ignored).toBe(3);
    // a wrong-origin orientation is never drawn, a wrong-origin init failure never notifies
    s.from({ type: 'orientation', yaw: 10, hFov: 60, lng: 5, lat: 52 }, 'http://evil.example');
    s.from({ type: 'init_failed', status: 403 }, 'http://evil.example');
    vi.advanceTimersByTime(1000);
    expect(s.drawn).toEqual([]);
    expect(s.notified).toEqual([]);
    expect(s.statuses).toEqual([]);
    // malformed messages from the frame are dropped too
    expect(s.from({ type: 'orientation', yaw: 'x' })).toBe(false);
    expect(s.from('ready')).toBe(false);
  });

  it('after an open failure waits for the next map click and reopens at the clicked point', () => {
    const s = setup();
    ready(s);
    expect(s.c.mapClick(4, 51)).toBe(false); // not waiting: a click does nothing
    s.c.open(5.1, 52.1);
    s.from({ type: 'open_failed', message: 'no imagery here' });
    expect(s.c.state).toBe('waiting_click');
    const before = s.posted.length;
    expect(s.c.mapClick(5.2, 52.2)).toBe(true);
    expect(s.posted.slice(before)).toEqual([{ type: 'open', lng: 5.2, lat: 52.2 }]);
    expect(s.c.state).toBe('opening');
    expect(s.c.at).toEqual({ lng: 5.2, lat: 52.2 });
    expect(s.c.mapClick(5.3, 52.3)).toBe(false); // only the next click
    expect(s.statuses).toEqual([]);
  });

  it('an open failure with 401/403 is reported to the layer error observer', () => {
    const s = setup();
    ready(s);
    s.c.open(5, 52);
    s.from({ type: 'open_failed', status: 401 });
    expect(s.statuses).toEqual([401]);
    expect(s.c.state).toBe('waiting_click');
  });

  it('init failure notifies workflow.notification.cyclomedia_failed_init, reports 403 and stops opening', () => {
    const s = setup();
    s.c.open(5, 52);
    s.c.frameLoaded(CREDS);
    s.from({ type: 'init_failed', status: 403 });
    expect(s.notified).toEqual(['workflow.notification.cyclomedia_failed_init']);
    expect(s.statuses).toEqual([403]);
    expect(s.c.state).toBe('failed');
    expect(s.posted.map((m) => m.type)).toEqual(['init']);
    s.c.open(6, 53);
    expect(s.c.mapClick(6, 53)).toBe(false);
    expect(s.posted.map((m) => m.type)).toEqual(['init']);
  });

  it('debounces the orientation 50 ms and draws only the latest', () => {
    const s = setup();
    ready(s);
    s.from({ type: 'orientation', yaw: 10, hFov: 60, lng: 5, lat: 52 });
    vi.advanceTimersByTime(ORIENTATION_DEBOUNCE_MS - 10);
    s.from({ type: 'orientation', yaw: 20, hFov: 60, lng: 5, lat: 52 });
    vi.advanceTimersByTime(ORIENTATION_DEBOUNCE_MS - 1);
    expect(s.drawn).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(s.drawn).toEqual([{ yaw: 20, hFov: 60, lng: 5, lat: 52 }]);
    expect(ORIENTATION_DEBOUNCE_MS).toBe(50);
  });

  it('debounces the visible features 100 ms, sends only the latest, and holds them until the frame is ready', () => {
    const s = setup();
    s.c.setFeatures(fc(1));
    vi.advanceTimersByTime(FEATURES_DEBOUNCE_MS);
    expect(s.posted).toEqual([]); // not ready yet
    ready(s);
    expect(s.posted.at(-1)).toEqual({ type: 'features', features: fc(1) });
    const n = s.posted.length;
    s.c.setFeatures(fc(2));
    vi.advanceTimersByTime(60);
    s.c.setFeatures(fc(3));
    vi.advanceTimersByTime(FEATURES_DEBOUNCE_MS - 1);
    expect(s.posted.length).toBe(n);
    vi.advanceTimersByTime(1);
    expect(s.posted.slice(n)).toEqual([{ type: 'features', features: fc(3) }]);
    expect(FEATURES_DEBOUNCE_MS).toBe(100);
    expect(DIRECTION_INDICATOR_LENGTH).toBe(40);
  });
});
