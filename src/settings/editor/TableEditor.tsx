// Tables of the settings (spec 2 §3): a list of rows (duct and cable types, clash rules, conduit rules, …) with a
// column per row field — add a row with the template's default row, remove a row, edit each cell with the generic
// field editor (a cell may hold a list or a nested table, e.g. a low-voltage cable's capacity list) — and a
// named-entry map (trench costs: cost type → {cost, method, priority, active}) as a table with the name as its first
// column. A map entry the template's defaults hold cannot be removed (it would come back on the next read: stored
// entries merge over the default entries); switch it off with its `active` field instead.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultRow, defaultsOf, isPlainObject, type MapField, type TableField } from 'common/settings/index';
import { joinPath } from '../settings-doc';
import { useEditor, useFieldLabel } from './editor-context';
import { FieldEditor } from './FieldEditor';
import { CatalogueAdd } from '../../materials/catalogue-choices';

function Header({ path, columns, readOnly, first }: { path: string; columns: string[]; readOnly: boolean; first?: string }) {
  const labelOf = useFieldLabel();
  return (
    <thead>
      <tr>
        {first !== undefined && <th>{first}</th>}
        {columns.map((c) => <th key={c}>{labelOf(joinPath(path, c))}</th>)}
        {!readOnly && <th />}
      </tr>
    </thead>
  );
}

export function TableEditor({ path, field, value, label }: { path: string; field: TableField; value: unknown; label: string }) {
  const { t } = useTranslation();
  const { readOnly, set } = useEditor();
  const labelOf = useFieldLabel();
  const rows = Array.isArray(value) ? value : [];
  const columns = Object.keys(field.row);
  return (
    <div className="settings-table-wrap">
      <table className="settings-table" data-testid={`setting-${path}`}>
        <Header path={path} columns={columns} readOnly={readOnly} />
        <tbody>
          {rows.map((row, i) => {
            const r = isPlainObject(row) ? row : {};
            const at = joinPath(path, i);
            return (
              <tr key={i} data-testid={`row-${path}`}>
                {columns.map((c) => (
                  <td key={c}>
                    <FieldEditor compact path={joinPath(at, c)} field={field.row[c]} value={r[c]} label={`${labelOf(joinPath(at, c))} ${i + 1}`} />
                  </td>
                ))}
                {!readOnly && (
                  <td className="actions">
                    <button type="button" className="icon" aria-label={t('settings.remove_row', { name: label, n: i + 1 })}
                      onClick={() => set(path, rows.filter((_, j) => j !== i))}>×</button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && <p className="form-hint">{t('settings.no_rows')}</p>}
      {!readOnly && (
        <button type="button" onClick={() => set(path, [...rows, defaultRow(field)])} disabled={rows.length >= field.maxItems}>
          {t('settings.add_row')}
        </button>
      )}
      <CatalogueAdd path={path} rows={rows} />
    </div>
  );
}

/** Why a new entry name cannot be added (a translation key), or null. */
export function entryNameProblem(field: MapField, entries: Record<string, unknown>, name: string): string | null {
  if (!new RegExp(field.keyPattern).test(name)) return 'settings.map.bad_name';
  if (Object.prototype.hasOwnProperty.call(entries, name)) return 'settings.map.name_taken';
  return Object.keys(entries).length >= field.maxItems ? 'settings.map.full' : null;
}

export function MapEditor({ path, field, value, label }: { path: string; field: MapField; value: unknown; label: string }) {
  const { t } = useTranslation();
  const { readOnly, set } = useEditor();
  const labelOf = useFieldLabel();
  const [name, setName] = useState('');
  const entries = isPlainObject(value) ? value : {};
  const columns = Object.keys(field.value.fields);
  const problem = name ? entryNameProblem(field, entries, name) : null;
  const add = () => {
    if (!name || problem) return;
    set(path, { ...entries, [name]: defaultsOf(field.value) });
    setName('');
  };
  return (
    <div className="settings-table-wrap">
      <table className="settings-table" data-testid={`setting-${path}`}>
        <Header path={path} columns={columns} readOnly={readOnly} first={t('settings.entry_name')} />
        <tbody>
          {Object.entries(entries).map(([key, entry]) => {
            const at = joinPath(path, key);
            const e = isPlainObject(entry) ? entry : {};
            return (
              <tr key={key} data-testid={`row-${path}`} data-key={key}>
                <th scope="row">{key}</th>
                {columns.map((c) => (
                  <td key={c}>
                    <FieldEditor compact path={joinPath(at, c)} field={field.value.fields[c]} value={e[c]} label={`${labelOf(joinPath(at, c))} ${key}`} />
                  </td>
                ))}
                {!readOnly && (
                  <td className="actions">
                    {!Object.prototype.hasOwnProperty.call(field.default, key) && (
                      <button type="button" className="icon" aria-label={t('settings.remove_entry', { name: key })}
                        onClick={() => set(path, Object.fromEntries(Object.entries(entries).filter(([k]) => k !== key)))}>×</button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {!readOnly && (
        <div className="settings-add-entry">
          <input type="text" value={name} aria-label={t('settings.new_entry', { name: label })} placeholder={t('settings.new_entry', { name: label })}
            aria-invalid={!!problem || undefined} onChange={(e) => setName(e.target.value.trim())} onKeyDown={(e) => { if (e.key === 'Enter') add(); }} />
          <button type="button" onClick={add} disabled={!name || !!problem}>{t('settings.add_entry')}</button>
          {problem && <span className="form-error">{t(problem)}</span>}
        </div>
      )}
    </div>
  );
}
