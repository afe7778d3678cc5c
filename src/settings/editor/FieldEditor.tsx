// The generic settings editor, driven by the field metadata of common/settings (no per-field forms): a field of any
// type at a settings path — scalars as inputs, lists as item lists, tables and named-entry maps as tables, groups as
// fieldsets — with the problems at that path shown beside it. `compact` is the form inside a table cell (no visible
// label; the label is the input's accessible name).
import type { Field } from 'common/settings/index';
import { useTranslation } from 'react-i18next';
import { joinPath } from '../settings-doc';
import { useEditor, useFieldLabel } from './editor-context';
import { ListEditor } from './ListEditor';
import { Problems } from './Problems';
import { rangeText, ScalarInput } from './ScalarInput';
import { MapEditor, TableEditor } from './TableEditor';

interface Props { path: string; field: Field; value: unknown; compact?: boolean; label?: string }

function Hint({ field }: { field: Field }) {
  const { t } = useTranslation();
  const { readOnly } = useEditor();
  if (readOnly) return null;
  const text = field.type === 'number' ? rangeText(field) : '';
  const nullable = field.nullable && field.type !== 'text' && field.type !== 'enum' ? t('settings.optional') : '';
  const shown = [text, nullable].filter(Boolean).join(' · ');
  return shown ? <span className="form-hint">{shown}</span> : null;
}

export function FieldEditor({ path, field, value, compact, label }: Props) {
  const labelOf = useFieldLabel();
  const name = label ?? labelOf(path);
  switch (field.type) {
    case 'group': {
      const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      return (
        <fieldset className="setting-group" data-testid={`setting-${path}`}>
          <legend>{name}</legend>
          {Object.entries(field.fields).map(([k, f]) => <FieldEditor key={k} path={joinPath(path, k)} field={f} value={v[k]} compact={compact} />)}
          <Problems path={path} />
        </fieldset>
      );
    }
    case 'list':
    case 'table':
    case 'map': {
      const body = field.type === 'list' ? <ListEditor path={path} field={field} value={value} label={name} />
        : field.type === 'table' ? <TableEditor path={path} field={field} value={value} label={name} />
          : <MapEditor path={path} field={field} value={value} label={name} />;
      if (compact) return <div className="setting-cell">{body}<Problems path={path} /></div>;
      return (
        <section className={`setting-block setting-${field.type}`} aria-label={name}>
          <h3>{name}</h3>
          {body}
          <Problems path={path} />
        </section>
      );
    }
    default:
      if (compact) return <div className="setting-cell"><ScalarInput path={path} field={field} value={value} label={name} /><Problems path={path} /></div>;
      return (
        <div className="setting-row">
          <span className="setting-label">{name}</span>
          <div className="setting-control">
            <ScalarInput path={path} field={field} value={value} label={name} />
            <Hint field={field} />
            <Problems path={path} />
          </div>
        </div>
      );
  }
}
