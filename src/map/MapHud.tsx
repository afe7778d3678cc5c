// What the map shows over the canvas from the controller's snapshot: the draw/measure tooltip (length and cost change,
// or an operation's disabled reason), the metric scale bar, the read-only, area-loading and loading hints.
import { useTranslation } from 'react-i18next';
import { Mode } from './modes';
import type { MapSnapshot } from './map-controller';
import type { AreaStatus } from './area-loader';

export interface MapHudProps {
  snap: MapSnapshot | null;
  editable: boolean;
  loadingNetwork: boolean;
  error: string | null;
  areaStatus: AreaStatus | null;
}

export function MapHud({ snap, editable, loadingNetwork, error, areaStatus }: MapHudProps) {
  const { t } = useTranslation();
  const tip = snap?.tooltip;
  return (
    <>
      {tip && (
        <div className={`map-tooltip map-tooltip-${tip.colour}`} data-testid={snap?.mode === Mode.Measure ? 'measure-result' : 'draw-tooltip'} style={{ left: tip.x + 12, top: tip.y - 12 }}>
          <span>{tip.text}</span>{tip.extra && <span className="map-tooltip-cost" data-testid="draw-cost">{tip.extra}</span>}
        </div>
      )}
      {snap?.scale && <div className="map-scale" data-testid="scale-bar" style={{ width: snap.scale.widthPx }}>{snap.scale.label}</div>}
      {!editable && snap?.hasSession && <div className="map-hint">{t('map.hint.read_only')}</div>}
      {areaStatus && (areaStatus.tooLarge || areaStatus.loading > 0) && (
        <div className="map-hint map-area-hint" data-testid="area-hint">
          {t(areaStatus.tooLarge ? 'map.hint.area_zoom_in' : 'map.hint.area_loading')}
        </div>
      )}
      {loadingNetwork && <div className="map-hint">{t('map.loading_network')}</div>}
      {error && <div className="map-hint map-error" role="alert">{t('map.load_failed')}</div>}
    </>
  );
}
