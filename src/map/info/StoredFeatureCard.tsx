// Info card of a selected stored feature (issue 12): titled by the feature's name or its layer's name, the editor of
// its layer (stored-feature-fields.ts: note, area, phase, shaping, measurement, dimensioning line, or generic
// key/value), 'Apply' = one WFS-T Update, 'Delete' = one WFS-T Delete, 'Undo last feature edit' = the inverse
// transaction of the last one. Viewers and read-only mode see the values only, with no edit controls. Features of
// the fttx_feature table also get their fttx feature-service reads and actions (FttxFeatureActions.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredSelection } from '../features/stored-selection';
import type { StoredFeature } from '../features/stored-feature';
import { FttxFeatureActions } from './FttxFeatureActions';
import { applyForm, editorOf, fieldsOf, formValues, lengthOf, lengthText, type FieldDef } from './stored-feature-fields';

export interface StoredFeatureCardProps {
  selection: StoredSelection;
  readOnly: boolean;
  busy: boolean;
  canUndo: boolean;
  onApply(after: StoredFeature): void;
  onDelete(): void;
  onUndo(): void;
  onClose(): void;
}

export function StoredFeatureCard({ selection, readOnly, busy, canUndo, onApply, onDelete, onUndo, onClose }: StoredFeatureCardProps) {
  const { t } = useTranslation();
  const { layer, feature } = selection;
  const kind = editorOf(layer, feature);
  const fields = fieldsOf(kind, feature);
  const initial = formValues(fields, feature);
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const layerName = t(`layers.names.${layer.name}`, { defaultValue: layer.name });
  const length = kind === 'measurement' || kind === 'dimensioning' ? lengthOf(feature) : null;
  const changed = fields.some((d) => values[d.key] !== initial[d.key]);
  const label = (d: FieldDef) => t(`map.features.field.${d.key}`, { defaultValue: d.key });
  const option = (v: string) => t(`map.features.option.${v}`, { defaultValue: v });

  const apply = () => {
    try { setError(null); onApply(applyForm(kind, fields, feature, values)); } catch (e) { setError((e as Error).message); }
  };
  const control = (d: FieldDef) => {
    const id = `stored-${d.key}`;
    const set = (v: string) => setValues((s) => ({ ...s, [d.key]: v }));
    const common = { id, 'data-field': d.key, value: values[d.key] ?? '', disabled: busy };
    switch (d.kind) {
      case 'select':
        return (
          <select {...common} onChange={(e) => set(e.target.value)}>
            {!d.default && <option value="">{t('map.info.empty')}</option>}
            {d.options!.map((o) => <option key={o} value={o}>{option(o)}</option>)}
          </select>
        );
      case 'textarea': return <textarea {...common} onChange={(e) => set(e.target.value)} />;
      case 'number': return <input {...common} type="number" step={d.step ?? 'any'} min={d.min} max={d.max} onChange={(e) => set(e.target.value)} />;
      case 'color': return <input {...common} type="color" onChange={(e) => set(e.target.value)} />;
      default: return <input {...common} type="text" onChange={(e) => set(e.target.value)} />;
    }
  };

  return (
    <aside className="feature-info stored-feature-card" data-testid="stored-feature-card" data-editor={kind} data-uuid={feature.uuid} aria-label={t('map.info.title')}>
      <header>
        <h2><span className="feature-info-title" data-testid="stored-feature-title">{feature.name || layerName}</span></h2>
        <button type="button" onClick={onClose} aria-label={t('map.info.close')}>×</button>
      </header>
      <p className="stored-feature-layer">{layerName}</p>
      <div className="feature-info-form">
        {length !== null && (
          <div className="attr-row" data-attr="length"><span className="attr-label">{t('map.features.field.length')}</span> <span className="attr-value" data-testid="stored-feature-length">{lengthText(length)}</span></div>
        )}
        {fields.map((d) => readOnly ? (
          <div key={d.key} className="attr-row" data-attr={d.key}><span className="attr-label">{label(d)}</span> <span className="attr-value">{values[d.key] === '' ? t('map.info.empty') : d.kind === 'select' ? option(values[d.key]) : values[d.key]}</span></div>
        ) : (
          <div key={d.key} className="attr-row" data-attr={d.key}><label htmlFor={`stored-${d.key}`}>{label(d)}</label> {control(d)}</div>
        ))}
      </div>
      {feature.table === 'fttx_feature' && <FttxFeatureActions feature={feature} readOnly={readOnly} onDeleted={onClose} />}
      {error && <p className="stored-feature-error" role="alert">{error}</p>}
      {!readOnly && (
        <div className="stored-feature-actions">
          <button type="button" data-testid="stored-feature-apply" disabled={busy || !changed} onClick={apply}>{t('map.features.apply')}</button>
          <button type="button" data-testid="stored-feature-delete" disabled={busy} onClick={onDelete}>{t('map.features.delete')}</button>
          <button type="button" data-testid="stored-feature-undo" disabled={busy || !canUndo} onClick={onUndo}>{t('map.features.undo')}</button>
        </div>
      )}
    </aside>
  );
}
