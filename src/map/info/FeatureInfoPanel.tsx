// Feature-info side card (spec 2 §2): titled by the selected feature's display name (spec 1 §3; 'objects at this
// location' when several are selected or none has a name) with a count, one collapsible panel per object titled by
// its translated layer name, a detail form of attribute editors; edits go through the engine (code 11 via the
// 'editAttributes' gesture). No edit controls for viewers or in read-only mode.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Model } from 'engine/model';
import type { AllowedValuesFilter } from 'engine/attributes';
import type { Id } from 'engine/types';
import { AttributeEditor } from './AttributeEditor';
import { infoEntries, visibleAttributes } from './feature-info';
import { featureProperties } from 'engine/feature-properties';

export interface FeatureInfoPanelProps {
  model: Model;
  ids: readonly Id[];
  readOnly: boolean;
  allowedValuesFilter?: AllowedValuesFilter;
  onEdit(instanceId: Id, name: string, value: string | null): void;
  onClose(): void;
}

export function FeatureInfoPanel({ model, ids, readOnly, allowedValuesFilter, onEdit, onClose }: FeatureInfoPanelProps) {
  const { t } = useTranslation();
  const entries = infoEntries(model, ids);
  const [open, setOpen] = useState<string | null>(entries.length === 1 ? entries[0].key : null);
  if (!entries.length) return null;
  // one feature selected: its display name (spec 1 §3: names of its objects by type, with the cables over an edge)
  const name = ids.length === 1 ? featureProperties(model, ids[0])?.name : '';
  return (
    <aside className="feature-info" data-testid="feature-info" aria-label={t('map.info.title')}>
      <header>
        <h2><span className="feature-info-title" data-testid="feature-info-title">{name || t('map.info.title')}</span> <span className="feature-info-count" data-testid="feature-info-count">({entries.length})</span></h2>
        <button type="button" onClick={onClose} aria-label={t('map.info.close')}>×</button>
      </header>
      {entries.map((e) => {
        const title = e.layerName ? t(`layers.names.${e.layerName}`, { defaultValue: e.layerName }) : e.objectType?.name ?? t(`map.info.${e.kind}`);
        const expanded = open === e.key;
        return (
          <section key={e.key} className="feature-info-object">
            <button type="button" className="feature-info-toggle" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : e.key)}>
              {title} — {e.displayName}
            </button>
            {expanded && (
              <div className="feature-info-form">
                {visibleAttributes(e.objectType).length === 0 && <p>{t('map.info.no_attributes')}</p>}
                {visibleAttributes(e.objectType).map((at) => (
                  <AttributeEditor
                    key={at.name} type={at} value={e.values[at.name] ?? null} readOnly={readOnly || !e.instanceId}
                    allowed={at.type === 'List' && at.allowedValues && allowedValuesFilter && e.objectType ? allowedValuesFilter(at, at.allowedValues, { objectTypeId: e.objectType.id, values: e.values }) : undefined}
                    onChange={(v) => { if (e.instanceId && v !== (e.values[at.name] ?? null)) onEdit(e.instanceId, at.name, v); }}
                  />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </aside>
  );
}
