// One layer in the panel: visibility toggle, opacity slider, style selector (when the layer has several styles) and,
// while visible, its legend drawn from the style functions.
import { useTranslation } from 'react-i18next';
import { legendFor, type LayerEntry, type ResolvedLayer } from 'layers';
import { LegendSwatch } from './LegendSwatch';
import type { LayerChange } from './LayerPanel';

export interface LayerRowProps {
  entry: LayerEntry;
  setting: ResolvedLayer;
  dpMinimumUsage?: number;
  onChange: (c: LayerChange) => void;
}

export function LayerRow({ entry, setting, dpMinimumUsage, onChange }: LayerRowProps) {
  const { t } = useTranslation();
  const name = t(`layers.names.${entry.name}`);
  const style = setting.style && entry.styles.includes(setting.style) ? setting.style : entry.styles[0];
  const legend = setting.visible ? legendFor(entry, style, dpMinimumUsage) : [];
  const change = (patch: Partial<Omit<LayerChange, 'layerName'>>) =>
    onChange({ layerName: entry.name, visible: setting.visible, opacity: setting.opacity, style, ...patch });
  return (
    <li data-testid={`layer-row-${entry.name}`} className="layer-row" style={{ listStyle: 'none', padding: '4px 0', borderBottom: '1px solid #eee' }}>
      <label style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <input type="checkbox" checked={setting.visible} aria-label={name} data-testid={`layer-toggle-${entry.name}`}
          onChange={(e) => change({ visible: e.target.checked })} />
        <span>{name}</span>
      </label>
      <div style={{ display: 'flex', gap: 6, alignItems: 'center', paddingLeft: 22 }}>
        <label style={{ display: 'flex', gap: 4, alignItems: 'center', fontSize: 12 }}>
          {t('layers.panel.opacity')}
          <input type="range" min={0} max={1} step={0.05} value={setting.opacity} aria-label={`${t('layers.panel.opacity')} ${name}`}
            data-testid={`layer-opacity-${entry.name}`} onChange={(e) => change({ opacity: Number(e.target.value) })} />
          <output>{Math.round(setting.opacity * 100)}%</output>
        </label>
        {entry.styles.length > 1 && (
          <label style={{ fontSize: 12 }}>
            {t('layers.panel.style')}{' '}
            <select value={style} aria-label={`${t('layers.panel.style')} ${name}`} data-testid={`layer-style-${entry.name}`}
              onChange={(e) => change({ style: e.target.value })}>
              {entry.styles.map((s) => <option key={s} value={s}>{t(`layers.styles.${s}`)}</option>)}
            </select>
          </label>
        )}
      </div>
      {legend.length > 0 && (
        <ul data-testid={`legend-${entry.name}`} aria-label={`${t('layers.panel.legend')} ${name}`} style={{ margin: 0, paddingLeft: 22 }}>
          {legend.map((s, i) => (
            <li key={i} style={{ listStyle: 'none', display: 'flex', gap: 6, alignItems: 'center', fontSize: 12 }}>
              <LegendSwatch swatch={s} opacity={setting.opacity} />
              <span>{t(`layers.${s.label}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
