// Dashboard (spec 1 §2, spec 2 §2): the user's projects with search and sort; create, rename, delete, restore and
// permanently delete by policy; properties; open a project into the workflow. Marks a long loading state on entry.
// Each row summarises the project from the one list call: type, step, size (network objects), last saved by, and a
// map-extent thumbnail.
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { AppDispatch } from '../app/store';
import {
  isDeleted, projectsOf, useCreateProjectMutation, useDeleteProjectMutation, useProjectsQuery, useRenameProjectMutation,
  useRestoreProjectMutation,
} from '../api/endpoints/project';
import { useProjectTypesQuery } from '../api/endpoints/catalogue';
import type { Project, ProjectInput } from '../api/endpoints/types';
import { usePolicy } from '../auth/policies';
import { openModal } from '../shell/modal-service';
import { notifyInfo, notifyWarning } from '../shell/notification-store';
import { startLoading, stopLoading } from '../shell/loading-slice';
import { rememberProjectTypeKeys, workflowPath } from '../shell/requests/project-lock';
import { formatDateTime } from '../i18n/format';
import { filterAndSort, typeName, type SortKey } from './project-list';
import { CreateProjectForm, RenameProjectForm } from './ProjectForms';
import { ExtentThumbnail } from './ExtentThumbnail';
import type { ProjectSummary } from '../api/endpoints/management';
import { stepLabel } from '../workflow/step-names';
import { ArrowDownIcon, ArrowUpIcon } from '../shell/icons';

const DASHBOARD_LOADING = 'dashboard.loading';

