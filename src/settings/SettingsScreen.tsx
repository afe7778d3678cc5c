// The project settings screen, /project/{projectId}/settings (spec 2 §2, §3, §7): the settings tabs of the project's
// type (settingsTabs, in the spec's order) each edited by the generic field editor, plus a profiles tab; Save (POST,
// blocked while the validator reports a problem), Restore defaults (DELETE after a confirm), Export of the current
// tab's section (download), Save as profile. Viewers (no project.settings.edit) read only. Unsaved changes guard
// leaving the screen; opening it checks the applied profiles for a refresh (spec 2 §4).
import { useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getAt, profileTypesFor, settingsTabs, tabFields, templateFor, type ProfileType, type SettingsTab, type SettingsTemplate } from 'common/settings/index';
import { useProjectQuery } from '../api/endpoints/project';
import { useProjectTypesQuery } from '../api/endpoints/catalogue';
import { useExportFttxSettingsMutation } from '../api/endpoints/settings';
import { usePolicy } from '../auth/policies';
import { openModal } from '../shell/modal-service';
import { workflowPath } from '../shell/requests/project-lock';
import { downloadJson } from './download-json';
import { EditorContext } from './editor/editor-context';
import { FieldEditor } from './editor/FieldEditor';
import { ProfilesPanel } from './profiles/ProfilesPanel';
import { useProfileActions } from './profiles/use-profile-actions';
import { useProfileRefresh } from './profiles/use-profile-refresh';
import { inFields, problemsByPath, problemText } from './settings-doc';
import { useSettingsLeaveGuard } from './use-leave-guard';
import { useSettingsDraft } from './use-settings-draft';
import { withCatalogue } from 'common/materials/catalogues';
import { CatalogueChoices, useOrganisationCatalogues } from '../materials/catalogue-choices';
import './settings.css';

export const PROFILES_TAB = 'profiles';

/** The address of a project's settings screen (optionally on a tab). */
export const settingsPath = (projectId: number, tab?: string): string => `/project/${projectId}/settings${tab ? `?tab=${tab}` : ''}`;

function templateOf(projectTypeId: number | undefined): SettingsTemplate | undefined {
  if (projectTypeId === undefined) return undefined;
  try { return templateFor(projectTypeId); } catch { return undefined; }
}

/** The section a tab exports (POST …/export {settingsKey}): the first key of the paths it edits. */
const sectionOf = (tab: SettingsTab): string => tab.fields[0]?.path.split('.')[0] ?? '';

