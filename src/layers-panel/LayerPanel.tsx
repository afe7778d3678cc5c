// Layer panel (spec 3 §2, spec 2 §4): the offered layers grouped by category with icons; per layer visibility,
// opacity, style and legend; a button restoring the view's defaults. Data comes only from props.
import { useTranslation } from 'react-i18next';
import { CATEGORIES, type LayerEntry, type ResolvedLayer } from 'layers';
import { CategoryIcon } from './CategoryIcon';
import { LayerRow } from './LayerRow';
import { UploadLauncher } from './UploadLauncher';
import { DeleteUnusedTrenches } from '../map/DeleteUnusedTrenches';

export interface LayerChange { layerName: string; visible: boolean; opacity: number; style: string | null }

export interface LayerPanelProps {
  /** Catalogue entries offered for the current project type and organisation (layers/offer.ts). */
  entries: readonly LayerEntry[];
  /** Resolved settings of the current view (layers/visibility.ts resolveView). */
  settings: readonly ResolvedLayer[];
  onChange: (change: LayerChange) => void;
  onRestoreDefaults: () => void;
  /** network.dp_minimum_usage of the project, for the DP legend. */
  dpMinimumUsage?: number;
}

export function LayerPanel({ entries, settings, onChange, onRestoreDefaults, dpMinimumUsage }: LayerPanelProps) {
  const { t } = useTranslation();
  const byName = new Map(settings.map((s) => [s.layerName, s]));
  const groups = CATEGORIES.map((c) => ({ category: c, entries: entries.filter((e) => e.category === c) })).filter((g) => g.entries.length);
  // The upload screen sits in the first upload category offered (Upload, else UploadKlic).
  const uploadCategory = groups.find((g) => g.category === 'Upload' || g.category === 'UploadKlic')?.category;
  const show = (layerName: string) => {
    const s = byName.get(layerName);
    const e = entries.find((x) => x.name === layerName);
    if (e) onChange({ layerName, visible: true, opacity: s?.opacity ?? 1, style: s?.style ?? e.styles[0] ?? null });
  };
  return (
    <section className="layer-panel" data-testid="layer-panel" aria-label={t('layers.panel.title')}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h2 style={{ fontSize: 16, margin: '4px 0' }}>{t('layers.panel.title')}</h2>
        <button type="button" data-testid="layer-restore-defaults" onClick={onRestoreDefaults}>{t('layers.panel.restoreDefaults')}</button>
      </header>
      {groups.length === 0 && <p>{t('layers.panel.empty')}</p>}
      {groups.map((g) => (
        <details key={g.category} open={g.category === 'Network' || g.category === 'Other'} data-testid={`layer-category-${g.category}`}>
          <summary style={{ display: 'flex', gap: 6, alignItems: 'center', cursor: 'pointer' }}>
            <CategoryIcon category={g.category} />
            <span>{t(`layers.categories.${g.category}`)}</span>
          </summary>
          {g.category === uploadCategory && <UploadLauncher show={show} />}
          {g.entries.some((e) => e.name === 'trenches') && <DeleteUnusedTrenches />}
          <ul style={{ margin: 0, padding: 0 }}>
            {g.entries.map((e) => (
              <LayerRow key={e.name} entry={e} dpMinimumUsage={dpMinimumUsage} onChange={onChange}
                setting={byName.get(e.name) ?? { layerName: e.name, visible: false, opacity: 1, style: e.styles[0], from: 'fallback' }} />
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
