// The organisation's material catalogues as choices of the project settings (issue 16): `useOrganisationCatalogues`
// gives the catalogues the organisation changed (for withCatalogue, which makes their rows the template's defaults)
// and, per settings table path, the catalogue rows it may take; `CatalogueAdd` beside a settings table offers the
// rows the table does not hold yet ("add from catalogue"). The settings screen provides the choices by context.
import { createContext, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueDefs, catalogueRows, type CatalogueRow, type Catalogues } from 'common/materials/catalogues';
import type { TemplateId } from 'common/settings/index';
import { useMaterialsQuery } from '../api/endpoints/materials';
import { useEditor } from '../settings/editor/editor-context';

type Choices = (path: string) => { rows: CatalogueRow[]; unique: readonly string[] } | undefined;
export const CatalogueChoices = createContext<Choices>(() => undefined);

export function useOrganisationCatalogues(templateId: TemplateId | undefined): { ready: boolean; catalogues: Catalogues; choices: Choices } {
  const q = useMaterialsQuery(undefined, { refetchOnMountOrArgChange: true });
  return useMemo(() => {
    const catalogues: Catalogues = Object.fromEntries((q.data?.catalogues ?? []).filter((c) => c.custom).map((c) => [c.kind, c.entries]));
    const choices: Choices = (path) => {
      const d = Object.values(catalogueDefs()).find((x) => x.kind !== 'ap_cabinets' && x.uses.some((u) => u.template === templateId && u.path === path));
      return d && { rows: catalogueRows(d.kind, catalogues), unique: d.unique };
    };
    // an organisation whose catalogues cannot be read edits with the template's defaults (the server applies its own)
    return { ready: !!q.data || q.isError, catalogues, choices };
  }, [q.data, q.isError, templateId]);
}

const keyOf = (row: unknown, unique: readonly string[]) => JSON.stringify(unique.map((c) => (row as CatalogueRow | null)?.[c] ?? null));
const labelOf = (row: CatalogueRow, unique: readonly string[]) => unique.map((c) => String(row[c] ?? '')).join(' ');

/** "Add from catalogue" beside a settings table: the catalogue rows the table lacks, added whole on choice. */
export function CatalogueAdd({ path, rows }: { path: string; rows: readonly unknown[] }) {
  const { t } = useTranslation();
  const { readOnly, set } = useEditor();
  const [picked, setPicked] = useState('');
  const c = useContext(CatalogueChoices)(path);
  if (readOnly || !c || !c.unique.length) return null;
  const have = new Set(rows.map((r) => keyOf(r, c.unique)));
  const missing = c.rows.filter((r) => !have.has(keyOf(r, c.unique)));
  return (
    <span className="catalogue-add" data-testid={`catalogue-add-${path}`}>
      <select value={picked} aria-label={t('materials.add_from_catalogue')} onChange={(e) => setPicked(e.target.value)} disabled={!missing.length}>
        <option value="">{missing.length ? t('materials.choose_entry') : t('materials.all_added')}</option>
        {missing.map((r) => { const k = keyOf(r, c.unique); return <option key={k} value={k}>{labelOf(r, c.unique)}</option>; })}
      </select>
      <button type="button" disabled={!picked} onClick={() => {
        const row = missing.find((r) => keyOf(r, c.unique) === picked);
        if (row) set(path, [...rows, row]);
        setPicked('');
      }}>{t('materials.add_from_catalogue')}</button>
    </span>
  );
}
