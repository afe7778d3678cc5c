// What the settings screen does with settings profiles (spec 2 §3, §7): save the current settings part of a tab as
// a new profile (POST /api/profile, for the project's type), rename (PUT), delete (DELETE, after a confirm) and apply
// one to the project (POST …/fttx/settings/profiles/apply, after a confirm: the parts it holds overwrite the
// project's settings). A refused profile (400) shows the server's message.
import i18next from 'i18next';
import type { ProfileType, Settings } from 'common/settings/index';
import {
  useApplyProfilesMutation, useCreateProfileMutation, useDeleteProfileMutation, useEditProfileMutation,
} from '../../api/endpoints/settings';
import type { SettingsProfile } from '../../api/endpoints/types';
import { openModal } from '../../shell/modal-service';
import { notifyError, notifyInfo } from '../../shell/notification-store';
import { profilePart } from '../settings-doc';
import { ProfileForm, type ProfileFormValue } from './ProfileForm';

const t = (key: string, o?: Record<string, unknown>) => i18next.t(key, o);
/** The failure notification of a profile call, with the server's message. */
export const failed = (e: unknown) => {
  const message = ((e as { data?: { message?: string } })?.data?.message) ?? '';
  notifyError('settings.profiles.failed', { translationParams: { message } });
};

async function confirm(title: string, text: string, label: string): Promise<boolean> {
  const r = await openModal({ title, content: text, confirmLabel: label, cancelLabel: t('shell.cancel'), confirmValue: true, testId: 'settings-confirm' });
  return r.type === 'confirm';
}

export interface ProfileActions {
  saveAs: (types: readonly ProfileType[], draft: Settings) => Promise<void>;
  rename: (p: SettingsProfile) => Promise<void>;
  remove: (p: SettingsProfile) => Promise<void>;
  /** Resolves the project's new settings when applied. */
  apply: (p: SettingsProfile, dirty: boolean) => Promise<Settings | undefined>;
}

export function useProfileActions(projectId: number, projectTypeId: number): ProfileActions {
  const [create] = useCreateProfileMutation();
  const [edit] = useEditProfileMutation();
  const [del] = useDeleteProfileMutation();
  const [applyMut] = useApplyProfilesMutation();
  return {
    async saveAs(types, draft) {
      const r = await openModal<ProfileFormValue>({
        title: t('settings.profiles.save_as_title'), testId: 'profile-save-as',
        content: (c) => <ProfileForm types={types} submitLabel={t('settings.profiles.create')} controls={c} />,
      });
      if (r.type !== 'confirm') return;
      const type = r.value.type as ProfileType;
      const out = await create({ name: r.value.name, type, project_type_id: projectTypeId, settings: profilePart(type, draft) });
      if ('error' in out) failed(out.error);
      else notifyInfo('settings.profiles.created', { translationParams: { name: r.value.name } });
    },
    async rename(p) {
      const r = await openModal<ProfileFormValue>({
        title: t('settings.profiles.rename_title'), testId: 'profile-rename',
        content: (c) => <ProfileForm name={p.name} submitLabel={t('settings.profiles.rename')} controls={c} />,
      });
      if (r.type !== 'confirm' || r.value.name === p.name) return;
      const out = await edit({ ...p, name: r.value.name });
      if ('error' in out) failed(out.error);
    },
    async remove(p) {
      if (!(await confirm(t('settings.profiles.delete_title'), t('settings.profiles.delete_confirm', { name: p.name }), t('settings.profiles.delete')))) return;
      const out = await del(p.uuid);
      if ('error' in out) failed(out.error);
    },
    async apply(p, dirty) {
      const text = t(dirty ? 'settings.profiles.apply_confirm_dirty' : 'settings.profiles.apply_confirm', { name: p.name });
      if (!(await confirm(t('settings.profiles.apply_title'), text, t('settings.profiles.apply')))) return undefined;
      const out = await applyMut({ id: projectId, uuids: [p.uuid] });
      if ('error' in out) { failed(out.error); return undefined; }
      notifyInfo('settings.profiles.applied_done', { translationParams: { name: p.name } });
      return out.data.settings;
    },
  };
}