export function Dashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useDispatch<AppDispatch>();
  const { allows } = usePolicy();
  const [showDeleted, setShowDeleted] = useState(false);
  const list = useProjectsQuery(showDeleted ? { deleted: true } : undefined);
  const types = useProjectTypesQuery();
  const [create] = useCreateProjectMutation();
  const [rename] = useRenameProjectMutation();
  const [remove] = useDeleteProjectMutation();
  const [restore] = useRestoreProjectMutation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('updated');
  const [descending, setDescending] = useState(true);

  // Long loading on entry (spec 1 §2), until the first list answer.
  const firstLoad = list.isLoading;
  useEffect(() => {
    if (!firstLoad) return;
    dispatch(startLoading({ long: true, message: DASHBOARD_LOADING }));
    return () => { dispatch(stopLoading({ long: true, message: DASHBOARD_LOADING })); };
  }, [firstLoad, dispatch]);
  useEffect(() => { if (types.data) rememberProjectTypeKeys(types.data); }, [types.data]);

  const rows = useMemo(() => {
    const all = projectsOf(list.data).filter((p) => (showDeleted ? isDeleted(p) : !isDeleted(p)));
    return filterAndSort(all, types.data, { search, sort, descending });
  }, [list.data, types.data, search, sort, descending, showDeleted]);

  const canEdit = allows('project.create_and_edit');
  const canDelete = allows('project.delete');
  const canRestore = allows('project.restore');

  async function onCreate() {
    const r = await openModal<ProjectInput>({ title: t('dashboard.create_title'), content: (c) => <CreateProjectForm types={types.data ?? []} controls={c} /> });
    if (r.type !== 'confirm') return;
    const created = await create(r.value).unwrap();
    if (created.notification === 'servicepoints_have_missing_classification') notifyWarning('project_details.created_without_address_point', { stick: true });
    else notifyInfo('dashboard.created', { translationParams: { name: created.name } });
  }
  async function onRename(p: Project) {
    const r = await openModal<string>({ title: t('dashboard.rename_title'), content: (c) => <RenameProjectForm name={p.name} controls={c} /> });
    if (r.type === 'confirm') await rename({ id: p.id, name: r.value }).unwrap();
  }
  async function onDelete(p: Project, permaDelete: boolean) {
    const r = await openModal({
      title: t(permaDelete ? 'dashboard.perma_delete_title' : 'dashboard.delete_title'),
      content: t(permaDelete ? 'dashboard.perma_delete_confirm' : 'dashboard.delete_confirm', { name: p.name }),
      confirmLabel: t(permaDelete ? 'dashboard.perma_delete' : 'dashboard.delete'), cancelLabel: t('shell.cancel'), confirmValue: true,
    });
    if (r.type === 'confirm') await remove({ id: p.id, permaDelete }).unwrap();
  }
  const open = (p: Project) => {
    const key = types.data?.find((x) => x.id === p.projectTypeId)?.key;
    navigate(workflowPath(p, key));
  };

  return (
    <main className="dashboard" data-testid="dashboard">
      <header className="page-header">
        <h1>{t('dashboard.title')}</h1>
        {canEdit && <button type="button" className="primary" onClick={onCreate} disabled={!types.data}>{t('dashboard.create')}</button>}
      </header>
      <div className="toolbar">
        <input type="search" aria-label={t('dashboard.search')} placeholder={t('dashboard.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <label>{t('dashboard.sort')}
          <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
            <option value="updated">{t('dashboard.sort_updated')}</option>
            <option value="name">{t('dashboard.sort_name')}</option>
            <option value="type">{t('dashboard.sort_type')}</option>
          </select>
        </label>
        <button type="button" onClick={() => setDescending(!descending)} aria-label={t('dashboard.sort_direction')}
          title={t(descending ? 'dashboard.sort_descending' : 'dashboard.sort_ascending')}>{descending ? <ArrowDownIcon /> : <ArrowUpIcon />}</button>
        {(canRestore || canDelete) && (
          <label><input type="checkbox" checked={showDeleted} onChange={(e) => setShowDeleted(e.target.checked)} />{t('dashboard.show_deleted')}</label>
        )}
      </div>
      {list.isSuccess && rows.length === 0 && <p>{t('dashboard.empty')}</p>}
      <table className="project-table">
        <thead>
          <tr>
            <th>{t('dashboard.fields.name')}</th><th>{t('dashboard.fields.extent')}</th><th>{t('dashboard.fields.type')}</th><th>{t('dashboard.fields.step')}</th>
            <th>{t('dashboard.fields.size')}</th><th>{t('dashboard.fields.updated')}</th><th>{t('dashboard.fields.last_saved_by')}</th><th />
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => { const s = (p as { summary?: ProjectSummary | null }).summary; return (
            <tr key={p.id} data-testid="project-row" data-project-id={p.id}>
              <td>{isDeleted(p) ? p.name : <button type="button" className="link" onClick={() => open(p)}>{p.name}</button>}</td>
              <td><ExtentThumbnail name={p.name} summary={s} /></td>
              <td>{typeName(p, types.data)}</td>
              <td data-testid="project-step">{stepLabel(t, s?.stepName, p.step)}</td>
              <td data-testid="project-size">{s ? t('dashboard.objects', { count: s.objectCount }) : ''}</td>
              <td>{formatDateTime(p.updatedAt ?? p.createdAt ?? '')}</td>
              <td data-testid="project-saved-by">{s?.lastSaved ? (s.lastSaved.userName ?? t('dashboard.system_user')) : t('dashboard.never_saved')}</td>
              <td className="actions">
                {!isDeleted(p) && canEdit && <button type="button" onClick={() => onRename(p)}>{t('dashboard.rename')}</button>}
                {!isDeleted(p) && canEdit && <Link to={`/project/${p.id}`}>{t('dashboard.properties')}</Link>}
                {!isDeleted(p) && canDelete && <button type="button" onClick={() => onDelete(p, false)}>{t('dashboard.delete')}</button>}
                {isDeleted(p) && canRestore && <button type="button" onClick={() => restore(p.id)}>{t('dashboard.restore')}</button>}
                {isDeleted(p) && canDelete && <button type="button" onClick={() => onDelete(p, true)}>{t('dashboard.perma_delete')}</button>}
              </td>
            </tr>
          ); })}
        </tbody>
      </table>
    </main>
  );
}