export function SettingsScreen() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const valid = Number.isInteger(projectId);
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const project = useProjectQuery(projectId, { skip: !valid });
  const types = useProjectTypesQuery();
  const { allows } = usePolicy();
  const typeId = project.data?.projectTypeId;
  const baseTemplate = useMemo(() => templateOf(typeId), [typeId]);
  // the organisation's material catalogues over the template: their rows are the tables' defaults and choices
  const org = useOrganisationCatalogues(baseTemplate?.id);
  const template = useMemo(() => (baseTemplate && org.ready ? withCatalogue(baseTemplate, org.catalogues) : undefined), [baseTemplate, org.ready, org.catalogues]);
  const tabs = useMemo(() => {
    if (!template || typeId === undefined) return [];
    const all = settingsTabs(typeId);
    // fields from the template with the organisation's catalogues (their choices), in the type's tab order
    return all.map((x) => ({ ...x, fields: tabFields(template, x.id, all.map((y) => y.id)) }));
  }, [template, typeId]);
  const canEdit = allows('project.settings.edit');
  const canProfiles = allows('profile.edit');
  const d = useSettingsDraft(projectId, template);
  useSettingsLeaveGuard(location.pathname, d.dirty && canEdit, d.save);
  useProfileRefresh(valid ? projectId : undefined);
  const actions = useProfileActions(projectId, typeId ?? 0);
  const [exportSection] = useExportFttxSettingsMutation();
  const problems = useMemo(() => problemsByPath(d.problems), [d.problems]);
  const editor = useMemo(() => ({ readOnly: !canEdit, problems, set: d.set }), [canEdit, problems, d.set]);

  if (!valid) return <p role="alert">{t('settings.bad_address')}</p>;
  if (project.isError || d.error) return <p role="alert">{t('settings.unavailable')}</p>;
  if (project.data && !baseTemplate) return <p role="alert">{t('settings.no_template')}</p>;
  if (!project.data || !d.draft) return <main className="settings-screen" aria-busy="true" />;

  const p = project.data;
  const draft = d.draft;
  const tabId = search.get('tab') ?? tabs[0]?.id;
  const tab = tabs.find((x) => x.id === tabId);
  const onProfiles = tabId === PROFILES_TAB;
  const choose = (id: string) => setSearch({ tab: id }, { replace: true });
  const blocked = d.clientProblems.length > 0;
  const orphans = d.problems.filter((x) => !tabs.some((tb) => inFields(x, tb.fields)));
  const saveAsTypes = tab ? [...tab.profileTypes, 'mainProfile' as ProfileType].filter((x) => profileTypesFor(p.projectTypeId).includes(x)) : [];

  const restore = async () => {
    const r = await openModal({
      title: t('settings.restore_title'), content: t('settings.restore_confirm'), testId: 'settings-confirm',
      confirmLabel: t('settings.restore'), cancelLabel: t('shell.cancel'), confirmValue: true,
    });
    if (r.type === 'confirm') await d.restoreDefaults();
  };
  const doExport = async (section: string) => {
    const r = await exportSection({ id: projectId, settingsKey: section });
    if ('data' in r) downloadJson(`project-${projectId}-${section}.json`, r.data);
  };

  return (
    <main className="settings-screen" data-testid="settings-screen" data-read-only={canEdit ? 'false' : 'true'} data-dirty={d.dirty ? 'true' : 'false'}>
      <header className="page-header">
        <h1>{t('settings.title', { name: p.name })}</h1>
        <Link to={workflowPath(p, types.data?.find((x) => x.id === p.projectTypeId)?.key)}>{t('settings.open_workflow')}</Link>
      </header>
      {!canEdit && <p className="form-hint" data-testid="settings-read-only">{t('settings.read_only')}</p>}
      <div className="settings-tabs" role="tablist" aria-label={t('settings.tabs')}>
        {tabs.map((x) => {
          const n = d.problems.filter((pr) => inFields(pr, x.fields)).length;
          return (
            <button key={x.id} type="button" role="tab" aria-selected={x.id === tabId} data-testid={`settings-tab-${x.id}`} onClick={() => choose(x.id)}>
              {t(`settings.tab.${x.id}`)}{n > 0 && <span className="badge-inline" aria-label={t('settings.problem_count', { count: n })}>{n}</span>}
            </button>
          );
        })}
        <button type="button" role="tab" aria-selected={onProfiles} data-testid={`settings-tab-${PROFILES_TAB}`} onClick={() => choose(PROFILES_TAB)}>
          {t('settings.tab.profiles')}
        </button>
      </div>
      <div className="settings-toolbar">
        {tab && <button type="button" onClick={() => void doExport(sectionOf(tab))}>{t('settings.export')}</button>}
        {tab && canProfiles && saveAsTypes.length > 0 && (
          <button type="button" disabled={blocked} onClick={() => void actions.saveAs(saveAsTypes, draft)}>{t('settings.profiles.save_as')}</button>
        )}
        <span className="spacer" />
        {canEdit && <button type="button" onClick={() => void restore()}>{t('settings.restore')}</button>}
        {canEdit && (
          <button type="button" className="primary" disabled={!d.dirty || blocked || d.saving} onClick={() => void d.save()}>{t('settings.save')}</button>
        )}
      </div>
      {canEdit && blocked && <p className="form-error" data-testid="settings-blocked">{t('settings.blocked', { count: d.clientProblems.length })}</p>}
      {orphans.length > 0 && (
        <ul className="form-error" role="alert" data-testid="settings-problems">{orphans.map((x, i) => <li key={i}>{x.path ? `${x.path}: ${problemText(x)}` : x.message}</li>)}</ul>
      )}
      <section role="tabpanel" className="settings-panel" aria-label={onProfiles ? t('settings.tab.profiles') : tab ? t(`settings.tab.${tab.id}`) : undefined}>
        {onProfiles ? (
          <ProfilesPanel projectId={projectId} projectTypeId={p.projectTypeId} canEdit={canProfiles} canApply={canEdit} dirty={d.dirty}
            actions={actions} onApplied={d.replace} />
        ) : tab ? (
          <CatalogueChoices.Provider value={org.choices}>
            <EditorContext.Provider value={editor}>
              {tab.fields.map((f) => <FieldEditor key={f.path} path={f.path} field={f.field} value={getAt(draft, f.path.split('.'))} />)}
            </EditorContext.Provider>
          </CatalogueChoices.Provider>
        ) : <p>{t('settings.no_tabs')}</p>}
      </section>
    </main>
  );
}
