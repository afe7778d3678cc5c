// A list of scalars (spec 2 §3 list fields: AP and OAP types, inner duct colours, spare indices, trace types, …):
// one input per item in order, remove per item, add at the end (an enum list adds the first option not yet used when
// its items must differ). Read-only shows the items joined.
import { useTranslation } from 'react-i18next';
import type { ListField } from 'common/settings/index';
import { joinPath } from '../settings-doc';
import { useEditor } from './editor-context';
import { ScalarInput } from './ScalarInput';
import { Problems } from './Problems';

interface Props { path: string; field: ListField; value: unknown; label: string }

/** The item "add" appends, or undefined when none can be added. */
export function nextItem(field: ListField, items: readonly unknown[]): unknown {
  if (items.length >= field.maxItems) return undefined;
  const item = field.item;
  if (item.type === 'enum') return field.unique ? item.options.find((o) => !items.includes(o)) : item.options[0];
  if (item.type === 'number' && item.options) return field.unique ? item.options.find((o) => !items.includes(o)) : item.options[0];
  if (item.type === 'number') {
    const start = item.default ?? item.min ?? 0;
    if (!field.unique) return start;
    let n = start;
    while (items.includes(n)) n += 1;
    return item.max !== undefined && n > item.max ? undefined : n;
  }
  return item.default ?? '';
}

export function ListEditor({ path, field, value, label }: Props) {
  const { t } = useTranslation();
  const { readOnly, set } = useEditor();
  const items = Array.isArray(value) ? value : [];
  if (readOnly) return <span className="setting-value" data-testid={`setting-${path}`}>{items.length ? items.join(', ') : '–'}</span>;
  const next = nextItem(field, items);
  return (
    <div className="setting-list" data-testid={`setting-${path}`}>
      {items.map((x, i) => (
        <span className="setting-list-item" key={i}>
          <ScalarInput path={joinPath(path, i)} field={field.item} value={x} label={`${label} ${i + 1}`} />
          <button type="button" className="icon" aria-label={t('settings.remove_item', { name: label, n: i + 1 })}
            onClick={() => set(path, items.filter((_, j) => j !== i))}>×</button>
          <Problems path={joinPath(path, i)} />
        </span>
      ))}
      <button type="button" className="icon" aria-label={t('settings.add_item', { name: label })} disabled={next === undefined}
        onClick={() => set(path, [...items, next])}>+</button>
    </div>
  );
}
