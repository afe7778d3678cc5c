// Delete / Recover of one user in the admin users list (spec 2 §7 DELETE /api/user/{id}, POST /api/user/recover/{id};
// policy user.delete). Delete asks first through the modal service and only a confirm sends the call; a deleted user
// (listed with includeDeleted) gets Recover instead. Not offered for oneself nor for a role the caller does not cover
// (the server refuses those anyway: delete_self, role_not_allowed). Server errors go to the global error catcher.
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { roleCovers } from 'common/roles';
import { useDeleteUserMutation, useRecoverUserMutation } from '../api/endpoints/user';
import type { User } from '../api/endpoints/types';
import { selectUser } from '../auth/session-slice';
import { usePolicy } from '../auth/policies';
import { openModal } from '../shell/modal-service';
import { notifyInfo } from '../shell/notification-store';

export function DeleteRecoverUser({ user }: { user: User }) {
  const { t } = useTranslation();
  const me = useSelector(selectUser);
  const { allows } = usePolicy();
  const [remove] = useDeleteUserMutation();
  const [recover] = useRecoverUserMutation();
  const [busy, setBusy] = useState(false);
  if (!me || user.id === me.id || !allows('user.delete') || !roleCovers(me.role, user.role)) return null;

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notifyInfo(done, { translationParams: { name: user.name } });
    } catch { /* the global error catcher has told the server's error */ } finally { setBusy(false); }
  };
  const askDelete = async () => {
    const answer = await openModal({
      title: t('admin.delete_title', { name: user.name }), content: t('admin.delete_confirm', { name: user.name, email: user.email }),
      confirmLabel: t('admin.delete'), cancelLabel: t('shell.cancel'), confirmValue: true, testId: 'delete-user-modal',
    });
    if (answer.type === 'confirm') await run(() => remove(user.id).unwrap(), 'admin.deleted');
  };

  return user.deleted
    ? <button type="button" data-testid="recover-user" disabled={busy} onClick={() => void run(() => recover(user.id).unwrap(), 'admin.recovered')}>{t('admin.recover')}</button>
    : <button type="button" data-testid="delete-user" disabled={busy} onClick={() => void askDelete()}>{t('admin.delete')}</button>;
}
