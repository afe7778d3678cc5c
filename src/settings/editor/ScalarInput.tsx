// One scalar setting (spec 2 §3 field metadata): a number input with its unit and min/max (a select when the field
// lists its only values, e.g. fibre counts), a toggle for a boolean, a select for an enum, a text input. Read-only
// (viewers) shows the value as text. A value the input cannot hold as its type (an empty or half-typed number) is
// kept as typed, so the validator reports it and Save stays blocked.
import { useTranslation } from 'react-i18next';
import type { BooleanField, EnumField, NumberField, TextField } from 'common/settings/index';
import { formatNumber } from '../../i18n/format';
import { useEditor } from './editor-context';

export type ScalarField = NumberField | BooleanField | TextField | EnumField;

interface Props { path: string; field: ScalarField; value: unknown; label: string }

const NONE = '';

/** '0 – 100', '≥ 1', '≤ 7' (symbols only: the range a number must lie in). */
export function rangeText(f: NumberField): string {
  if (f.options) return '';
  if (f.min !== undefined && f.max !== undefined) return `${formatNumber(f.min)} – ${formatNumber(f.max)}`;
  if (f.min !== undefined) return `≥ ${formatNumber(f.min)}`;
  return f.max !== undefined ? `≤ ${formatNumber(f.max)}` : '';
}

/** A unit as shown: symbols as they are, the word units ('floors', 'items') translated. */
export function useUnitText(): (unit: string | undefined) => string {
  const { t } = useTranslation();
  return (unit) => (!unit ? '' : /\p{L}{2,}/u.test(unit) && !unit.includes('/') ? t(`settings.unit.${unit}`, { defaultValue: unit }) : unit);
}

function ReadOnlyValue({ path, field, value }: Omit<Props, 'label'>) {
  const { t } = useTranslation();
  const unit = useUnitText()(field.type === 'number' ? field.unit : undefined);
  const text = value === null || value === undefined || value === '' ? '–'
    : field.type === 'boolean' ? t(value ? 'settings.yes' : 'settings.no')
      : typeof value === 'number' ? `${formatNumber(value)}${unit ? ` ${unit}` : ''}` : String(value);
  return <span className="setting-value" data-testid={`setting-${path}`}>{text}</span>;
}

export function ScalarInput({ path, field, value, label }: Props) {
  const { readOnly, problems, set } = useEditor();
  const unitText = useUnitText();
  if (readOnly) return <ReadOnlyValue path={path} field={field} value={value} />;
  const common = { 'data-testid': `setting-${path}`, 'aria-label': label, 'aria-invalid': problems.has(path) || undefined };
  switch (field.type) {
    case 'boolean':
      return <input type="checkbox" {...common} checked={value === true} onChange={(e) => set(path, e.target.checked)} />;
    case 'enum':
      return (
        <select {...common} value={typeof value === 'string' ? value : NONE} onChange={(e) => set(path, e.target.value === NONE && field.nullable ? null : e.target.value)}>
          {(field.nullable || !field.options.includes(value as string)) && <option value={NONE}>–</option>}
          {field.options.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      );
    case 'text':
      return (
        <input type="text" {...common} value={typeof value === 'string' ? value : ''} maxLength={field.maxLength}
          onChange={(e) => set(path, e.target.value === '' && field.nullable ? null : e.target.value)} />
      );
    case 'number': {
      if (field.options) {
        return (
          <select {...common} value={typeof value === 'number' ? String(value) : NONE} onChange={(e) => set(path, e.target.value === NONE ? null : Number(e.target.value))}>
            {(field.nullable || !field.options.includes(value as number)) && <option value={NONE}>–</option>}
            {field.options.map((o) => <option key={o} value={String(o)}>{o}</option>)}
          </select>
        );
      }
      const parse = (s: string): unknown => {
        if (s.trim() === '') return field.nullable ? null : s;
        const n = Number(s);
        return Number.isFinite(n) ? n : s;
      };
      return (
        <span className="setting-number">
          <input type="number" {...common} value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
            min={field.min} max={field.max} step={field.integer ? 1 : 'any'} onChange={(e) => set(path, parse(e.target.value))} />
          {field.unit && <span className="setting-unit">{unitText(field.unit)}</span>}
        </span>
      );
    }
  }
}
