// The profiles tab of the settings screen (spec 2 §3, §7): the organisation's settings profiles for the project's
// type (GET /api/profile/project_type/{id}: made for the type, or without type and of a profile type that applies
// to it), filterable by profile type, each with whether and when it was applied to this project and whether it
// changed since. Apply (project.settings.edit), rename and delete (profile.edit); viewers only read.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileTypesFor, type Settings } from 'common/settings/index';
import { useProfilesByProjectTypeQuery, useProjectProfilesQuery } from '../../api/endpoints/settings';
import { formatDateTime } from '../../i18n/format';
import type { ProfileActions } from './use-profile-actions';

interface Props {
  projectId: number;
  projectTypeId: number;
  canEdit: boolean;
  canApply: boolean;
  dirty: boolean;
  actions: ProfileActions;
  onApplied: (settings: Settings) => void;
}

const ALL = '';

export function ProfilesPanel({ projectId, projectTypeId, canEdit, canApply, dirty, actions, onApplied }: Props) {
  const { t } = useTranslation();
  const list = useProfilesByProjectTypeQuery(projectTypeId);
  const applied = useProjectProfilesQuery(projectId);
  const [type, setType] = useState(ALL);
  const types = useMemo(() => profileTypesFor(projectTypeId), [projectTypeId]);
  const rows = (list.data ?? []).filter((p) => type === ALL || p.type === type);
  const appliedOf = (uuid: string) => applied.data?.profiles.find((p) => p.uuid === uuid);
  const typeName = (x: string) => t(`settings.profile_type.${x}`, { defaultValue: x });
  return (
    <div className="settings-profiles" data-testid="settings-profiles">
      <p className="form-hint">{t('settings.profiles.hint')}</p>
      <div className="toolbar">
        <label>{t('settings.profiles.filter')}
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value={ALL}>{t('settings.profiles.all_types')}</option>
            {types.map((x) => <option key={x} value={x}>{typeName(x)}</option>)}
          </select>
        </label>
      </div>
      {list.isSuccess && rows.length === 0 && <p>{t('settings.profiles.none')}</p>}
      {rows.length > 0 && (
        <table className="settings-table">
          <thead>
            <tr>
              <th>{t('settings.profiles.name')}</th><th>{t('settings.profiles.type')}</th>
              <th>{t('settings.profiles.updated')}</th><th>{t('settings.profiles.applied_at')}</th><th />
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const a = appliedOf(p.uuid);
              return (
                <tr key={p.uuid} data-testid="profile-row" data-uuid={p.uuid}>
                  <td>{p.name}</td>
                  <td>{typeName(p.type)}</td>
                  <td>{p.updated_at ? formatDateTime(p.updated_at) : ''}</td>
                  <td>
                    {a?.applied_at ? formatDateTime(a.applied_at) : '–'}
                    {a?.changed && <span className="badge-inline">{t('settings.profiles.changed')}</span>}
                  </td>
                  <td className="actions">
                    {canApply && (
                      <button type="button" onClick={() => void actions.apply(p, dirty).then((s) => { if (s) onApplied(s); })}>
                        {t('settings.profiles.apply')}
                      </button>
                    )}
                    {canEdit && <button type="button" onClick={() => void actions.rename(p)}>{t('settings.profiles.rename')}</button>}
                    {canEdit && <button type="button" onClick={() => void actions.remove(p)}>{t('settings.profiles.delete')}</button>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
