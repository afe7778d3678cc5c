// Material management, /material-management (issue 16, policy material_management): the organisation's material
// catalogues — duct, cable and conduit types, heat pipe types, the district-heating pipe catalogue, low-voltage cable
// and transformer types, AP cabinet models — one tab each, edited as tables with the settings screen's generic editor
// and validator (numbers, required and unique names); Save replaces the catalogue, Restore defaults drops it. The
// saved rows are the defaults and the "add from catalogue" choices of the project settings tables they feed.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_KINDS, catalogueDefs, isCatalogueKind, type CatalogueKind } from 'common/materials/catalogues';
import { useMaterialsQuery } from '../api/endpoints/materials';
import { usePolicy } from '../auth/policies';
import { openModal } from '../shell/modal-service';
import { EditorContext } from '../settings/editor/editor-context';
import { FieldEditor } from '../settings/editor/FieldEditor';
import { problemsByPath, problemText } from '../settings/settings-doc';
import { formatDateTime } from '../i18n/format';
import { useCatalogueDraft } from './use-catalogue-draft';
import '../settings/settings.css';

export function MaterialManagementScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const q = useMaterialsQuery(undefined, { refetchOnMountOrArgChange: true });
  const canEdit = usePolicy().allows('material_management');
  const asked = search.get('catalogue') ?? '';
  const kind: CatalogueKind = isCatalogueKind(asked) ? asked : CATALOGUE_KINDS[0];
  const loaded = q.data?.catalogues.find((c) => c.kind === kind);
  const d = useCatalogueDraft(kind, loaded);
  const problems = useMemo(() => problemsByPath(d.problems), [d.problems]);
  const editor = useMemo(() => ({ readOnly: !canEdit, problems, set: d.set }), [canEdit, problems, d.set]);

  if (q.isError) return <p role="alert">{t('materials.unavailable')}</p>;
  if (!q.data || !d.rows) return <main className="settings-screen" aria-busy="true" />;

  const choose = async (k: CatalogueKind) => {
    if (d.dirty) {
      const r = await openModal({ title: t('materials.leave_title'), content: t('materials.leave_confirm'), testId: 'materials-confirm',
        confirmLabel: t('materials.discard'), cancelLabel: t('shell.cancel'), confirmValue: true });
      if (r.type !== 'confirm') return;
    }
    setSearch({ catalogue: k }, { replace: true });
  };
  const restore = async () => {
    const r = await openModal({ title: t('materials.restore_title'), content: t('materials.restore_confirm'), testId: 'materials-confirm',
      confirmLabel: t('materials.restore'), cancelLabel: t('shell.cancel'), confirmValue: true });
    if (r.type === 'confirm') await d.reset();
  };
  const blocked = d.clientProblems.length > 0;
  // problems of a whole row (a repeated composite key) have no cell to stand beside
  const orphans = d.problems.filter((p) => /^\w+\[\d+\]$/.test(p.path));

  return (
    <main className="settings-screen material-management" data-testid="material-management" data-dirty={d.dirty ? 'true' : 'false'}>
      <header className="page-header"><h1>{t('materials.title')}</h1></header>
      <p className="form-hint">{t('materials.intro')}</p>
      <div className="settings-tabs" role="tablist" aria-label={t('materials.catalogues')}>
        {CATALOGUE_KINDS.map((k) => {
          const c = q.data.catalogues.find((x) => x.kind === k);
          return (
            <button key={k} type="button" role="tab" aria-selected={k === kind} data-testid={`materials-tab-${k}`} onClick={() => void choose(k)}>
              {t(`materials.kind.${k}`)}{c?.custom && <span className="badge-inline" aria-label={t('materials.custom')}>•</span>}
            </button>
          );
        })}
      </div>
      <p className="form-hint" data-testid="materials-state">
        {loaded?.custom ? t('materials.state_custom', { date: formatDateTime(loaded.updatedAt ?? '') }) : t('materials.state_default')}
        {' '}{t('materials.used_by', { tables: catalogueDefs()[kind].uses.map((u) => t(`materials.template.${u.template}`)).join(', ') })}
      </p>
      {canEdit && (
        <div className="settings-toolbar">
          <span className="spacer" />
          {loaded?.custom && <button type="button" onClick={() => void restore()}>{t('materials.restore')}</button>}
          <button type="button" className="primary" data-testid="materials-save" disabled={!d.dirty || blocked || d.saving} onClick={() => void d.save()}>
            {t('materials.save')}
          </button>
        </div>
      )}
      {canEdit && blocked && <p className="form-error" data-testid="materials-blocked">{t('materials.blocked', { count: d.clientProblems.length })}</p>}
      {orphans.length > 0 && (
        <ul className="form-error" role="alert" data-testid="materials-problems">{orphans.map((p, i) => <li key={i}>{problemText(p) || p.message}</li>)}</ul>
      )}
      <section role="tabpanel" className="settings-panel" aria-label={t(`materials.kind.${kind}`)}>
        <EditorContext.Provider value={editor}>
          <FieldEditor path={kind} field={catalogueDefs()[kind].field} value={d.rows} label={t(`materials.kind.${kind}`)} />
        </EditorContext.Provider>
      </section>
    </main>
  );
}
