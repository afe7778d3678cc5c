// One attribute editor by type (spec 3 §3): List (allowed values, filtered), Boolean, Integer, Float, String, Text;
// required marked, disabled read-only. Read-only mode (viewers) shows the value as text with no controls.
import type { AttributeType } from 'engine/types';
import { useTranslation } from 'react-i18next';

export interface AttributeEditorProps {
  type: AttributeType;
  value: string | null;
  allowed?: string[];
  readOnly: boolean;
  onChange(value: string | null): void;
}

export function AttributeEditor({ type, value, allowed, readOnly, onChange }: AttributeEditorProps) {
  const { t } = useTranslation();
  const label = type.alias || type.name;
  const id = `attr-${type.name}`;
  const disabled = !!type.disabled;
  if (readOnly) {
    const shown = value === null || value === '' ? t('map.info.empty') : type.type === 'Boolean' ? (value === 'true' ? t('map.info.yes') : t('map.info.no')) : value;
    return <div className="attr-row" data-attr={type.name}><span className="attr-label">{label}</span> <span className="attr-value">{shown}</span></div>;
  }
  const set = (v: string) => onChange(v === '' ? null : v);
  let control;
  switch (type.type) {
    case 'List':
      control = (
        <select id={id} value={value ?? ''} disabled={disabled} required={type.required} onChange={(e) => set(e.target.value)}>
          <option value="">{t('map.info.empty')}</option>
          {(allowed ?? type.allowedValues ?? []).map((v) => <option key={v} value={v}>{v}</option>)}
        </select>
      );
      break;
    case 'Boolean':
      control = <input id={id} type="checkbox" checked={value === 'true'} disabled={disabled} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} />;
      break;
    case 'Integer':
      control = <input id={id} type="number" step={1} defaultValue={value ?? ''} disabled={disabled} required={type.required} onBlur={(e) => set(e.target.value)} />;
      break;
    case 'Float':
      control = <input id={id} type="number" step="any" defaultValue={value ?? ''} disabled={disabled} required={type.required} onBlur={(e) => set(e.target.value)} />;
      break;
    case 'Text':
      control = <textarea id={id} defaultValue={value ?? ''} disabled={disabled} required={type.required} onBlur={(e) => set(e.target.value)} />;
      break;
    default:
      control = <input id={id} type="text" defaultValue={value ?? ''} disabled={disabled} required={type.required} onBlur={(e) => set(e.target.value)} />;
  }
  return (
    <div className="attr-row" data-attr={type.name} title={type.hint ?? type.description}>
      <label htmlFor={id}>{label}{type.required ? ' *' : ''}</label> {control}
    </div>
  );
}
