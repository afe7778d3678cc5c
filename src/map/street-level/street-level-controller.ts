// The street-level viewer's controller (spec 3 §2, §8, §9), no React: the map's side of the postMessage protocol
// (protocol.ts). It accepts a message only when its origin is the configured viewer origin AND its source is the
// viewer frame's window; sends init with the credentials and api key on the frame's load, then open (queued until
// the frame says ready); visible features debounced 100 ms; orientation debounced 50 ms before it is drawn; an open
// failure waits for the next map click and reopens there; an init failure notifies
// 'workflow.notification.cyclomedia_failed_init'; 401/403 go to the layer error observer as 'Not authorized'.
import { readFrameMessage, VIEWER_SRS, type GeoJsonFeatureCollection, type ParentMessage } from './protocol';
import { FEATURES_DEBOUNCE_MS, INIT_FAILED_KEY, ORIENTATION_DEBOUNCE_MS } from './street-level-constants';

export interface Orientation { yaw: number; hFov: number; lng: number; lat: number }
export interface StreetLevelCredentials { apiKey: string; username: string; password: string }

/** idle → initializing → ready ⇄ opening → open; an open failure → waiting_click; an init failure → failed. */
export type StreetLevelState = 'idle' | 'initializing' | 'ready' | 'opening' | 'open' | 'waiting_click' | 'failed';

export interface StreetLevelHost {
  /** Posts to the frame's window with the viewer origin as targetOrigin. */
  post(message: ParentMessage): void;
  notify(key: string): void;
  /** HTTP status of a failed viewer call → the layer error observer (401/403: 'Not authorized'). */
  reportStatus(status: number): void;
  /** The orientation to draw (already debounced). */
  orientation(o: Orientation): void;
  changed?(state: StreetLevelState, at: { lng: number; lat: number } | null): void;
}

export interface IncomingMessage { origin: string; source: unknown; data: unknown }

type Timer = ReturnType<typeof setTimeout>;

export class StreetLevelController {
  state: StreetLevelState = 'idle';
  /** The point last opened (or being opened). */
  at: { lng: number; lat: number } | null = null;
  /** Messages dropped for a wrong origin or source (tests and the panel's data attribute read it). */
  ignored = 0;
  private pendingOpen: { lng: number; lat: number } | null = null;
  private features: GeoJsonFeatureCollection | null = null;
  private featuresTimer: Timer | null = null;
  private orientationTimer: Timer | null = null;
  private lastOrientation: Orientation | null = null;

  /**
   * @param origin the configured viewer origin (of STREETSMART_URL)
   * @param frameWindow the viewer frame's window (event.source must be it)
   */
  constructor(readonly origin: string, private frameWindow: () => unknown, private host: StreetLevelHost) {}

  /** The frame loaded: send init (credentials and api key from the application data). */
  frameLoaded(c: StreetLevelCredentials): void {
    this.set('initializing');
    this.host.post({ type: 'init', apiKey: c.apiKey, username: c.username, password: c.password, srs: VIEWER_SRS });
  }

  /** Opens the viewer at a point; before the frame is ready the point is kept and opened on ready. */
  open(lng: number, lat: number): void {
    if (this.state === 'failed') return;
    if (this.state === 'idle' || this.state === 'initializing') { this.pendingOpen = { lng, lat }; return; }
    this.at = { lng, lat };
    this.set('opening');
    this.host.post({ type: 'open', lng, lat });
  }

  /** A click on the map: after an open failure it reopens at the clicked point. True when it was used. */
  mapClick(lng: number, lat: number): boolean {
    if (this.state !== 'waiting_click') return false;
    this.open(lng, lat);
    return true;
  }

  /** The visible network features; sent to the viewer debounced (100 ms), only the latest. */
  setFeatures(fc: GeoJsonFeatureCollection): void {
    this.features = fc;
    if (this.featuresTimer !== null) clearTimeout(this.featuresTimer);
    this.featuresTimer = setTimeout(() => { this.featuresTimer = null; this.flushFeatures(); }, FEATURES_DEBOUNCE_MS);
  }

  /** One window 'message' event. Returns whether it was accepted. */
  receive(e: IncomingMessage): boolean {
    if (e.origin !== this.origin || !e.source || e.source !== this.frameWindow()) { this.ignored++; return false; }
    const m = readFrameMessage(e.data);
    if (!m) return false;
    switch (m.type) {
      case 'ready': {
        if (this.state !== 'initializing') return true;
        this.set('ready');
        this.flushFeatures();
        const p = this.pendingOpen;
        this.pendingOpen = null;
        if (p) this.open(p.lng, p.lat);
        return true;
      }
      case 'opened': this.at = { lng: m.lng, lat: m.lat }; this.set('open'); return true;
      case 'open_failed':
        if (m.status !== undefined) this.host.reportStatus(m.status);
        this.set('waiting_click');
        return true;
      case 'init_failed':
        this.pendingOpen = null;
        this.set('failed');
        this.host.notify(INIT_FAILED_KEY);
        if (m.status !== undefined) this.host.reportStatus(m.status);
        return true;
      case 'orientation': {
        this.lastOrientation = { yaw: m.yaw, hFov: m.hFov, lng: m.lng, lat: m.lat };
        if (this.orientationTimer !== null) clearTimeout(this.orientationTimer);
        this.orientationTimer = setTimeout(() => {
          this.orientationTimer = null;
          if (this.lastOrientation) this.host.orientation(this.lastOrientation);
        }, ORIENTATION_DEBOUNCE_MS);
        return true;
      }
    }
  }

  dispose(): void {
    if (this.featuresTimer !== null) clearTimeout(this.featuresTimer);
    if (this.orientationTimer !== null) clearTimeout(this.orientationTimer);
    this.featuresTimer = this.orientationTimer = null;
  }

  private flushFeatures(): void {
    const ready = this.state !== 'idle' && this.state !== 'initializing' && this.state !== 'failed';
    if (!ready || !this.features || this.featuresTimer !== null) return;
    this.host.post({ type: 'features', features: this.features });
    this.features = null;
  }

  private set(s: StreetLevelState): void {
    this.state = s;
    this.host.changed?.(s, this.at);
  }
}
