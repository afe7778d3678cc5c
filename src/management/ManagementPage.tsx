// Management dashboard (policy management_dashboard, issue 16): the organisation's projects with type, step, owner,
// last save, in-use-by and lock state; filters (state, lock, type) and search answered by the server; unlock, restore,
// delete and permanent delete after a confirmation (modal service), each by its own policy (the server enforces them
// again); the event log of a project in a modal.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectUser } from '../auth/session-slice';
import { useManagementProjectsQuery, type ManagedProject, type ManagementListArgs } from '../api/endpoints/management';
import { useDeleteProjectMutation, useRestoreProjectMutation, useUnlockProjectMutation } from '../api/endpoints/project';
import { useProjectTypesQuery } from '../api/endpoints/catalogue';
import { usePolicy } from '../auth/policies';
import { openModal } from '../shell/modal-service';
import { notifyInfo } from '../shell/notification-store';
import { formatDateTime } from '../i18n/format';
import { stepLabel } from '../workflow/step-names';
import { EventLog } from './EventLog';

type LockFilter = 'any' | 'locked' | 'unlocked';
const SEARCH_DEBOUNCE_MS = 300;

export function ManagementPage() {
  const { t } = useTranslation();
  const { allows } = usePolicy();
  // Root sees every organisation's projects: the organisation is shown per row.
  const everyOrganisation = useSelector(selectUser)?.role === 'root';
  const [state, setState] = useState<ManagementListArgs['state']>('active');
  const [lock, setLock] = useState<LockFilter>('any');
  const [typeId, setTypeId] = useState<number | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [typed]);
  const list = useManagementProjectsQuery({ state, search: search || undefined, projectTypeId: typeId, locked: lock === 'any' ? undefined : lock === 'locked' });
  const types = useProjectTypesQuery();
  const [unlock] = useUnlockProjectMutation();
  const [restore] = useRestoreProjectMutation();
  const [remove] = useDeleteProjectMutation();
  const rows = list.data?.data ?? [];

  async function confirm(title: string, text: string, label: string): Promise<boolean> {
    const r = await openModal({ title, content: text, confirmLabel: label, cancelLabel: t('shell.cancel'), confirmValue: true, testId: 'management-confirm' });
    return r.type === 'confirm';
  }
  async function onUnlock(p: ManagedProject) {
    if (!await confirm(t('management.unlock_title'), t('management.unlock_confirm', { name: p.name }), t('management.unlock'))) return;
    await unlock(p.id).unwrap();
    notifyInfo('management.unlocked', { translationParams: { name: p.name } });
  }
  async function onRestore(p: ManagedProject) {
    await restore(p.id).unwrap();
    notifyInfo('management.restored', { translationParams: { name: p.name } });
  }
  async function onDelete(p: ManagedProject, permaDelete: boolean) {
    const ok = permaDelete
      ? await confirm(t('management.perma_delete_title'), t('management.perma_delete_confirm', { name: p.name }), t('management.perma_delete'))
      : await confirm(t('management.delete_title'), t('management.delete_confirm', { name: p.name }), t('management.delete'));
    if (!ok) return;
    await remove({ id: p.id, permaDelete }).unwrap();
    notifyInfo('management.deleted_done', { translationParams: { name: p.name } });
  }
  const showLog = (p: ManagedProject) => openModal({ title: t('management.event_log_title', { name: p.name }), content: <EventLog projectId={p.id} />, testId: 'event-log-modal' });

  return (
    <main className="management" data-testid="management">
      <header className="page-header"><h1>{t('management.title')}</h1></header>
      <p>{t('management.intro')}</p>
      <div className="toolbar">
        <input type="search" aria-label={t('management.search')} placeholder={t('management.search')} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <label>{t('management.filters.state')}
          <select value={state} onChange={(e) => setState(e.target.value as ManagementListArgs['state'])} data-testid="filter-state">
            {(['active', 'deleted', 'all'] as const).map((s) => <option key={s} value={s}>{t(`management.filters.${s}`)}</option>)}
          </select>
        </label>
        <label>{t('management.filters.lock')}
          <select value={lock} onChange={(e) => setLock(e.target.value as LockFilter)} data-testid="filter-lock">
            {(['any', 'locked', 'unlocked'] as const).map((s) => <option key={s} value={s}>{t(`management.filters.${s}`)}</option>)}
          </select>
        </label>
        <label>{t('management.filters.type')}
          <select value={typeId ?? ''} onChange={(e) => setTypeId(e.target.value ? Number(e.target.value) : undefined)}>
            <option value="">{t('management.filters.all_types')}</option>
            {(types.data ?? []).map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
          </select>
        </label>
        {list.isSuccess && <span role="status">{t('management.total', { count: list.data.total })}</span>}
      </div>
      {list.isSuccess && rows.length === 0 && <p>{t('management.empty')}</p>}
      <table className="project-table">
        <thead>
          <tr>
            {everyOrganisation && <th>{t('management.fields.organisation')}</th>}
            {(['name', 'type', 'step', 'owner', 'last_saved', 'in_use', 'lock', 'actions'] as const).map((f) => <th key={f}>{t(`management.fields.${f}`)}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} data-testid="management-row" data-project-id={p.id}>
              {everyOrganisation && <td>{p.organisationName ?? p.organisationId}</td>}
              <td>{p.name}</td>
              <td>{p.projectType?.name ?? p.projectTypeId}</td>
              <td>{stepLabel(t, p.summary?.stepName, p.step)}</td>
              <td>{p.summary?.owner?.name ?? t('management.system_user')}</td>
              <td>{p.summary?.lastSaved ? `${formatDateTime(p.summary.lastSaved.at)} · ${p.summary.lastSaved.userName ?? t('management.unknown_user')}` : t('dashboard.never_saved')}</td>
              <td>{p.inUse.length ? p.inUse.map((u) => u.name ?? t('management.unknown_user')).join(', ') : t('management.nobody')}</td>
              <td data-testid="lock-state">{p.deleted ? t('management.deleted') : p.locked ? t('management.locked') : t('management.not_locked')}</td>
              <td className="actions">
                <button type="button" onClick={() => showLog(p)}>{t('management.event_log')}</button>
                {p.locked && allows('project.unlock') && <button type="button" onClick={() => onUnlock(p)}>{t('management.unlock')}</button>}
                {!p.deleted && allows('project.delete') && <button type="button" onClick={() => onDelete(p, false)}>{t('management.delete')}</button>}
                {p.deleted && allows('project.restore') && <button type="button" onClick={() => onRestore(p)}>{t('management.restore')}</button>}
                {p.deleted && allows('project.delete') && <button type="button" onClick={() => onDelete(p, true)}>{t('management.perma_delete')}</button>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
