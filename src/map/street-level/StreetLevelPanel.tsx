// The street-level imagery panel (spec 3 §2, §8, §9): an embedded frame loaded from the configured viewer address
// (GET /api/config/streetsmart: url, api key) initialised with the user's street-level credentials (user settings
// 'cyclomedia'); opened at the map's centre, reopened at the next map click after an open failure; the view
// direction and field of view drawn on the map; the visible network features sent to the viewer. The protocol and
// its rules (origin + source check, debounces, notifications) live in street-level-controller.ts.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapMouseEvent } from 'maplibre-gl';
import { toLngLat } from 'engine/mercator';
import { createLayerErrorStream, reportStreetLevelStatus } from 'layers/errors';
import { settingsApi } from '../../api/endpoints/settings';
import { userApi } from '../../api/endpoints/user';
import { notify } from '../../shell/notification-store';
import type { MapController } from '../map-controller';
import { StreetLevelController, type Orientation, type StreetLevelState } from './street-level-controller';
import { directionIndicatorLayers } from './direction-indicator';
import { visibleFeatures } from './visible-features';
import { STREET_LEVEL_LAYER } from './street-level-constants';
import './street-level.css';

const LAYER_KEY = 'street-level';

/** The viewer's origin, or null when the address is not a usable http(s) URL. */
export function viewerOrigin(url: string | undefined, base: string): string | null {
  if (!url) return null;
  try { const u = new URL(url, base); return /^https?:$/.test(u.protocol) ? u.origin : null; } catch { return null; }
}

export function StreetLevelPanel({ ctl, onClose }: { ctl: MapController | null; onClose(): void }) {
  const { t } = useTranslation();
  const config = settingsApi.useStreetsmartConfigQuery();
  const creds = userApi.useCyclomediaSettingsQuery();
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<StreetLevelState>('idle');
  const [orientation, setOrientation] = useState<Orientation | null>(null);
  const [ignored, setIgnored] = useState(0);
  const url = typeof config.data?.url === 'string' ? config.data.url : '';
  const apiKey = typeof config.data?.apiKey === 'string' ? config.data.apiKey : '';
  const origin = viewerOrigin(url, window.location.href);
  const username = typeof creds.data?.username === 'string' ? creds.data.username : '';
  const password = typeof creds.data?.password === 'string' ? creds.data.password : '';

  const sl = useMemo(() => {
    if (!origin) return null;
    const errors = createLayerErrorStream({
      notify: (n) => notify(`map.notification.${n.key === 'map-unauthorized' ? 'map_unauthorized' : 'map_unavailable'}`, 'Error', { translationParams: { layer: n.layerName } }),
      hideLayer: () => undefined,
    });
    return new StreetLevelController(origin, () => frame.current?.contentWindow ?? null, {
      post: (m) => frame.current?.contentWindow?.postMessage(m, origin),
      notify: (key) => notify(key, 'Error'),
      reportStatus: (status) => { reportStreetLevelStatus(errors, STREET_LEVEL_LAYER, status); },
      orientation: setOrientation,
      changed: (s) => setState(s),
    });
  }, [origin]);

  // frame messages: the controller checks origin and source
  useEffect(() => {
    if (!sl) return;
    const onMessage = (e: MessageEvent) => { if (!sl.receive(e)) setIgnored(sl.ignored); };
    window.addEventListener('message', onMessage);
    return () => { window.removeEventListener('message', onMessage); sl.dispose(); };
  }, [sl]);

  // open at the map's centre once; a map click reopens after an open failure
  useEffect(() => {
    if (!sl || !ctl) return;
    const [x0, y0, x1, y1] = ctl.viewExtent();
    const [lng, lat] = toLngLat([(x0 + x1) / 2, (y0 + y1) / 2]);
    sl.open(lng, lat);
    const onClick = (e: MapMouseEvent) => { sl.mapClick(e.lngLat.lng, e.lngLat.lat); };
    ctl.map.on('click', onClick);
    return () => { ctl.map.off('click', onClick); };
  }, [sl, ctl]);

  // the visible network features, on every view change and edit (the controller debounces 100 ms)
  useEffect(() => {
    if (!sl || !ctl) return;
    const send = () => { const s = ctl.session; if (s) sl.setFeatures(visibleFeatures(s.model, s.index, ctl.viewExtent())); };
    send();
    ctl.map.on('moveend', send);
    const off = ctl.binding.subscribe(send);
    return () => { ctl.map.off('moveend', send); off(); };
  }, [sl, ctl]);

  // the view direction and field of view
  useEffect(() => { ctl?.setExtraLayers(LAYER_KEY, directionIndicatorLayers(orientation)); }, [ctl, orientation]);
  useEffect(() => () => ctl?.setExtraLayers(LAYER_KEY, []), [ctl]);

  const waiting = config.isLoading || creds.isLoading;
  const problem = waiting ? null : !origin ? 'not_configured' : !username ? 'no_credentials' : null;
  return (
    <section className="street-level-panel" data-testid="street-level-panel" data-state={state} data-ignored={ignored}
      data-yaw={orientation?.yaw} data-hfov={orientation?.hFov} aria-label={t('streetlevel.title')}>
      <header>
        <h2>{t('streetlevel.title')}</h2>
        <button type="button" data-testid="street-level-close" onClick={onClose}>{t('streetlevel.close')}</button>
      </header>
      {waiting && <p>{t('streetlevel.loading')}</p>}
      {problem && <p role="alert" data-testid="street-level-problem">{t(`streetlevel.${problem}`)}</p>}
      {state === 'waiting_click' && <p data-testid="street-level-click-hint">{t('streetlevel.click_to_open')}</p>}
      {state === 'failed' && <p role="alert">{t('streetlevel.init_failed')}</p>}
      {sl && !problem && !waiting && (
        <iframe ref={frame} className="street-level-frame" data-testid="street-level-frame" title={t('streetlevel.title')} src={url}
          onLoad={() => sl.frameLoaded({ apiKey, username, password })} />
      )}
    </section>
  );
}
