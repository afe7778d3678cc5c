// Profile refresh (spec 2 §4): when a project's applied profiles changed after they were applied (GET
// …/fttx/settings/profiles answers `refresh`), opening the project (its workflow or its settings screen) shows a
// modal offering Refresh (POST …/profiles/apply: the settings are overwritten from the profiles), Cancel, and Don't
// show again (POST …/profiles/ignore: the timestamp is stored for this project). Only users who may edit project
// settings are asked (no one else could refresh). A set of changes is asked about once per page load.
import { useEffect } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePolicy } from '../../auth/policies';
import { useApplyProfilesMutation, useIgnoreProfileRefreshMutation, useProjectProfilesQuery } from '../../api/endpoints/settings';
import type { ProjectProfiles } from '../../api/endpoints/types';
import { openModal, type ModalControls } from '../../shell/modal-service';
import { notifyInfo } from '../../shell/notification-store';
import { formatDateTime } from '../../i18n/format';
import { failed } from './use-profile-actions';

export type RefreshChoice = 'refresh' | 'ignore';

const asked = new Set<string>();
/** Forgets which changes were asked about (tests). */
export function resetProfileRefreshAsked(): void { asked.clear(); }

export function ProfileRefreshDialog({ state, controls }: { state: ProjectProfiles; controls: ModalControls<RefreshChoice> }) {
  const { t } = useTranslation();
  const changed = state.profiles.filter((p) => state.changed.includes(p.uuid));
  return (
    <div data-testid="profile-refresh">
      <p>{t('settings.refresh.message')}</p>
      <ul>
        {changed.map((p) => (
          <li key={p.uuid}>{t('settings.refresh.profile', { name: p.name, type: t(`settings.profile_type.${p.type}`, { defaultValue: p.type }), updated: formatDateTime(p.updated_at) })}</li>
        ))}
      </ul>
      <div className="form-buttons">
        <button type="button" onClick={() => controls.confirm('ignore')}>{t('settings.refresh.ignore')}</button>
        <button type="button" onClick={controls.cancel}>{t('shell.cancel')}</button>
        <button type="button" className="primary" onClick={() => controls.confirm('refresh')}>{t('settings.refresh.refresh')}</button>
      </div>
    </div>
  );
}

/** Checks the project's applied profiles on opening and asks once about a change (see the header). */
export function useProfileRefresh(projectId: number | undefined): void {
  const { loading, allows } = usePolicy();
  const may = !loading && allows('project.settings.edit');
  const valid = projectId !== undefined && Number.isInteger(projectId);
  const q = useProjectProfilesQuery(projectId ?? 0, { skip: !valid || !may, refetchOnMountOrArgChange: true });
  const [apply] = useApplyProfilesMutation();
  const [ignore] = useIgnoreProfileRefreshMutation();
  useEffect(() => {
    const state = q.data;
    if (!state?.refresh || !valid) return;
    const key = `${projectId}:${state.profiles.filter((p) => p.changed).map((p) => `${p.uuid}@${p.updated_at}`).join(',')}`;
    if (asked.has(key)) return;
    asked.add(key);
    void openModal<RefreshChoice>({
      title: i18next.t('settings.refresh.title'),
      testId: 'profile-refresh-dialog',
      content: (c) => <ProfileRefreshDialog state={state} controls={c} />,
    }).then(async (r) => {
      if (r.type !== 'confirm' || projectId === undefined) return;
      if (r.value === 'refresh') {
        const out = await apply({ id: projectId });
        if ('error' in out) failed(out.error);
        else notifyInfo('settings.refresh.done');
      } else await ignore(projectId);
    });
  }, [q.data, projectId, valid, apply, ignore]);
}
